package alphabeta_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/ai/mcts"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
)

// Abalone push-offs (docs/rules/abalone.md, sumito and the end of the
// game): White has lost 5 marbles, so the sixth pushed off wins for Black
// at once.
var abaloneWins = []struct {
	name string
	pos  string
	mate int
	// want, when set, is the only winning move; otherwise the test checks
	// by brute force that the chosen move forces the win.
	want string
}{
	// e2-e3 push W (2v1 sumito) onto e1, which stands on the edge: "e3e2"
	// pushes it off. 45 other moves, none of them winning.
	{"in 1 (2v1 push-off)", "...../....../..www../......../wbb....../......../..bbb../....../..... b 0 5", 1, "e3e2"},
	// e1 is boxed in by d1 and f2 (and the edge); no line of two stands
	// behind either, and e2 is empty, so nothing pushes it off now. "e4e3"
	// brings e3-e4 to e2-e3, threatening "e3e2"; e1 cannot move and White's
	// other marbles are too far to help. Other first moves (a marble behind
	// f2 or d1) threaten the same, so any forcing move is accepted.
	{"in 3 (unstoppable threat)", "..www/....../......./b......./w.bb...../b......./..bbb../....../..... b 0 5", 3, ""},
}

// forcesWin reports whether s, with black to move, is won for the mover
// within plies (odd) by exhaustive search through Play: a check of the
// searcher's claim that shares no code with it.
func forcesWin(t *testing.T, s game.State, plies int) bool {
	t.Helper()
	me := s.ToMove()
	if plies < 1 {
		return false
	}
	for _, m := range s.LegalMoves(nil) {
		next, err := s.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if o, over := next.Outcome(); over {
			if o.Won(me) {
				return true
			}
			continue
		}
		if plies < 3 {
			continue
		}
		if refuted(t, next, me, plies-1) {
			continue
		}
		return true
	}
	return false
}

// refuted reports whether the opponent, to move in s, has a reply after
// which me cannot force a win in plies-1.
func refuted(t *testing.T, s game.State, me game.Player, plies int) bool {
	t.Helper()
	for _, r := range s.LegalMoves(nil) {
		next, err := s.Play(r)
		if err != nil {
			t.Fatal(err)
		}
		if o, over := next.Outcome(); over {
			if !o.Won(me) {
				return true
			}
			continue
		}
		if !forcesWin(t, next, plies-1) {
			return true
		}
	}
	return false
}

func TestAbalonePushOff(t *testing.T) {
	for _, tc := range abaloneWins {
		s, err := abalone.Info.ParsePosition(tc.pos, game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if tc.mate > 1 && forcesWin(t, s, tc.mate-2) {
			t.Fatalf("%s: the position has a win shorter than %d plies", tc.name, tc.mate)
		}
		if !forcesWin(t, s, tc.mate) {
			t.Fatalf("%s: the brute-force check finds no win in %d plies", tc.name, tc.mate)
		}
		if tc.mate > 1 {
			// The checker itself: a quiet move far from e1 forces nothing.
			quiet, err := game.PlayAll(s, []string{"c3c2"})
			if err != nil {
				t.Fatal(err)
			}
			if !refuted(t, quiet, abalone.Black, tc.mate-1) {
				t.Fatalf("%s: the brute-force check calls the quiet c3c2 forcing", tc.name)
			}
		}
		check := func(t *testing.T, m game.Move, mate int) {
			t.Helper()
			got := s.MoveString(m)
			if mate != tc.mate {
				t.Errorf("chose %s with mate in %d, want mate in %d", got, mate, tc.mate)
			}
			if tc.want != "" && got != tc.want {
				t.Errorf("chose %s, want %s", got, tc.want)
			}
			next, err := s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if o, over := next.Outcome(); tc.mate == 1 && !(over && o.Won(abalone.Black)) {
				t.Errorf("%s does not win at once", got)
			}
			if tc.mate > 1 && refuted(t, next, abalone.Black, tc.mate-1) {
				t.Errorf("%s does not force a win in %d", got, tc.mate)
			}
		}
		t.Run("alphabeta/"+tc.name, func(t *testing.T) {
			res, err := alphabeta.New(alphabeta.Config{}).Search(context.Background(), s, alphabeta.Limits{Depth: tc.mate + 1})
			if err != nil {
				t.Fatal(err)
			}
			check(t, res.Move, alphabeta.MateIn(res.Score))
		})
		for _, level := range []ai.Level{ai.Medium, ai.Hard, ai.Max} {
			t.Run(level.String()+"/"+tc.name, func(t *testing.T) {
				// 2 s: far more than the few thousand nodes the mate needs,
				// so a miss is the search's fault, not the clock's.
				r, err := ai.NewBot(level, 1).Choose(context.Background(), s, ai.Budget{Time: 2 * time.Second})
				if err != nil {
					t.Fatal(err)
				}
				check(t, r.Move, r.Mate)
			})
		}
		if tc.mate == 1 {
			t.Run("bot:easy/"+tc.name, func(t *testing.T) {
				// Easy searches 2 plies: it must still see a win in 1
				// through its noise (proven scores are never blurred).
				r, err := ai.NewBot(ai.Easy, 1).Choose(context.Background(), s, ai.Budget{Time: 2 * time.Second})
				if err != nil {
					t.Fatal(err)
				}
				check(t, r.Move, r.Mate)
			})
			t.Run("mcts/"+tc.name, func(t *testing.T) {
				res, err := mcts.New(mcts.Config{}).Search(context.Background(), s, mcts.Limits{Iterations: 50_000})
				if err != nil {
					t.Fatal(err)
				}
				if got := s.MoveString(res.Move); got != tc.want || res.Proven != 1 {
					t.Errorf("chose %s, proven %d after %d iterations; want %s, proven", got, res.Proven, res.Iterations, tc.want)
				}
			})
		}
	}
}

// A search stopped before depth 1 completes (Villa Paletti has thousands of
// slow root moves) returns the best move scored so far, not the first one
// listed. The push-off is the 19th of 46 moves; 30 nodes reach it.
func TestPartialFirstIteration(t *testing.T) {
	s, err := abalone.Info.ParsePosition(abaloneWins[0].pos, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := alphabeta.New(alphabeta.Config{}).Search(context.Background(), s, alphabeta.Limits{Nodes: 30})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.MoveString(res.Move); got != "e3e2" || res.Depth != 0 {
		t.Errorf("chose %s at depth %d after %d nodes; want e3e2 from the unfinished depth 1", got, res.Depth, res.Nodes)
	}
}

// BenchmarkAbaloneStart searches the standard Abalone start to a fixed
// depth with a fresh searcher, on one goroutine: nodes/s is the speed the
// issue compares before and after a change to the search, and ns/op the
// time to depth.
func BenchmarkAbaloneStart(b *testing.B) { benchAbaloneStart(b, 1) }

// BenchmarkAbaloneStartThreads2 is BenchmarkAbaloneStart with a helper
// thread (Lazy SMP): nodes/s counts both threads' nodes, and ns/op is the
// time to the same depth.
func BenchmarkAbaloneStartThreads2(b *testing.B) { benchAbaloneStart(b, 2) }

// BenchmarkAbaloneStartSearch is BenchmarkAbaloneStart with each of the
// search's options, on one thread and on two: the plain search, late-move
// reductions (Config.Reductions), an aspiration window of EvalScale/40
// (Config.Aspiration), and both. ns/op is the time to depth 7.
func BenchmarkAbaloneStartSearch(b *testing.B) {
	for _, threads := range []int{1, 2} {
		for _, tc := range []struct {
			name string
			cfg  alphabeta.Config
		}{
			{"plain", alphabeta.Config{}},
			{"lmr", alphabeta.Config{Reductions: true}},
			{"aspiration", alphabeta.Config{Aspiration: alphabeta.EvalScale / 40}},
			{"lmr+aspiration", alphabeta.Config{Reductions: true, Aspiration: alphabeta.EvalScale / 40}},
		} {
			b.Run(fmt.Sprintf("%s/threads=%d", tc.name, threads), func(b *testing.B) {
				tc.cfg.Threads = threads
				benchAbaloneConfig(b, tc.cfg)
			})
		}
	}
}

func benchAbaloneStart(b *testing.B, threads int) {
	benchAbaloneConfig(b, alphabeta.Config{Threads: threads})
}

func benchAbaloneConfig(b *testing.B, cfg alphabeta.Config) {
	s, err := abalone.Info.New(game.Options{})
	if err != nil {
		b.Fatal(err)
	}
	var nodes int64
	for b.Loop() {
		res, err := alphabeta.New(cfg).Search(context.Background(), s, alphabeta.Limits{Depth: 7})
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// An aspiration window changes how an iteration is searched, not what it
// finds: from the Abalone start and the push-off positions, fixed-depth
// searches with a narrow window (which fails and widens) and with none
// agree on the score of every iteration.
func TestAspirationSameScore(t *testing.T) {
	positions := []string{""}
	for _, tc := range abaloneWins {
		positions = append(positions, tc.pos)
	}
	for _, pos := range positions {
		s, err := abalone.Info.New(game.Options{})
		if pos != "" {
			s, err = abalone.Info.ParsePosition(pos, game.Options{})
		}
		if err != nil {
			t.Fatal(err)
		}
		scores := func(cfg alphabeta.Config) ([]int, int64) {
			var out []int
			cfg.Info = func(r alphabeta.Result) { out = append(out, r.Score) }
			res, err := alphabeta.New(cfg).Search(context.Background(), s, alphabeta.Limits{Depth: 5})
			if err != nil {
				t.Fatal(err)
			}
			return out, res.Nodes
		}
		full, fullNodes := scores(alphabeta.Config{})
		narrow, narrowNodes := scores(alphabeta.Config{Aspiration: 1})
		if !slices.Equal(full, narrow) {
			t.Errorf("%q: iteration scores %v with the full window, %v with aspiration", pos, full, narrow)
		}
		if len(full) >= 4 && fullNodes == narrowNodes { // from depth 4 on the window is used
			t.Errorf("%q: %d nodes with and without aspiration: the window was not used", pos, fullNodes)
		}
	}
}
