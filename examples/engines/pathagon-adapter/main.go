// Command pathagon-adapter puts an outside Pathagon program in a Tabula seat:
// it speaks the Tabula engine protocol (docs/engine.md) on standard input
// and output, keeps the game with games/pathagon, and asks the outside
// program for each move over a one-line request. The outside program is
// not part of this repository; docs/strength/outside.md says which program
// was measured and how an operator builds it.
//
//	tabula match pathagon --a bot:max --b 'cmd:"pathagon-adapter --program /path/to/pathagon-line"' --movetime 300ms
//
// The request, one line per move, gives the whole state in the outside
// engine's own terms (bitboards with bit 7·row+col, row 0 the top rank, as
// in games/pathagon):
//
//	search LIGHT DARK RESERVE_LIGHT RESERVE_DARK TURN FORBIDDEN LAST_LIGHT LAST_DARK PLY MS MODE
//
// TURN is l or d; LAST_* is the cell of the piece that side may not
// relocate, or "-"; MS is the time for the move in milliseconds and MODE
// is passed through from --mode. The answer is
//
//	move ACTION [depth D nodes N score S ...]
//
// with ACTION "P<cell>" (a placement) or "R<from>><to>" (a relocation),
// cells as numbers 0..48. Captures are the rules' own and follow from the
// action, so the adapter names only the cells and lets games/pathagon
// parse the move; a move it rejects ends the adapter with an error (the
// protocol server would otherwise play its first legal move instead).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/engine"
	"github.com/tabula-games/tabula/examples/engines/internal/child"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// defaultMoveTime is the time given to the outside program when the
// protocol's go names no time and no clock: the bot levels' own default
// is 1 s, and an unlimited request would let the program run as it likes.
const defaultMoveTime = time.Second

// closeGrace is how long the program has to exit after "quit" and the end
// of its input before it is killed.
const closeGrace = 2 * time.Second

func main() {
	program := flag.String("program", "", "the outside program and its arguments, split at spaces (required)")
	mode := flag.String("mode", "time", "MODE word passed to the program with every request")
	flag.Parse()
	if *program == "" {
		fmt.Fprintln(os.Stderr, "pathagon-adapter: --program is required")
		os.Exit(2)
	}
	d := &driver{argv: strings.Fields(*program), mode: *mode, fail: func(err error) {
		// The protocol server would answer a failed search with the first
		// legal move; a match against an outside program must stop instead.
		fmt.Fprintln(os.Stderr, "pathagon-adapter:", err)
		os.Exit(3)
	}}
	defer d.close()
	sv := &engine.Server{
		Game: pathagon.Info,
		Name: "outside Pathagon program via pathagon-adapter",
		NewAgent: func(string, uint64) (ai.Agent, error) {
			return d, nil
		},
	}
	if err := sv.Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "pathagon-adapter:", err)
		os.Exit(1)
	}
}

// driver is the agent: one outside process, started at the first search
// and asked one request at a time.
type driver struct {
	argv []string
	mode string
	// fail is called with every error of a search before Choose returns
	// it; main ends the adapter there.
	fail func(error)

	mu   sync.Mutex
	prog *child.Program // made at the first search
}

func (d *driver) Name() string { return "outside:" + d.argv[0] }

func (d *driver) start() error {
	if d.prog == nil {
		d.prog = &child.Program{Argv: d.argv, Stderr: os.Stderr, Quit: "quit", Grace: closeGrace}
	}
	return d.prog.Start()
}

func (d *driver) close() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.prog != nil {
		d.prog.Close()
	}
}

// Choose sends the position and reads the program's action. The program
// has no stop command: a cancelled search still waits for its answer.
// An answer that is not a legal move is an error, never replaced by
// another move.
func (d *driver) Choose(_ context.Context, s game.State, b ai.Budget) (ai.Report, error) {
	r, err := d.choose(s, b)
	if err != nil && d.fail != nil {
		d.fail(err)
	}
	return r, err
}

func (d *driver) choose(s game.State, b ai.Budget) (ai.Report, error) {
	ps, ok := s.(*pathagon.State)
	if !ok {
		return ai.Report{}, fmt.Errorf("pathagon-adapter: not a Pathagon state: %T", s)
	}
	t := b.MoveTime(s.ToMove())
	if t <= 0 {
		t = defaultMoveTime
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if err := d.start(); err != nil {
		return ai.Report{}, err
	}
	started := time.Now()
	if err := d.prog.Send(request(ps, t, d.mode)); err != nil {
		return ai.Report{}, err
	}
	line, err := d.prog.ReadLine()
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	if err != nil {
		return ai.Report{}, fmt.Errorf("%s ended: %w", d.argv[0], err)
	}
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "move" {
		return ai.Report{}, fmt.Errorf("%s answered %q", d.argv[0], line)
	}
	text, err := notation(f[1])
	if err != nil {
		return ai.Report{}, err
	}
	m, err := s.ParseMove(text)
	if err != nil {
		return ai.Report{}, fmt.Errorf("%s played %s (%s): %w", d.argv[0], f[1], text, err)
	}
	r := ai.Report{Move: m, Duration: time.Since(started)}
	for i := 2; i+1 < len(f); i += 2 {
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil {
			continue
		}
		switch f[i] {
		case "depth":
			r.Depth = int(n)
		case "nodes":
			r.Nodes = n
		}
	}
	return r, nil
}

// request writes s in the outside program's terms.
func request(s *pathagon.State, t time.Duration, mode string) string {
	var bb [2]uint64
	var forbidden uint64
	for c := pathagon.Cell(0); c < pathagon.NumCells; c++ {
		if p := s.At(c); p == pathagon.Light || p == pathagon.Dark {
			bb[p] |= 1 << uint(c)
		}
		if s.Forbidden(c) {
			forbidden |= 1 << uint(c)
		}
	}
	last := func(p game.Player) string {
		if c := s.LastRelocated(p); c.Valid() {
			return strconv.Itoa(int(c))
		}
		return "-"
	}
	turn := "l"
	if s.Next() == pathagon.Dark {
		turn = "d"
	}
	return fmt.Sprintf("search %d %d %d %d %s %d %s %s %d %d %s",
		bb[pathagon.Light], bb[pathagon.Dark], s.Reserve(pathagon.Light), s.Reserve(pathagon.Dark),
		turn, forbidden, last(pathagon.Light), last(pathagon.Dark), s.Ply(), t.Milliseconds(), mode)
}

// notation turns "P24" into "d4" and "R0>48" into "a7-g1".
func notation(action string) (string, error) {
	cell := func(text string) (string, error) {
		n, err := strconv.Atoi(text)
		if err != nil || !pathagon.Cell(n).Valid() {
			return "", fmt.Errorf("bad cell %q in action", text)
		}
		return pathagon.Cell(n).String(), nil
	}
	switch {
	case strings.HasPrefix(action, "P"):
		return cell(action[1:])
	case strings.HasPrefix(action, "R"):
		from, to, ok := strings.Cut(action[1:], ">")
		if !ok {
			return "", fmt.Errorf("bad relocation %q", action)
		}
		a, err := cell(from)
		if err != nil {
			return "", err
		}
		b, err := cell(to)
		if err != nil {
			return "", err
		}
		return a + "-" + b, nil
	}
	return "", fmt.Errorf("unknown action %q", action)
}
