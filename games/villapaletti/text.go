package villapaletti

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// String returns the canonical position text, one line of sections:
//
//	floors: blue (0,0,0); columns: blue-thin-1 0 (61.819,16.564), ...,
//	blue-medium out, red-thin-2 5 (3,4) on blue-thick frozen; seal: 2 after 1;
//	claimed: yes; turn: 2; rng: 9e3779b97f4a7c15
//
// Coordinates are millimetres, angles degrees, both to 0.001. The turn
// section is one of "turn: P", "turn: P own", "turn: P neutral-objection
// asking Q", "turn: P proposes (X,Y,ANGLE) asking Q", "turn: P removes Q",
// "turn: P places", "turn: P setup from S", "turn: P lays blue", "over:
// collapse by P" or "over: standstill". Columns not yet placed in a custom
// setup read "hand".
func (s *State) String() string { return s.text(false) }

// PublicString is the position text with the generator's state replaced
// by "hidden", for the players of a running match: under unsteady hands
// the state tells the outcome of every wobble and placement noise to come.
// Parsing it keeps the generator the options' seed gives.
func (s *State) PublicString() string { return s.text(true) }

// text writes the position text, the generator's state hidden or not.
func (s *State) text(hidden bool) string {
	var b strings.Builder
	b.WriteString("floors:")
	for f := range Floor(s.floors) {
		if f > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %s %s", f, s.poses[f].text())
	}
	b.WriteString("; columns:")
	for c := range Column(NumColumns) {
		if c > 0 {
			b.WriteByte(',')
		}
		col := &s.cols[c]
		fmt.Fprintf(&b, " %s", c)
		switch col.level {
		case outOfGame:
			b.WriteString(" out")
		case inHand:
			b.WriteString(" hand")
		default:
			fmt.Fprintf(&b, " %d (%s,%s)", col.level, micros(col.x), micros(col.y))
		}
		if col.on != NoColumn {
			fmt.Fprintf(&b, " on %s", col.on)
		}
		if col.frozen {
			b.WriteString(" frozen")
		}
	}
	b.WriteString("; seal: ")
	if s.holder == noPlayer {
		b.WriteString("none")
	} else {
		fmt.Fprintf(&b, "%d", s.holder)
		if s.prev != noPlayer {
			fmt.Fprintf(&b, " after %d", s.prev)
		}
	}
	b.WriteString("; claimed: ")
	if s.claimed {
		b.WriteString("yes")
	} else {
		b.WriteString("no")
	}
	b.WriteString("; ")
	switch s.phase {
	case phaseOver:
		if s.culprit != noPlayer {
			fmt.Fprintf(&b, "over: collapse by %d", s.culprit)
		} else {
			b.WriteString("over: standstill")
		}
	case phaseTurn:
		fmt.Fprintf(&b, "turn: %d", s.turn)
	case phaseOwn:
		fmt.Fprintf(&b, "turn: %d own", s.turn)
	case phaseNeutralObjection:
		fmt.Fprintf(&b, "turn: %d neutral-objection asking %d", s.turn, s.asker)
	case phaseFloorObjection:
		fmt.Fprintf(&b, "turn: %d proposes %s asking %d", s.turn, s.prop.text(), s.asker)
	case phaseRemove:
		fmt.Fprintf(&b, "turn: %d removes %d", s.turn, s.objctr)
	case phasePlace:
		fmt.Fprintf(&b, "turn: %d places", s.turn)
	case phaseSetup:
		fmt.Fprintf(&b, "turn: %d setup from %d", s.turn, s.start)
	case phaseBlue:
		fmt.Fprintf(&b, "turn: %d lays blue", s.turn)
	}
	if hidden {
		b.WriteString("; rng: hidden")
	} else {
		fmt.Fprintf(&b, "; rng: %016x", uint64(s.rng))
	}
	return b.String()
}

func (p pose) text() string {
	return "(" + micros(p.x) + "," + micros(p.y) + "," + micros(p.th) + ")"
}

// micros prints thousandths without trailing zeros: 61819 → "61.819".
func micros(v int32) string {
	sign := ""
	u := int64(v)
	if u < 0 {
		sign, u = "-", -u
	}
	s := sign + strconv.FormatInt(u/micro, 10)
	if f := u % micro; f != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%03d", f), "0")
	}
	return s
}

// normalize clears the fields the current phase does not use, so that the
// position text determines the state.
func (s *State) normalize() {
	if s.phase != phaseNeutralObjection && s.phase != phaseFloorObjection {
		s.asker = noPlayer
	}
	if s.phase != phaseRemove {
		s.objctr = noPlayer
	}
	if s.phase != phaseFloorObjection {
		s.prop = pose{}
	}
	if s.phase == phaseOver {
		s.turn = 0
	} else {
		s.culprit = noPlayer
	}
	if s.phase != phaseSetup {
		s.start = 0
	}
}

// parser reads a position text.
type parser struct {
	text string
	err  error
}

func (p *parser) fail(msg string) {
	if p.err == nil {
		p.err = &game.ParseError{Game: "villapaletti", What: "position", Input: p.text, Offset: -1, Msg: msg}
	}
}

// parsePosition reads the format of State.String into s, whose options are
// set.
func parsePosition(s *State, text string) error {
	p := &parser{text: text}
	norm := strings.NewReplacer("(", " ", ")", " ", ",", " , ", ";", " ; ", ":", " : ").Replace(inParens(strings.ToLower(text)))
	var sections [][]string
	for _, sec := range strings.Split(norm, ";") {
		sections = append(sections, strings.Fields(sec))
	}
	want := []string{"floors", "columns", "seal", "claimed", "", "rng"}
	if len(sections) != len(want) {
		p.fail("want 6 sections separated by ';': floors, columns, seal, claimed, turn, rng")
		return p.err
	}
	keys := make([]string, len(sections))
	for i, sec := range sections {
		if len(sec) > 0 {
			keys[i] = sec[0]
		}
		if len(sec) < 2 || sec[1] != ":" || (want[i] != "" && sec[0] != want[i]) {
			p.fail(fmt.Sprintf("section %d: want %q followed by ':'", i+1, want[i]))
			return p.err
		}
		sections[i] = sec[2:]
	}
	p.floors(s, sections[0])
	p.columns(s, sections[1])
	p.seal(s, sections[2])
	switch strings.Join(sections[3], " ") {
	case "yes":
		s.claimed = true
	case "no":
	default:
		p.fail("claimed: want yes or no")
	}
	p.phase(s, keys[4], sections[4])
	switch w := sections[5]; {
	case len(w) == 1 && w[0] == "hidden":
		// A public text (PublicString): the options' seed stays.
	case len(w) != 1 || len(w[0]) != 16:
		p.fail("rng: want 16 hex digits or hidden")
	default:
		v, err := strconv.ParseUint(w[0], 16, 64)
		if err != nil {
			p.fail("rng: want 16 hex digits or hidden")
		}
		s.rng = splitMix(v)
	}
	if p.err == nil {
		p.consistent(s)
	}
	return p.err
}

func (p *parser) floors(s *State, w []string) {
	for _, item := range splitItems(w) {
		if len(item) != 4 {
			p.fail("floors: want NAME (X,Y,ANGLE)")
			return
		}
		f, ok := parseFloor(item[0])
		if !ok || int(f) != int(s.floors) {
			p.fail("floors: want the floors in order blue, green, yellow, orange, red")
			return
		}
		var v [3]int32
		for i, t := range item[1:] {
			v[i] = p.micros(t)
		}
		if v[2] < 0 || v[2] >= fullTurn {
			p.fail("floors: angle must be in [0,360)")
		}
		s.poses[f] = pose{x: v[0], y: v[1], th: v[2]}
		s.floors++
	}
}

// splitItems splits words at "," tokens.
func splitItems(w []string) [][]string {
	var out [][]string
	cur := []string{}
	for _, t := range w {
		if t == "," {
			out = append(out, cur)
			cur = []string{}
			continue
		}
		cur = append(cur, t)
	}
	if len(cur) > 0 || len(out) > 0 {
		out = append(out, cur)
	}
	return out
}

// micros reads a number of millimetres (or degrees) to 0.001.
func (p *parser) micros(t string) int32 {
	if len(t) == 0 || len(t) > 12 || strings.ContainsAny(t, "eEnNiIxX_pP") {
		p.fail(fmt.Sprintf("%q is not a number", t))
		return 0
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f < -1000 || f > 1000 {
		p.fail(fmt.Sprintf("%q is not a number in range", t))
		return 0
	}
	v := math.Round(f * micro)
	if math.Abs(v-f*micro) > 1e-6 {
		p.fail(fmt.Sprintf("%q has more than three decimals", t))
	}
	return int32(v)
}

func (p *parser) columns(s *State, w []string) {
	items := splitItems(w)
	if len(items) != NumColumns {
		p.fail(fmt.Sprintf("columns: want %d columns", NumColumns))
		return
	}
	for i, item := range items {
		c := Column(i)
		if len(item) == 0 || item[0] != c.String() {
			p.fail(fmt.Sprintf("columns: want %s in position %d", c, i+1))
			return
		}
		item = item[1:]
		col := column{on: NoColumn}
		if len(item) > 0 && item[len(item)-1] == "frozen" {
			col.frozen = true
			item = item[:len(item)-1]
		}
		switch {
		case len(item) == 1 && item[0] == "out":
			col.level = outOfGame
		case len(item) == 1 && item[0] == "hand":
			col.level = inHand
		case len(item) == 3 || len(item) == 5 && item[3] == "on":
			lv, err := strconv.Atoi(item[0])
			if err != nil || lv < 0 || lv > int(s.floors) {
				p.fail(fmt.Sprintf("columns: %s: level must be 0..%d", c, s.floors))
				return
			}
			col.level = int8(lv)
			col.x, col.y = p.micros(item[1]), p.micros(item[2])
			if len(item) == 5 {
				b, ok := parseColumn(item[4])
				if !ok || b == c {
					p.fail(fmt.Sprintf("columns: %s: stacked on what?", c))
					return
				}
				col.on = b
			}
		default:
			p.fail(fmt.Sprintf("columns: %s: want LEVEL (X,Y) [on COLUMN] [frozen], or out", c))
			return
		}
		s.cols[c] = col
	}
}

// seat reads a seat number of this game.
func (p *parser) seat(s *State, t string) int8 {
	n, err := strconv.Atoi(t)
	if err != nil || n < 0 || n >= int(s.n) {
		p.fail(fmt.Sprintf("%q is not a seat of %d players", t, s.n))
		return 0
	}
	return int8(n)
}

func (p *parser) seal(s *State, w []string) {
	s.holder, s.prev = noPlayer, noPlayer
	switch {
	case len(w) == 1 && w[0] == "none":
	case len(w) == 1:
		s.holder = p.seat(s, w[0])
	case len(w) == 3 && w[1] == "after":
		s.holder, s.prev = p.seat(s, w[0]), p.seat(s, w[2])
		if s.holder == s.prev {
			p.fail("seal: the previous holder differs from the holder")
		}
	default:
		p.fail("seal: want none, P or P after Q")
	}
}

func (p *parser) phase(s *State, key string, w []string) {
	if key == "over" {
		s.phase = phaseOver
		switch {
		case len(w) == 1 && w[0] == "standstill":
		case len(w) == 3 && w[0] == "collapse" && w[1] == "by":
			s.culprit = p.seat(s, w[2])
		default:
			p.fail("over: want standstill or collapse by P")
		}
		return
	}
	if key != "turn" || len(w) == 0 {
		p.fail("want a turn or over section")
		return
	}
	s.turn = p.seat(s, w[0])
	w = w[1:]
	switch {
	case len(w) == 0:
		s.phase = phaseTurn
	case len(w) == 1 && w[0] == "own" && s.n == 3:
		s.phase = phaseOwn
	case len(w) == 1 && w[0] == "places":
		s.phase = phasePlace
	case len(w) == 3 && w[0] == "setup" && w[1] == "from":
		s.phase, s.start = phaseSetup, p.seat(s, w[2])
	case len(w) == 2 && w[0] == "lays" && w[1] == "blue":
		s.phase = phaseBlue
	case len(w) == 2 && w[0] == "removes":
		s.phase, s.objctr = phaseRemove, p.seat(s, w[1])
	case len(w) == 3 && w[0] == "neutral-objection" && w[1] == "asking" && s.n == 3:
		s.phase, s.asker = phaseNeutralObjection, p.seat(s, w[2])
	case len(w) == 6 && w[0] == "proposes" && w[4] == "asking":
		s.phase, s.asker = phaseFloorObjection, p.seat(s, w[5])
		s.prop = pose{x: p.micros(w[1]), y: p.micros(w[2]), th: p.micros(w[3])}
		if s.prop.x%500 != 0 || s.prop.y%500 != 0 || s.prop.th%500 != 0 || s.prop.th < 0 || s.prop.th >= fullTurn {
			p.fail("a proposed pose lies on the 0.5 grid")
		}
	default:
		p.fail("turn: want P, P own, P places, P removes Q, P neutral-objection asking Q or P proposes (X,Y,A) asking Q")
	}
	if (s.phase == phaseFloorObjection || s.phase == phaseNeutralObjection) && s.asker == s.turn {
		p.fail("turn: the asked seat differs from the mover")
	}
	if s.phase == phaseRemove && s.objctr == s.turn {
		p.fail("turn: the proposer removes another seat's column")
	}
	if (s.phase == phaseFloorObjection || s.phase == phasePlace) && s.floors >= NumFloors {
		p.fail("turn: no floor is left to place")
	}
	if setup := s.phase == phaseSetup || s.phase == phaseBlue; setup != (s.floors == 0) {
		p.fail("the blue floor is laid exactly when the setup is over")
	}
}

// consistent checks what the sections say together: stacks only above red
// and without cycles, a collapse culprit only after a collapse.
func (p *parser) consistent(s *State) {
	for c := range Column(NumColumns) {
		if s.cols[c].level == inHand && s.phase != phaseSetup {
			p.fail(fmt.Sprintf("columns: %s: in hand after the setup", c))
			return
		}
	}
	for c := range Column(NumColumns) {
		col := &s.cols[c]
		if col.on == NoColumn {
			continue
		}
		b := &s.cols[col.on]
		if col.level != NumFloors || b.level != NumFloors {
			p.fail(fmt.Sprintf("columns: %s: stacking happens only above red", c))
			return
		}
		if s.depth(c) > NumColumns {
			p.fail("columns: stacks form a cycle")
			return
		}
	}
	for c := range Column(NumColumns) {
		n := 0
		for d := range Column(NumColumns) {
			if s.cols[d].on == c && c != NoColumn {
				n++
			}
		}
		if n > 1 {
			p.fail(fmt.Sprintf("columns: two columns stand on %s", c))
			return
		}
	}
}

// inParens turns the commas inside parentheses into spaces, so that commas
// left separate list items.
func inParens(t string) string {
	b := []byte(t)
	depth := 0
	for i, c := range b {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth > 0 {
				b[i] = ' '
			}
		}
	}
	return string(b)
}
