package openings

import (
	"fmt"
	"maps"
	"slices"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// resultOf is a proven value as the book writes it: +1, 0 or -1.
func resultOf(v Value) int {
	switch v {
	case Win:
		return 1
	case Loss:
		return -1
	}
	return 0
}

// BookEntries turns proven rows into book entries: every position of each
// proving line with the line's move (the search proved the exact score of
// each), and, for a supply whose six openings are all proven, the start
// position with the best opening (a win before a draw before a loss, the
// fastest win, the slowest loss). Unknown rows give nothing.
func BookEntries(rows []Row) ([]palago.BookEntry, error) {
	var out []palago.BookEntry
	proven := map[int][]Row{}
	for _, r := range rows {
		if r.Value == Unknown {
			continue
		}
		proven[r.Tiles] = append(proven[r.Tiles], r)
		s, err := r.Opening.Position(r.Tiles)
		if err != nil {
			return nil, err
		}
		var st game.State = s
		moves := []string{r.Opening.Move}
		result, plies := resultOf(r.Value), r.Plies
		for _, m := range r.PV {
			text := st.MoveString(m)
			out = append(out, palago.BookEntry{Tiles: r.Tiles, Moves: append([]string(nil), moves...), Move: text, Result: result, Plies: plies})
			if st, err = st.Play(m); err != nil {
				return nil, fmt.Errorf("opening %s, %d tiles: proving line: %w", r.Opening.Name, r.Tiles, err)
			}
			moves = append(moves, text)
			result, plies = -result, plies-1
		}
	}
	for _, tiles := range slices.Sorted(maps.Keys(proven)) {
		rs := proven[tiles]
		if len(rs) != len(openings) {
			continue
		}
		best := rs[0]
		for _, r := range rs[1:] {
			if better(r, best) {
				best = r
			}
		}
		out = append(out, palago.BookEntry{Tiles: tiles, Move: best.Opening.Move, Result: resultOf(best.FirstValue()), Plies: 1 + best.Plies})
	}
	return out, nil
}

// better reports whether opening a is better than b for the first player.
func better(a, b Row) bool {
	va, vb := resultOf(a.FirstValue()), resultOf(b.FirstValue())
	switch {
	case va != vb:
		return va > vb
	case va > 0:
		return a.Plies < b.Plies
	case va < 0:
		return a.Plies > b.Plies
	}
	return false
}
