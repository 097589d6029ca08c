package alphabeta

import (
	"context"
	"slices"
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

// A helper starts its iteration at the shallowest depth no other thread
// searches (within the depth limit); the main thread takes the depth it
// asks for.
func TestHelperSkipsSearchedDepth(t *testing.T) {
	sh := newSMP(3)
	for _, tc := range []struct{ id, d, limit, want int }{
		{0, 5, 10, 5}, // main: 5
		{1, 5, 10, 6}, // helper 1 skips main's 5
		{2, 5, 10, 7}, // helper 2 skips 5 and 6
		{0, 6, 10, 6}, // main goes on to 6, with helper 1
		{1, 7, 7, 7},  // at the limit a helper searches with another thread
	} {
		if got := sh.next(tc.id, tc.d, tc.limit); got != tc.want {
			t.Errorf("thread %d asking for %d (limit %d): got %d, want %d", tc.id, tc.d, tc.limit, got, tc.want)
		}
	}
}

// A thread takes an iteration another thread completed deeper than its
// own as its result, and does not search that depth again: with depth 4
// published, a search to depth 4 returns it at once, and one to depth 5
// goes on from it.
func TestThreadAdoptsDeeperIteration(t *testing.T) {
	s, err := abalone.Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	moves := s.LegalMoves(nil)
	pub := Result{Move: moves[len(moves)-1], Score: 123, Depth: 4, PV: []game.Move{moves[len(moves)-1]}}
	pub.Lines = []Line{{Move: pub.Move, Score: pub.Score, PV: pub.PV}}

	srch := New(Config{})
	srch.smp = newSMP(2)
	srch.smp.publish(pub)
	var infos []int
	srch.cfg.Info = func(r Result) { infos = append(infos, r.Depth) }
	res := srch.iterate(context.Background(), s, Limits{Depth: 4}, time.Now())
	if res.Move != pub.Move || res.Score != pub.Score || res.Depth != 4 || srch.nodes != 0 {
		t.Errorf("depth 4 published: got move %d score %d depth %d after %d nodes; want the published move %d, score 123, depth 4, no search",
			res.Move, res.Score, res.Depth, srch.nodes, pub.Move)
	}
	if !slices.Equal(infos, []int{4}) {
		t.Errorf("Info saw depths %v, want [4]", infos)
	}

	infos = nil
	res = srch.iterate(context.Background(), s, Limits{Depth: 5}, time.Now())
	if res.Depth != 5 || srch.nodes == 0 {
		t.Errorf("to depth 5: reached %d after %d nodes", res.Depth, srch.nodes)
	}
	if !slices.Equal(infos, []int{4, 5}) {
		t.Errorf("Info saw depths %v, want [4 5]: the published 4, then its own 5", infos)
	}
}

// A thread whose iteration another thread completes drops it: a depth 6
// result published while the thread searches depth 4 (from the clock
// check's Yield hook) ends the iteration, and the search returns that
// result without searching 4, 5 or 6 to the end.
func TestThreadDropsCompletedIteration(t *testing.T) {
	s, err := abalone.Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	moves := s.LegalMoves(nil)
	pub := Result{Move: moves[3], Score: -77, Depth: 6, PV: []game.Move{moves[3]}}
	srch := New(Config{})
	srch.smp = newSMP(2)
	var infos []int
	var nodesAt3 int64
	srch.cfg.Info = func(r Result) {
		infos = append(infos, r.Depth)
		if r.Depth == 3 {
			nodesAt3 = srch.nodes
		}
	}
	srch.cfg.Yield = func() time.Duration {
		if nodesAt3 > 0 && srch.nodes > nodesAt3 { // searching depth 4
			srch.smp.publish(pub)
		}
		return 0
	}
	res := srch.iterate(context.Background(), s, Limits{Depth: 6}, time.Now())
	if res.Move != pub.Move || res.Score != pub.Score || res.Depth != 6 {
		t.Errorf("got move %d score %d depth %d; want the published depth 6", res.Move, res.Score, res.Depth)
	}
	if want := []int{1, 2, 3, 6}; !slices.Equal(infos, want) {
		t.Errorf("Info saw depths %v, want %v", infos, want)
	}
	if extra := srch.nodes - nodesAt3; extra > 2*checkEvery {
		t.Errorf("%d nodes searched after depth 3: the dropped iteration went on", extra)
	}
}
