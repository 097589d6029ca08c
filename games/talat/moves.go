package talat

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// Move kinds, in the two low bits of a game.Move.
const (
	movePlace   = 1 // setup: put a tower on a start square
	moveStep    = 2 // one cell forward or diagonally forward
	moveCapture = 3 // capture by replacement
)

// A move packs its kind (2 bits), board (2 bits), from cell (5 bits; the
// cell for a placement), to cell (5 bits) and placed kind (4 bits).
func encode(typ int, b Board, from, to Cell, k Kind) game.Move {
	return game.Move(uint64(typ) | uint64(b)<<2 | uint64(from)<<4 | uint64(to)<<9 | uint64(k)<<14)
}

func decode(m game.Move) (typ int, b Board, from, to Cell, k Kind) {
	return int(m & 3), Board(m >> 2 & 3), Cell(m >> 4 & 31), Cell(m >> 9 & 31), Kind(m >> 14 & 15)
}

// LegalMoves appends the moves of the seat to act: placements during setup,
// steps and captures on its open boards afterwards. Seats with nothing to do
// are skipped automatically, so a game in progress always lists moves.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	switch {
	case s.turn == game.NoPlayer:
		return dst
	case s.inSetup():
		return s.placements(dst)
	}
	dst, _ = s.actions(dst, s.turn, false)
	return dst
}

// placements lists setup moves: board, then start square, then kind.
func (s *State) placements(dst []game.Move) []game.Move {
	c := s.placingColour()
	kinds := s.reserve >> (uint(c) * NumKinds) & (1<<NumKinds - 1)
	for b := range Board(NumBoards) {
		sd, ok := b.SideOf(c)
		if !ok {
			continue
		}
		row := sd.StartRow()
		for col := range Size {
			cell := CellAt(row, col)
			if s.cells[b][cell] != 0 {
				continue
			}
			for m := kinds; m != 0; m &= m - 1 {
				dst = append(dst, encode(movePlace, b, cell, 0, Kind(bits.TrailingZeros32(m))))
			}
		}
	}
	return dst
}

// actions appends the steps and captures of seat p on its open boards, in
// the order board, side, cell, then sideways left and right captures and
// the three forward cells from left to right. With any set it stops at the
// first action and reports whether there is one.
func (s *State) actions(dst []game.Move, p game.Player, any bool) ([]game.Move, bool) {
	for b := range Board(NumBoards) {
		if s.Closed(b) {
			continue
		}
		cells := &s.cells[b]
		for sd := Low; sd <= High; sd++ {
			if s.Controller(b, sd) != p {
				continue
			}
			own := b.Colour(sd)
			fwd := sd.Forward()
			for from := range Cell(NumCells) {
				x := cells[from]
				if x == 0 || Tower(x-1).Colour() != own {
					continue
				}
				k := Tower(x - 1).Kind()
				r, c := from.Row(), from.Col()
				for _, d := range [5][2]int{{0, -1}, {0, 1}, {fwd, -1}, {fwd, 0}, {fwd, 1}} {
					to := CellAt(r+d[0], c+d[1])
					if to == NoCell {
						continue
					}
					y := cells[to]
					switch {
					case y == 0 && d[0] != 0:
						dst = append(dst, encode(moveStep, b, from, to, 0))
					case y != 0 && Tower(y-1).Colour() != own && CanCapture(k, Tower(y-1).Kind()):
						dst = append(dst, encode(moveCapture, b, from, to, 0))
					default:
						continue
					}
					if any {
						return dst, true
					}
				}
			}
		}
	}
	return dst, false
}

// hasAction reports whether seat p has a step or capture on an open board.
func (s *State) hasAction(p game.Player) bool {
	var buf [1]game.Move
	_, ok := s.actions(buf[:0], p, true)
	return ok
}

// legal checks that m may be played now, without listing the moves.
func (s *State) legal(m game.Move) error {
	if s.turn == game.NoPlayer {
		return fmt.Errorf("talat: move %d: %w", uint64(m), game.ErrGameOver)
	}
	if !s.isLegal(m) {
		return fmt.Errorf("talat: move %s: %w", s.describe(m), game.ErrIllegalMove)
	}
	return nil
}

// isLegal reports whether m is one of the moves LegalMoves lists.
func (s *State) isLegal(m game.Move) bool {
	typ, b, from, to, k := decode(m)
	if m>>18 != 0 || b >= NumBoards || from >= NumCells || to >= NumCells || k >= NumKinds {
		return false
	}
	if s.inSetup() {
		c := s.placingColour()
		sd, ok := b.SideOf(c)
		return typ == movePlace && to == 0 && ok && from.Row() == sd.StartRow() &&
			s.cells[b][from] == 0 && s.reserve&(1<<NewTower(c, k)) != 0
	}
	if (typ != moveStep && typ != moveCapture) || k != 0 || s.Closed(b) {
		return false
	}
	x := s.cells[b][from]
	if x == 0 {
		return false
	}
	own := Tower(x - 1).Colour()
	sd, _ := b.SideOf(own)
	if s.Controller(b, sd) != s.turn {
		return false
	}
	dr, dc := to.Row()-from.Row(), to.Col()-from.Col()
	if dc < -1 || dc > 1 {
		return false
	}
	y := s.cells[b][to]
	if typ == moveStep {
		return y == 0 && dr == sd.Forward()
	}
	return y != 0 && (dr == sd.Forward() || dr == 0 && dc != 0) &&
		Tower(y-1).Colour() != own && CanCapture(Tower(x-1).Kind(), Tower(y-1).Kind())
}

// describe renders any move value for an error message.
func (s *State) describe(m game.Move) string {
	typ, b, from, to, k := decode(m)
	if m>>18 != 0 || typ == 0 || b >= NumBoards || from >= NumCells || to >= NumCells || k >= NumKinds {
		return fmt.Sprintf("#%d", uint64(m))
	}
	return s.MoveString(m)
}

// Play returns the position after m. The receiver is unchanged.
func (s *State) Play(m game.Move) (game.State, error) {
	if err := s.legal(m); err != nil {
		return nil, err
	}
	next := *s
	next.history = nil
	next.apply(m)
	return &next, nil
}

func (s *State) setCell(b Board, c Cell, p uint8) {
	if old := s.cells[b][c]; old != 0 {
		s.hash ^= zCell(b, c, old)
	}
	if p != 0 {
		s.hash ^= zCell(b, c, p)
	}
	s.cells[b][c] = p
}

func (s *State) setTurn(p game.Player) {
	s.hash ^= zTurn(s.turn) ^ zTurn(p)
	s.turn = p
}

func (s *State) unreserve(t Tower) {
	s.reserve &^= 1 << t
	s.hash ^= zReserve(t)
}

func (s *State) close(b Board) {
	s.closed |= 1 << b
	s.hash ^= zClosed(b)
}

// apply plays a legal move in place.
func (s *State) apply(m game.Move) {
	typ, b, from, to, k := decode(m)
	p := s.turn
	n := game.Player(s.NumPlayers())
	next := (p + 1) % n
	if typ == movePlace {
		c := s.placingColour()
		t := NewTower(c, k)
		s.setCell(b, from, uint8(t)+1)
		s.unreserve(t)
		if left := s.reserve & colourMask(spirit); s.palat && c == spirit && bits.OnesCount32(left) == 1 {
			// The ninth spirit tower nobody placed is out of the game.
			s.unreserve(Tower(bits.TrailingZeros32(left)))
		}
		if s.reserve != 0 {
			s.setTurn(next)
			return
		}
		// Setup is over: test every board, then the first mover acts:
		// the next in turn order in Talat, in Palat the player who
		// placed the last tower.
		for b := range Board(NumBoards) {
			if open, _ := boardOpen(b, &s.cells[b]); !open {
				s.close(b)
			}
		}
		if s.palat {
			next = p
		}
		s.advance(next)
		return
	}
	x := s.cells[b][from]
	if typ == moveCapture {
		t := Tower(s.cells[b][to] - 1)
		s.taken[p] |= 1 << t
		s.hash ^= zTaken(p, t)
	}
	s.setCell(b, from, 0)
	s.setCell(b, to, x)
	// Only the board just moved on can have changed (a closed board
	// stays closed, and the other boards are untouched).
	if open, _ := boardOpen(b, &s.cells[b]); !open {
		s.close(b)
	}
	s.advance(next)
}

// advance ends the game when two boards are closed and otherwise gives
// the turn to the first seat from start, in turn order, that has an action;
// seats without one are passed automatically.
func (s *State) advance(start game.Player) {
	if bits.OnesCount8(s.closed) >= 2 {
		s.setTurn(game.NoPlayer)
		return
	}
	n := game.Player(s.NumPlayers())
	for i := range n {
		if q := (start + i) % n; s.hasAction(q) {
			s.setTurn(q)
			return
		}
	}
	// Unreachable: an open board always offers someone a step or a
	// capture, since a capture is reachable on it. Ending the game keeps
	// the contract (a game in progress lists moves) should it ever happen.
	s.setTurn(game.NoPlayer)
}

// MoveString returns the move in notation: "B01:c1=L6" places a tower,
// "B01:c1-c2" steps and "B01:c2xd2" captures.
func (s *State) MoveString(m game.Move) string {
	typ, b, from, to, k := decode(m)
	switch typ {
	case movePlace:
		return fmt.Sprintf("%s:%s=%s", b, from, k)
	case moveStep:
		return fmt.Sprintf("%s:%s-%s", b, from, to)
	case moveCapture:
		return fmt.Sprintf("%s:%sx%s", b, from, to)
	}
	return fmt.Sprintf("#%d", uint64(m))
}

// ParseMove reads a move in notation, case-insensitively and with optional
// spaces: "B01:c1=L6", "b01 c1-c2", "B01:c2xd2". A capture may also be
// written with "-", and the board's "B" and the colon may be left out
// ("01:c1-c2", "B01c1-c2"). A syntax error is a *game.ParseError; a
// well-formed move that is not legal wraps game.ErrIllegalMove.
func (s *State) ParseMove(text string) (game.Move, error) {
	bad := func(msg string) error {
		return &game.ParseError{Game: "talat", What: "move", Input: text, Offset: -1, Msg: msg}
	}
	t := strings.Join(strings.Fields(text), "")
	var bt, rest string
	if i := strings.IndexByte(t, ':'); i >= 0 {
		bt, rest = t[:i], t[i+1:]
	} else if len(t) >= 3 && (t[0] == 'b' || t[0] == 'B') {
		bt, rest = t[:3], t[3:]
	} else if len(t) >= 2 {
		bt, rest = t[:2], t[2:]
	}
	b, ok := ParseBoard(bt)
	if !ok {
		return 0, bad(`want a board "B01", "B02" or "B12" first, as in "B01:c1-c2"`)
	}
	if len(rest) != 5 {
		return 0, bad(`want CELL=TOWER, CELL-CELL or CELLxCELL after the board, as in "B01:c1=L6"`)
	}
	from, ok := ParseCell(rest[:2])
	if !ok {
		return 0, bad(fmt.Sprintf("bad cell %q: want a1 to e5", rest[:2]))
	}
	var m game.Move
	switch rest[2] {
	case '=':
		k, ok := ParseKind(rest[3:])
		if !ok {
			return 0, bad(fmt.Sprintf("bad tower %q: want S3, S4, S6, M3, M4, M6, L3, L4 or L6", rest[3:]))
		}
		m = encode(movePlace, b, from, 0, k)
	case '-', 'x', 'X':
		to, ok := ParseCell(rest[3:])
		if !ok {
			return 0, bad(fmt.Sprintf("bad cell %q: want a1 to e5", rest[3:]))
		}
		typ := moveStep
		if rest[2] != '-' || s.cells[b][to] != 0 {
			typ = moveCapture
		}
		m = encode(typ, b, from, to, 0)
	default:
		return 0, bad(`want "=", "-" or "x" between the cells`)
	}
	if err := s.legal(m); err != nil {
		return 0, err
	}
	return m, nil
}
