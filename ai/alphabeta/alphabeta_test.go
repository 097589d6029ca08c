package alphabeta

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai/internal/testgames"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games/tictactoe"
)

func ttt(t testing.TB, text string) game.State {
	t.Helper()
	s, err := tictactoe.Info.ParsePosition(text, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// variants runs a test on the fast path and through Play alone.
var variants = []struct {
	name string
	wrap func(game.State) game.State
}{
	{"fast", func(s game.State) game.State { return s }},
	{"bare", func(s game.State) game.State { return testgames.Bare{State: s} }},
}

func TestForcedWins(t *testing.T) {
	tests := []struct {
		name  string
		pos   string
		depth int
		moves []game.Move // any of these is right
		mate  int         // plies to the win
	}{
		// x x . / o o . / . . . : x wins at once on 2.
		{"win in 1", "xx.oo.... x", 3, []game.Move{2}, 1},
		// x . o / . o . / . . x: x must block 6, which forks 3 (0-3-6)
		// and 7 (6-7-8): a win in 3 plies.
		{"fork, win in 3", "x.o.o...x x", 5, []game.Move{6}, 3},
		// o must block 2 or lose: x x . / . o . / . . .
		{"block or lose", "xx..o.... o", 5, []game.Move{2}, 0},
	}
	for _, v := range variants {
		for _, tc := range tests {
			t.Run(v.name+"/"+tc.name, func(t *testing.T) {
				s := New(Config{})
				res, err := s.Search(context.Background(), v.wrap(ttt(t, tc.pos)), Limits{Depth: tc.depth})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Contains(tc.moves, res.Move) {
					t.Errorf("Search(%q) = move %d (score %d), want one of %v", tc.pos, res.Move, res.Score, tc.moves)
				}
				if got := MateIn(res.Score); got != tc.mate {
					t.Errorf("Search(%q): MateIn(%d) = %d, want %d", tc.pos, res.Score, got, tc.mate)
				}
			})
		}
	}
}

// The empty board is a draw with best play: a full-depth search proves a
// score of exactly 0.
func TestTicTacToeDraw(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			s, _ := tictactoe.Info.New(game.Options{})
			res, err := New(Config{}).Search(context.Background(), v.wrap(s), Limits{Depth: 9})
			if err != nil {
				t.Fatal(err)
			}
			if res.Score != 0 || res.Depth != 9 {
				t.Fatalf("empty board: score %d at depth %d, want 0 at depth 9", res.Score, res.Depth)
			}
		})
	}
}

// Nim theory (take 1-3, last stone wins): a pile that is a multiple of 4 is
// lost for the side to move; otherwise taking pile mod 4 wins. Nim has no
// Evaluator, so the horizon is scored by playouts, but a full-depth search
// needs none.
func TestNimTheory(t *testing.T) {
	for pile := 1; pile <= 14; pile++ {
		res, err := New(Config{}).Search(context.Background(), testgames.NewNim(pile, 0), Limits{Depth: pile})
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
}

// Faster wins are preferred: with a win in 1 and slower wins available the
// search takes the win in 1 and reports it.
func TestPrefersFasterWin(t *testing.T) {
	// x x . / x o o / o . .  x to move: 2 wins at once (so does nothing
	// else as fast).
	res, err := New(Config{}).Search(context.Background(), ttt(t, "xx.xooo.. x"), Limits{Depth: 6})
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != 2 || MateIn(res.Score) != 1 {
		t.Fatalf("move %d score %d (mate %d), want move 2, mate in 1", res.Move, res.Score, MateIn(res.Score))
	}
}

// Quiescence: at depth 1 with the static evaluation alone every move looks
// alike, but o's immediate win is a noisy move, so the quiescence search
// sees it and x blocks.
func TestQuiescenceSeesTactics(t *testing.T) {
	// o o . / x . . / x . .  x to move must block 2 (x cannot win: 3,6
	// need 0 which is o's).
	pos := "oo.x..x.. x"
	res, err := New(Config{}).Search(context.Background(), ttt(t, pos), Limits{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != 2 {
		t.Fatalf("depth 1 with quiescence chose %d (score %d), want the block 2", res.Move, res.Score)
	}
	// o o . / o x x / . x .  x to move faces two threats (2 and 6): at
	// depth 1 only the quiescence search can prove the loss in 2.
	res, err = New(Config{}).Search(context.Background(), ttt(t, "oo.oxx.x. x"), Limits{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	if MateIn(res.Score) != -2 {
		t.Fatalf("double threat at depth 1: score %d (MateIn %d), want a loss in 2", res.Score, MateIn(res.Score))
	}
}

// The Play path and the fast path search the same tree.
func TestFastPathMatchesPlay(t *testing.T) {
	pos := "x...o.... x"
	a, _ := New(Config{}).Search(context.Background(), ttt(t, pos), Limits{Depth: 6})
	b, _ := New(Config{}).Search(context.Background(), ttt(t, pos), Limits{Depth: 6})
	if a.Score != b.Score || a.Move != b.Move || a.Nodes != b.Nodes {
		t.Fatalf("two identical searches differ: %+v vs %+v", a, b)
	}
}

func TestLimits(t *testing.T) {
	s := testgames.NewNim(200, 0) // deep enough never to finish
	t.Run("nodes", func(t *testing.T) {
		res, err := New(Config{}).Search(context.Background(), s, Limits{Nodes: 5000})
		if err != nil {
			t.Fatal(err)
		}
		if res.Nodes > 5000 {
			t.Fatalf("searched %d nodes, limit 5000", res.Nodes)
		}
	})
	t.Run("time", func(t *testing.T) {
		start := time.Now()
		if _, err := New(Config{}).Search(context.Background(), s, Limits{Time: 50 * time.Millisecond}); err != nil {
			t.Fatal(err)
		}
		// generous for a loaded 2-core machine under -race
		if d := time.Since(start); d > 500*time.Millisecond {
			t.Fatalf("took %v with a 50ms limit", d)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(20*time.Millisecond, cancel)
		start := time.Now()
		res, err := New(Config{}).Search(ctx, s, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > 500*time.Millisecond {
			t.Fatalf("returned %v after cancel", d)
		}
		if !slices.Contains(s.LegalMoves(nil), res.Move) {
			t.Fatalf("illegal move %d", res.Move)
		}
	})
	t.Run("depth", func(t *testing.T) {
		res, _ := New(Config{}).Search(context.Background(), s, Limits{Depth: 3})
		if res.Depth != 3 {
			t.Fatalf("depth %d, want 3", res.Depth)
		}
	})
}

// Chance nodes (the race toy) are averaged; every chosen move is legal,
// across whole games with noise.
func TestLegalMovesOnly(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	infos := []*game.Info{race.NewInfo(), tictactoe.Info, testgames.Nim()}
	for _, info := range infos {
		t.Run(info.ID, func(t *testing.T) {
			for g := 0; g < 5; g++ {
				s, _ := info.New(game.Options{})
				ab := New(Config{Noise: 2000, Rand: rng})
				for s.ToMove() != game.NoPlayer {
					var m game.Move
					if s.ToMove() == game.Chance {
						m = s.ChanceOutcomes()[rng.IntN(2)].Move
					} else {
						res, err := ab.Search(context.Background(), s, Limits{Depth: 4})
						if err != nil {
							t.Fatal(err)
						}
						m = res.Move
					}
					next, err := s.Play(m)
					if err != nil {
						t.Fatalf("%s: chose %d: %v", s, m, err)
					}
					s = next
				}
			}
		})
	}
}

func TestNoSeatToMove(t *testing.T) {
	if _, err := New(Config{}).Search(context.Background(), ttt(t, "xxxoo.... o"), Limits{Depth: 1}); err == nil {
		t.Fatal("searched a finished game")
	}
}

func TestTTScores(t *testing.T) {
	for _, tc := range []struct{ v, ply int }{{Win - 5, 3}, {-(Win - 7), 2}, {1234, 9}, {-50, 1}} {
		if got := fromTT(toTT(tc.v, tc.ply), tc.ply); got != tc.v {
			t.Errorf("fromTT(toTT(%d, %d)) = %d", tc.v, tc.ply, got)
		}
	}
	// A win 5 plies from the root found at ply 3 is a win in 2 from there.
	if got := toTT(Win-5, 3); got != Win-2 {
		t.Errorf("toTT(Win-5, 3) = Win-%d, want Win-2", Win-got)
	}
}

func BenchmarkSearch(b *testing.B) {
	for _, v := range variants {
		b.Run("tictactoe/"+v.name, func(b *testing.B) {
			b.ReportAllocs()
			s, _ := tictactoe.Info.New(game.Options{})
			s = v.wrap(s)
			var nodes int64
			for b.Loop() {
				res, _ := New(Config{HashMiB: 1}).Search(context.Background(), s, Limits{Depth: 9})
				nodes += res.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// An iteration stopped by a limit still counts when, after searching the
// previous best move, it proved another move better: in Nim the
// theoretical win is often found that way before the iteration ends. The
// move played then is the winning one whenever the adopted score proves a
// win.
func TestUnfinishedIterationBetterMove(t *testing.T) {
	adopted := 0
	for pile := 5; pile <= 14; pile++ {
		if pile%4 == 0 {
			continue
		}
		for nodes := int64(1); nodes <= 120; nodes++ {
			var last Result
			cfg := Config{Info: func(r Result) { last = r }}
			res, err := New(cfg).Search(context.Background(), testgames.NewNim(pile, 0), Limits{Nodes: nodes, Depth: pile})
			if err != nil {
				t.Fatal(err)
			}
			if last.Depth == 0 || res.Move == last.Move {
				continue
			}
			if res.Depth != last.Depth {
				t.Fatalf("pile %d, %d nodes: depth %d, want the last completed %d", pile, nodes, res.Depth, last.Depth)
			}
			if MateIn(res.Score) > 0 {
				if int(res.Move) != pile%4 {
					t.Errorf("pile %d, %d nodes: took %d with a proven win, want %d", pile, nodes, res.Move, pile%4)
				}
				adopted++
			}
		}
	}
	t.Logf("%d proven wins adopted from unfinished iterations", adopted)
	if adopted == 0 {
		t.Error("no unfinished iteration found a proven better move: the test proves nothing")
	}
}

// Without WholeTime no iteration starts after half the time; with it the
// search deepens until the deadline. A fake clock that moves 1 ms at every
// reading makes both exact.
func TestWholeTime(t *testing.T) {
	const budget = 400 * time.Millisecond
	for _, whole := range []bool{false, true} {
		var readings int64
		now := func() time.Time {
			readings++
			return time.Unix(0, 0).Add(time.Duration(readings) * time.Millisecond)
		}
		var done []time.Duration // elapsed at each completed iteration
		cfg := Config{Now: now, Info: func(r Result) { done = append(done, r.Elapsed) }}
		res, err := New(cfg).Search(context.Background(), testgames.NewNim(900, 0), Limits{Time: budget, WholeTime: whole})
		if err != nil {
			t.Fatal(err)
		}
		if len(done) < 2 {
			t.Fatalf("WholeTime %v: %d iterations completed, want several", whole, len(done))
		}
		if whole {
			if res.Elapsed < budget {
				t.Errorf("WholeTime: stopped after %v of %v", res.Elapsed, budget)
			}
			if done[len(done)-1] <= budget/2 {
				t.Errorf("WholeTime: no iteration completed after half the time (last at %v)", done[len(done)-1])
			}
			continue
		}
		for _, e := range done[:len(done)-1] {
			if e > budget/2 {
				t.Errorf("an iteration started after %v, past half of %v (completed: %v)", e, budget, done)
			}
		}
	}
}
