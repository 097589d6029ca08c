package abalone

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// String returns the position text of docs/rules/abalone.md: the rows from I down to A
// separated by "/", each from its lowest diagonal, "b", "w" or "." per cell;
// then the side to move and the numbers of Black and White marbles pushed
// off. For example the standard start:
//
//	wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b 0 0
func (s *State) String() string {
	buf := make([]byte, 0, NumCells+8+2+6)
	i := 0
	for r := 8; r >= 0; r-- {
		if r < 8 {
			buf = append(buf, '/')
		}
		for range rowLen(r) {
			c := geo.reading[i]
			i++
			switch {
			case s.bb[Black]>>c&1 != 0:
				buf = append(buf, 'b')
			case s.bb[White]>>c&1 != 0:
				buf = append(buf, 'w')
			default:
				buf = append(buf, '.')
			}
		}
	}
	buf = append(buf, ' ', "bw"[s.side], ' ')
	buf = strconv.AppendUint(buf, uint64(s.off[Black]), 10)
	buf = append(buf, ' ')
	buf = strconv.AppendUint(buf, uint64(s.off[White]), 10)
	return string(buf)
}

// marblesPerSide is the number of marbles each side owns .
const marblesPerSide = 14

// parsePosition reads the position text. Leading and trailing
// white space is ignored; inside, the fields are separated by single spaces.
func parsePosition(info *game.Info, r rules, text string) (*State, error) {
	t := strings.TrimSpace(text)
	lead := strings.Index(text, t) // offset of t in text, for error offsets
	bad := func(off int, format string, args ...any) error {
		if off >= 0 {
			off += lead
		}
		return &game.ParseError{Game: "abalone", What: "position", Input: text, Offset: off, Msg: fmt.Sprintf(format, args...)}
	}
	fields := strings.Split(t, " ")
	if len(fields) != 4 {
		return nil, bad(-1, "want 4 fields separated by single spaces: ROWS SIDE BLACKOFF WHITEOFF")
	}
	s := &State{info: info, rules: r}
	rows := fields[0]
	if n := strings.Count(rows, "/"); n != 8 {
		return nil, bad(0, "want 9 rows separated by '/', have %d", n+1)
	}
	pos, i := 0, 0
	for r := 8; r >= 0; r-- {
		end := strings.IndexByte(rows[pos:], '/')
		if end < 0 {
			end = len(rows) - pos
		}
		row := rows[pos : pos+end]
		if len(row) != rowLen(r) {
			return nil, bad(pos, "row %c has %d cells, want %d", 'A'+r, len(row), rowLen(r))
		}
		for j := 0; j < len(row); j++ {
			c := geo.reading[i]
			i++
			switch row[j] {
			case 'b':
				s.bb[Black] |= 1 << c
			case 'w':
				s.bb[White] |= 1 << c
			case '.':
			default:
				return nil, bad(pos+j, "cell %v is %q, want 'b', 'w' or '.'", c, row[j])
			}
		}
		pos += end + 1
	}
	off := len(rows) + 1
	switch fields[1] {
	case "b":
		s.side = 0
	case "w":
		s.side = 1
	default:
		return nil, bad(off, "side to move is %q, want b or w", fields[1])
	}
	off += len(fields[1]) + 1
	for col, f := range fields[2:] {
		n, ok := parseCount(f)
		if !ok {
			return nil, bad(off, "%s marbles pushed off is %q, want a number 0..%d", info.PlayerNames[col], f, marblesPerSide)
		}
		if on := popcount(s.bb[col]); on+n > marblesPerSide {
			return nil, bad(off, "%s has %d marbles on the board and %d pushed off, more than %d", info.PlayerNames[col], on, n, marblesPerSide)
		}
		s.off[col] = uint8(n)
		off += len(f) + 1
	}
	if s.off[Black] >= r.toWin && s.off[White] >= r.toWin {
		return nil, bad(-1, "both sides have lost %d marbles (marblesToWin)", r.toWin)
	}
	s.hash = s.computeHash()
	if r.repetition {
		s.hist = []uint64{s.hash}
	}
	s.rep = 1
	s.res = s.judge()
	return s, nil
}

// parseCount reads an off count: decimal digits without a sign or leading
// zeros, at most marblesPerSide.
func parseCount(f string) (int, bool) {
	if f == "" || len(f) > 2 || (len(f) > 1 && f[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(f); i++ {
		if f[i] < '0' || f[i] > '9' {
			return 0, false
		}
		n = 10*n + int(f[i]-'0')
	}
	return n, n <= marblesPerSide
}
