package villapaletti

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/tabula-games/tabula/game"
)

// MoveString returns the canonical notation of m. It has no spaces, so
// that a game record (moves separated by white space) can hold it:
//
//	blue-thin-2:0>(12.5,-30)    take blue-thin-2 from level 0 to (12.5,-30)
//	red-thin-1:4>blue-thick     take red-thin-1 from level 4 onto blue-thick
//	blue-thin-1:hand>(40,-20)   custom setup: place a column from hand
//	propose:green(1.5,-2,30)    propose the next floor at (x, y, θ°)
//	place:green(0,10,90)        place the floor after a failed objection
//	pass                        do not object
//	remove:yellow-thick         remove an objector's column
//
// ParseMove also reads the same moves in words, such as "take
// blue-thin-2 from 0 to (12.5,-30)".
func (s *State) MoveString(gm game.Move) string {
	m, ok := decode(gm)
	if !ok {
		return fmt.Sprintf("?%#x", uint64(gm))
	}
	return s.describe(m)
}

// describe renders a decoded move, legal or not.
func (s *State) describe(m move) string {
	from := func() string {
		if s.cols[m.col].level == inHand {
			return "hand"
		}
		return strconv.Itoa(int(s.cols[m.col].level))
	}
	switch m.kind {
	case kindTake:
		return fmt.Sprintf("%s:%s>(%s,%s)", m.col, from(), half(m.x), half(m.y))
	case kindOnto:
		return fmt.Sprintf("%s:%s>%s", m.col, from(), m.base)
	case kindPropose, kindPlace:
		verb := "propose"
		if m.kind == kindPlace {
			verb = "place"
		}
		return fmt.Sprintf("%s:%s(%s,%s,%s)", verb, Floor(min(s.floors, NumFloors-1)), half(m.x), half(m.y), half(m.th))
	case kindPass:
		return "pass"
	case kindRemove:
		return "remove:" + m.col.String()
	}
	return "?"
}

// expand turns the compact form of a column move into words:
// "blue-thin-2:0>(12.5,-30)" becomes "take blue-thin-2 from 0 to (12.5,-30)".
func expand(text string) string {
	t := strings.TrimSpace(text)
	prefix := ""
	if len(t) >= 7 && strings.EqualFold(t[:7], "object:") {
		prefix, t = "object ", t[7:]
	}
	left, right, ok := strings.Cut(t, ">")
	if !ok {
		return text
	}
	col, level, hasLevel := strings.Cut(left, ":")
	w := "take " + col
	if hasLevel {
		w += " from " + level
	}
	if right = strings.TrimSpace(right); strings.HasPrefix(right, "(") {
		return prefix + w + " to " + right
	}
	return prefix + w + " onto " + right
}

// half prints a count of halves: 25 → "12.5", -4 → "-2".
func half(v int32) string {
	s := strconv.Itoa(int(v / 2))
	if v%2 != 0 {
		if v < 0 && v/2 == 0 {
			s = "-0"
		}
		s += ".5"
	}
	return s
}

// ParseMove reads a move in the notation of MoveString. Case, spaces around
// punctuation, a leading "object:" (for an objection), the "from N" part,
// the floor's name and "at" are optional; "accept" means "pass"; angles may
// carry "°". Coordinates are millimetres on the 0.5 mm grid, angles degrees
// on the 0.5° grid. It reports an error wrapping game.ErrIllegalMove if the
// move is not legal here.
func (s *State) ParseMove(text string) (game.Move, error) {
	m, err := s.parseMove(text)
	if err != nil {
		return 0, err
	}
	gm := m.encode()
	if _, err := s.check(gm); err != nil {
		return 0, err
	}
	return gm, nil
}

func (s *State) parseMove(text string) (move, error) {
	bad := func(msg string) error {
		return &game.ParseError{Game: "villapaletti", What: "move", Input: text, Offset: -1, Msg: msg}
	}
	norm := strings.Map(func(r rune) rune {
		switch r {
		case '(', ')', ',', '°', ':':
			return ' '
		}
		return unicode.ToLower(r)
	}, expand(text))
	w := strings.Fields(norm)
	if len(w) > 0 && w[0] == "object" {
		w = w[1:]
	}
	if len(w) == 0 {
		return move{}, bad("empty move")
	}
	switch w[0] {
	case "pass", "accept":
		if len(w) != 1 {
			return move{}, bad("pass takes nothing")
		}
		return move{kind: kindPass}, nil
	case "remove":
		if len(w) != 2 {
			return move{}, bad("want: remove COLUMN")
		}
		c, ok := parseColumn(w[1])
		if !ok {
			return move{}, bad("unknown column " + strconv.Quote(w[1]))
		}
		return move{kind: kindRemove, col: c}, nil
	case "take":
		return s.parseTake(w[1:], bad)
	case "propose", "place":
		kind := kindPropose
		if w[0] == "place" {
			kind = kindPlace
		}
		w = w[1:]
		if len(w) > 0 {
			if f, ok := parseFloor(w[0]); ok {
				if int(f) != int(s.floors) {
					return move{}, bad("the next floor is not " + w[0])
				}
				w = w[1:]
			}
		}
		if len(w) > 0 && w[0] == "at" {
			w = w[1:]
		}
		if len(w) != 3 {
			return move{}, bad("want: " + w0(kind) + " FLOOR at (X,Y,ANGLE)")
		}
		var v [3]int32
		for i, t := range w {
			n, ok := parseHalf(t)
			if !ok {
				return move{}, bad(fmt.Sprintf("%q is not a number on the 0.5 grid", t))
			}
			v[i] = n
		}
		if v[0] < -coordMax || v[0] > coordMax || v[1] < -coordMax || v[1] > coordMax {
			return move{}, bad("coordinates out of range")
		}
		th := v[2] % 720
		if th < 0 {
			th += 720
		}
		return move{kind: kind, x: v[0], y: v[1], th: th}, nil
	}
	return move{}, bad("want take, propose, place, pass or remove")
}

func w0(k moveKind) string {
	if k == kindPlace {
		return "place"
	}
	return "propose"
}

func (s *State) parseTake(w []string, bad func(string) error) (move, error) {
	if len(w) == 0 {
		return move{}, bad("want: take COLUMN [from LEVEL] to (X,Y)")
	}
	c, ok := parseColumn(w[0])
	if !ok {
		return move{}, bad("unknown column " + strconv.Quote(w[0]))
	}
	w = w[1:]
	if len(w) >= 2 && w[0] == "from" && w[1] == "hand" {
		if s.cols[c].level != inHand {
			return move{}, fmt.Errorf("villapaletti: %s is not in hand: %w", c, game.ErrIllegalMove)
		}
		w = w[2:]
	} else if len(w) >= 2 && w[0] == "from" {
		lv, err := strconv.Atoi(w[1])
		if err != nil {
			return move{}, bad("level must be a number")
		}
		if lv != int(s.cols[c].level) {
			return move{}, fmt.Errorf("villapaletti: %s does not stand on level %d: %w", c, lv, game.ErrIllegalMove)
		}
		w = w[2:]
	}
	switch {
	case len(w) == 2 && w[0] == "onto":
		b, ok := parseColumn(w[1])
		if !ok {
			return move{}, bad("unknown column " + strconv.Quote(w[1]))
		}
		return move{kind: kindOnto, col: c, base: b}, nil
	case len(w) == 3 && w[0] == "to":
		w = w[1:]
	case len(w) != 2:
		return move{}, bad("want: take COLUMN [from LEVEL] to (X,Y)")
	}
	x, okx := parseHalf(w[0])
	y, oky := parseHalf(w[1])
	if !okx || !oky {
		return move{}, bad("coordinates are millimetres on the 0.5 mm grid")
	}
	if x < -coordMax || x > coordMax || y < -coordMax || y > coordMax {
		return move{}, bad("coordinates out of range")
	}
	return move{kind: kindTake, col: c, x: x, y: y, base: NoColumn}, nil
}

// parseHalf reads a decimal number that is a whole number of halves.
func parseHalf(t string) (int32, bool) {
	if len(t) == 0 || len(t) > 12 || strings.ContainsAny(t, "eEnNiIxX_pP") {
		return 0, false
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil {
		return 0, false
	}
	h := f * 2
	if h != float64(int32(h)) || h > 1<<20 || h < -(1<<20) {
		return 0, false
	}
	return int32(h), true
}

// parseColumn reads a column name: "blue-thin-2", "red-medium", "green-thick".
func parseColumn(t string) (Column, bool) {
	for c := range Column(NumColumns) {
		if c.String() == t {
			return c, true
		}
	}
	return NoColumn, false
}

// parseFloor reads a floor name.
func parseFloor(t string) (Floor, bool) {
	for f := range Floor(NumFloors) {
		if f.String() == t {
			return f, true
		}
	}
	return 0, false
}
