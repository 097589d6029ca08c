package talat

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// mk builds a play-phase position from board diagrams in the position-text
// format (ranks 1 to 5 separated by "/"; an empty string is an empty
// board). Towers on no board simply do not exist, which rule tests about
// one board do not mind. Closed boards are computed, as after a move.
func mk(t testing.TB, palat bool, turn game.Player, boards [NumBoards]string) *State {
	t.Helper()
	s := &State{info: Info, palat: palat, turn: turn}
	for b, d := range boards {
		if d == "" {
			continue
		}
		ranks := strings.Split(d, "/")
		if len(ranks) != Size {
			t.Fatalf("mk: want 5 ranks in %q", d)
		}
		for r, rank := range ranks {
			col := 0
			for i := 0; i < len(rank) && col < Size; col++ {
				if rank[i] == '.' {
					i++
					continue
				}
				tw, ok := parseTower(rank[i : i+3])
				if !ok {
					t.Fatalf("mk: bad tower %q", rank[i:i+3])
				}
				s.cells[b][CellAt(r, col)] = uint8(tw) + 1
				i += 3
			}
		}
	}
	for b := range Board(NumBoards) {
		if open, _ := boardOpen(b, &s.cells[b]); !open {
			s.closed |= 1 << b
		}
	}
	s.hash = s.computeHash()
	return s
}

// moveTexts lists the legal moves in notation.
func moveTexts(s *State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, s.MoveString(m))
	}
	return out
}

// play plays moves in notation and fails the test on an error.
func play(t *testing.T, s game.State, moves ...string) *State {
	t.Helper()
	next, err := game.PlayAll(s, moves)
	if err != nil {
		t.Fatalf("play %v: %v\nposition: %s", moves, err, next)
	}
	return next.(*State)
}

func legal(s *State, move string) bool {
	return slices.Contains(moveTexts(s), move)
}

func newGame(t *testing.T, variant, first string) *State {
	t.Helper()
	s, err := Info.New(game.Options{Variant: variant, Values: map[string]string{"firstPlayer": first}})
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}
