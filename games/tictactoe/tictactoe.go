package tictactoe

import (
	"fmt"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// Info describes tic-tac-toe for the registry.
var Info = newInfo()

// newInfo builds the description in a local variable, so that New and
// ParsePosition can refer to it without an initialisation cycle.
func newInfo() *game.Info {
	info := &game.Info{
		ID: "tictactoe", Title: "Tic-tac-toe", PlayerNames: []string{"x", "o"},
		MinPlayers: 2, MaxPlayers: 2, DefaultPlayers: 2,
		Variants: []string{"standard"}, // no options: Check accepts only the defaults
	}
	info.New = func(o game.Options) (game.State, error) {
		if _, err := info.Check(o); err != nil {
			return nil, err
		}
		return &State{info: info}, nil
	}
	info.ParsePosition = func(text string, o game.Options) (game.State, error) {
		if _, err := info.Check(o); err != nil {
			return nil, err
		}
		return parsePosition(info, text)
	}
	return info
}

// Mark is what a cell holds: empty, x or o. A seat's mark is its seat
// number plus one.
type Mark int8

const (
	Empty Mark = iota
	X
	O
)

// String is the mark's letter in the position text: ".", "x" or "o".
func (m Mark) String() string { return string(".xo"[m]) }

// markOf is the mark of seat p.
func markOf(p game.Player) Mark { return Mark(p) + 1 }

// lines are the eight rows, columns and diagonals, by cell number.
var lines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

// State is a tic-tac-toe position. It offers the Mutable fast path (the
// same type, changed in place by Apply and Undo), the Evaluator and the
// Noisy marks (eval.go).
type State struct {
	info  *game.Info
	board [9]Mark
	turn  game.Player // 0 (x) or 1 (o), also once the game is over
	undo  []int8      // the cells of the Applies not yet undone
}

var (
	_ game.State     = (*State)(nil)
	_ game.Mutabler  = (*State)(nil)
	_ game.Mutable   = (*State)(nil)
	_ game.Evaluator = (*State)(nil)
	_ game.Noisy     = (*State)(nil)
)

// New returns the start position.
func New() *State { return &State{info: Info} }

// ParsePosition reads a position text (see the package documentation).
func ParsePosition(text string) (*State, error) {
	return parsePosition(Info, text)
}

func parsePosition(info *game.Info, text string) (*State, error) {
	bad := func(msg string) error {
		return &game.ParseError{Game: info.ID, What: "position", Input: text, Offset: -1, Msg: msg}
	}
	f := strings.Fields(text)
	if len(f) != 2 {
		return nil, bad("want 9 cells and the side to move")
	}
	cells, side := f[0], f[1]
	if len(cells) != 9 {
		return nil, bad("want 9 cells of x, o or .")
	}
	s := &State{info: info}
	var count [3]int
	for i := range cells {
		switch cells[i] {
		case 'x':
			s.board[i] = X
		case 'o':
			s.board[i] = O
		case '.':
		default:
			return nil, bad("want 9 cells of x, o or .")
		}
		count[s.board[i]]++
	}
	switch side {
	case "x":
		s.turn = 0
	case "o":
		s.turn = 1
	default:
		return nil, bad("want the side to move, x or o")
	}
	if count[X]-count[O] != int(s.turn) {
		return nil, bad("x moves first: x has as many marks as o with x to move, one more with o to move")
	}
	if w := s.winner(); w != Empty && w != markOf(1-s.turn) {
		return nil, bad("only the side that moved last can have a line")
	}
	return s, nil
}

func (s *State) Info() *game.Info { return s.info }
func (s *State) NumPlayers() int  { return 2 }

// winner is the mark that has a line, or Empty.
func (s *State) winner() Mark {
	for _, l := range lines {
		if c := s.board[l[0]]; c != Empty && c == s.board[l[1]] && c == s.board[l[2]] {
			return c
		}
	}
	return Empty
}

func (s *State) full() bool {
	for _, c := range s.board {
		if c == Empty {
			return false
		}
	}
	return true
}

func (s *State) over() bool { return s.winner() != Empty || s.full() }

func (s *State) ToMove() game.Player {
	if s.over() {
		return game.NoPlayer
	}
	return s.turn
}

// LegalMoves lists the empty cells in cell order.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	if s.over() {
		return dst
	}
	for i, c := range s.board {
		if c == Empty {
			dst = append(dst, game.Move(i))
		}
	}
	return dst
}

func (s *State) Play(m game.Move) (game.State, error) {
	if s.over() {
		return nil, fmt.Errorf("tictactoe: %w", game.ErrGameOver)
	}
	if m > 8 || s.board[m] != Empty {
		return nil, fmt.Errorf("tictactoe: move %d: %w", m, game.ErrIllegalMove)
	}
	n := &State{info: s.info, board: s.board, turn: s.turn}
	n.board[m] = markOf(n.turn)
	n.turn = 1 - n.turn
	return n, nil
}

func (s *State) ChanceOutcomes() []game.ChanceOutcome { return nil }

// Outcome reasons.
const (
	ReasonLine = "line" // three in a row, column or diagonal
	ReasonFull = "full" // a full board without a line: a draw
)

func (s *State) Outcome() (game.Outcome, bool) {
	if w := s.winner(); w != Empty {
		return game.Outcome{Winners: []game.Player{game.Player(w - 1)}, Reason: ReasonLine}, true
	}
	if s.full() {
		return game.Outcome{Reason: ReasonFull}, true
	}
	return game.Outcome{}, false
}

// MoveString is the cell number.
func (s *State) MoveString(m game.Move) string { return fmt.Sprint(uint64(m)) }

// ParseMove reads a cell number 0..8, spaces around it allowed.
func (s *State) ParseMove(text string) (game.Move, error) {
	t := strings.TrimSpace(text)
	if len(t) != 1 || t[0] < '0' || t[0] > '8' {
		return 0, &game.ParseError{Game: s.info.ID, What: "move", Input: text, Offset: -1, Msg: "want a cell 0..8"}
	}
	m := game.Move(t[0] - '0')
	if s.over() || s.board[m] != Empty {
		return 0, fmt.Errorf("tictactoe: move %s: %w", t, game.ErrIllegalMove)
	}
	return m, nil
}

// String is the position text (see the package documentation).
func (s *State) String() string {
	var b strings.Builder
	for _, c := range s.board {
		b.WriteString(c.String())
	}
	b.WriteByte(' ')
	b.WriteString(markOf(s.turn).String())
	return b.String()
}

// Hash reads the board as a number in base 3 and the side to move as one
// more digit, spread over 64 bits by a multiplication.
func (s *State) Hash() uint64 {
	var h uint64
	for _, c := range s.board {
		h = h*3 + uint64(c)
	}
	h = h*2 + uint64(s.turn)
	return h * 0x9E3779B97F4A7C15
}

// Mutable returns a private copy that Apply and Undo change in place.
func (s *State) Mutable() game.Mutable { return &State{info: s.info, board: s.board, turn: s.turn} }

// Apply plays a legal move in place.
func (s *State) Apply(m game.Move) {
	s.board[m] = markOf(s.turn)
	s.turn = 1 - s.turn
	s.undo = append(s.undo, int8(m))
}

// Undo takes back the last Apply.
func (s *State) Undo() {
	m := s.undo[len(s.undo)-1]
	s.undo = s.undo[:len(s.undo)-1]
	s.board[m] = Empty
	s.turn = 1 - s.turn
}
