package palagonia_test

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/game/ui/uitest"
	"github.com/tabula-games/tabula/games/palagonia"
)

// TestUI: every legal move of random games (chance moves included), solo
// and with 3 and 5 players, under both rotation rules, has a form that
// leads back to it.
func TestUI(t *testing.T) {
	for _, players := range []int{1, 3, 5} {
		for _, rot := range []string{"newOnly", "mergeOnly"} {
			t.Run(strconv.Itoa(players)+"/"+rot, func(t *testing.T) {
				o := game.Options{Players: players, Values: map[string]string{palagonia.OptRotationScoring: rot}}
				uitest.Run(t, palagonia.Info, uitest.Config{Options: o, Games: 2, MaxPlies: 400, Seed: uint64(players)})
			})
		}
	}
}

// TestUISheet: along random games to the end, the score sheet the
// position form carries adds up to every seat's score after every move,
// each creature on it scored at least the minimum, a creature shared with
// and the sheet only grows.
func TestUISheet(t *testing.T) {
	for _, players := range []int{1, 3, 4, 5} {
		for _, rot := range []string{"newOnly", "mergeOnly"} {
			o := game.Options{Players: players, Values: map[string]string{palagonia.OptRotationScoring: rot}}
			rng := rand.New(rand.NewPCG(uint64(players), 7))
			scored := 0
			// Random play seldom closes a creature worth 3: play on until a few
			// scored (the seeds are fixed, so the run is the same each time).
			for g := 0; g < 3 || (scored < 3 && g < 60); g++ {
				st, err := palagonia.Info.New(o)
				if err != nil {
					t.Fatal(err)
				}
				prev := 0
				for ply := 0; ; ply++ {
					pos := st.(ui.Describer).UIPosition()
					n := 0
					for seat, sheet := range pos.Sheet {
						sum := 0
						for _, e := range sheet {
							sum += e.Creature.Points
							if e.Creature.Points < palagonia.MinPoints || e.Creature.Shells+e.Creature.Limbs != e.Creature.Points || e.Ply < 1 || e.Ply > ply {
								t.Fatalf("%d players %s game %d ply %d: seat %d sheet entry %+v", players, rot, g, ply, seat, e)
							}
						}
						n += len(sheet)
						if sum != pos.Scores[seat] {
							t.Fatalf("%d players %s game %d ply %d: seat %d sheet adds up to %d, score %d (%s)", players, rot, g, ply, seat, sum, pos.Scores[seat], st)
						}
					}
					if n < prev {
						t.Fatalf("ply %d: the sheet shrank from %d to %d", ply, prev, n)
					}
					prev = n
					legal := st.LegalMoves(nil)
					if len(legal) == 0 {
						break
					}
					if st, err = st.Play(legal[rng.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
				scored += prev
			}
			if scored == 0 {
				t.Errorf("%d players %s: no creature scored in 60 games; the sheet went untested", players, rot)
			}
		}
	}
}
