package palagonia

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/fields"
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
// parsePosition reads the position text: the phase, the seat, then the
// fields NAME=VALUE (and the flag extra) in any order, read here one by one
// in the order the checks need, and checks that the step the phase names
// can be taken.
func parsePosition(info *game.Info, set settings, o game.Options, text string) (*State, error) {
	t := fields.New("palagonia", text)
	f := t.Fields
	if len(f) < 2 {
		return nil, t.ErrorAt("", "want a phase, a seat and the fields scores=, bag= and table=")
	}
	s := &State{info: info, set: set}
	if err := s.readPhase(t, f[0]); err != nil {
		return nil, err
	}
	vals, err := readNamed(t, f[2:])
	if err != nil {
		return nil, err
	}
	n, err := s.readScores(t, vals["scores"])
	if err != nil {
		return nil, err
	}
	if err := s.readTable(t, vals["table"]); err != nil {
		return nil, err
	}
	if err := s.readBag(t, vals["bag"]); err != nil {
		return nil, err
	}
	if err := s.readSeat(t, f[1], n); err != nil {
		return nil, err
	}
	if err := s.readExtra(t, vals["extra"]); err != nil {
		return nil, err
	}
	if err := s.readDice(t, vals); err != nil {
		return nil, err
	}
	if err := s.readStep(t, vals, n); err != nil {
		return nil, err
	}
	s.board = *s.board.Clone()
	return s, nil
}

// namedFields are the fields a position may have after the phase and the
// seat; requiredFields must be there.
var (
	namedFields    = []string{"rolls", "dice", "left", "placed", "extra", "scores", "bag", "table"}
	requiredFields = []string{"scores", "bag", "table"}
)

// readNamed reads the fields after the phase and the seat into a map by
// name: NAME=VALUE, each name once, or the flag extra (as "yes").
func readNamed(t *fields.Text, words []string) (map[string]string, error) {
	vals := map[string]string{}
	for _, tok := range words {
		key, val, ok := strings.Cut(tok, "=")
		if !ok {
			if tok != "extra" {
				return nil, t.ErrorAt(tok, "want key=value or extra")
			}
			val = "yes"
		}
		if _, dup := vals[key]; dup {
			return nil, t.ErrorAt(tok, "field given twice")
		}
		vals[key] = val
	}
	for _, tok := range words {
		if key, _, _ := strings.Cut(tok, "="); !slices.Contains(namedFields, key) {
			return nil, t.ErrorAt(key, "unknown field "+key)
		}
	}
	for _, key := range requiredFields {
		if _, ok := vals[key]; !ok {
			return nil, t.ErrorAt("", "missing field "+key+"=")
		}
	}
	return vals, nil
}

// readPhase reads the phase's name.
func (s *State) readPhase(t *fields.Text, field string) error {
	i := slices.Index(phaseNames[:], field)
	if i < 0 {
		return t.ErrorAt(field, "unknown phase: want start, roll, choose, place, remove, rotate, pass or over")
	}
	s.phase = phase(i)
	return nil
}

// readScores reads the scores, one per player, which give the number of
// players; it must agree with the options' player count when they set one.
func (s *State) readScores(t *fields.Text, v string) (n int, err error) {
	parts := strings.Split(v, ",")
	n = len(parts)
	if n != 1 && (n < 3 || n > MaxPlayers) {
		return 0, t.ErrorAt("scores=", "scores for 1 or 3 to 5 players")
	}
	if s.set.players != 0 && s.set.players != n {
		return 0, fmt.Errorf("palagonia: position has %d players, options %d: %w", n, s.set.players, game.ErrBadOption)
	}
	s.set.players = n
	for p, x := range parts {
		v, err := strconv.Atoi(x)
		if err != nil || v < 0 || v > maxScore || len(x) > 8 {
			return 0, t.ErrorAt("scores=", "a score is a non-negative integer")
		}
		s.scores[p] = v
	}
	return n, nil
}

// readTable reads the tiles on the table, (q,r):o joined by +, or "-":
// one connected palago of at most the game's tiles.
func (s *State) readTable(t *fields.Text, v string) error {
	if v == "-" {
		return nil
	}
	tiles, err := palago.ParseTiles(v)
	if err != nil || len(tiles) == 0 || strings.ContainsAny(v, " \t") {
		return t.ErrorAt("table=", "the table is tiles (q,r):o joined by +, or -")
	}
	if len(tiles) > s.set.tiles {
		return t.ErrorAt("table=", "more tiles on the table than in the game")
	}
	for _, x := range tiles {
		if err := s.board.Place(x); err != nil {
			return t.ErrorAt("table=", err.Error())
		}
		s.tiles ^= palago.TileHash(x)
	}
	if !s.connected() {
		return t.ErrorAt("table=", "the palago is not connected")
	}
	return nil
}

// readBag reads the tiles left in the bag, which with the table make the
// game's tiles.
func (s *State) readBag(t *fields.Text, v string) error {
	bag, err := strconv.Atoi(v)
	if err != nil || len(v) > 3 || bag != s.set.tiles-s.board.Len() {
		return t.ErrorAt("bag=", fmt.Sprintf("bag and table must add up to the %d tiles of the game", s.set.tiles))
	}
	return nil
}

// readSeat reads whose turn it is: "-" before the start and after the end,
// else a seat name p1..pN.
func (s *State) readSeat(t *fields.Text, seat string, n int) error {
	if s.phase == phaseStart || s.phase == phaseOver {
		if seat != "-" {
			return t.ErrorAt(seat, "the seat is - before the start and after the end")
		}
		return nil
	}
	p := slices.Index(s.info.PlayerNames[:n], seat)
	if p < 0 {
		return t.ErrorAt(seat, fmt.Sprintf("the seat is p1 to p%d", n))
	}
	s.turn = game.Player(p)
	return nil
}

// readExtra reads the flag of a turn in play that earned an extra turn.
func (s *State) readExtra(t *fields.Text, v string) error {
	if v == "" {
		return nil
	}
	if s.phase == phaseStart || s.phase == phaseOver || v != "yes" {
		return t.ErrorAt("extra", "extra is a flag of a turn in play")
	}
	s.extra = true
	return nil
}

// readDice reads dice=F or dice=F+F (faces in order) and checks that the
// phase has the dice it needs: none before a roll, the starter's one die
// or two for a placement, two for the other steps.
func (s *State) readDice(t *fields.Text, vals map[string]string) error {
	if d, ok := vals["dice"]; ok {
		fs := strings.Split(d, "+")
		if len(fs) > 2 {
			return t.ErrorAt("dice=", "dice=F or dice=F+F")
		}
		for i, x := range fs {
			fc, ok := parseFace(x)
			if !ok || len(x) != 1 {
				return t.ErrorAt("dice=", "a face is 2, 3, 4, 5, X or R")
			}
			s.dice[i] = fc
		}
		if len(fs) == 2 && s.dice[1] < s.dice[0] {
			return t.ErrorAt("dice=", "faces in order 2, 3, 4, 5, X, R")
		}
	}
	rolled := s.dice[0] != NoFace
	first := rolled && s.dice[1] == NoFace // the starter's turn
	switch s.phase {
	case phaseStart, phaseRoll, phaseOver:
		if rolled {
			return t.ErrorAt("dice=", "no dice before a roll")
		}
	case phasePlace:
		if !rolled || first && (s.dice[0].Number() == 0 || s.extra) {
			return t.ErrorAt("dice=", "a placement follows a roll")
		}
	default:
		if !rolled || first {
			return t.ErrorAt("dice=", "two dice are rolled")
		}
	}
	return nil
}

// readStep checks the step the phase names: the start's rolls, a choice
// between two usable dice, a placement's counts, a table to remove from,
// turn on or pass with, and the empty bag at the end.
func (s *State) readStep(t *fields.Text, vals map[string]string, n int) error {
	if (s.phase == phasePlace) != (vals["left"] != "" || vals["placed"] != "") {
		return t.ErrorAt("left=", "left= and placed= belong to a placement")
	}
	if (s.phase == phaseStart) != (vals["rolls"] != "") {
		return t.ErrorAt("rolls=", "rolls= belongs to the start")
	}
	switch s.phase {
	case phaseStart:
		return s.readRolls(t, vals["rolls"], n)
	case phaseChoose:
		if s.dice[0] == s.dice[1] || !s.possible(s.dice[0]) || !s.possible(s.dice[1]) {
			return t.ErrorAt("dice=", "a choice is between two different usable dice")
		}
	case phasePlace:
		return s.readPlacement(t, vals["left"], vals["placed"])
	case phaseRemove:
		if s.board.Len() == 0 {
			return t.ErrorAt("table=", "nothing to remove")
		}
	case phaseRotate:
		if !s.hasInternal() {
			return t.ErrorAt("table=", "no internal tile to turn")
		}
	case phasePass:
		if s.board.Len() != 0 {
			return t.ErrorAt("table=", "a pass needs an empty table")
		}
	case phaseOver:
		if s.Bag() != 0 {
			return t.ErrorAt("bag=", "the game ends with an empty bag")
		}
	}
	return nil
}

// readRolls reads the start's roll-off, one character per player: a face,
// "?" (still to roll) or "-" (out); someone must still have to roll.
func (s *State) readRolls(t *fields.Text, r string, n int) error {
	if s.board.Len() != 0 {
		return t.ErrorAt("table=", "the table is empty at the start")
	}
	if len(r) != n {
		return t.ErrorAt("rolls=", "one roll per player: a face, ? (to roll) or - (out)")
	}
	for p := range n {
		switch c := r[p : p+1]; c {
		case "-":
		case "?":
			s.contend |= 1 << p
		default:
			fc, ok := parseFace(c)
			if !ok {
				return t.ErrorAt("rolls=", "one roll per player: a face, ? (to roll) or - (out)")
			}
			s.contend |= 1 << p
			s.rolls[p] = fc
		}
	}
	if s.roller() == game.NoPlayer {
		return t.ErrorAt("rolls=", "someone still has to roll")
	}
	return nil
}

// readPlacement reads left= and placed=: the tiles still to place and those
// placed this action, adding up to a die, with tiles enough in the bag,
// and an action that can still be completed.
func (s *State) readPlacement(t *fields.Text, leftText, placedText string) error {
	left, err1 := strconv.Atoi(leftText)
	placed, err2 := strconv.Atoi(placedText)
	if err1 != nil || err2 != nil || left < 1 || placed < 0 || len(leftText) > 1 || len(placedText) > 1 {
		return t.ErrorAt("left=", "left= at least 1, placed= at least 0")
	}
	k := left + placed
	if k != s.dice[0].Number() && k != s.dice[1].Number() || placed > s.board.Len() || left > s.Bag() {
		return t.ErrorAt("left=", "left + placed is the number of a die, and the bag holds what is left")
	}
	s.left, s.placed = int8(left), int8(placed)
	if placed > 0 {
		var pbuf [MaxPlace]palago.Cell
		w := &completer{b: s.board.Clone(), p: s.actionCells(pbuf[:0])}
		if !w.ok(left) {
			return t.ErrorAt("table=", "the action cannot be completed")
		}
	}
	return nil
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
