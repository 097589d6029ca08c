package palagonia

import (
	"maps"
	"math/rand/v2"
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
// close the worm (worth 3, docs/rules/palagonia.md#births-and-scoring), search considers only the closing tiles;
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
// and earlier tiles of an action never score alone), the legal moves stay,
// in order, but for the other orders of the same tiles (canonical): on the
// virus's last tile, the placements on (0,-1) and (-1,2), cells before the
// last tile's that touch the table without it, go.
func TestSearchMovesNothingScores(t *testing.T) {
	table, _ := withoutLast(virus, 1)
	s := pos(t, "place p2 dice=2+X left=1 placed=1 scores=0,0,0 bag=44 table="+table, nil)
	var want []string
	for _, m := range moveStrings(s) {
		if !strings.HasPrefix(m, "(0,-1):") && !strings.HasPrefix(m, "(-1,2):") {
			want = append(want, m)
		}
	}
	if got := searchStrings(s); !slices.Equal(got, want) || len(want) == len(moveStrings(s)) {
		t.Errorf("search moves %v, want %v", got, want)
	}
	table, _ = withoutLast(virus, 2)
	s = pos(t, "place p2 dice=2+X left=2 placed=0 scores=0,0,0 bag=45 table="+table, nil)
	if got, want := searchStrings(s), moveStrings(s); !slices.Equal(got, want) || len(scoringFirst(s.Mutable().(*State))) > 0 {
		t.Errorf("first of two tiles: search moves %v, want all legal moves %v", got, want)
	}
}

// TestSearchMovesFirstTilesThatScore: at the first tile of a number action
// (and every later one but the last), when some way to finish the action
// scores for the mover, search considers only the tiles that begin one;
// with a few hundred playouts, search found a 2- to 5-tile placement that
// closes a creature among thousands of orders in too few games (bot:hard
// scored nothing in 45 % of its 4-player games against random,
// docs/strength.md). The tiles kept are checked against every sequence of
// legal placements: from the worm two tiles short, and at every 2-tile
// action of random games.
func TestSearchMovesFirstTilesThatScore(t *testing.T) {
	table, last := withoutLast(worm, 2)
	s := pos(t, "place p2 dice=2+X left=2 placed=0 scores=0,0,0 bag=43 table="+table, nil)
	if got := searchStrings(s); !slices.Equal(got, last) {
		t.Errorf("worm two tiles short: search moves %v, want %v", got, last)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	checked, scoring := 0, 0
	for g := 0; g < 20; g++ {
		var st game.State
		st, _ = Info.New(game.Options{Players: 3})
		for st.ToMove() != game.NoPlayer {
			x := st.(*State)
			if x.phase == phasePlace && x.left == 2 && x.placed == 0 && x.board.Len() > 0 {
				m := x.Mutable().(*State)
				want := scoringFirst(m)
				got := game.SearchMoves(st, nil)
				if len(want) == 0 {
					want = st.LegalMoves(nil)
				} else {
					scoring++
				}
				if !slices.Equal(got, want) {
					t.Fatalf("%v: search moves %v, want %v", st, got, want)
				}
				checked++
			}
			moves := st.LegalMoves(nil)
			st, _ = st.Play(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d positions checked, %d with a scoring action", checked, scoring)
	if checked < 50 || scoring == 0 {
		t.Fatalf("%d positions checked, %d with a scoring action: too few", checked, scoring)
	}
}

// scoringFirst returns, in LegalMoves order, the placements after which
// some sequence of legal placements ends the action with the mover
// scoring, found by trying every sequence.
func scoringFirst(s *State) []game.Move {
	p := s.turn
	before := s.scores[p]
	var scores func() bool
	scores = func() bool {
		if s.phase != phasePlace {
			return s.scores[p] > before
		}
		for _, m := range s.LegalMoves(nil) {
			s.Apply(m)
			ok := scores()
			s.Undo()
			if ok {
				return true
			}
		}
		return false
	}
	var out []game.Move
	for _, m := range s.LegalMoves(nil) {
		s.Apply(m)
		if scores() {
			out = append(out, m)
		}
		s.Undo()
	}
	return out
}

// TestCanonicalKeepsEveryLayout: the tiles of an action may be laid in any
// order that keeps each touching the table (docs/rules/palagonia.md#actions); search keeps one order
// of each. From three positions, the layouts of a 2- and a 3-tile action
// reached through the canonical placements are exactly those reached
// through every legal placement, and fewer sequences reach them.
func TestCanonicalKeepsEveryLayout(t *testing.T) {
	wt, _ := withoutLast(worm, 3)
	vt, _ := withoutLast(virus, 2)
	for _, tc := range []struct{ name, text string }{
		{"worm, 3 tiles", "place p2 dice=3+X left=3 placed=0 scores=0,0,0 bag=44 table=" + wt},
		{"virus, 2 tiles", "place p2 dice=2+X left=2 placed=0 scores=0,0,0 bag=45 table=" + vt},
		{"two tiles, 3 to place", "place p1 dice=3+X left=3 placed=0 scores=0,0,0 bag=46 table=(0,0):0+(1,0):2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := pos(t, tc.text, nil).Mutable().(*State)
			all, allSeq := layouts(s, false)
			kept, keptSeq := layouts(s, true)
			if len(all) == 0 || !maps.Equal(all, kept) {
				t.Fatalf("%d layouts through canonical placements, %d through all", len(kept), len(all))
			}
			t.Logf("%d layouts: %d canonical sequences of %d", len(all), keptSeq, allSeq)
			if keptSeq >= allSeq {
				t.Errorf("%d canonical sequences, %d in all: nothing dropped", keptSeq, allSeq)
			}
		})
	}
}

// layouts returns the sets of tiles the current number action can end
// with (as sorted tile lists) and the number of placement sequences that
// reach them, taking every legal placement or only the canonical ones.
func layouts(s *State, canon bool) (map[string]bool, int) {
	out := map[string]bool{}
	seqs := 0
	var path []string
	var walk func()
	walk = func() {
		if s.phase != phasePlace {
			layout := slices.Clone(path)
			slices.Sort(layout)
			out[strings.Join(layout, " ")] = true
			seqs++
			return
		}
		moves := s.LegalMoves(nil)
		if canon && s.placed > 0 {
			moves = s.canonical(moves, 0)
		}
		for _, m := range moves {
			path = append(path, s.MoveString(m))
			s.Apply(m)
			walk()
			s.Undo()
			path = path[:len(path)-1]
		}
	}
	walk()
	return out, seqs
}
