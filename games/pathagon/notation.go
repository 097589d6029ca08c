package pathagon

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
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

func parsePosition(info *game.Info, reloc string, text string, o game.Options) (*State, error) {
	r, err := readRules(info, o)
	if err != nil {
		return nil, err
	}
	bad := func(msg string, args ...any) error {
		return &game.ParseError{Game: "pathagon", What: "position", Input: text, Offset: -1, Msg: fmt.Sprintf(msg, args...)}
	}
	f := strings.Fields(text)
	if len(f) < 6 || len(f) > 8 {
		return nil, bad("want 6 fields (board, side, reserves, lastRelocated, forbidden) and optionally the ply and %q", repetitionMark)
	}
	s := &State{v: &variant{info: info, reloc: reloc, rules: r}}
	p := &s.pos
	ranks := strings.Split(f[0], "/")
	if len(ranks) != Size {
		return nil, bad("board: want %d ranks separated by /", Size)
	}
	for row, rank := range ranks {
		if len(rank) != Size {
			return nil, bad("board: rank %d has %d cells, want %d", Size-row, len(rank), Size)
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
				return nil, bad("board: %q is not L, D or .", rank[col])
			}
		}
	}
	switch f[1] {
	case "l":
		p.toMove = Light
	case "d":
		p.toMove = Dark
	default:
		return nil, bad("side to move: want l or d")
	}
	for pl := Light; pl <= Dark; pl++ {
		n, err := strconv.Atoi(f[2+pl])
		onBoard := bits.OnesCount64(p.bb[pl])
		if err != nil || n < 0 || n > Pieces {
			return nil, bad("%s reserve: want 0..%d", info.PlayerName(pl), Pieces)
		}
		if n+onBoard != Pieces {
			return nil, bad("%s has %d on the board and %d in reserve, want %d in all", info.PlayerName(pl), onBoard, n, Pieces)
		}
		p.reserve[pl] = int8(n)
	}
	lastL, lastD, ok := strings.Cut(f[4], ",")
	if !ok {
		return nil, bad("lastRelocated: want light,dark")
	}
	for pl, name := range []string{lastL, lastD} {
		p.last[pl] = NoCell
		if name == "-" {
			continue
		}
		c, ok := ParseCell(name)
		if !ok {
			return nil, bad("lastRelocated: %q is not a cell or -", name)
		}
		if p.bb[pl]&c.bit() == 0 {
			return nil, bad("lastRelocated: %s holds no %s piece", c, info.PlayerName(game.Player(pl)))
		}
		p.last[pl] = c
	}
	if f[5] != "-" {
		for _, name := range strings.Split(f[5], ",") {
			c, ok := ParseCell(name)
			if !ok {
				return nil, bad("forbidden: %q is not a cell", name)
			}
			if p.forbidden&c.bit() != 0 {
				return nil, bad("forbidden: %s listed twice", c)
			}
			if (p.bb[Light]|p.bb[Dark])&c.bit() != 0 {
				return nil, bad("forbidden: %s is occupied", c)
			}
			p.forbidden |= c.bit()
		}
		if bits.OnesCount64(p.forbidden) > maxForbidden {
			return nil, bad("forbidden: more than %d cells", maxForbidden)
		}
	}
	if len(f) > 6 {
		n, err := strconv.Atoi(f[6])
		if err != nil || n < 0 || n > maxPlyText {
			return nil, bad("ply: want 0..%d", maxPlyText)
		}
		p.ply = int32(n)
	}
	rep := false
	if len(f) > 7 {
		if f[7] != repetitionMark {
			return nil, bad("want %q after the ply", repetitionMark)
		}
		rep = true
	}
	mover, other := p.toMove, p.toMove^1
	switch {
	case connected(p.bb[mover], mover == Light):
		return nil, bad("%s to move is already connected", info.PlayerName(mover))
	case connected(p.bb[other], other == Light):
		if rep {
			return nil, bad("a connected position is not a draw by repetition")
		}
		p.result = lightWins + result(other)
	case rep:
		p.result = drawRepetition
	case r.plyCap > 0 && p.ply >= r.plyCap:
		p.result = drawPlyLimit
	}
	p.hash = p.fullHash()
	return s, nil
}
