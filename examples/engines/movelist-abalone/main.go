// Command movelist-abalone puts an outside Abalone program that knows a
// game only as its layout and the moves played since the start into a
// Tabula seat: it answers the Tabula engine protocol (docs/engine.md) on
// its own standard input and output and drives the program named by its
// arguments, which the operator builds from the program's own repository
// (see README.md here).
//
//	tabula match abalone --a bot:max --b 'cmd:movelist-abalone /path/to/program args'
//
// The program's protocol, one line each way per move:
//
//	> game VARIANT moves M1 M2 ...
//	< bestmove M
//
// VARIANT is Tabula's variant name (standard, belgian-daisy,
// german-daisy) and the moves are in ABA-PRO notation from the layout's
// start; a program that cannot play a request answers "error TEXT".
// Lines that start with neither word are ignored (programs that print as
// they think).
//
// The adapter announces `feature moves`, so Tabula sends it the game since
// the first position the seat saw, a position text that names no layout.
// The adapter finds the layout and the plies that lead from its start to
// that position (a match's random opening plies, the opponent's first
// move), searching at most maxPrefixPlies plies deep; a game it cannot
// connect to a start is an error. The program thinks for a time fixed on its own command
// line: it never sees the protocol's movetime.
package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/tabula-games/tabula/examples/engines/internal/child"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
)

// closeGrace is how long the program has to exit once its input is
// closed before it is killed.
const closeGrace = 5 * time.Second

// maxPrefixPlies bounds the search for the plies between a layout's start
// and the first position a seat sees: a match's random opening plies and
// one move of the other seat.
const maxPrefixPlies = 4

// maxPrefixNodes bounds that search's positions (44 to 80 moves a ply at
// the start: four plies of the German daisy are about 41 million, so a
// longer prefix is given up on rather than searched).
const maxPrefixNodes = 5_000_000

// warmUpTime bounds the warm-up moves asked before "tabulaok": clients
// wait 10 s for the handshake (ai.External), and a program's first start
// on a busy machine takes seconds of that.
const warmUpTime = 4 * time.Second

// warmUpPlies is the length of the warm-up game: a Java program at 200 ms
// a move needed about ten searches before it finished its iterations.
const warmUpPlies = 12

// warmUpLine is a fixed line of play from the standard start, for the
// warm-up moves.
func warmUpLine() []string {
	s, _ := abalone.Info.New(game.Options{})
	var line []string
	for i := range warmUpPlies {
		legal := s.LegalMoves(nil)
		m := legal[(7*i+3)%len(legal)]
		line = append(line, s.MoveString(m))
		s, _ = s.Play(m)
	}
	return line
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: movelist-abalone PROGRAM [ARGS...]")
		os.Exit(2)
	}
	// Stderr nil: the program's own diagnostics are discarded.
	a := &adapter{prog: child.Program{Argv: os.Args[1:], Grace: closeGrace}, out: os.Stdout, variant: abalone.Info.Variants[0]}
	defer a.close()
	if err := a.serve(os.Stdin); err != nil {
		fmt.Fprintln(os.Stderr, "movelist-abalone:", err)
		os.Exit(1)
	}
}

type adapter struct {
	out     io.Writer
	variant string
	// prefix are the plies from the layout's start to start, the first
	// position of the current game, and start the position text.
	start  string
	prefix []string
	moves  []string   // the moves since start
	state  game.State // the current position, nil when none was set
	// last is the last position set and lastLine the plies from its
	// layout's start to it; newgame keeps them, for a client that
	// restarts its history in the middle of a game (see position).
	last     game.State
	lastLine []string

	prog child.Program // the outside program
	warm chan struct{} // closed when the warm-up moves are answered
	// busy is set by the first position or go: no further warm-up move
	// is asked, so the first search waits for one at most.
	busy atomic.Bool
}

func (a *adapter) printf(format string, args ...any) {
	fmt.Fprintf(a.out, format+"\n", args...)
}

func (a *adapter) serve(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "tabula":
			a.printf("id name movelist-abalone (%s)", strings.Join(a.prog.Argv, " "))
			a.printf("id game abalone")
			var vars []string
			for _, v := range abalone.Info.Variants {
				vars = append(vars, "var "+v)
			}
			a.printf("option name Variant type combo default %s %s", abalone.Info.Variants[0], strings.Join(vars, " "))
			a.printf("feature moves")
			// Moves of a few positions of a standard game start the program
			// and warm it up (a Java program's first searches run
			// interpreted and may not finish an iteration in time), so its
			// moves in the game keep to its time. No new one is asked after
			// warmUpTime or once a position or go arrives, and the handshake
			// waits for them at most that long plus one move (clients wait
			// 10 s); the first go waits for the one being answered.
			done := make(chan struct{})
			a.warm = done
			line := warmUpLine()
			go func() {
				defer close(done)
				began := time.Now()
				for k := 0; k <= len(line) && time.Since(began) < warmUpTime && !a.busy.Load(); k++ {
					if _, err := a.ask(abalone.Info.Variants[0], line[:k]); err != nil {
						return
					}
				}
			}()
			select {
			case <-done:
			case <-time.After(warmUpTime + time.Second):
			}
			a.printf("tabulaok")
		case "isready":
			a.printf("readyok")
		case "setoption":
			if len(f) >= 5 && f[1] == "name" && f[2] == "Variant" && f[3] == "value" {
				a.variant, a.state = f[4], nil
			}
		case "newgame":
			a.state = nil
		case "position":
			a.busy.Store(true)
			if err := a.position(f[1:]); err != nil {
				a.printf("info string error: position: %v", err)
			}
		case "go":
			a.busy.Store(true)
			a.goSearch()
		case "quit":
			return nil
		case "stop", "show":
		default:
			a.printf("info string error: unknown command %q", f[0])
		}
	}
	return sc.Err()
}

// startOf is the layout's start of the current variant.
func (a *adapter) startOf() (game.State, error) {
	return abalone.Info.New(game.Options{Variant: a.variant})
}

func (a *adapter) position(args []string) error {
	i := 0
	for i < len(args) && args[i] != "moves" {
		i++
	}
	head, moves := args[:i], []string(nil)
	if i < len(args) {
		moves = args[i+1:]
	}
	begin, err := a.startOf()
	if err != nil {
		return err
	}
	s := begin
	switch {
	case len(head) == 1 && head[0] == "startpos":
	case len(head) >= 2 && (head[0] == "text" || head[0] == "fen"):
		text := strings.Join(head[1:], " ")
		if a.state == nil || text != a.start {
			variant, prefix, at, err := findPrefix(text)
			if err != nil {
				// A client restarts its history at the current position
				// when it cannot tell what was played since its last
				// request (ai.External, under load): connect the position
				// to the last one instead.
				line, at2, err2 := a.fromLast(text)
				if err2 != nil {
					return err
				}
				variant, prefix, at = a.variant, line, at2
			}
			a.variant, a.start, a.prefix = variant, text, prefix
			s = at
		} else {
			s, err = a.replay(begin, a.prefix)
			if err != nil {
				return err
			}
		}
	default:
		return errors.New("want startpos or text TEXT")
	}
	if len(head) == 1 {
		a.start, a.prefix = s.String(), nil
	}
	norm := make([]string, 0, len(moves))
	for _, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			return fmt.Errorf("move %q: %w", text, err)
		}
		norm = append(norm, s.MoveString(m))
		if s, err = s.Play(m); err != nil {
			return fmt.Errorf("move %q: %w", text, err)
		}
	}
	a.moves, a.state = norm, s
	a.last, a.lastLine = s, append(append([]string(nil), a.prefix...), norm...)
	return nil
}

// fromLast finds plies (at most maxPrefixPlies) from the last position set
// to the position text, and returns the whole line from the layout's
// start.
func (a *adapter) fromLast(text string) ([]string, game.State, error) {
	if a.last == nil {
		return nil, nil, errors.New("no earlier position")
	}
	target, err := abalone.Info.ParsePosition(text, game.Options{})
	if err != nil {
		return nil, nil, err
	}
	for depth := 0; depth <= maxPrefixPlies; depth++ {
		nodes := 0
		var line []string
		if at := search(a.last.(*abalone.State), target.(*abalone.State), text, depth, &line, &nodes); at != nil {
			return append(append([]string(nil), a.lastLine...), line...), at, nil
		}
	}
	return nil, nil, fmt.Errorf("%q is not %d plies or fewer from the last position", text, maxPrefixPlies)
}

func (a *adapter) replay(s game.State, moves []string) (game.State, error) {
	for _, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			return nil, err
		}
		if s, err = s.Play(m); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// findPrefix finds the variant whose start leads to the position text in
// the fewest plies, and those plies, by iterative deepening to
// maxPrefixPlies over every layout (the protocol's position text does not
// name the layout, and clients need not send the Variant option).
func findPrefix(text string) (variant string, prefix []string, at game.State, err error) {
	target, err := abalone.Info.ParsePosition(text, game.Options{})
	if err != nil {
		return "", nil, nil, err
	}
	goal := target.(*abalone.State)
	for depth := 0; depth <= maxPrefixPlies; depth++ {
		for _, v := range abalone.Info.Variants {
			begin, err := abalone.Info.New(game.Options{Variant: v})
			if err != nil {
				return "", nil, nil, err
			}
			nodes := 0
			var line []string
			if at := search(begin.(*abalone.State), goal, text, depth, &line, &nodes); at != nil {
				return v, line, at, nil
			}
		}
	}
	return "", nil, nil, fmt.Errorf("%q is not %d plies or fewer from a layout's start", text, maxPrefixPlies)
}

// maxCellsPerPly is the most cells one ply changes: a broadside of three
// empties three cells and fills three.
const maxCellsPerPly = 6

// search looks depth plies deep from s for the goal position, cutting
// lines whose board differs from the goal's in more cells than the plies
// left can change.
func search(s, goal *abalone.State, text string, depth int, line *[]string, nodes *int) game.State {
	diff := 0
	for _, c := range abalone.Cells() {
		if s.At(c) != goal.At(c) {
			diff++
		}
	}
	if diff == 0 && s.ToMove() == goal.ToMove() && s.String() == text {
		return s
	}
	if depth == 0 || diff > maxCellsPerPly*depth || *nodes > maxPrefixNodes || s.ToMove() == game.NoPlayer {
		return nil
	}
	for _, m := range s.LegalMoves(nil) {
		*nodes++
		next, err := s.Play(m)
		if err != nil {
			continue
		}
		*line = append(*line, s.MoveString(m))
		if at := search(next.(*abalone.State), goal, text, depth-1, line, nodes); at != nil {
			return at
		}
		*line = (*line)[:len(*line)-1]
	}
	return nil
}

func (a *adapter) goSearch() {
	s := a.state
	if s == nil {
		var err error
		if s, err = a.startOf(); err != nil {
			a.printf("info string error: go: %v", err)
			return
		}
		a.start, a.prefix, a.moves, a.state = s.String(), nil, nil, s
	}
	legal := s.LegalMoves(nil)
	if len(legal) == 0 {
		a.printf("info string error: go: no legal move")
		return
	}
	began := time.Now()
	if a.warm != nil {
		<-a.warm
		a.warm = nil
	}
	move, err := a.ask(a.variant, append(append([]string(nil), a.prefix...), a.moves...))
	if err == nil {
		var m game.Move
		if m, err = s.ParseMove(move); err == nil {
			if _, err = s.Play(m); err == nil {
				a.printf("info depth 0 score 0.0000 nodes 0 time %d nps 0 pv %s", time.Since(began).Milliseconds(), s.MoveString(m))
				a.printf("bestmove %s", s.MoveString(m))
				return
			}
		}
		err = fmt.Errorf("program's move %q: %w", move, err)
	}
	// The engine owes a move: report the error, on stderr too (the match
	// logs it), and play the first legal move.
	fmt.Fprintln(os.Stderr, "movelist-abalone:", err)
	a.printf("info string error: %v", err)
	a.printf("bestmove %s", s.MoveString(legal[0]))
}

func (a *adapter) ask(variant string, moves []string) (string, error) {
	line := "game " + variant + " moves"
	if len(moves) > 0 {
		line += " " + strings.Join(moves, " ")
	}
	if err := a.prog.Send(line); err != nil {
		return "", err
	}
	for {
		text, err := a.prog.ReadLine()
		if errors.Is(err, io.EOF) {
			return "", errors.New("program ended without a move")
		}
		if err != nil {
			return "", err
		}
		f := strings.Fields(text)
		switch {
		case len(f) == 2 && f[0] == "bestmove":
			return f[1], nil
		case len(f) > 0 && f[0] == "error":
			return "", fmt.Errorf("program: %s", text)
		}
	}
}

func (a *adapter) close() { a.prog.Close() }
