package ai_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// bookPosition plays an entry's moves turned by the rules' R^2 (a
// colour-preserving symmetry fixing (0,0)), so the lookup must see through
// the symmetry, with the given supply.
func bookPosition(t *testing.T, e palago.BookEntry, tiles int) *palago.State {
	t.Helper()
	g := palago.ColourPreserving()[1]
	var moves []string
	for _, m := range e.Moves {
		var tt []palago.Tile
		for _, x := range palago.MustParseTiles(m) {
			tt = append(tt, palago.MapTile(g, x))
		}
		moves = append(moves, palago.FormatTiles(tt, "+"))
	}
	s, err := palago.Info.ParsePosition("p1 "+strings.Join(moves, " "),
		game.Options{Values: map[string]string{palago.OptTiles: strconv.Itoa(tiles)}})
	if err != nil {
		t.Fatal(err)
	}
	return s.(*palago.State)
}

// TestMaxPlaysPalagoBook checks that bot:max plays the shipped book's move
// (no search: no nodes) in a proven position, won when the book has one,
// that the move is the book's up to the symmetry, and that the book does
// not apply with another supply or for a weaker level.
func TestMaxPlaysPalagoBook(t *testing.T) {
	book, err := palago.Book()
	if err != nil {
		t.Fatal(err)
	}
	var e palago.BookEntry
	for _, x := range book {
		if len(x.Moves) > 0 && (e.Move == "" || x.Result > e.Result) {
			e = x
		}
	}
	if e.Move == "" {
		t.Fatal("the book has no entry after the opening")
	}
	s := bookPosition(t, e, e.Tiles)
	bud := ai.Budget{Nodes: 3000}
	r, err := ai.NewBot(ai.Max, 1).Choose(context.Background(), s, bud)
	if err != nil {
		t.Fatal(err)
	}
	if r.Nodes != 0 || r.Mate != e.Result*e.Plies {
		t.Errorf("bot:max searched %d nodes (mate %d); want the book's move at once, mate %d", r.Nodes, r.Mate, e.Result*e.Plies)
	}
	// The move played leads to the book's tiles up to symmetry.
	next, err := s.Play(r.Move)
	if err != nil {
		t.Fatal(err)
	}
	want := palago.MustParseTiles(strings.Join(append(append([]string(nil), e.Moves...), e.Move), " "))
	got := next.(*palago.State).Board().Tiles()
	if a, b := palago.Canonical(got, palago.ColourPreserving()), palago.Canonical(want, palago.ColourPreserving()); palago.FormatTiles(a, " ") != palago.FormatTiles(b, " ") {
		t.Errorf("bot:max played %s, not the book's %s (up to symmetry)", s.MoveString(r.Move), e.Move)
	}
	// Another supply: the proof says nothing, so bot:max searches.
	other := bookPosition(t, e, e.Tiles+1)
	if r, err := ai.NewBot(ai.Max, 1).Choose(context.Background(), other, bud); err != nil || r.Nodes == 0 {
		t.Errorf("with %d tiles bot:max used the book of %d tiles (nodes %d, %v)", e.Tiles+1, e.Tiles, r.Nodes, err)
	}
	// bot:hard plays no book.
	if r, err := ai.NewBot(ai.Hard, 1).Choose(context.Background(), s, bud); err != nil || r.Nodes == 0 {
		t.Errorf("bot:hard used the book (nodes %d, %v)", r.Nodes, err)
	}
}

// TestMaxOpensProvenBest checks that with 12 tiles, where the book proves
// BB and SS lost for the first player, bot:max opens with the book's best
// opening (a proven draw) at once.
func TestMaxOpensProvenBest(t *testing.T) {
	s, err := palago.Info.New(game.Options{Values: map[string]string{palago.OptTiles: "12", palago.OptFirstPlayer: "p1"}})
	if err != nil {
		t.Fatal(err)
	}
	r, err := ai.NewBot(ai.Max, 1).Choose(context.Background(), s, ai.Budget{Nodes: 3000})
	if err != nil {
		t.Fatal(err)
	}
	next, err := s.Play(r.Move)
	if err != nil {
		t.Fatal(err)
	}
	got := palago.FormatTiles(palago.Canonical(next.(*palago.State).Board().Tiles(), palago.ColourPreserving()), " ")
	for _, lost := range []string{"(0,0):1+(1,-1):0", "(0,0):0+(0,1):0"} { // BB, SS
		if got == palago.FormatTiles(palago.Canonical(palago.MustParseTiles(lost), palago.ColourPreserving()), " ") {
			t.Errorf("bot:max opened %s, a proven loss with 12 tiles", s.MoveString(r.Move))
		}
	}
	if r.Nodes != 0 || r.Score != 0 {
		t.Errorf("bot:max searched %d nodes, score %v; want the book's proven draw", r.Nodes, r.Score)
	}
}
