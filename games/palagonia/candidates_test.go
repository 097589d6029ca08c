package palagonia

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

func searchStrings(s game.State) []string {
	var out []string
	for _, m := range game.SearchMoves(s, nil) {
		out = append(out, s.MoveString(m))
	}
	return out
}

// TestSearchMovesKeepScoringTiles: on the last tile of an action that can
// close the worm (worth 3, §C.5), search considers only the closing tiles;
// the immutable state and a Mutable copy agree.
func TestSearchMovesKeepScoringTiles(t *testing.T) {
	table, last := withoutLast(worm, 1)
	n := len(strings.Fields(worm)) - 1
	s := pos(t, "place p2 dice=2+X left=1 placed=1 scores=0,0,0 bag="+itoa(48-n)+" table="+table, nil)
	got := searchStrings(s)
	if !slices.Equal(got, []string{last[0]}) {
		t.Fatalf("search moves %v, want only the closing tile %s", got, last[0])
	}
	if all := moveStrings(s); len(all) <= len(got) {
		t.Fatalf("legal moves %v: the test needs other placements", all)
	}
	if mg := searchStrings(s.Mutable()); !slices.Equal(mg, got) {
		t.Errorf("a Mutable copy's search moves %v, want %v", mg, got)
	}
	m := s.Mutable().(*State)
	before := m.String()
	_ = m.SearchMoves(nil)
	if m.String() != before {
		t.Errorf("SearchMoves changed the Mutable copy:\n%s\n%s", before, m)
	}
}

// TestSearchMovesNothingScores: when no move scores (the virus is worth 1,
// and earlier tiles of an action never score alone), every legal move
// stays, in order.
func TestSearchMovesNothingScores(t *testing.T) {
	table, _ := withoutLast(virus, 1)
	s := pos(t, "place p2 dice=2+X left=1 placed=1 scores=0,0,0 bag=44 table="+table, nil)
	if got, want := searchStrings(s), moveStrings(s); !slices.Equal(got, want) {
		t.Errorf("search moves %v, want all legal moves %v", got, want)
	}
	table, _ = withoutLast(worm, 2)
	s = pos(t, "place p2 dice=2+X left=2 placed=0 scores=0,0,0 bag=43 table="+table, nil)
	if got, want := searchStrings(s), moveStrings(s); !slices.Equal(got, want) {
		t.Errorf("first of two tiles: search moves %v, want all legal moves %v", got, want)
	}
}
