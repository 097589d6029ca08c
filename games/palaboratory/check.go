package palaboratory

import (
	"fmt"
	"slices"

	"github.com/tabula-games/tabula/games/palago"
)

// Row is one line of the catalogue check: a transformation, what the
// solver computes and, for the rulebook's rows, what the rulebook says.
type Row struct {
	From, To       *Card
	Moves, Added   int // computed: minMoves and |T| − |S|
	Want, WantAdd  int // published; -1 where the catalogue defines the number
	Published, Bad bool
}

// Report is the result of CheckCatalogue: the card-to-card steps (the
// green numbers), the 12 published rows
// and every problem found.
type Report struct {
	Steps    []Row // card n−1 → n for n = 2..12
	Extra    []Row // the rulebook's 12 extra tasks
	Problems []string
}

// OK reports whether the catalogue passed every acceptance item.
func (r *Report) OK() bool { return len(r.Problems) == 0 }

// CheckCatalogue verifies the catalogue (docs/rules/palaboratory.md#an-authored-catalogue):
//  1. every card is valid (tile count, exactly one creature, every tile
//     in it) and no two cards are congruent;
//  2. minMoves(card 1 → card 2) = 2;
//  3. each of the 12 published rows has minMoves = ↔ and the count
//     difference = Δ;
//  4. the green number of card n ≥ 2 is minMoves(card n−1 → card n); the
//     catalogue defines it (Par) and the report lists it.
func CheckCatalogue(cards []Card) *Report {
	r := &Report{}
	bad := func(format string, args ...any) { r.Problems = append(r.Problems, fmt.Sprintf(format, args...)) }
	if len(cards) != NumCards {
		bad("%d cards, want %d", len(cards), NumCards)
		return r
	}
	canon := make([][]palago.Tile, len(cards))
	for i := range cards {
		c := &cards[i]
		if c.Number != i+1 {
			bad("card %d is numbered %d", i+1, c.Number)
		}
		if err := CheckCard(c.Tiles, Size(i+1)); err != nil {
			bad("%v: %v", c, err)
		}
		canon[i] = palago.Canonical(c.Tiles, palago.AllSymmetries())
		for j := range i {
			if slices.Equal(canon[i], canon[j]) {
				bad("%v and %v are congruent", c, &cards[j])
			}
		}
	}
	row := func(from, to, want, wantAdd int) Row {
		s, t := &cards[from-1], &cards[to-1]
		x := Row{From: s, To: t, Want: want, WantAdd: wantAdd, Published: want >= 0}
		n, err := MinMoves(s.Tiles, t.Tiles)
		if err != nil {
			bad("%v → %v: %v", s, t, err)
		}
		x.Moves, x.Added = n, len(t.Tiles)-len(s.Tiles)
		if want >= 0 && (x.Moves != want || x.Added != wantAdd) {
			x.Bad = true
			bad("%v → %v: %d moves and %d added, the rulebook says %d and %d", s, t, x.Moves, x.Added, want, wantAdd)
		}
		return x
	}
	for n := 2; n <= NumCards; n++ {
		want, wantAdd := -1, -1
		if n == 2 {
			want, wantAdd = CardToCardPar, 1
		}
		r.Steps = append(r.Steps, row(n-1, n, want, wantAdd))
	}
	for _, tk := range ExtraTasks() {
		r.Extra = append(r.Extra, row(tk.From, tk.To, tk.Moves, tk.Added))
	}
	return r
}
