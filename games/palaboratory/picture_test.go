package palaboratory

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/palago"
)

func TestPicture(t *testing.T) {
	got := Picture(palago.MustParseTiles(virusText))
	want := " 1\n0 0\n 0 2\n"
	if got != want {
		t.Errorf("Picture(virus) =\n%s\nwant\n%s", got, want)
	}
}

// TestCardsGolden keeps the catalogue's pictures and numbers in
// testdata/cards.golden (regenerate with -update); docs/palaboratory.md
// shows the same pictures.
func TestCardsGolden(t *testing.T) {
	var b strings.Builder
	for _, c := range Cards() {
		fmt.Fprintf(&b, "%d %s (%s), %d tiles", c.Number, c.Name, c.Russian, len(c.Tiles))
		if c.Number > 1 {
			fmt.Fprintf(&b, ", green number %d", GreenNumber(c.Number))
		}
		fmt.Fprintf(&b, "\n%s\n%s\n", palago.FormatTiles(c.Tiles, " "), Picture(c.Tiles))
	}
	gametest.Golden(t, filepath.Join("testdata", "cards.golden"), b.String())
}
