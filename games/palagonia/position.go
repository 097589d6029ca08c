package palagonia

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// maxScore bounds a score in position text: 96 tiles cannot make more
// than a few hundred points, so anything above is a typo.
const maxScore = 1 << 20

// String returns the position text (see the package documentation):
//
//	place p2 dice=3+R left=2 placed=1 scores=0,3,3 bag=40 table=(0,0):0+(1,0):2+...
func (s *State) String() string {
	var b strings.Builder
	b.WriteString(s.phase.String())
	b.WriteByte(' ')
	switch s.phase {
	case phaseStart, phaseOver:
		b.WriteByte('-')
	default:
		b.WriteString(s.info.PlayerNames[s.turn])
	}
	if s.phase == phaseStart {
		b.WriteString(" rolls=")
		for p := range s.set.players {
			switch {
			case s.contend&(1<<p) == 0:
				b.WriteByte('-')
			case s.rolls[p] == NoFace:
				b.WriteByte('?')
			default:
				b.WriteString(s.rolls[p].String())
			}
		}
	}
	if s.dice[0] != NoFace {
		b.WriteString(" dice=")
		b.WriteString(s.dice[0].String())
		if s.dice[1] != NoFace {
			b.WriteByte('+')
			b.WriteString(s.dice[1].String())
		}
	}
	if s.phase == phasePlace {
		fmt.Fprintf(&b, " left=%d placed=%d", s.left, s.placed)
	}
	if s.extra {
		b.WriteString(" extra")
	}
	b.WriteString(" scores=")
	for p := range s.set.players {
		if p > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(s.scores[p]))
	}
	fmt.Fprintf(&b, " bag=%d table=", s.Bag())
	if s.board.Len() == 0 {
		b.WriteByte('-')
	}
	for i := range s.board.Len() {
		if i > 0 {
			b.WriteByte('+')
		}
		b.WriteString(s.board.Tile(i).String())
	}
	return b.String()
}

// parsePosition reads the text of State.String. The player count comes
// from the scores (and must match o.Players when that is set); the bag and
// the table must add up to the tiles option.
func parsePosition(info *game.Info, set settings, o game.Options, text string) (*State, error) {
	bad := func(field, msg string) error {
		off := -1
		if field != "" {
			off = strings.Index(text, field)
		}
		return &game.ParseError{Game: "palagonia", What: "position", Input: text, Offset: off, Msg: msg}
	}
	f := strings.Fields(text)
	if len(f) < 2 {
		return nil, bad("", "want a phase, a seat and the fields scores=, bag= and table=")
	}
	s := &State{info: info, set: set}
	ph := -1
	for i, name := range phaseNames {
		if f[0] == name {
			ph = i
		}
	}
	if ph < 0 {
		return nil, bad(f[0], "unknown phase: want start, roll, choose, place, remove, rotate, pass or over")
	}
	s.phase = phase(ph)
	seat := f[1]
	vals := map[string]string{}
	for _, tok := range f[2:] {
		key, val, ok := strings.Cut(tok, "=")
		if !ok {
			if tok != "extra" {
				return nil, bad(tok, "want key=value or extra")
			}
			val = "yes"
		}
		if _, dup := vals[key]; dup {
			return nil, bad(tok, "field given twice")
		}
		vals[key] = val
	}
	for key := range vals {
		switch key {
		case "rolls", "dice", "left", "placed", "extra", "scores", "bag", "table":
		default:
			return nil, bad(key, "unknown field "+key)
		}
	}
	for _, key := range []string{"scores", "bag", "table"} {
		if _, ok := vals[key]; !ok {
			return nil, bad("", "missing field "+key+"=")
		}
	}

	// Players and scores.
	parts := strings.Split(vals["scores"], ",")
	n := len(parts)
	if n != 1 && (n < 3 || n > MaxPlayers) {
		return nil, bad("scores=", "scores for 1 or 3 to 5 players")
	}
	if set.players != 0 && set.players != n {
		return nil, fmt.Errorf("palagonia: position has %d players, options %d: %w", n, set.players, game.ErrBadOption)
	}
	s.set.players = n
	for p, x := range parts {
		v, err := strconv.Atoi(x)
		if err != nil || v < 0 || v > maxScore || len(x) > 8 {
			return nil, bad("scores=", "a score is a non-negative integer")
		}
		s.scores[p] = v
	}

	// Table and bag.
	if t := vals["table"]; t != "-" {
		tiles, err := palago.ParseTiles(t)
		if err != nil || len(tiles) == 0 || strings.ContainsAny(t, " \t") {
			return nil, bad("table=", "the table is tiles (q,r):o joined by +, or -")
		}
		if len(tiles) > set.tiles {
			return nil, bad("table=", "more tiles on the table than in the game")
		}
		for _, x := range tiles {
			if err := s.board.Place(x); err != nil {
				return nil, bad("table=", err.Error())
			}
			s.tiles ^= palago.TileHash(x)
		}
		if !s.connected() {
			return nil, bad("table=", "the palago is not connected")
		}
	}
	bag, err := strconv.Atoi(vals["bag"])
	if err != nil || len(vals["bag"]) > 3 || bag != set.tiles-s.board.Len() {
		return nil, bad("bag=", fmt.Sprintf("bag and table must add up to the %d tiles of the game", set.tiles))
	}

	// Whose turn.
	switch {
	case s.phase == phaseStart || s.phase == phaseOver:
		if seat != "-" {
			return nil, bad(seat, "the seat is - before the start and after the end")
		}
	default:
		p := -1
		for i, name := range info.PlayerNames[:n] {
			if seat == name {
				p = i
			}
		}
		if p < 0 {
			return nil, bad(seat, fmt.Sprintf("the seat is p1 to p%d", n))
		}
		s.turn = game.Player(p)
	}
	if vals["extra"] != "" {
		if s.phase == phaseStart || s.phase == phaseOver || vals["extra"] != "yes" {
			return nil, bad("extra", "extra is a flag of a turn in play")
		}
		s.extra = true
	}

	// Dice.
	if d, ok := vals["dice"]; ok {
		fs := strings.Split(d, "+")
		if len(fs) > 2 {
			return nil, bad("dice=", "dice=F or dice=F+F")
		}
		for i, x := range fs {
			fc, ok := parseFace(x)
			if !ok || len(x) != 1 {
				return nil, bad("dice=", "a face is 2, 3, 4, 5, X or R")
			}
			s.dice[i] = fc
		}
		if len(fs) == 2 && s.dice[1] < s.dice[0] {
			return nil, bad("dice=", "faces in order 2, 3, 4, 5, X, R")
		}
	}
	rolled := s.dice[0] != NoFace
	first := rolled && s.dice[1] == NoFace // the starter's turn
	switch s.phase {
	case phaseStart, phaseRoll, phaseOver:
		if rolled {
			return nil, bad("dice=", "no dice before a roll")
		}
	case phasePlace:
		if !rolled || first && (s.dice[0].Number() == 0 || s.extra) {
			return nil, bad("dice=", "a placement follows a roll")
		}
	default:
		if !rolled || first {
			return nil, bad("dice=", "two dice are rolled")
		}
	}

	// The step itself.
	if (s.phase == phasePlace) != (vals["left"] != "" || vals["placed"] != "") {
		return nil, bad("left=", "left= and placed= belong to a placement")
	}
	if (s.phase == phaseStart) != (vals["rolls"] != "") {
		return nil, bad("rolls=", "rolls= belongs to the start")
	}
	switch s.phase {
	case phaseStart:
		if s.board.Len() != 0 {
			return nil, bad("table=", "the table is empty at the start")
		}
		r := vals["rolls"]
		if len(r) != n {
			return nil, bad("rolls=", "one roll per player: a face, ? (to roll) or - (out)")
		}
		for p := range n {
			switch c := r[p : p+1]; c {
			case "-":
			case "?":
				s.contend |= 1 << p
			default:
				fc, ok := parseFace(c)
				if !ok {
					return nil, bad("rolls=", "one roll per player: a face, ? (to roll) or - (out)")
				}
				s.contend |= 1 << p
				s.rolls[p] = fc
			}
		}
		if s.roller() == game.NoPlayer {
			return nil, bad("rolls=", "someone still has to roll")
		}
	case phaseChoose:
		if s.dice[0] == s.dice[1] || !s.possible(s.dice[0]) || !s.possible(s.dice[1]) {
			return nil, bad("dice=", "a choice is between two different usable dice")
		}
	case phasePlace:
		left, err1 := strconv.Atoi(vals["left"])
		placed, err2 := strconv.Atoi(vals["placed"])
		if err1 != nil || err2 != nil || left < 1 || placed < 0 || len(vals["left"]) > 1 || len(vals["placed"]) > 1 {
			return nil, bad("left=", "left= at least 1, placed= at least 0")
		}
		k := left + placed
		if k != s.dice[0].Number() && k != s.dice[1].Number() || placed > s.board.Len() || left > s.Bag() {
			return nil, bad("left=", "left + placed is the number of a die, and the bag holds what is left")
		}
		s.left, s.placed = int8(left), int8(placed)
		if placed > 0 {
			var pbuf [MaxPlace]palago.Cell
			w := &completer{b: s.board.Clone(), p: s.actionCells(pbuf[:0])}
			if !w.ok(left) {
				return nil, bad("table=", "the action cannot be completed")
			}
		}
	case phaseRemove:
		if s.board.Len() == 0 {
			return nil, bad("table=", "nothing to remove")
		}
	case phaseRotate:
		if !s.hasInternal() {
			return nil, bad("table=", "no internal tile to turn")
		}
	case phasePass:
		if s.board.Len() != 0 {
			return nil, bad("table=", "a pass needs an empty table")
		}
	case phaseOver:
		if s.Bag() != 0 {
			return nil, bad("bag=", "the game ends with an empty bag")
		}
	}
	s.board = *s.board.Clone()
	return s, nil
}

// connected reports whether the tiles on the table form one palago.
func (s *State) connected() bool {
	return s.connectedWithout(palago.Cell{Q: palago.MaxCoord + 1}) // a cell no tile is on
}

// connectedWithout reports whether the tiles on the table other than the
// one on skip form one connected set (or none).
func (s *State) connectedWithout(skip palago.Cell) bool {
	n := s.board.Len()
	if s.board.Occupied(skip) {
		n--
	}
	var set palago.CellSet
	for i := range s.board.Len() {
		if c := s.board.Tile(i).Cell; c != skip {
			set.Add(c)
			break
		}
	}
	for i := 0; i < set.Len(); i++ {
		c := set.Cells()[i]
		for k := range 6 {
			if d := c.Neighbour(k); d != skip && s.board.Occupied(d) {
				set.Add(d)
			}
		}
	}
	return set.Len() == n
}
