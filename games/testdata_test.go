package games_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games"
)

// TestTestdataFormats checks that every game keeps its perft counts and
// golden playthroughs in the one format of each that game/gametest reads:
// testdata/perft.txt and at least one testdata/playthroughs/*.golden, and
// that its fuzz targets get seeds from them.
func TestTestdataFormats(t *testing.T) {
	for _, info := range games.All() {
		t.Run(info.ID, func(t *testing.T) {
			dir := filepath.Join(info.ID, "testdata")
			if _, err := os.Stat(dir); err != nil {
				t.Fatal(err)
			}
			if len(gametest.ReadPerft(t, filepath.Join(dir, "perft.txt"))) == 0 {
				t.Error("no perft counts")
			}
			files, err := filepath.Glob(filepath.Join(dir, "playthroughs", "*.golden"))
			if err != nil || len(files) == 0 {
				t.Fatalf("no golden playthroughs in %s (%v)", dir, err)
			}
			for _, f := range files {
				if pf := gametest.ReadPlaythrough(t, f); len(pf.Steps) < 2 {
					t.Errorf("%s: %d positions", f, len(pf.Steps))
				}
			}
			if len(gametest.SeedPositions(t, dir)) == 0 || len(gametest.SeedMoves(t, dir)) == 0 {
				t.Error("no fuzz seeds")
			}
		})
	}
}
