package villapaletti

import (
	"testing"

	"github.com/tabula-games/tabula/game"
)

// midgame returns a 2-player position with the green floor placed and a few
// columns on it, reached by playing the first search candidate each turn.
func midgame(tb testing.TB) *State {
	tb.Helper()
	gs, err := Info.New(game.Options{Players: 2, Seed: 1})
	if err != nil {
		tb.Fatal(err)
	}
	s := gs.(*State)
	for s.floors < 2 || s.Score(0)+s.Score(1) < 4 {
		ms := s.SearchMoves(nil)
		m := ms[0]
		if s.floors < 2 && s.phase == phaseTurn && len(s.onTop()) >= 3 {
			for _, x := range ms { // propose once three columns stand on blue
				if d, _ := decode(x); d.kind == kindPropose {
					m = x
				}
			}
		}
		if d, _ := decode(m); d.kind != kindPass && s.phase == phaseFloorObjection {
			m = move{kind: kindPass}.encode()
		}
		if s.phase == phaseOver {
			tb.Fatal("midgame: the game ended")
		}
		next, err := s.Play(m)
		if err != nil {
			tb.Fatal(err)
		}
		s = next.(*State)
	}
	return s
}

// onTop lists the columns standing on the top level.
func (s *State) onTop() []Column {
	var cs []Column
	for c := range Column(NumColumns) {
		if s.floors > 0 && int(s.cols[c].level) == int(s.floors) {
			cs = append(cs, c)
		}
	}
	return cs
}

// BenchmarkSearchMoves lists the search candidates of the start position
// (2 players) and of a middle-game position (green floor, columns on it),
// on the Mutable copies search uses (with their cache of lifted hulls).
func BenchmarkSearchMoves(b *testing.B) {
	gs, err := Info.New(game.Options{Players: 2, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		s    game.State
	}{{"start", gs.(*State).Mutable()}, {"midgame", midgame(b).Mutable()}} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			var dst []game.Move
			for b.Loop() {
				dst = game.SearchMoves(tc.s, dst[:0])
			}
			b.ReportMetric(float64(len(dst)), "moves")
		})
	}
}

// crowdedBlue is a 2-player position where 18 columns stand on blue and
// no green pose is legal: the game can only end with nobody holding the
// seal (a bot-against-random game that ended so).
const crowdedBlue = "floors: blue (0,0,0); columns: blue-thin-1 1 (10,40), blue-thin-2 1 (30,80), blue-thin-3 1 (-90,30), blue-medium 1 (-10,60), blue-thick 0 (38,0) frozen, yellow-thin-1 0 (45.255,45.255), yellow-thin-2 1 (10,60), yellow-thin-3 1 (-80,0), yellow-medium 1 (-20,-50), yellow-thick 1 (50,-40), green-thin-1 1 (90,-10), green-thin-2 1 (60,60), green-thin-3 1 (-50,60), green-medium 1 (10,80), green-thick 0 (-38,0) frozen, red-thin-1 1 (-50,-10), red-thin-2 1 (10,-60), red-thin-3 1 (-20,0), red-medium 1 (10,-80), red-thick 1 (-30,30); seal: none; claimed: no; turn: 1; rng: 9e3779b97f4a7c1a"

// BenchmarkEvaluate scores the start position, a crowded blue floor (the
// slowest case: every green pose is tried and fails) and a middle-game
// position, on Mutable copies as search does.
func BenchmarkEvaluate(b *testing.B) {
	gs, err := Info.New(game.Options{Players: 2, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	crowded, err := Info.ParsePosition(crowdedBlue, game.Options{Players: 2})
	if err != nil {
		b.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		s    *State
	}{{"start", gs.(*State).Mutable().(*State)}, {"crowded", crowded.(*State).Mutable().(*State)}, {"midgame", midgame(b).Mutable().(*State)}} {
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				tc.s.Evaluate(0)
			}
		})
	}
}
