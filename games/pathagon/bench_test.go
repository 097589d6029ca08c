package pathagon_test

import (
	"math/rand/v2"
	"runtime"
	"strconv"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// benchPositions are a placement-phase and a relocation-phase position.
func benchPositions(b *testing.B) map[string]*pathagon.State {
	b.Helper()
	out := map[string]*pathagon.State{}
	for name, text := range map[string]string{
		"placement":  "......./...D.../...L.../.DL.LD./...L.../...D.../....... d 10 10 -,- -",
		"relocation": "LLLLLLL/......./LLLLLL./D....../DDDDDDL/.D...../DDDDDD. d 0 0 -,- -",
	} {
		s, err := pathagon.ParsePosition(text, game.Options{})
		if err != nil {
			b.Fatal(err)
		}
		out[name] = s
	}
	return out
}

func BenchmarkLegalMoves(b *testing.B) {
	for name, s := range benchPositions(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			buf := make([]game.Move, 0, 512)
			for b.Loop() {
				buf = s.LegalMoves(buf[:0])
			}
		})
	}
}

// BenchmarkPlay plays a seeded random game through the immutable Play, from
// the start to its end (ply cap 300 or a connection); one op is one ply.
func BenchmarkPlay(b *testing.B) {
	b.ReportAllocs()
	start, err := pathagon.New(game.Options{})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var s game.State = start
	buf := make([]game.Move, 0, 512)
	for b.Loop() {
		if s.ToMove() == game.NoPlayer {
			s = start
		}
		buf = s.LegalMoves(buf[:0])
		s, _ = s.Play(buf[rng.IntN(len(buf))])
	}
}

// BenchmarkApplyUndo applies and undoes every legal move of a position.
func BenchmarkApplyUndo(b *testing.B) {
	for name, s := range benchPositions(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			mut := s.Mutable()
			moves := mut.LegalMoves(nil)
			i := 0
			for b.Loop() {
				mut.Apply(moves[i])
				mut.Undo()
				if i++; i == len(moves) {
					i = 0
				}
			}
		})
	}
}

func BenchmarkPerft(b *testing.B) {
	start, err := pathagon.New(game.Options{})
	if err != nil {
		b.Fatal(err)
	}
	for _, depth := range []int{4, 5} {
		b.Run("depth="+strconv.Itoa(depth), func(b *testing.B) {
			b.ReportAllocs()
			var n uint64
			for b.Loop() {
				n = start.Perft(depth)
			}
			b.ReportMetric(float64(n), "leaves")
		})
	}
}

func BenchmarkEvaluate(b *testing.B) {
	for name, s := range benchPositions(b) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = s.Evaluate(pathagon.Light)
			}
		})
	}
}

// longGame returns the start with plyCap off and a seeded random game of
// n plies from it, each ply chosen among the moves that do not end the
// game, so the repetition history grows to n positions.
func longGame(b testing.TB, n int) (*pathagon.State, []game.Move) {
	b.Helper()
	start, err := pathagon.New(game.Options{Values: map[string]string{pathagon.OptPlyCap: "0"}})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var s game.State = start
	var line []game.Move
	for len(line) < n {
		moves := s.LegalMoves(nil)
		rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		var next game.State
		for _, m := range moves {
			t, err := s.Play(m)
			if err != nil {
				b.Fatal(err)
			}
			if _, over := t.Outcome(); !over {
				next = t
				line = append(line, m)
				break
			}
		}
		if next == nil {
			b.Fatalf("no move keeps the game going after %d plies", len(line))
		}
		s = next
	}
	return start, line
}

// BenchmarkPlayLong replays a 400-ply game through the immutable Play, from
// the start each time; one op is one ply, so the repetition check sees 200
// earlier positions on average.
func BenchmarkPlayLong(b *testing.B) {
	const plies = 400
	start, line := longGame(b, plies)
	var err error
	b.ReportAllocs()
	var s game.State = start
	i := 0
	for b.Loop() {
		if i == plies {
			s, i = start, 0
		}
		s, err = s.Play(line[i])
		if err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkLiveHeap measures what a server holding the current state of many
// games keeps alive: the live heap per game after the 400 plies of
// longGame, with only the final state of each game kept (the metric is
// live-B/game; ns/op is the time to play one whole game).
func BenchmarkLiveHeap(b *testing.B) {
	const plies, games = 400, 200
	start, line := longGame(b, plies)
	var err error
	b.ReportAllocs()
	var live uint64
	for b.Loop() {
		kept := make([]game.State, games)
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		before := ms.HeapAlloc
		for g := range kept {
			var s game.State = start
			for _, m := range line {
				if s, err = s.Play(m); err != nil {
					b.Fatal(err)
				}
			}
			kept[g] = s
		}
		runtime.GC()
		runtime.ReadMemStats(&ms)
		live = (ms.HeapAlloc - before) / games
		runtime.KeepAlive(kept)
	}
	b.ReportMetric(float64(live), "live-B/game")
}

// BenchmarkPlayInterleaved is Play as a server or the load generator
// calls it: 2000 games of longGame's line, each at its own ply, advance
// in turn, one ply per op, so each game's history was allocated among
// the others' (the repetition check sees 200 earlier positions on
// average, wherever they are in memory).
func BenchmarkPlayInterleaved(b *testing.B) {
	const plies, games = 400, 2000
	start, line := longGame(b, plies)
	var err error
	states := make([]game.State, games)
	at := make([]int, games)
	for g := range states {
		states[g] = start
		for at[g] < g*plies/games {
			states[g], _ = states[g].Play(line[at[g]])
			at[g]++
		}
	}
	b.ReportAllocs()
	g := 0
	for b.Loop() {
		if at[g] == plies {
			states[g], at[g] = start, 0
		}
		if states[g], err = states[g].Play(line[at[g]]); err != nil {
			b.Fatal(err)
		}
		at[g]++
		if g++; g == games {
			g = 0
		}
	}
}

// BenchmarkMoveString writes the notation of every move of longGame's
// 400-ply line (placements, relocations and the captures among them), as
// the server and the load generator do for each move; one op is one move.
func BenchmarkMoveString(b *testing.B) {
	const plies = 400
	start, line := longGame(b, plies)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_ = start.MoveString(line[i])
		if i++; i == plies {
			i = 0
		}
	}
}
