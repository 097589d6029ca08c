package tictactoe_test

import (
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// TestPerft checks every count of testdata/perft.txt with game.Perft, with
// game.SlowPerft through Play, with the Mutable fast path, and the counts
// citing "naive" with naivePerft.
func TestPerft(t *testing.T) {
	gametest.CheckPerft(t, tictactoe.Info, "testdata/perft.txt", gametest.PerftConfig{
		SlowMax: 1 << 20,
		Naive:   func(s game.State, c gametest.PerftCase) uint64 { return naivePerft(s.String(), c.Depth) },
	})
}

// naivePerft counts the move sequences of the given length from a position
// text, straight from the rules: a move fills an empty cell with the
// mover's letter, and nobody moves once a line is complete or the board
// is full. It reads the text itself and shares no code with the engine.
func naivePerft(position string, depth int) uint64 {
	board, side, _ := strings.Cut(position, " ")
	cells := []byte(board)
	var count func(mover byte, depth int) uint64
	count = func(mover byte, depth int) uint64 {
		if naiveLine(cells) || !strings.Contains(string(cells), ".") {
			return 0
		}
		var n uint64
		for i, c := range cells {
			if c != '.' {
				continue
			}
			if depth == 1 {
				n++
				continue
			}
			cells[i] = mover
			n += count('x'+'o'-mover, depth-1)
			cells[i] = '.'
		}
		return n
	}
	return count(side[0], depth)
}

// naiveLine reports whether some row, column or diagonal holds three equal
// marks.
func naiveLine(c []byte) bool {
	three := func(a, b, d int) bool { return c[a] != '.' && c[a] == c[b] && c[b] == c[d] }
	for i := 0; i < 3; i++ {
		if three(3*i, 3*i+1, 3*i+2) || three(i, i+3, i+6) {
			return true
		}
	}
	return three(0, 4, 8) || three(2, 4, 6)
}

// TestGameCount plays every game to its end: 255,168 games, the count
// published for tic-tac-toe, of which 131,184 are won by x, 77,904 by o
// and 46,080 drawn.
func TestGameCount(t *testing.T) {
	var won [2]int
	draws := 0
	var walk func(s game.State)
	walk = func(s game.State) {
		if o, over := s.Outcome(); over {
			if o.IsDraw() {
				draws++
			} else {
				won[o.Winners[0]]++
			}
			return
		}
		for _, m := range s.LegalMoves(nil) {
			next, err := s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			walk(next)
		}
	}
	walk(tictactoe.New())
	if won != [2]int{131184, 77904} || draws != 46080 {
		t.Errorf("x wins %d, o wins %d, draws %d; want 131184, 77904, 46080", won[0], won[1], draws)
	}
}
