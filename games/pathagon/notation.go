package pathagon

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/fields"
)

// maxForbidden is the size limit of the forbidden set: one ply captures at
// most one piece per direction.
const maxForbidden = 4

// repetitionMark is the optional last field of position text that says the
// game ended by threefold repetition, which the board alone cannot show.
const repetitionMark = "repetition"

// MoveString returns the notation of m: "d4", "a7-g1", "c4xb4".
// Only moves with captures allocate: the others are slices of the cell
// names and of the relocation table.
func (s *State) MoveString(m game.Move) string {
	if m>>moveBits != 0 || m&63 >= NumCells || m>>fromShift&63 > NumCells {
		return fmt.Sprintf("?%#x", uint64(m))
	}
	to, from, caps := decode(m)
	switch {
	case caps != 0:
	case from == NoCell:
		return to.String()
	default:
		i := relocLen * (int(from)*NumCells + int(to))
		return s.v.reloc[i : i+relocLen]
	}
	var buf [relocLen + 4*3]byte // the longest: a relocation with four captures
	b := buf[:0]
	if from != NoCell {
		b = append(append(b, from.String()...), '-')
	}
	b = append(b, to.String()...)
	for d := N; d <= S; d++ {
		if caps&(1<<d) == 0 {
			continue
		}
		c := to.step(d)
		if c == NoCell {
			return fmt.Sprintf("?%#x", uint64(m))
		}
		b = append(append(b, 'x'), c.String()...)
	}
	return string(b)
}

// ParseMove reads a move in notation, case-insensitively: "d4", "a7-g1",
// with captures "c4xb4" or "d4xd5xc4" in any order. With automatic captures
// the x part may be left out; when given it must name exactly the trapped
// pieces. With optionalCaptures it names the chosen pieces (none when left
// out).
func (s *State) ParseMove(text string) (game.Move, error) {
	bad := func(off int, msg string) error {
		return &game.ParseError{Game: "pathagon", What: "move", Input: text, Offset: off, Msg: msg}
	}
	i := 0
	cell := func() (Cell, error) {
		if i+2 > len(text) {
			return NoCell, bad(i, "want a cell a1..g7")
		}
		c, ok := ParseCell(text[i : i+2])
		if !ok {
			return NoCell, bad(i, "want a cell a1..g7")
		}
		i += 2
		return c, nil
	}
	for i < len(text) && text[i] == ' ' {
		i++
	}
	to, err := cell()
	if err != nil {
		return 0, err
	}
	from := NoCell
	if i < len(text) && text[i] == '-' {
		i++
		from = to
		if to, err = cell(); err != nil {
			return 0, err
		}
	}
	var named uint64 // cells after x
	explicit := false
	for i < len(text) && (text[i] == 'x' || text[i] == 'X') {
		i++
		start := i
		c, err := cell()
		if err != nil {
			return 0, err
		}
		if named&c.bit() != 0 {
			return 0, bad(start, "capture "+c.String()+" named twice")
		}
		named |= c.bit()
		explicit = true
	}
	for i < len(text) && text[i] == ' ' {
		i++
	}
	if i != len(text) {
		return 0, bad(i, "unexpected text after the move")
	}
	if s.pos.result != inProgress {
		return 0, fmt.Errorf("pathagon: move %q: the game is over: %w", text, game.ErrGameOver)
	}
	var caps uint8
	for d := N; d <= S; d++ {
		if c := to.step(d); c != NoCell && named&c.bit() != 0 {
			caps |= 1 << d
			named &^= c.bit()
		}
	}
	if named != 0 {
		return 0, fmt.Errorf("pathagon: move %q: %s is not next to %s: %w", text, cellsString(named), to, game.ErrIllegalMove)
	}
	if !explicit && !s.v.rules.optionalCaptures {
		own := s.pos.bb[s.pos.toMove]
		if from != NoCell {
			own &^= from.bit()
		}
		ts := trapSets(own, s.pos.bb[s.pos.toMove^1])
		caps = trappedAt(&ts, to)
	}
	m := makeMove(to, from, caps)
	if from == to {
		return 0, fmt.Errorf("pathagon: move %q: a piece must move to another cell: %w", text, game.ErrIllegalMove)
	}
	if err := s.check(m); err != nil {
		return 0, fmt.Errorf("pathagon: move %q: %w", text, unprefix(err))
	}
	return m, nil
}

// unprefix drops the "pathagon: " of an error from check so that a wrapped
// message names the package once.
func unprefix(err error) error {
	return prefixless{err}
}

type prefixless struct{ error }

func (p prefixless) Error() string { return strings.TrimPrefix(p.error.Error(), "pathagon: ") }
func (p prefixless) Unwrap() error { return p.error }

// String returns the position text: six fields, then the ply
// number when it is not 0, then "repetition" when the game ended by
// threefold repetition.
func (s *State) String() string {
	p := &s.pos
	var b strings.Builder
	for r := 0; r < Size; r++ {
		if r > 0 {
			b.WriteByte('/')
		}
		for c := 0; c < Size; c++ {
			bit := CellAt(r, c).bit()
			switch {
			case p.bb[Light]&bit != 0:
				b.WriteByte('L')
			case p.bb[Dark]&bit != 0:
				b.WriteByte('D')
			default:
				b.WriteByte('.')
			}
		}
	}
	side := " l "
	if p.toMove == Dark {
		side = " d "
	}
	b.WriteString(side)
	fmt.Fprintf(&b, "%d %d %s,%s %s", p.reserve[Light], p.reserve[Dark], p.last[Light], p.last[Dark], cellsString(p.forbidden))
	if p.ply != 0 || p.result == drawRepetition {
		fmt.Fprintf(&b, " %d", p.ply)
	}
	if p.result == drawRepetition {
		b.WriteString(" " + repetitionMark)
	}
	return b.String()
}

// MarshalText returns the position text.
func (s *State) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// parsePosition reads the position text field by field (see the package
// documentation) and decides the result the position shows.
func parsePosition(info *game.Info, reloc string, text string, o game.Options) (*State, error) {
	r, err := readRules(info, o)
	if err != nil {
		return nil, err
	}
	t := fields.New("pathagon", text)
	f := t.Fields
	if len(f) < 6 || len(f) > 8 {
		return nil, t.Errorf("want 6 fields (board, side, reserves, lastRelocated, forbidden) and optionally the ply and %q", repetitionMark)
	}
	s := &State{v: &variant{info: info, reloc: reloc, rules: r}}
	p := &s.pos
	if err := p.readBoard(t, f[0]); err != nil {
		return nil, err
	}
	if err := p.readSide(t, f[1]); err != nil {
		return nil, err
	}
	if err := p.readReserves(t, info, f[2:4]); err != nil {
		return nil, err
	}
	if err := p.readLastRelocated(t, info, f[4]); err != nil {
		return nil, err
	}
	if err := p.readForbidden(t, f[5]); err != nil {
		return nil, err
	}
	rep, err := p.readPlyAndRepetition(t, f[6:])
	if err != nil {
		return nil, err
	}
	if err := p.readResult(t, info, r, rep); err != nil {
		return nil, err
	}
	p.hash = p.fullHash()
	return s, nil
}

// readBoard reads the ranks 7 to 1 separated by "/", each of L, D or ".".
func (p *position) readBoard(t *fields.Text, field string) error {
	ranks := strings.Split(field, "/")
	if len(ranks) != Size {
		return t.Errorf("board: want %d ranks separated by /", Size)
	}
	for row, rank := range ranks {
		if len(rank) != Size {
			return t.Errorf("board: rank %d has %d cells, want %d", Size-row, len(rank), Size)
		}
		for col := 0; col < Size; col++ {
			bit := CellAt(row, col).bit()
			switch rank[col] {
			case 'L':
				p.bb[Light] |= bit
			case 'D':
				p.bb[Dark] |= bit
			case '.':
			default:
				return t.Errorf("board: %q is not L, D or .", rank[col])
			}
		}
	}
	return nil
}

// readSide reads the side to move, l or d.
func (p *position) readSide(t *fields.Text, field string) error {
	switch field {
	case "l":
		p.toMove = Light
	case "d":
		p.toMove = Dark
	default:
		return t.Errorf("side to move: want l or d")
	}
	return nil
}

// readReserves reads Light's and Dark's reserves, which with the pieces on
// the board make each side's 14.
func (p *position) readReserves(t *fields.Text, info *game.Info, f []string) error {
	for pl := Light; pl <= Dark; pl++ {
		n, err := strconv.Atoi(f[pl])
		onBoard := bits.OnesCount64(p.bb[pl])
		if err != nil || n < 0 || n > Pieces {
			return t.Errorf("%s reserve: want 0..%d", info.PlayerName(pl), Pieces)
		}
		if n+onBoard != Pieces {
			return t.Errorf("%s has %d on the board and %d in reserve, want %d in all", info.PlayerName(pl), onBoard, n, Pieces)
		}
		p.reserve[pl] = int8(n)
	}
	return nil
}

// readLastRelocated reads "light,dark": each side's last relocated piece,
// a cell it holds, or "-".
func (p *position) readLastRelocated(t *fields.Text, info *game.Info, field string) error {
	lastL, lastD, ok := strings.Cut(field, ",")
	if !ok {
		return t.Errorf("lastRelocated: want light,dark")
	}
	for pl, name := range []string{lastL, lastD} {
		p.last[pl] = NoCell
		if name == "-" {
			continue
		}
		c, ok := ParseCell(name)
		if !ok {
			return t.Errorf("lastRelocated: %q is not a cell or -", name)
		}
		if p.bb[pl]&c.bit() == 0 {
			return t.Errorf("lastRelocated: %s holds no %s piece", c, info.PlayerName(game.Player(pl)))
		}
		p.last[pl] = c
	}
	return nil
}

// readForbidden reads the forbidden cells: distinct empty cells joined by
// commas, at most maxForbidden, or "-".
func (p *position) readForbidden(t *fields.Text, field string) error {
	for _, name := range fields.List(field, ",") {
		c, ok := ParseCell(name)
		if !ok {
			return t.Errorf("forbidden: %q is not a cell", name)
		}
		if p.forbidden&c.bit() != 0 {
			return t.Errorf("forbidden: %s listed twice", c)
		}
		if (p.bb[Light]|p.bb[Dark])&c.bit() != 0 {
			return t.Errorf("forbidden: %s is occupied", c)
		}
		p.forbidden |= c.bit()
	}
	if bits.OnesCount64(p.forbidden) > maxForbidden {
		return t.Errorf("forbidden: more than %d cells", maxForbidden)
	}
	return nil
}

// readPlyAndRepetition reads the optional fields: the plies played and the
// word "repetition", whose presence it returns.
func (p *position) readPlyAndRepetition(t *fields.Text, f []string) (rep bool, err error) {
	if len(f) > 0 {
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 0 || n > maxPlyText {
			return false, t.Errorf("ply: want 0..%d", maxPlyText)
		}
		p.ply = int32(n)
	}
	if len(f) > 1 {
		if f[1] != repetitionMark {
			return false, t.Errorf("want %q after the ply", repetitionMark)
		}
		return true, nil
	}
	return false, nil
}

// readResult decides the result the position shows: a connection of the
// side that moved last, a repetition, the ply cap, or none. The side to
// move cannot be connected already.
func (p *position) readResult(t *fields.Text, info *game.Info, r rules, rep bool) error {
	mover, other := p.toMove, p.toMove^1
	switch {
	case connected(p.bb[mover], mover == Light):
		return t.Errorf("%s to move is already connected", info.PlayerName(mover))
	case connected(p.bb[other], other == Light):
		if rep {
			return t.Errorf("a connected position is not a draw by repetition")
		}
		p.result = lightWins + result(other)
	case rep:
		p.result = drawRepetition
	case r.plyCap > 0 && p.ply >= r.plyCap:
		p.result = drawPlyLimit
	}
	return nil
}
