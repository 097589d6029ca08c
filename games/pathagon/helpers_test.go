package pathagon_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// board returns the board field of position text with Light on the cells
// of light and Dark on those of dark (space-separated cell names).
func board(t *testing.T, light, dark string) string {
	t.Helper()
	var cells [pathagon.NumCells]byte
	for i := range cells {
		cells[i] = '.'
	}
	for ch, list := range map[byte]string{'L': light, 'D': dark} {
		for _, name := range strings.Fields(list) {
			c, ok := pathagon.ParseCell(name)
			if !ok {
				t.Fatalf("bad cell %q", name)
			}
			if cells[c] != '.' {
				t.Fatalf("cell %s used twice", c)
			}
			cells[c] = ch
		}
	}
	var ranks []string
	for r := 0; r < pathagon.Size; r++ {
		ranks = append(ranks, string(cells[r*pathagon.Size:(r+1)*pathagon.Size]))
	}
	return strings.Join(ranks, "/")
}

// position parses board(light, dark) followed by rest ("l 13 13 -,- -").
func position(t *testing.T, light, dark, rest string, values map[string]string) *pathagon.State {
	t.Helper()
	s, err := pathagon.ParsePosition(board(t, light, dark)+" "+rest, game.Options{Values: values})
	if err != nil {
		t.Fatalf("ParsePosition: %v", err)
	}
	return s
}

// play plays moves in notation and fails the test on any error.
func play(t *testing.T, s game.State, moves ...string) *pathagon.State {
	t.Helper()
	s, err := game.PlayAll(s, moves)
	if err != nil {
		t.Fatalf("PlayAll(%v): %v", moves, err)
	}
	return s.(*pathagon.State)
}

// tryPlay parses and plays one move.
func tryPlay(s game.State, move string) (game.State, error) {
	m, err := s.ParseMove(move)
	if err != nil {
		return nil, err
	}
	return s.Play(m)
}

// pieces lists the cells holding p's pieces, ascending index.
func pieces(s *pathagon.State, p game.Player) []string {
	var out []string
	for c := pathagon.Cell(0); c < pathagon.NumCells; c++ {
		if s.At(c) == p {
			out = append(out, c.String())
		}
	}
	return out
}

// removed lists the cells of p's pieces in before that are empty in after.
func removed(before, after *pathagon.State, p game.Player) string {
	var out []string
	for c := pathagon.Cell(0); c < pathagon.NumCells; c++ {
		if before.At(c) == p && after.At(c) == game.NoPlayer {
			out = append(out, c.String())
		}
	}
	return strings.Join(out, " ")
}

func moveStrings(s game.State) []string {
	var out []string
	for _, m := range s.LegalMoves(nil) {
		out = append(out, s.MoveString(m))
	}
	return out
}

func wantIllegal(t *testing.T, s game.State, move string) {
	t.Helper()
	_, err := tryPlay(s, move)
	if !errors.Is(err, game.ErrIllegalMove) {
		t.Fatalf("%s: got %v, want an error wrapping ErrIllegalMove", move, err)
	}
}
