package mcts

import (
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai/internal/testgames"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games/palagonia"
	"github.com/tabula-games/tabula/games/talat"
	"github.com/tabula-games/tabula/games/tictactoe"
)

func parse(t testing.TB, info *game.Info, players int, text string) game.State {
	t.Helper()
	s, err := info.ParsePosition(text, game.Options{Players: players})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSolverProves(t *testing.T) {
	tests := []struct {
		name   string
		state  game.State
		move   game.Move
		proven int
	}{
		// Nim theory: pile 5 is won by taking 1; pile 8 is lost.
		{"nim 5 win", testgames.NewNim(5, 0), 1, 1},
		{"nim 7 win", testgames.NewNim(7, 1), 3, 1},
		{"nim 8 loss", testgames.NewNim(8, 0), 0, -1},
		// x . o / . o . / . . x: x blocks 6 and forks.
		{"tictactoe fork", parse(t, tictactoe.Info, 2, "x.o.o...x x"), 6, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := New(Config{}).Search(context.Background(), tc.state, Limits{Iterations: 50_000})
			if err != nil {
				t.Fatal(err)
			}
			if res.Proven != tc.proven {
				t.Errorf("Proven = %d, want %d (%+v)", res.Proven, tc.proven, res)
			}
			if tc.proven == 1 && res.Move != tc.move {
				t.Errorf("Move = %d, want %d", res.Move, tc.move)
			}
			if res.Iterations >= 50_000 {
				t.Errorf("the solver did not stop early: %d iterations", res.Iterations)
			}
		})
	}
}

// x o x / x o o / . x .  o to move: 6 draws, 8 loses to x on 6 (0-3-6).
// The solver proves the draw and plays 6.
func TestSolverProvesDraw(t *testing.T) {
	s := parse(t, tictactoe.Info, 2, "xoxxoo.x. o")
	res, err := New(Config{}).Search(context.Background(), s, Limits{Iterations: 10_000})
	if err != nil {
		t.Fatal(err)
	}
	if !res.ProvenDraw || res.Move != 6 {
		t.Fatalf("want a proven draw by 6, got %+v", res)
	}
}

// Race with three players and coins (chance nodes). Seat 0 at counter 7:
// "+1" leaves 8, where seat 1 wins with "+2"; "+2" makes 9, a coin: heads
// (1/2) takes the counter to 10 for seat 0, tails lets seat 1 win with
// "+1". A seat's reward is its standing (Standings): 1 for the winner, 1/4
// for each of two losers level with each other. So "+2" is worth
// (1 + 1/4)/2 = 5/8 and "+1" 1/4.
func TestChanceThreePlayers(t *testing.T) {
	s := parse(t, race.NewInfo(), 3, "7 0 2 -")
	res, err := New(Config{Rand: rand.New(rand.NewPCG(7, 7))}).Search(context.Background(), s, Limits{Iterations: 20_000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != race.Add2 {
		t.Fatalf("chose %d, want +2 (%+v)", res.Move, res)
	}
	if math.Abs(res.Value-0.625) > 0.05 {
		t.Fatalf("value of +2 = %.3f, want about 0.625", res.Value)
	}
	// At 8 the immediate win is taken.
	res, _ = New(Config{}).Search(context.Background(), parse(t, race.NewInfo(), 3, "8 1 0 -"), Limits{Iterations: 2000})
	if res.Move != race.Add2 || res.Value < 0.99 {
		t.Fatalf("at 8 chose %d with value %.3f, want +2 winning", res.Move, res.Value)
	}
}

func TestLegalMovesOnly(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	cases := []struct {
		info    *game.Info
		players int
	}{
		{race.NewInfo(), 1}, {race.NewInfo(), 2}, {race.NewInfo(), 3}, {race.NewInfo(), 4},
		{tictactoe.Info, 2}, {testgames.Nim(), 2},
	}
	for _, tc := range cases {
		t.Run(tc.info.ID, func(t *testing.T) {
			for g := 0; g < 3; g++ {
				s, err := tc.info.New(game.Options{Players: tc.players})
				if err != nil {
					t.Fatal(err)
				}
				m := New(Config{Rand: rng, Greedy: 0.5, PlayoutDepth: 4})
				for s.ToMove() != game.NoPlayer {
					var mv game.Move
					if s.ToMove() == game.Chance {
						mv = s.ChanceOutcomes()[rng.IntN(2)].Move
					} else {
						res, err := m.Search(context.Background(), s, Limits{Iterations: 300})
						if err != nil {
							t.Fatal(err)
						}
						mv = res.Move
					}
					if !slices.Contains(s.LegalMoves(nil), mv) {
						t.Fatalf("%s: illegal move %d", s, mv)
					}
					s, _ = s.Play(mv)
				}
			}
		})
	}
}

func TestTreeReuse(t *testing.T) {
	info := tictactoe.Info
	s, _ := info.New(game.Options{})
	m := New(Config{NoSolver: true})
	res, _ := m.Search(context.Background(), s, Limits{Iterations: 3000})
	s, _ = s.Play(res.Move)
	reply := s.LegalMoves(nil)[0]
	s, _ = s.Play(reply)
	res, _ = m.Search(context.Background(), s, Limits{Iterations: 10})
	if res.Reused <= 1 {
		t.Fatalf("second search reused %d nodes, want the subtree", res.Reused)
	}
	off := New(Config{NoReuse: true, NoSolver: true})
	off.Search(context.Background(), s, Limits{Iterations: 10})
	if r, _ := off.Search(context.Background(), s, Limits{Iterations: 10}); r.Reused != 0 {
		t.Fatalf("NoReuse kept %d nodes", r.Reused)
	}
}

func TestDeterministic(t *testing.T) {
	s, _ := race.NewInfo().New(game.Options{Players: 3})
	a, _ := New(Config{Rand: rand.New(rand.NewPCG(5, 6))}).Search(context.Background(), s, Limits{Iterations: 500})
	b, _ := New(Config{Rand: rand.New(rand.NewPCG(5, 6))}).Search(context.Background(), s, Limits{Iterations: 500})
	if a.Move != b.Move || a.Visits != b.Visits || a.Value != b.Value {
		t.Fatalf("same seed, different searches: %+v vs %+v", a, b)
	}
}

func TestLimits(t *testing.T) {
	s, _ := testgames.Nim().New(game.Options{Values: map[string]string{"pile": "1000"}})
	t.Run("iterations", func(t *testing.T) {
		res, _ := New(Config{}).Search(context.Background(), s, Limits{Iterations: 123})
		if res.Iterations != 123 {
			t.Fatalf("%d iterations, want 123", res.Iterations)
		}
	})
	t.Run("time", func(t *testing.T) {
		start := time.Now()
		New(Config{}).Search(context.Background(), s, Limits{Time: 50 * time.Millisecond})
		if d := time.Since(start); d > 500*time.Millisecond {
			t.Fatalf("took %v with a 50ms limit", d)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(20*time.Millisecond, cancel)
		start := time.Now()
		res, err := New(Config{}).Search(ctx, s, Limits{Iterations: 1 << 40})
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
	t.Run("max nodes", func(t *testing.T) {
		res, _ := New(Config{MaxNodes: 100}).Search(context.Background(), s, Limits{Iterations: 2000})
		if res.Nodes > 100 {
			t.Fatalf("%d nodes, max 100", res.Nodes)
		}
	})
}

func BenchmarkSearch(b *testing.B) {
	bare := func(s game.State) game.State { return testgames.Bare{State: s} }
	same := func(s game.State) game.State { return s }
	cases := []struct {
		name    string
		info    *game.Info
		players int
		wrap    func(game.State) game.State
		cfg     Config
		iter    int64 // iterations per search (default 2000)
	}{
		{"tictactoe/fast", tictactoe.Info, 2, same, Config{}, 0},
		{"tictactoe/bare", tictactoe.Info, 2, bare, Config{}, 0},
		{"race3", race.NewInfo(), 3, same, Config{}, 0},
		{"talat3/uniform", talat.Info, 3, same, Config{}, 0},
		{"talat3/noisy", talat.Info, 3, same, Config{Noisy: 0.7}, 0},
		{"talat3/cut12", talat.Info, 3, same, Config{Noisy: 0.7, PlayoutDepth: 12}, 0},
		// bot:hard's and bot:max's configurations: whole playouts, and
		// playouts cut at shortPlayout plies past the dice.
		{"palagonia4/whole", palagonia.Info, 4, same, Config{Noisy: 0.7}, 64},
		{"palagonia4/cutchance", palagonia.Info, 4, same, Config{Noisy: 0.7, CutChance: true}, 64},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			s, _ := c.info.New(game.Options{Players: c.players, Seed: 1})
			for i := 0; s.ToMove() == game.Chance; i++ { // Palagonia starts with the roll-off
				o := s.ChanceOutcomes() // varied, or every seat ties again
				s, _ = s.Play(o[i%len(o)].Move)
			}
			s = c.wrap(s)
			iter := cmp.Or(c.iter, 2000)
			var it int64
			for b.Loop() {
				cfg := c.cfg
				cfg.NoSolver = true
				res, _ := New(cfg).Search(context.Background(), s, Limits{Iterations: iter})
				it += res.Iterations
			}
			b.ReportMetric(float64(it)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

// A search that is out of time before its first iteration still names a
// legal move (found by the strength script: a zero-iteration search).
func TestNoIteration(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s, _ := race.NewInfo().New(game.Options{})
	res, err := New(Config{}).Search(ctx, s, Limits{Time: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(s.LegalMoves(nil), res.Move) || res.Iterations != 0 {
		t.Fatalf("got %+v", res)
	}
}

// A search that runs no iteration (its context already done) still names a
// move by expanding the root; the next search reuses that tree, whose
// children have no visits yet, and must not divide by zero choosing among
// them.
func TestReuseAfterEmptySearch(t *testing.T) {
	s, err := tictactoe.Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m := New(Config{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := m.Search(ctx, s, Limits{Iterations: 100}); err != nil {
		t.Fatal(err)
	}
	res, err := m.Search(context.Background(), s, Limits{Iterations: 100})
	if err != nil {
		t.Fatal(err)
	}
	if res.Iterations != 100 || !slices.Contains(s.LegalMoves(nil), res.Move) {
		t.Errorf("after an empty search: %d iterations, move %d", res.Iterations, res.Move)
	}
}

// TestStandings checks the rewards of a finished game for more than two
// seats: the fraction of the other seats each finished ahead of.
func TestStandings(t *testing.T) {
	tests := []struct {
		name string
		o    game.Outcome
		want []float64
	}{
		{"one winner, losers by score", game.Outcome{Winners: []game.Player{1}, Scores: []int{5, 10, 3}}, []float64{0.5, 1, 0}},
		{"one winner, losers level", game.Outcome{Winners: []game.Player{0}, Scores: []int{9, 4, 4}}, []float64{1, 0.25, 0.25}},
		{"joint winners", game.Outcome{Winners: []game.Player{0, 2}, Scores: []int{8, 3, 8}}, []float64{0.75, 0, 0.75}},
		{"no scores", game.Outcome{Winners: []game.Player{2}}, []float64{0.25, 0.25, 1}},
		{"draw", game.Outcome{Scores: []int{4, 4, 4}}, []float64{0.5, 0.5, 0.5}},
		{"everyone lost", game.Outcome{AllLose: true, Scores: []int{1, 2, 3}}, []float64{0.5, 0.5, 0.5}},
		{"four seats", game.Outcome{Winners: []game.Player{3}, Scores: []int{1, 2, 3, 9}}, []float64{0, 1.0 / 3, 2.0 / 3, 1}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := make([]float64, len(tc.want))
			Standings(tc.o, got)
			for i := range got {
				if math.Abs(got[i]-tc.want[i]) > 1e-9 {
					t.Fatalf("Standings = %v, want %v", got, tc.want)
				}
			}
		})
	}
}

// evenNoisy marks the even moves noisy.
type evenNoisy struct{}

func (evenNoisy) Noisy(m game.Move) bool { return m%2 == 0 }

// TestNoisyMove checks the playout's noisy choice: only noisy moves, each
// of them sometimes, and the uniform move when there is none.
func TestNoisyMove(t *testing.T) {
	s := New(Config{Noisy: 1})
	s.buf = []game.Move{1, 2, 3, 4, 5, 6}
	seen := map[game.Move]int{}
	for range 300 {
		seen[s.noisyMove(evenNoisy{}, 1)]++
	}
	if len(seen) != 3 || seen[2] == 0 || seen[4] == 0 || seen[6] == 0 {
		t.Fatalf("chosen %v, want only and all of 2, 4, 6", seen)
	}
	s.buf = []game.Move{1, 3, 5}
	if m := s.noisyMove(evenNoisy{}, 3); m != 3 {
		t.Fatalf("no noisy move: got %d, want the uniform choice 3", m)
	}
}

// TestTalatTakesWinningCapture: in a three-player Talat position black's
// capture B01:c3xc4 closes B01 and ends the game with black alone ahead
// (40, 35, 30); with uniform and with noisy-first playouts the search
// plays it, and the value is a sure win.
func TestTalatTakesWinningCapture(t *testing.T) {
	const pos = "talat 0 B01=...../...../..0M4../..1S4../..... B02=0L3...0S3/...../...../...../2M3.... " +
		"B12=1S3..../...../...../...../....2S3 reserve=-/-/- " +
		"taken=1S6,1M3,1M4,1M6,2S4,2S6,2M4/0S4,0S6,0M3,2M6,2L3,2L4,2L6/0M6,0L4,0L6,1L3,1L4,1L6 closed=B12"
	s := parse(t, talat.Info, 0, pos)
	want, err := s.ParseMove("B01:c3xc4")
	if err != nil {
		t.Fatal(err)
	}
	for _, noisy := range []float64{0, 0.7} {
		res, err := New(Config{Noisy: noisy}).Search(context.Background(), s, Limits{Iterations: 3000})
		if err != nil {
			t.Fatal(err)
		}
		if res.Move != want || res.Value < 0.99 {
			t.Errorf("noisy %v: chose %s with value %.3f, want B01:c3xc4 winning", noisy, s.MoveString(res.Move), res.Value)
		}
	}
}

// evaluated gives a game a flat Evaluator, so that its playouts may be cut.
type evaluated struct{ game.State }

func (e evaluated) Play(m game.Move) (game.State, error) {
	next, err := e.State.Play(m)
	if err != nil {
		return nil, err
	}
	return evaluated{next}, nil
}

func (evaluated) Evaluate(game.Player) float64 { return 0 }

// horizon is evaluated with a game.Horizon; it counts its evaluations.
type horizon struct {
	evaluated
	depth int
	evals *int
}

func (h horizon) Play(m game.Move) (game.State, error) {
	next, err := h.evaluated.Play(m)
	if err != nil {
		return nil, err
	}
	return horizon{next.(evaluated), h.depth, h.evals}, nil
}

func (h horizon) PlayoutDepth() int { return h.depth }

func (h horizon) Evaluate(game.Player) float64 {
	*h.evals++
	return 0
}

// Playouts run to the end unless the game is a game.Horizon or the
// configuration cuts them; the configuration wins.
func TestPlayoutCutOff(t *testing.T) {
	nim := testgames.NewNim(900, 0) // long games, yet under maxPlayoutPlies: 450-900 plies
	var evals int
	hz := func(depth int) horizon { return horizon{evaluated{nim}, depth, &evals} }
	for _, tc := range []struct {
		name  string
		st    game.State
		depth int  // Config.PlayoutDepth
		leaf  bool // Config.LeafEval
		want  int
	}{
		{"no evaluator", nim, 0, false, -1},
		{"evaluator, no horizon", evaluated{nim}, 0, false, -1},
		{"horizon 2", hz(2), 0, false, 2},
		{"horizon 0", hz(0), 0, false, 0},
		{"config over horizon", hz(2), 5, false, 5},
		{"config without evaluator", nim, 5, false, -1},
		{"config past the game's end", hz(2), 1 << 20, false, 1 << 20},
		{"leaf evaluation over horizon", hz(2), 0, true, 0},
		{"leaf evaluation, no horizon", evaluated{nim}, 0, true, -1},
		{"leaf evaluation, no evaluator", nim, 0, true, -1},
	} {
		evals = 0
		const iterations = 200
		// No progressive bias: evaluations then come from cut playouts only.
		res, err := New(Config{NoSolver: true, Bias: -1, PlayoutDepth: tc.depth, LeafEval: tc.leaf}).Search(context.Background(), tc.st, Limits{Iterations: iterations})
		if err != nil {
			t.Fatal(err)
		}
		if res.PlayoutDepth != tc.want {
			t.Errorf("%s: playouts cut at %d plies, want %d", tc.name, res.PlayoutDepth, tc.want)
		}
		_, counted := tc.st.(horizon)
		switch cut := tc.want >= 0 && tc.want < 1000; {
		case counted && cut && evals < iterations:
			t.Errorf("%s: %d evaluations in %d playouts: playouts were not cut", tc.name, evals, iterations)
		case counted && !cut && evals > 0:
			t.Errorf("%s: %d evaluations: whole playouts were cut", tc.name, evals)
		}
	}
}

// With Config.CutChance, a search whose playouts pass chance events (the
// race's coin) cuts them at shortPlayout plies once the first playouts
// have shown it, whatever the time; without chance events, or without the
// option, playouts stay whole. No clock is involved: the searches are
// bounded by iterations.
func TestCutChance(t *testing.T) {
	long := game.Options{Players: 3, Values: map[string]string{"goal": "30"}}
	raceStart, err := race.NewInfo().New(long)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name      string
		st        game.State
		cutChance bool
		want      int
	}{
		{"dice, evaluator, CutChance", evaluated{raceStart}, true, shortPlayout},
		{"dice, evaluator", evaluated{raceStart}, false, -1},
		{"dice, no evaluator, CutChance", raceStart, true, -1},
		{"no dice, evaluator, CutChance", evaluated{testgames.NewNim(3000, 0)}, true, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := New(Config{CutChance: tc.cutChance, NoSolver: true}).Search(context.Background(), tc.st, Limits{Iterations: 50})
			if err != nil {
				t.Fatal(err)
			}
			if res.PlayoutDepth != tc.want {
				t.Errorf("playouts cut at %d plies, want %d", res.PlayoutDepth, tc.want)
			}
		})
	}
}

// A timed search whose first playouts show that fewer than minPlayouts
// whole playouts would fit cuts its playouts short, if the game has an
// Evaluator to score them; cheap playouts are left whole. A fake clock
// that moves 1 ms at every reading makes this exact.
func TestCutPlayoutsWhenDear(t *testing.T) {
	for _, tc := range []struct {
		name string
		st   game.State
		want int
	}{
		{"long playouts, evaluator", evaluated{testgames.NewNim(3000, 0)}, shortPlayout},
		{"long playouts, horizon", horizon{evaluated{testgames.NewNim(3000, 0)}, 2, new(int)}, 2},
		{"long playouts, no evaluator", testgames.NewNim(3000, 0), -1},
		{"short playouts, evaluator", evaluated{testgames.NewNim(13, 0)}, -1},
	} {
		var readings int64
		now := func() time.Time {
			readings++
			return time.Unix(0, 0).Add(time.Duration(readings) * time.Millisecond)
		}
		res, err := New(Config{Now: now, NoSolver: true}).Search(context.Background(), tc.st, Limits{Time: 4 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		if res.PlayoutDepth != tc.want {
			t.Errorf("%s: playouts cut at %d plies after %d iterations, want %d", tc.name, res.PlayoutDepth, res.Iterations, tc.want)
		}
		if tc.want > 0 && res.Iterations < 10*minPlayouts {
			t.Errorf("%s: only %d playouts once cut short", tc.name, res.Iterations)
		}
	}
}
