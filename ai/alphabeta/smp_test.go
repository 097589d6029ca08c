package alphabeta

import (
	"context"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai/internal/testgames"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
)

// With helper threads the answers of theory stay right: Nim's winning
// moves and proven losses, and the repetition test's move.
func TestThreadsTheory(t *testing.T) {
	for pile := 1; pile <= 14; pile++ {
		res, err := New(Config{Threads: 3}).Search(context.Background(), testgames.NewNim(pile, 0), Limits{Depth: pile})
		if err != nil {
			t.Fatal(err)
		}
		if pile%4 == 0 {
			if MateIn(res.Score) >= 0 {
				t.Errorf("pile %d: score %d, want a proven loss", pile, res.Score)
			}
			continue
		}
		if int(res.Move) != pile%4 || MateIn(res.Score) <= 0 {
			t.Errorf("pile %d: took %d with score %d, want to take %d and win", pile, res.Move, res.Score, pile%4)
		}
	}
	info := repetitionGraph()
	start, _ := info.New(game.Options{})
	srch := New(Config{Threads: 2})
	if _, err := srch.Search(context.Background(), start, Limits{Depth: 4}); err != nil {
		t.Fatal(err)
	}
	s := playText(t, start, "cycle", "back")
	res, err := srch.Search(context.Background(), s, Limits{Depth: 4})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.MoveString(res.Move); got != "prog" {
		t.Errorf("two threads play %q, want prog", got)
	}
}

// Two threads on Abalone share one table (run under -race): the search
// keeps its time limit, counts both threads' nodes, and plays a legal
// move.
func TestThreadsAbalone(t *testing.T) {
	s, err := abalone.Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srch := New(Config{Threads: 2, HashMiB: 1})
	for range 2 {
		begin := time.Now()
		res, err := srch.Search(context.Background(), s, Limits{Time: 100 * time.Millisecond, WholeTime: true})
		if err != nil {
			t.Fatal(err)
		}
		if took := time.Since(begin); took > time.Second {
			t.Errorf("a 100 ms search took %v", took)
		}
		if _, err := s.Play(res.Move); err != nil {
			t.Errorf("move %d: %v", res.Move, err)
		}
		if res.Nodes <= srch.nodes {
			t.Errorf("nodes %d: the helper's are not counted (main %d)", res.Nodes, srch.nodes)
		}
	}
}

// A slot torn by two writers (words of different entries) reads as a
// miss, not as an entry nobody wrote.
func TestTornSlot(t *testing.T) {
	s := New(Config{HashMiB: 1})
	s.store(5, 4, 100, boundExact, 3, 0)
	s.store(6, 9, -300, boundLower, 4, 0) // same bucket (hashes below 2^44 all are)
	b := s.tt.bucket(5)
	b[0].data, b[1].data = b[1].data, b[0].data // mix the two entries' words
	for _, h := range []uint64{5, 6} {
		if e, ok := s.probe(h); ok {
			t.Errorf("hash %d: a torn slot read as %+v", h, e)
		}
	}
}
