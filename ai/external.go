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
			if strings.TrimSpace(line) == "tabulaok" {
				e.ready = true
				return nil
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

// Choose sends the position as text and a go command with the budget, and
// reads info lines until bestmove. When ctx ends it sends stop and waits a
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
	if err := e.send("setoption name Players value %d", s.NumPlayers()); err != nil {
		return Report{}, err
	}
	if err := e.send("position text %s", s.String()); err != nil {
		return Report{}, err
	}
	goCmd := "go"
	if b.Time > 0 {
		goCmd += " movetime " + strconv.FormatInt(max(1, b.Time.Milliseconds()), 10)
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
	if b.Time > 0 {
		overrun = time.After(b.Time + stopGrace)
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
				return r, nil
			}
		case <-done:
			done = nil
			if err := e.send("stop"); err != nil {
				return Report{}, err
			}
			giveUp = time.After(stopGrace)
		case <-overrun:
			overrun = nil
			if err := e.send("stop"); err != nil {
				return Report{}, err
			}
			giveUp = time.After(stopGrace)
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
