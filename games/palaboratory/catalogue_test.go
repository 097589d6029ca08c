package palaboratory

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/games/palago"
)

// TestCatalogue is the catalogue acceptance of docs/rules/palaboratory.md#the-fewest-moves, item by item.
func TestCatalogue(t *testing.T) {
	cards := Cards()
	// Item 1 (docs/rules/palaboratory.md#the-cards, docs/rules/palaboratory.md#an-authored-catalogue, docs/rules/palaboratory.md#tile-counts): tile counts, one creature, every tile
	// in it; no two cards congruent.
	for _, c := range cards {
		t.Run(fmt.Sprintf("D.1/%02d-%s", c.Number, c.Name), func(t *testing.T) {
			if err := CheckCard(c.Tiles, Size(c.Number)); err != nil {
				t.Error(err)
			}
		})
	}
	t.Run("D.1/distinct", func(t *testing.T) {
		seen := map[string]string{}
		for _, c := range cards {
			k := palago.FormatTiles(palago.Canonical(c.Tiles, palago.AllSymmetries()), " ")
			if other, ok := seen[k]; ok {
				t.Errorf("%s and %s are congruent", c.Name, other)
			}
			seen[k] = c.Name
		}
	})
	// Cards 1 and 2 are the spec's test shapes (docs/rules/palaboratory.md#an-authored-catalogue); the search's worm
	// came out as the spec's straight worm b (docs/rules/palaboratory.md#the-cards "Fixing R").
	t.Run("L1/test-shapes", func(t *testing.T) {
		for i, text := range []string{virusText, ringText, wormBText} {
			all := palago.AllSymmetries()
			if !slices.Equal(palago.Canonical(cards[i].Tiles, all), palago.Canonical(palago.MustParseTiles(text), all)) {
				t.Errorf("card %d is not the spec's %s", i+1, cards[i].Name)
			}
		}
	})
	// Item 2: minMoves(card 1 → card 2) = 2, one tile added.
	t.Run("D.3/item2", func(t *testing.T) {
		sol, err := Solve(cards[0].Tiles, cards[1].Tiles)
		if err != nil || sol.Moves != 2 || sol.Added != 1 {
			t.Errorf("virus → ring: %d moves, %d added, %v; want 2, 1", sol.Moves, sol.Added, err)
		}
	})
	// Item 3: the 12 published rows.
	for _, tk := range ExtraTasks() {
		s, d := &cards[tk.From-1], &cards[tk.To-1]
		t.Run(fmt.Sprintf("D.3/item3/%s-%s", s.Name, d.Name), func(t *testing.T) {
			sol, err := Solve(s.Tiles, d.Tiles)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Moves != tk.Moves || sol.Added != tk.Added {
				t.Errorf("%v → %v: ↔ %d Δ %d, the rulebook says ↔ %d Δ %d", s, d, sol.Moves, sol.Added, tk.Moves, tk.Added)
			}
			checkSolution(t, s.Tiles, d.Tiles, sol)
		})
	}
	// Item 4: each green number is the computed card-to-card minimum; the
	// game's par agrees with it.
	for n := 2; n <= NumCards; n++ {
		t.Run(fmt.Sprintf("D.3/item4/%d-%d", n-1, n), func(t *testing.T) {
			sol, err := Solve(cards[n-2].Tiles, cards[n-1].Tiles)
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, cards[n-2].Tiles, cards[n-1].Tiles, sol)
			if got := GreenNumber(n); got != sol.Moves {
				t.Errorf("GreenNumber(%d) = %d, solver %d", n, got, sol.Moves)
			}
		})
	}
	t.Run("CheckCatalogue", func(t *testing.T) {
		r := CheckCatalogue(cards)
		for _, p := range r.Problems {
			t.Error(p)
		}
		if len(r.Steps) != NumCards-1 || len(r.Extra) != 12 {
			t.Errorf("report has %d steps and %d extra rows", len(r.Steps), len(r.Extra))
		}
	})
}

// TestCheckCatalogueCatches breaks the catalogue in each way the
// acceptance check must notice.
func TestCheckCatalogueCatches(t *testing.T) {
	tests := []struct {
		name   string
		break_ func(cards []Card)
		want   string
	}{
		{"two cards swapped", func(c []Card) { c[9].Tiles, c[10].Tiles = c[10].Tiles, c[9].Tiles }, "rulebook says"},
		{"a card copied", func(c []Card) { c[11].Tiles = c[10].Tiles }, "congruent"},
		{"a tile missing", func(c []Card) { c[4].Tiles = c[4].Tiles[1:] }, "tiles, want"},
		{"a stray tile", func(c []Card) {
			c[0].Tiles = append(slices.Clone(c[0].Tiles[:4]), palago.Tile{Cell: palago.Cell{Q: 9, R: 9}})
		}, "creatures, want exactly 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cards := Cards()
			tc.break_(cards)
			r := CheckCatalogue(cards)
			if r.OK() || !strings.Contains(strings.Join(r.Problems, "\n"), tc.want) {
				t.Errorf("problems %q, want one containing %q", r.Problems, tc.want)
			}
		})
	}
}

func TestCheckCard(t *testing.T) {
	tests := []struct {
		name  string
		tiles string
		n     int
		ok    bool
	}{
		{"virus", virusText, 5, true},
		{"ring", ringText, 6, true},
		{"worm a", wormAText, 7, true},
		{"worm b", wormBText, 7, true},
		{"eye is no creature", "(0,0):0 (1,-1):1 (1,0):2", 3, false},
		{"virus plus a loose tile", virusText + " (1,0):0", 6, false},
		{"wrong count", virusText, 6, false},
		{"two tiles on a cell", "(0,0):0 (0,0):1", 2, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckCard(palago.MustParseTiles(tc.tiles), tc.n)
			if tc.ok && err != nil {
				t.Error(err)
			}
			if !tc.ok && !errors.Is(err, ErrNotCard) {
				t.Errorf("CheckCard = %v, want ErrNotCard", err)
			}
		})
	}
}

func TestCardByName(t *testing.T) {
	cards := Cards()
	for _, tc := range []struct {
		name string
		want int
	}{{"1", 1}, {"№12", 12}, {"Worm", 3}, {"пала-кобра", 9}, {"cyclist", 11}, {"13", 0}, {"dragon", 0}} {
		c, ok := CardByName(cards, tc.name)
		switch {
		case tc.want == 0 && ok:
			t.Errorf("CardByName(%q) = %v, want none", tc.name, c)
		case tc.want != 0 && (!ok || c.Number != tc.want):
			t.Errorf("CardByName(%q) = %v, %v; want card %d", tc.name, c, ok, tc.want)
		}
	}
}
