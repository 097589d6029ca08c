package talat_test

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/talat"
)

// playthrough plays a game with moves drawn by a seeded generator and
// writes, ply by ply, the position text, every legal move in order, the
// move played and the result so far; it also returns the moves played.
func playthrough(t *testing.T, variant string, seed uint64) (text string, record []string, final game.State) {
	t.Helper()
	// firstPlayer is left random, so the seed also draws the first seat.
	s, err := talat.Info.New(game.Options{Variant: variant, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x74616c6174))
	var b strings.Builder
	fmt.Fprintf(&b, "# %s, Options.Seed %d, moves drawn by PCG(%d, 0x74616c6174); regenerate with go test ./games/talat -run Playthrough -update\n", variant, seed, seed)
	for ply := 0; ; ply++ {
		moves := s.LegalMoves(nil)
		fmt.Fprintf(&b, "ply %d\nposition %s\nmoves %d", ply, s, len(moves))
		for _, m := range moves {
			fmt.Fprintf(&b, " %s", s.MoveString(m))
		}
		b.WriteByte('\n')
		if o, over := s.Outcome(); over {
			fmt.Fprintf(&b, "result %s\n", o.Describe(talat.Info))
			return b.String(), record, s
		}
		b.WriteString("result -\n")
		if len(moves) == 0 {
			t.Fatalf("ply %d: no moves but the game is not over", ply)
		}
		m := moves[rng.IntN(len(moves))]
		fmt.Fprintf(&b, "play %s\n", s.MoveString(m))
		record = append(record, s.MoveString(m))
		if s, err = s.Play(m); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
}

// TestPlaythroughs compares seeded random games of Talat and Palat, ply by
// ply, with testdata/playthroughs/*.golden: any change in the move
// generator, its order, the notation, the position text, the closing of
// boards or the scoring shows. Regenerate with -update after an intended
// change. It also replays each game from its record in notation.
func TestPlaythroughs(t *testing.T) {
	for _, tc := range []struct {
		variant string
		seed    uint64
	}{
		{talat.VariantTalat, 1},
		{talat.VariantPalat, 1},
	} {
		t.Run(tc.variant, func(t *testing.T) {
			got, record, final := playthrough(t, tc.variant, tc.seed)
			gametest.Golden(t, filepath.Join("testdata", "playthroughs", fmt.Sprintf("%s-%d.golden", tc.variant, tc.seed)), got)
			start, err := talat.Info.New(game.Options{Variant: tc.variant, Seed: tc.seed})
			if err != nil {
				t.Fatal(err)
			}
			replayed, err := game.PlayAll(start, record)
			if err != nil {
				t.Fatal(err)
			}
			if replayed.String() != final.String() || replayed.Hash() != final.Hash() {
				t.Fatalf("replaying the record gives %s, want %s", replayed, final)
			}
		})
	}
}
