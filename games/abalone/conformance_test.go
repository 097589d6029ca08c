package abalone

import (
	"math/rand/v2"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// conformanceOptions turn off the two end rules that depend on history
// (repetitionDraw, plyCap) and set marblesToWin=1, so random games end by
// push-off and the kit sees many finished games of that kind; the default
// options run too, where random games mostly end at the ply cap.
func conformanceOptions(variant string) game.Options {
	return game.Options{Variant: variant, Values: map[string]string{
		OptRepetitionDraw: "false", OptPlyCap: "0", OptMarblesToWin: "1",
	}}
}

// conformanceMaxPlies bounds the seeded random games; with marblesToWin=1
// they end by push-off after a few hundred plies at most.
const conformanceMaxPlies = 5000

func TestConformance(t *testing.T) {
	for _, v := range Info.Variants {
		t.Run(v, func(t *testing.T) {
			gametest.Run(t, Info, gametest.Config{
				Options:       conformanceOptions(v),
				Playouts:      5,
				MaxPlies:      conformanceMaxPlies,
				MovesPerState: 8,
			})
		})
		t.Run(v+"/default-options", func(t *testing.T) {
			gametest.Run(t, Info, gametest.Config{
				Options:       game.Options{Variant: v},
				Playouts:      2,
				MaxPlies:      conformanceMaxPlies,
				MovesPerState: 8,
			})
		})
	}
}

// TestApplyUndo plays random games on the Mutable path and checks at every
// ply that the incremental hash equals one computed from scratch, that Apply
// matches Play, and that undoing the whole game restores the start exactly.
func TestApplyUndo(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 0))
	for _, v := range Info.Variants {
		for _, opts := range []game.Options{{Variant: v}, conformanceOptions(v)} {
			start, err := Info.New(opts)
			if err != nil {
				t.Fatal(err)
			}
			mut := start.(*State).Mutable().(*State)
			played := start.(*State)
			var texts []string
			var hashes []uint64
			var moves []game.Move
			for mut.ToMove() != game.NoPlayer {
				texts, hashes = append(texts, mut.String()), append(hashes, mut.Hash())
				ms := mut.LegalMoves(nil)
				m := ms[rng.IntN(len(ms))]
				moves = append(moves, m)
				mut.Apply(m)
				next, err := played.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				played = next.(*State)
				if mut.Hash() != mut.computeHash() {
					t.Fatalf("%s ply %d: incremental hash %#x, from scratch %#x", v, len(moves), mut.Hash(), mut.computeHash())
				}
				if mut.String() != played.String() || mut.Hash() != played.Hash() || mut.res != played.res {
					t.Fatalf("%s ply %d: Apply gives %s, Play gives %s", v, len(moves), mut, played)
				}
				// One step back and forth at every ply.
				mut.Undo()
				if mut.String() != texts[len(texts)-1] || mut.Hash() != hashes[len(hashes)-1] {
					t.Fatalf("%s ply %d: Undo gives %s, want %s", v, len(moves), mut, texts[len(texts)-1])
				}
				mut.Apply(m)
			}
			o, _ := mut.Outcome()
			t.Logf("%s %v: %d plies, %s", v, opts.Values, len(moves), o.Describe(Info))
			for i := len(moves) - 1; i >= 0; i-- {
				mut.Undo()
				if mut.String() != texts[i] || mut.Hash() != hashes[i] {
					t.Fatalf("%s: undoing to ply %d gives %s %#x, want %s %#x", v, i, mut, mut.Hash(), texts[i], hashes[i])
				}
				if mut.ToMove() == game.NoPlayer {
					t.Fatalf("%s: undone position at ply %d is over", v, i)
				}
			}
			if mut.ply != 0 || len(mut.stack) != 0 {
				t.Fatalf("%s: after undoing everything ply=%d, stack=%d", v, mut.ply, len(mut.stack))
			}
		}
	}
}

// TestMutableIsPrivate checks that Apply on a Mutable copy leaves the state
// it came from alone.
func TestMutableIsPrivate(t *testing.T) {
	s := mustParse(t, layouts["standard"])
	before, h := s.String(), s.Hash()
	mut := s.Mutable()
	mut.Apply(mut.LegalMoves(nil)[0])
	if s.String() != before || s.Hash() != h || len(s.hist) != 1 {
		t.Fatalf("Apply on a Mutable changed its source: %s", s)
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, text := range layouts {
		f.Add(text)
	}
	f.Add("...../....../......./......../....b..../......../......./....../..... b 0 0")
	f.Add("...../....../......./......../......bbw/......../......./....../..... w 3 5")
	f.Add("wwwww/wwwwww/..www../......../........./......../......./....../bbbbb b 6 0")
	f.Add(" ...../....../......./......../........./......../......./....../..... b 0 0 ")
	f.Add("x")
	for _, seed := range gametest.SeedPositions(f, "testdata") { // the positions of testdata (perft and playthroughs)
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gametest.FuzzPosition(t, Info, game.Options{}, text)
	})
}

func FuzzParseMove(f *testing.F) {
	pos := []string{
		layouts["standard"],
		layouts["belgian-daisy"],
		"...../....../......./......../......bbw/......../......./....../..... b 0 0",
		"...../....../......./......../........./......../......./bbbw.w/..... b 0 0",
	}
	var states []game.State
	for _, p := range pos {
		s, err := Info.ParsePosition(p, game.Options{})
		if err != nil {
			f.Fatal(err)
		}
		states = append(states, s)
	}
	for _, m := range []string{"a1b2", "C5C3D6", "c3c5d4", "e7e8", "b1b2", "i5h5", "a1", "a0b1", " b6c7 ", "c3c4c5", "zz99zz"} {
		for i := range states {
			f.Add(uint8(i), m)
		}
	}
	for k, seed := range gametest.SeedMoves(f, "testdata") { // the moves of the golden playthroughs
		f.Add(uint8(k), seed)
	}
	f.Fuzz(func(t *testing.T, i uint8, text string) {
		gametest.FuzzMove(t, states[int(i)%len(states)], text)
	})
}
