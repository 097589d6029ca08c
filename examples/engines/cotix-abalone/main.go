// Command cotix-abalone puts an outside Abalone program that speaks in
// bitboards on standard input and output into a Tabula seat: it answers
// the Tabula engine protocol (docs/engine.md) on its own standard input
// and output and drives the program named by its arguments, which the
// operator builds from the program's own repository (see README.md here).
//
//	tabula match abalone --a bot:max --b 'cmd:cotix-abalone /path/to/engine 200'
//
// The program's protocol: the adapter writes two lines, the opponent's
// marbles and the marbles of the side to move, each a 128-bit set written
// as two unsigned decimal numbers (high and low 64 bits); the program
// answers with the same two lines after its move. A cell in row r (0 for
// A .. 8 for I) on diagonal n (1..9) is bit 11·(r+1) + 10 − n. The adapter
// finds the legal move that leads to the program's boards; a program that
// answers with boards no legal move reaches makes the search fail (the
// match stops with the error).
//
// The program thinks for a time fixed on its own command line: it never
// sees the protocol's movetime, so give it the match's --movetime. It sees
// no history either (the adapter sends positions, not the game), so it
// walks into repetitions it does not see on its search path.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/engine"
	"github.com/tabula-games/tabula/examples/engines/internal/child"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
)

// closeGrace is how long the program has to exit once its input is
// closed before it is killed.
const closeGrace = 5 * time.Second

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: cotix-abalone PROGRAM [ARGS...]")
		os.Exit(2)
	}
	// Stderr nil: the program's board printouts are discarded.
	p := &program{child: child.Program{Argv: os.Args[1:], Grace: closeGrace}}
	defer p.close()
	sv := &engine.Server{
		Game: abalone.Info,
		Name: "cotix-abalone (" + strings.Join(p.child.Argv, " ") + ")",
		NewAgent: func(string, uint64) (ai.Agent, error) {
			return agent{p}, nil
		},
	}
	if err := sv.Serve(context.Background(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "cotix-abalone:", err)
		os.Exit(1)
	}
}

// program is the outside engine's process, started at the first search and
// kept for the session (its transposition table lives on between moves, as
// in its own loop).
type program struct {
	mu    sync.Mutex
	child child.Program
}

// close ends the program without waiting for a move in progress: closing
// its input and, after the grace time, killing it ends that move too.
func (p *program) close() { p.child.Close() }

// move sends the boards and reads the program's answer.
func (p *program) move(opp, own *big.Int) (*big.Int, *big.Int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if err := p.child.Send(words(opp) + "\n" + words(own)); err != nil {
		return nil, nil, err
	}
	var got [2]*big.Int
	for i := range got {
		line, err := p.child.ReadLine()
		if errors.Is(err, io.EOF) {
			return nil, nil, errors.New("program ended without a move")
		}
		if err != nil {
			return nil, nil, err
		}
		b, err := parseWords(line)
		if err != nil {
			return nil, nil, err
		}
		got[i] = b
	}
	return got[0], got[1], nil
}

// words writes a 128-bit set as "HIGH LOW".
func words(b *big.Int) string {
	lo := new(big.Int).And(b, new(big.Int).SetUint64(^uint64(0)))
	hi := new(big.Int).Rsh(b, 64)
	return hi.String() + " " + lo.String()
}

func parseWords(line string) (*big.Int, error) {
	f := strings.Fields(line)
	if len(f) != 2 {
		return nil, fmt.Errorf("program answered %q, want two numbers", line)
	}
	hi, ok1 := new(big.Int).SetString(f[0], 10)
	lo, ok2 := new(big.Int).SetString(f[1], 10)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("program answered %q, want two numbers", line)
	}
	return hi.Lsh(hi, 64).Or(hi, lo), nil
}

// bitOf is the program's bit for a cell.
func bitOf(c abalone.Cell) uint { return uint(11*(c.Row()+1) + 10 - c.Num()) }

// boards returns the marbles of p and of its opponent in the program's bits.
func boards(s *abalone.State, p game.Player) (own, opp *big.Int) {
	own, opp = new(big.Int), new(big.Int)
	for _, c := range s.Marbles(p) {
		own.SetBit(own, int(bitOf(c)), 1)
	}
	for _, c := range s.Marbles(1 - p) {
		opp.SetBit(opp, int(bitOf(c)), 1)
	}
	return own, opp
}

// agent is the ai.Agent the engine server plays with.
type agent struct{ p *program }

func (a agent) Name() string { return "cotix-abalone" }

func (a agent) Choose(ctx context.Context, s game.State, b ai.Budget) (ai.Report, error) {
	start := time.Now()
	st, ok := s.(*abalone.State)
	if !ok {
		return ai.Report{}, fmt.Errorf("cotix-abalone: not an Abalone state: %T", s)
	}
	me := st.ToMove()
	own, opp := boards(st, me)
	gotOpp, gotOwn, err := a.p.move(opp, own)
	if err != nil {
		return ai.Report{}, fmt.Errorf("cotix-abalone: %w", err)
	}
	for _, m := range st.LegalMoves(nil) {
		next, err := st.Play(m)
		if err != nil {
			continue
		}
		o, p := boards(next.(*abalone.State), me)
		if o.Cmp(gotOwn) == 0 && p.Cmp(gotOpp) == 0 {
			return ai.Report{Move: m, PV: []game.Move{m}, Duration: time.Since(start)}, nil
		}
	}
	return ai.Report{}, fmt.Errorf("cotix-abalone: the program's boards %s / %s follow from no legal move of %s",
		words(gotOpp), words(gotOwn), st)
}
