// Package testgames holds small games with known theory for testing the
// search code without depending on the real games: tic-tac-toe (two
// players, with every optional fast path) and Nim (no fast path at all).
package testgames

import (
	"fmt"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// TicTacToe returns the description of tic-tac-toe. Cells are numbered 0..8
// row by row; the move text is the cell digit. Position text: nine of
// "x", "o", "." then the side to move, for example "x.o.x.... o".
func TicTacToe() *game.Info {
	info := &game.Info{ID: "tictactoe", Title: "Tic-tac-toe", MinPlayers: 2, MaxPlayers: 2, DefaultPlayers: 2,
		PlayerNames: []string{"x", "o"}, Variants: []string{"standard"}}
	info.New = func(o game.Options) (game.State, error) {
		if _, err := info.Check(o); err != nil {
			return nil, err
		}
		return &TTT{info: info}, nil
	}
	info.ParsePosition = func(text string, o game.Options) (game.State, error) {
		if _, err := info.Check(o); err != nil {
			return nil, err
		}
		bad := &game.ParseError{Game: "tictactoe", What: "position", Input: text, Offset: -1, Msg: "want 9 cells and the side to move"}
		f := strings.Fields(text)
		if len(f) != 2 || len(f[0]) != 9 || (f[1] != "x" && f[1] != "o") {
			return nil, bad
		}
		s := &TTT{info: info}
		for i, c := range f[0] {
			switch c {
			case 'x':
				s.b[i] = 1
			case 'o':
				s.b[i] = 2
			case '.':
			default:
				return nil, bad
			}
		}
		if f[1] == "o" {
			s.turn = 1
		}
		return s, nil
	}
	return info
}

// TTT is a tic-tac-toe position with the Mutable, Evaluator and Noisy fast
// paths. Noisy moves are those that win at once or stop the opponent's
// immediate win.
type TTT struct {
	info *game.Info
	b    [9]int8 // 0 empty, 1 x, 2 o
	turn int8
	undo []int8 // cells applied, for Undo
}

var (
	_ game.State     = (*TTT)(nil)
	_ game.Mutable   = (*TTT)(nil)
	_ game.Evaluator = (*TTT)(nil)
)

var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func (s *TTT) Info() *game.Info { return s.info }
func (s *TTT) NumPlayers() int  { return 2 }

func (s *TTT) winner() int8 {
	for _, l := range lines {
		if c := s.b[l[0]]; c != 0 && c == s.b[l[1]] && c == s.b[l[2]] {
			return c
		}
	}
	return 0
}

func (s *TTT) full() bool {
	for _, c := range s.b {
		if c == 0 {
			return false
		}
	}
	return true
}

func (s *TTT) ToMove() game.Player {
	if s.winner() != 0 || s.full() {
		return game.NoPlayer
	}
	return game.Player(s.turn)
}

func (s *TTT) LegalMoves(dst []game.Move) []game.Move {
	if s.ToMove() == game.NoPlayer {
		return dst
	}
	for i, c := range s.b {
		if c == 0 {
			dst = append(dst, game.Move(i))
		}
	}
	return dst
}

func (s *TTT) Play(m game.Move) (game.State, error) {
	if s.ToMove() == game.NoPlayer {
		return nil, fmt.Errorf("tictactoe: %w", game.ErrGameOver)
	}
	if m > 8 || s.b[m] != 0 {
		return nil, fmt.Errorf("tictactoe: move %d: %w", m, game.ErrIllegalMove)
	}
	n := &TTT{info: s.info, b: s.b, turn: s.turn}
	n.Apply(m)
	n.undo = nil
	return n, nil
}

func (s *TTT) ChanceOutcomes() []game.ChanceOutcome { return nil }

func (s *TTT) Outcome() (game.Outcome, bool) {
	if w := s.winner(); w != 0 {
		return game.Outcome{Winners: []game.Player{game.Player(w - 1)}, Reason: "line"}, true
	}
	if s.full() {
		return game.Outcome{Reason: "full"}, true
	}
	return game.Outcome{}, false
}

func (s *TTT) MoveString(m game.Move) string { return fmt.Sprint(uint64(m)) }

func (s *TTT) ParseMove(text string) (game.Move, error) {
	if len(text) != 1 || text[0] < '0' || text[0] > '8' {
		return 0, &game.ParseError{Game: "tictactoe", What: "move", Input: text, Offset: -1, Msg: "want a cell 0..8"}
	}
	m := game.Move(text[0] - '0')
	if s.ToMove() == game.NoPlayer || s.b[m] != 0 {
		return 0, fmt.Errorf("tictactoe: move %s: %w", text, game.ErrIllegalMove)
	}
	return m, nil
}

func (s *TTT) String() string {
	var b strings.Builder
	for _, c := range s.b {
		b.WriteByte(".xo"[c])
	}
	b.WriteByte(' ')
	b.WriteByte("xo"[s.turn])
	return b.String()
}

func (s *TTT) Hash() uint64 {
	var h uint64
	for _, c := range s.b {
		h = h*3 + uint64(c)
	}
	h = h*2 + uint64(s.turn)
	return h * 0x9E3779B97F4A7C15
}

// Mutable returns a private copy.
func (s *TTT) Mutable() game.Mutable { return &TTT{info: s.info, b: s.b, turn: s.turn} }

// Apply plays a legal move in place.
func (s *TTT) Apply(m game.Move) {
	s.b[m] = s.turn + 1
	s.turn ^= 1
	s.undo = append(s.undo, int8(m))
}

// Undo takes back the last Apply.
func (s *TTT) Undo() {
	m := s.undo[len(s.undo)-1]
	s.undo = s.undo[:len(s.undo)-1]
	s.b[m] = 0
	s.turn ^= 1
}

// Evaluate counts open lines: each line holding only p's marks is worth
// its mark count, each holding only the opponent's costs as much.
func (s *TTT) Evaluate(p game.Player) float64 {
	me, op := int8(p)+1, 2-int8(p)
	v := 0
	for _, l := range lines {
		mine, theirs := 0, 0
		for _, c := range l {
			switch s.b[c] {
			case me:
				mine++
			case op:
				theirs++
			}
		}
		switch {
		case theirs == 0:
			v += mine
		case mine == 0:
			v -= theirs
		}
	}
	return float64(v) / 24
}

// Noisy reports whether m wins at once or blocks the opponent's immediate
// win.
func (s *TTT) Noisy(m game.Move) bool {
	me, op := s.turn+1, 2-s.turn
	for _, l := range lines {
		if l[0] != int(m) && l[1] != int(m) && l[2] != int(m) {
			continue
		}
		mine, theirs := 0, 0
		for _, c := range l {
			switch s.b[c] {
			case me:
				mine++
			case op:
				theirs++
			}
		}
		if mine == 2 || theirs == 2 {
			return true
		}
	}
	return false
}

// Bare hides every optional interface of a state, so tests can run the
// search's slow paths: only the game.State methods are visible.
type Bare struct{ game.State }

// Play wraps the next state too.
func (b Bare) Play(m game.Move) (game.State, error) {
	n, err := b.State.Play(m)
	if err != nil {
		return nil, err
	}
	return Bare{n}, nil
}
