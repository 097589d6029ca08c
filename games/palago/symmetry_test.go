package palago

import (
	"fmt"
	"testing"

	"github.com/tabula-games/tabula/hexgrid"
)

// openingClasses canonicalises every first move (docs/rules/palago.md#a-turn: t1 on (0,0) in each
// orientation, t2 on each neighbour in each orientation) under syms.
func openingClasses(syms []hexgrid.Symmetry) map[string][]Tile {
	classes := map[string][]Tile{}
	for o1 := range Orientation(3) {
		for k := range 6 {
			for o2 := range Orientation(3) {
				tiles := []Tile{{Cell{}, o1}, {dirs[k], o2}}
				c := Canonical(tiles, syms)
				classes[fmt.Sprint(c)] = c
			}
		}
	}
	return classes
}

// TestOpenings checks the rulebook's «Существует шесть возможных ходов,
// открывающих игру»: up to translation and the 6 colour-preserving
// symmetries there are exactly six openings, the spec's AB, AA, BB, AS,
// BS and SS, each represented by the spec's example ("Openings").
func TestOpenings(t *testing.T) {
	classes := openingClasses(ColourPreserving())
	if len(classes) != 6 {
		t.Fatalf("%d opening classes, want 6", len(classes))
	}
	reps := map[string]string{
		"AB": "(0,0):0 (1,-1):0", "AA": "(0,0):0 (1,-1):1", "BB": "(0,0):1 (1,-1):0",
		"AS": "(0,0):0 (0,1):2", "BS": "(0,0):0 (0,1):1", "SS": "(0,0):0 (0,1):0",
	}
	hit := map[string]string{}
	for name, rep := range reps {
		key := fmt.Sprint(Canonical(MustParseTiles(rep), ColourPreserving()))
		if _, ok := classes[key]; !ok {
			t.Errorf("%s (%s) is not an opening class", name, rep)
		}
		if other, dup := hit[key]; dup {
			t.Errorf("%s and %s are the same class", name, other)
		}
		hit[key] = name
	}
	// With the colour-swapping symmetries too, AA≅BB and AS≅BS: four classes.
	if n := len(openingClasses(AllSymmetries())); n != 4 {
		t.Errorf("%d opening classes up to colour swap, want 4", n)
	}
}

// TestCanonical checks that Canonical is invariant under every symmetry
// and translation, and that it tells the virus from the ring.
func TestCanonical(t *testing.T) {
	for _, sh := range shapes {
		want := Canonical(MustParseTiles(sh.tiles), AllSymmetries())
		for _, im := range images(MustParseTiles(sh.tiles)) {
			if got := Canonical(im.tiles, AllSymmetries()); fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("%s %s: canonical %v, want %v", sh.name, im.name, got, want)
			}
		}
	}
	a := Canonical(MustParseTiles(shapes[2].tiles), AllSymmetries())
	b := Canonical(MustParseTiles(shapes[3].tiles), AllSymmetries())
	if fmt.Sprint(a) == fmt.Sprint(b) {
		t.Error("worm a and worm b have the same canonical form")
	}
}
