package ai_test

import (
	"context"
	"testing"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
)

// TestMaxPlaysAbaloneBook checks that bot:max plays the shipped opening
// book's move at each layout's start without searching, reporting no
// nodes and no mate (the book proves nothing), that it searches out of
// the book and with the book switched off, and that the weaker levels
// never use it.
func TestMaxPlaysAbaloneBook(t *testing.T) {
	book, err := abalone.ShippedBook()
	if err != nil {
		t.Fatal(err)
	}
	bud := ai.Budget{Depth: 2}
	ctx := context.Background()
	for _, layout := range abalone.Info.Variants {
		st, err := abalone.Info.New(game.Options{Variant: layout})
		if err != nil {
			t.Fatal(err)
		}
		start := st.(*abalone.State)
		want, score, _, ok := book.LookUp(start)
		if !ok {
			// A layout without a book (German daisy): bot:max searches.
			if r, err := ai.NewBot(ai.Max, 1).Choose(ctx, start, bud); err != nil || r.Nodes == 0 {
				t.Errorf("%s: no book, yet bot:max searched no nodes (%v)", layout, err)
			}
			continue
		}
		r, err := ai.NewBot(ai.Max, 1).Choose(ctx, start, bud)
		if err != nil {
			t.Fatal(err)
		}
		if r.Move != want || r.Nodes != 0 || r.Mate != 0 || r.Score != float64(score)/10000 {
			t.Errorf("%s: bot:max played %s (nodes %d, mate %d, score %v); want the book's %s with no nodes, no mate, score %v",
				layout, start.MoveString(r.Move), r.Nodes, r.Mate, r.Score, start.MoveString(want), float64(score)/10000)
		}
		off := ai.NewBot(ai.Max, 1)
		o := off.Options()
		o.NoBook = true
		off.SetOptions(o)
		if r, err := off.Choose(ctx, start, bud); err != nil || r.Nodes == 0 {
			t.Errorf("%s: bot:max with NoBook used the book (nodes %d, %v)", layout, r.Nodes, err)
		}
		for _, l := range []ai.Level{ai.Easy, ai.Medium, ai.Hard} {
			if r, err := ai.NewBot(l, 1).Choose(ctx, start, bud); err != nil || r.Nodes == 0 {
				t.Errorf("%s: %s used the book (nodes %d, %v)", layout, l, r.Nodes, err)
			}
		}
		// Out of the book: the first legal move that leaves it.
		var out game.State
		for _, m := range start.LegalMoves(nil) {
			next, err := start.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, _, ok := book.LookUp(next.(*abalone.State)); !ok {
				out = next
				break
			}
		}
		if out == nil {
			t.Fatalf("%s: every reply to the start is in the book", layout)
		}
		if r, err := ai.NewBot(ai.Max, 1).Choose(ctx, out, bud); err != nil || r.Nodes == 0 {
			t.Errorf("%s: bot:max played %s out of the book without searching (%v)", layout, out.MoveString(r.Move), err)
		}
	}
}
