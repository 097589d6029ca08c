package server

import (
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/store"
)

// TestWriteMoves checks the numbering of a text record: by turn in a
// two-player game (docs/protocol.md: "1. d4 e5"), by ply otherwise, and
// that game.SplitRecord reads every form back to the same moves.
func TestWriteMoves(t *testing.T) {
	mv := func(seats ...int) []store.Move {
		out := make([]store.Move, len(seats))
		for i, s := range seats {
			out[i] = store.Move{Ply: i + 1, Seat: s, Text: string(rune('a' + i))}
		}
		return out
	}
	for _, tc := range []struct {
		name    string
		players int
		moves   []store.Move
		want    string
	}{
		{"alternating", 2, mv(0, 1, 0, 1, 0), "1. a b\n2. c d\n3. e\n"},
		{"seat 1 first", 2, mv(1, 0, 1), "1. a b\n2. c\n"},
		{"a seat moves twice", 2, mv(0, 1, 1, 0), "1. a b\n2... c\n3. d\n"},
		{"chance events stay in their turn", 2, mv(-2, 0, 1, -2, 0, 1), "1. a b c d\n2. e f\n"},
		{"no moves", 2, nil, ""},
		{"three players: by ply", 3, mv(0, 1, 2, 0), "1. a\n2. b\n3. c\n4. d\n"},
	} {
		var b strings.Builder
		writeMoves(&b, tc.players, tc.moves)
		if b.String() != tc.want {
			t.Errorf("%s: got %q, want %q", tc.name, b.String(), tc.want)
		}
		got := game.SplitRecord(b.String())
		if len(got) != len(tc.moves) {
			t.Errorf("%s: SplitRecord reads %q back", tc.name, got)
		}
		for i := range got {
			if got[i] != tc.moves[i].Text {
				t.Errorf("%s: SplitRecord reads %q back", tc.name, got)
				break
			}
		}
	}
}
