package ai

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tabula-games/tabula/game"
)

const (
	// handshakeTimeout bounds the wait for "tabulaok": an engine that
	// starts slower than this is broken or not an engine.
	handshakeTimeout = 10 * time.Second
	// stopGrace is how long an engine may take to answer "stop" (or to
	// overrun its movetime) with a bestmove before it is given up on.
	stopGrace = 2 * time.Second
	// maxLine bounds one line from an engine; real lines are short.
	maxLine = 1 << 16
	// maxHistoryLine bounds the position line an External sends: past it
	// the history restarts at the current position (engines read lines of
	// 1 MiB; a 400-ply Abalone game takes 3 KiB).
	maxHistoryLine = 1 << 18
	// maxGapPlays and maxGapTime bound the search for the moves played
	// between two Choose calls (the agent's move, the other seats',
	// chance events): beyond them the history restarts at the current
	// position. A few thousand plays find any one move of a game with
	// hundreds of moves; the time bound is for games whose Play is slow
	// (Villa Paletti's statics).
	maxGapPlays = 50_000
	maxGapTime  = 20 * time.Millisecond
)

// ErrEngine wraps every failure of an external engine: it died, broke the
// protocol or sent an illegal move.
var ErrEngine = errors.New("ai: external engine")

// External is an agent played by another program that speaks the engine
// protocol (docs/engine.md) on its standard input and output. The program
// starts on the first Choose; Close ends it. Calls are serialised.
type External struct {
	argv  []string
	dial  func() (io.Reader, io.WriteCloser, func() error, error)
	mu    sync.Mutex
	w     io.WriteCloser
	lines chan string
	wait  func() error
	err   error // sticky: the engine is unusable
	ready bool
	// moves is set when the engine's handshake announced "feature moves":
	// it replays the moves after a position, so it is sent the game.
	moves bool
	// options are the setoption lines (SetOption) not yet sent.
	options []string

	// The game as the engine is told it: the position text of the first
	// position of this game the agent saw, the moves since, and the
	// position of the last Choose. A position that does not follow from
	// the last one (a new game) starts a new history.
	histStart string
	histMoves []string
	histLast  game.State
	histMove  game.Move // the move the engine chose at histLast
	histMoved bool      // histMove is set
	// grace replaces stopGrace when positive (SetGrace).
	grace time.Duration
}

// SetGrace sets how long the engine may overrun its time before it is
// sent stop, and then how long it has to answer with a bestmove, before
// Choose gives up on it (default 2 s). A program that reads the clock
// only between iterations overruns by more on a machine busy with other
// work; a longer grace lets it finish instead of losing the game.
func (e *External) SetGrace(d time.Duration) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.grace = d
}

func (e *External) graceTime() time.Duration {
	if e.grace > 0 {
		return e.grace
	}
	return stopGrace
}

// NewExternal returns an agent that runs argv[0] with the arguments argv[1:].
func NewExternal(argv []string) *External {
	e := &External{argv: argv}
	e.dial = func() (io.Reader, io.WriteCloser, func() error, error) {
		cmd := exec.Command(argv[0], argv[1:]...)
		in, err := cmd.StdinPipe()
		if err != nil {
			return nil, nil, nil, err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return nil, nil, nil, err
		}
		if err := cmd.Start(); err != nil {
			return nil, nil, nil, err
		}
		wait := func() error {
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				return err
			case <-time.After(stopGrace):
				_ = cmd.Process.Kill()
				return <-done
			}
		}
		return out, in, wait, nil
	}
	return e
}

// NewExternalConn returns an agent that speaks the engine protocol over r
// and w, for an engine already running (tests connect one in-process).
// Close closes w.
func NewExternalConn(name string, r io.Reader, w io.WriteCloser) *External {
	return &External{argv: []string{name}, dial: func() (io.Reader, io.WriteCloser, func() error, error) {
		return r, w, func() error { return nil }, nil
	}}
}

// SetOption has "setoption name NAME value VALUE" sent to the engine
// before its next search (after the handshake): the operator's settings,
// such as the Threads or Hash of docs/engine.md.
func (e *External) SetOption(name, value string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.options = append(e.options, "setoption name "+name+" value "+value)
}

// Name returns "cmd:" and the command line.
func (e *External) Name() string { return "cmd:" + strings.Join(e.argv, " ") }

func (e *External) start() error {
	if e.ready || e.err != nil {
		return e.err
	}
	r, w, wait, err := e.dial()
	if err != nil {
		e.err = fmt.Errorf("%w %q: %v", ErrEngine, e.argv[0], err)
		return e.err
	}
	e.w, e.wait = w, wait
	e.lines = make(chan string, 64)
	go func() { // ends when the engine closes its output
		defer close(e.lines)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 4096), maxLine)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
	}()
	if err := e.send("tabula"); err != nil {
		return err
	}
	timeout := time.After(handshakeTimeout)
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return e.fail("closed its output during the handshake")
			}
			switch strings.Join(strings.Fields(line), " ") {
			case "tabulaok":
				e.ready = true
				return nil
			case "feature moves":
				e.moves = true
			}
		case <-timeout:
			return e.fail("no tabulaok within " + handshakeTimeout.String())
		}
	}
}

func (e *External) fail(msg string) error {
	e.err = fmt.Errorf("%w %q: %s", ErrEngine, e.argv[0], msg)
	return e.err
}

func (e *External) send(format string, args ...any) error {
	if _, err := fmt.Fprintf(e.w, format+"\n", args...); err != nil {
		return e.fail("write: " + err.Error())
	}
	return nil
}

// history returns the position command for s: the first position this
// agent saw in the game and the moves played since, so the engine knows
// which positions occurred (repetition), and whether s starts a new game.
func (e *External) history(s game.State) (cmd string, newGame bool) {
	if e.histLast != nil {
		deadline := time.Now().Add(maxGapTime)
		var p path
		ok := false
		if e.histMoved { // most often the engine's move was played, then the others'
			if n, err := e.histLast.Play(e.histMove); err == nil {
				if p, ok = gap(n, s, 2*s.NumPlayers()-1, deadline); ok {
					p.states = append([]game.State{e.histLast}, p.states...)
					p.moves = append([]game.Move{e.histMove}, p.moves...)
				}
			}
		}
		if !ok {
			p, ok = gap(e.histLast, s, 2*s.NumPlayers(), deadline)
		}
		if ok {
			for i, m := range p.moves {
				e.histMoves = append(e.histMoves, p.states[i].MoveString(m))
			}
		} else {
			e.histLast = nil
			newGame = true
		}
	}
	if e.histLast == nil {
		e.histStart, e.histMoves = s.String(), nil
	}
	e.histLast, e.histMoved = s, false
	cmd = "position text " + e.histStart
	if len(e.histMoves) > 0 {
		cmd += " moves " + strings.Join(e.histMoves, " ")
		if len(cmd) > maxHistoryLine {
			e.histStart, e.histMoves = s.String(), nil
			cmd = "position text " + e.histStart
		}
	}
	return cmd, newGame
}

// path is a line of play: moves[i] is played in states[i].
type path struct {
	states []game.State
	moves  []game.Move
}

// gap finds the moves that lead from one position to a later one, by
// iterative deepening over at most maxPlies plies (2·NumPlayers: a move of
// every seat, and chance events between them), maxGapPlays calls to Play
// and until deadline. Positions are compared by Hash and then by text.
//
// The same State value again (a retried search) is a gap of no moves. An
// equal position that is a different value is looked for as a cycle first
// (a repetition is exactly what the engine must be told of), and taken as
// a gap of no moves only when no line leads back to it.
func gap(from, to game.State, maxPlies int, deadline time.Time) (path, bool) {
	same := from.Hash() == to.Hash() && from.String() == to.String()
	if same && from == to {
		return path{}, true
	}
	budget := maxGapPlays
	var p path
	var dfs func(s game.State, depth int) bool
	dfs = func(s game.State, depth int) bool {
		if depth == 0 || s.ToMove() == game.NoPlayer {
			return false
		}
		for _, m := range s.LegalMoves(nil) {
			if budget--; budget < 0 || (budget%64 == 0 && time.Now().After(deadline)) {
				budget = -1
				return false
			}
			n, err := s.Play(m)
			if err != nil {
				continue
			}
			p.states, p.moves = append(p.states, s), append(p.moves, m)
			if n.Hash() == to.Hash() && n.String() == to.String() {
				return true
			}
			if dfs(n, depth-1) {
				return true
			}
			p.states, p.moves = p.states[:len(p.states)-1], p.moves[:len(p.moves)-1]
		}
		return false
	}
	for depth := 1; depth <= maxPlies && budget > 0; depth++ {
		if dfs(from, depth) {
			return p, true
		}
	}
	return path{}, same
}

// Choose sends the game so far (the first position it saw and the moves
// since) and a go command with the budget and the clock, and reads info
// lines until bestmove. When ctx ends it sends stop and waits a
// moment for the engine's bestmove.
func (e *External) Choose(ctx context.Context, s game.State, b Budget) (Report, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if p := s.ToMove(); p < 0 {
		return Report{}, fmt.Errorf("%w (ToMove = %v)", ErrNoMove, p)
	}
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	if err := e.start(); err != nil {
		return Report{}, err
	}
	pos, newGame := "position text "+s.String(), false
	if e.moves {
		pos, newGame = e.history(s)
	}
	if newGame {
		if err := e.send("newgame"); err != nil {
			return Report{}, err
		}
	}
	for len(e.options) > 0 {
		if err := e.send("%s", e.options[0]); err != nil {
			return Report{}, err
		}
		e.options = e.options[1:]
	}
	if err := e.send("setoption name Players value %d", s.NumPlayers()); err != nil {
		return Report{}, err
	}
	if err := e.send("%s", pos); err != nil {
		return Report{}, err
	}
	goCmd := "go"
	if b.Time > 0 {
		goCmd += " movetime " + strconv.FormatInt(max(1, b.Time.Milliseconds()), 10)
	}
	if b.Clock != nil {
		for p := range s.NumPlayers() {
			rem, inc := b.Clock.Seat(game.Player(p))
			goCmd += fmt.Sprintf(" time%d %d inc%d %d", p, max(0, rem.Milliseconds()), p, max(0, inc.Milliseconds()))
		}
	}
	if b.Nodes > 0 {
		goCmd += " nodes " + strconv.FormatInt(b.Nodes, 10)
	}
	if b.Depth > 0 {
		goCmd += " depth " + strconv.Itoa(b.Depth)
	}
	start := time.Now()
	if err := e.send("%s", goCmd); err != nil {
		return Report{}, err
	}
	var overrun <-chan time.Time
	// The engine plans its own time from the clock; past the seat's
	// remaining time it has lost on time anyway.
	rem, _ := b.Clock.Seat(s.ToMove())
	if t := b.Time; t > 0 || rem > 0 {
		if t == 0 || (rem > 0 && rem < t) {
			t = rem
		}
		overrun = time.After(t + e.graceTime())
	}
	var giveUp <-chan time.Time
	done := ctx.Done()
	var r Report
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return Report{}, e.fail("closed its output while searching")
			}
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "info":
				parseInfo(s, f[1:], &r)
			case "bestmove":
				if len(f) < 2 {
					return Report{}, e.fail("bestmove without a move")
				}
				m, err := s.ParseMove(f[1])
				if err != nil {
					return Report{}, fmt.Errorf("%w %q: bestmove %q: %w", ErrEngine, e.argv[0], f[1], err)
				}
				if len(r.PV) == 0 || r.PV[0] != m {
					r.PV = []game.Move{m}
				}
				r.Move, r.Duration = m, time.Since(start)
				e.histMove, e.histMoved = m, true
				return r, nil
			}
		case <-done:
			done = nil
			if err := e.send("stop"); err != nil {
				return Report{}, err
			}
			giveUp = time.After(e.graceTime())
		case <-overrun:
			overrun = nil
			if err := e.send("stop"); err != nil {
				return Report{}, err
			}
			giveUp = time.After(e.graceTime())
		case <-giveUp:
			return Report{}, e.fail("no bestmove after stop")
		}
	}
}

// parseInfo reads "depth D score S mate M nodes N pv M1 M2 ..." into r,
// keeping what it understands.
func parseInfo(s game.State, f []string, r *Report) {
	for i := 0; i+1 < len(f); i++ {
		switch f[i] {
		case "depth":
			r.Depth, _ = strconv.Atoi(f[i+1])
		case "score":
			r.Score, _ = strconv.ParseFloat(f[i+1], 64)
		case "mate":
			r.Mate, _ = strconv.Atoi(f[i+1])
		case "nodes":
			r.Nodes, _ = strconv.ParseInt(f[i+1], 10, 64)
		case "pv":
			// only the first move can be checked against s; keep it
			if m, err := s.ParseMove(f[i+1]); err == nil {
				r.PV = []game.Move{m}
			}
			return
		case "string":
			return
		default:
			continue
		}
		i++
	}
}

// Close asks the engine to quit and waits for it (killing it after a
// grace period). After Close, Choose fails and starts nothing.
func (e *External) Close() error {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.w == nil {
		// Never started: a later Choose must not start it either.
		e.err = fmt.Errorf("%w %q: closed", ErrEngine, e.argv[0])
		return nil
	}
	_ = e.send("quit")
	_ = e.w.Close()
	err := e.wait()
	e.w = nil
	e.err = fmt.Errorf("%w %q: closed", ErrEngine, e.argv[0])
	return err
}
