package talat

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/fields"
)

// String returns the position text: eight fields separated by spaces,
//
//	VARIANT TURN B01=RANKS B02=RANKS B12=RANKS reserve=KINDS/KINDS/KINDS taken=TOWERS/TOWERS[/TOWERS] closed=BOARDS
//
// VARIANT is talat or palat; TURN is the seat to act or "-" once the game
// is over. RANKS lists ranks 1 to 5 separated by "/", each five cells from
// file a to e: "." for an empty cell or a tower as colour digit and code
// ("0L6"). reserve lists, per colour 0, 1, 2, the kinds still to be placed
// ("S3M4", or "-" for none); taken lists, per seat, the towers it captured
// ("1L6,2S3" or "-"); closed lists the closed boards ("B01,B12" or "-").
func (s *State) String() string {
	var sb strings.Builder
	sb.Grow(300)
	sb.WriteString(s.Variant())
	sb.WriteByte(' ')
	if s.turn == game.NoPlayer {
		sb.WriteByte('-')
	} else {
		sb.WriteByte('0' + byte(s.turn))
	}
	for b := range Board(NumBoards) {
		fmt.Fprintf(&sb, " %s=", b)
		for r := range Size {
			if r > 0 {
				sb.WriteByte('/')
			}
			for c := range Size {
				if x := s.cells[b][CellAt(r, c)]; x != 0 {
					sb.WriteString(Tower(x - 1).String())
				} else {
					sb.WriteByte('.')
				}
			}
		}
	}
	sb.WriteString(" reserve=")
	for c := range Colour(NumColours) {
		if c > 0 {
			sb.WriteByte('/')
		}
		m := s.reserve >> (uint(c) * NumKinds) & (1<<NumKinds - 1)
		if m == 0 {
			sb.WriteByte('-')
		}
		for ; m != 0; m &= m - 1 {
			sb.WriteString(Kind(bits.TrailingZeros32(m)).String())
		}
	}
	sb.WriteString(" taken=")
	for p := range s.NumPlayers() {
		if p > 0 {
			sb.WriteByte('/')
		}
		m := s.taken[p]
		if m == 0 {
			sb.WriteByte('-')
		}
		for first := true; m != 0; m &= m - 1 {
			if !first {
				sb.WriteByte(',')
			}
			first = false
			sb.WriteString(Tower(bits.TrailingZeros32(m)).String())
		}
	}
	sb.WriteString(" closed=")
	if s.closed == 0 {
		sb.WriteByte('-')
	}
	for b, first := Board(0), true; b < NumBoards; b++ {
		if s.Closed(b) {
			if !first {
				sb.WriteByte(',')
			}
			first = false
			sb.WriteString(b.String())
		}
	}
	return sb.String()
}

// MarshalText returns the position text.
func (s *State) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// parsePosition reads the format of State.String field by field and checks
// that the position can arise: every tower is in one place, setup positions
// have towers only on start lines, and the closed boards are exactly the
// boards where no capture is reachable.
func parsePosition(info *game.Info, text string) (*State, error) {
	t := fields.New("talat", text)
	f := t.Fields
	if len(f) != 8 {
		return nil, t.Errorf("want 8 fields: VARIANT TURN B01=... B02=... B12=... reserve=... taken=... closed=...")
	}
	s := &State{info: info}
	r := &positionReader{t: t, s: s}
	// One reader a field, in the order of the text.
	for i, read := range []func(field string) error{
		r.variant, r.turn, r.board(0), r.board(1), r.board(2), r.reserve, r.taken, r.closed,
	} {
		if err := read(f[i]); err != nil {
			return nil, err
		}
	}
	if err := s.validate(r.where); err != nil {
		return nil, t.Errorf("%v", err)
	}
	s.hash = s.computeHash()
	return s, nil
}

// positionReader reads the fields of a position text into s, keeping
// account of the towers placed so that none appears twice.
type positionReader struct {
	t     *fields.Text
	s     *State
	where uint32 // towers accounted for
}

// account notes tower tw as placed, once.
func (r *positionReader) account(tw Tower) error {
	if r.where&(1<<tw) != 0 {
		return r.t.Errorf("tower %s appears twice", tw)
	}
	r.where |= 1 << tw
	return nil
}

// variant reads talat or palat.
func (r *positionReader) variant(field string) error {
	switch field {
	case VariantTalat:
	case VariantPalat:
		r.s.palat = true
	default:
		return r.t.Errorf("unknown variant %q", field)
	}
	return nil
}

// turn reads the seat to act, or "-" once the game is over.
func (r *positionReader) turn(field string) error {
	n := r.s.NumPlayers()
	switch {
	case field == "-":
		r.s.turn = game.NoPlayer
	case len(field) == 1 && field[0] >= '0' && int(field[0]-'0') < n:
		r.s.turn = game.Player(field[0] - '0')
	default:
		return r.t.Errorf("turn %q is not a seat 0..%d or -", field, n-1)
	}
	return nil
}

// board returns the reader of board b's field, "B01=RANKS": five ranks
// separated by "/", each five cells of "." or a tower of a colour that
// plays on the board.
func (r *positionReader) board(b Board) func(string) error {
	return func(field string) error {
		v, ok := fields.Named(field, b.String())
		if !ok {
			return r.t.Errorf("field %d must start with %s=", 3+b, b)
		}
		ranks := strings.Split(v, "/")
		if len(ranks) != Size {
			return r.t.Errorf("%s: want 5 ranks separated by /", b)
		}
		for row, rank := range ranks {
			if err := r.rank(b, row, rank); err != nil {
				return err
			}
		}
		return nil
	}
}

// rank reads one rank of board b.
func (r *positionReader) rank(b Board, row int, rank string) error {
	col := 0
	for i := 0; i < len(rank); col++ {
		if col >= Size {
			return r.t.Errorf("%s rank %d: more than 5 cells", b, row+1)
		}
		if rank[i] == '.' {
			i++
			continue
		}
		if i+3 > len(rank) {
			return r.t.Errorf("%s rank %d: bad cell %q", b, row+1, rank[i:])
		}
		tw, ok := parseTower(rank[i : i+3])
		if !ok {
			return r.t.Errorf("%s rank %d: bad tower %q", b, row+1, rank[i:i+3])
		}
		if _, ok := b.SideOf(tw.Colour()); !ok {
			return r.t.Errorf("%s: colour %d does not play on this board", b, tw.Colour())
		}
		if err := r.account(tw); err != nil {
			return err
		}
		r.s.cells[b][CellAt(row, col)] = uint8(tw) + 1
		i += 3
	}
	if col != Size {
		return r.t.Errorf("%s rank %d: want 5 cells", b, row+1)
	}
	return nil
}

// reserve reads "reserve=KINDS/KINDS/KINDS": per colour the kinds still to
// be placed, or "-".
func (r *positionReader) reserve(field string) error {
	v, ok := fields.Named(field, "reserve")
	groups := strings.Split(v, "/")
	if !ok || len(groups) != NumColours {
		return r.t.Errorf("want reserve=KINDS/KINDS/KINDS")
	}
	for c, g := range groups {
		if g == "-" {
			continue
		}
		if len(g) == 0 || len(g)%2 != 0 {
			return r.t.Errorf("reserve of colour %d: bad kinds %q", c, g)
		}
		for i := 0; i < len(g); i += 2 {
			k, ok := ParseKind(g[i : i+2])
			if !ok {
				return r.t.Errorf("reserve of colour %d: bad kind %q", c, g[i:i+2])
			}
			tw := NewTower(Colour(c), k)
			if err := r.account(tw); err != nil {
				return err
			}
			r.s.reserve |= 1 << tw
		}
	}
	return nil
}

// taken reads "taken=TOWERS/TOWERS[/TOWERS]": per seat the towers of other
// colours it captured, joined by commas, or "-".
func (r *positionReader) taken(field string) error {
	n := r.s.NumPlayers()
	v, ok := fields.Named(field, "taken")
	groups := strings.Split(v, "/")
	if !ok || len(groups) != n {
		return r.t.Errorf("want taken= with %d lists separated by /", n)
	}
	for p, g := range groups {
		for _, tok := range fields.List(g, ",") {
			tw, ok := parseTower(tok)
			if !ok {
				return r.t.Errorf("taken by seat %d: bad tower %q", p, tok)
			}
			if r.where&(1<<tw) != 0 {
				return r.t.Errorf("tower %s appears twice", tw)
			}
			if tw.Colour() == Colour(p) {
				return r.t.Errorf("seat %d cannot have captured its own tower %s", p, tw)
			}
			r.where |= 1 << tw
			r.s.taken[p] |= 1 << tw
		}
	}
	return nil
}

// closed reads "closed=BOARDS": the closed boards joined by commas, or "-".
func (r *positionReader) closed(field string) error {
	v, ok := fields.Named(field, "closed")
	if !ok {
		return r.t.Errorf("want closed=BOARDS")
	}
	for _, tok := range fields.List(v, ",") {
		b, ok := ParseBoard(tok)
		if !ok || tok[0] != 'B' || r.s.Closed(b) {
			return r.t.Errorf("closed: bad board %q", tok)
		}
		r.s.closed |= 1 << b
	}
	return nil
}

// parseTower reads "0L6": a colour digit and a tower code.
func parseTower(s string) (Tower, bool) {
	if len(s) != 3 || s[0] < '0' || s[0] >= '0'+NumColours {
		return 0, false
	}
	k, ok := ParseKind(s[1:])
	if !ok {
		return 0, false
	}
	return NewTower(Colour(s[0]-'0'), k), true
}

// validate checks that the parsed position can arise in play.
func (s *State) validate(where uint32) error {
	all := uint32(1)<<NumTowers - 1
	spiritLeft := bits.OnesCount32(s.reserve & colourMask(spirit))
	switch {
	case !s.palat && where != all:
		return fmt.Errorf("towers missing: every one of the 27 must be on a board, in reserve or taken")
	case s.palat && spiritLeft == 0 && bits.OnesCount32(all&^where) != 1:
		return fmt.Errorf("after the spirit's setup exactly one spirit tower is out of the game")
	case s.palat && spiritLeft == 1:
		return fmt.Errorf("the spirit's ninth tower leaves the game once eight are placed")
	case s.palat && spiritLeft > 0 && where != all:
		return fmt.Errorf("towers missing")
	case s.palat && all&^where&^colourMask(spirit) != 0:
		return fmt.Errorf("only a spirit tower can be out of the game")
	}
	if s.inSetup() {
		if s.closed != 0 || s.taken != [NumColours]uint32{} || s.turn == game.NoPlayer {
			return fmt.Errorf("no board closes, nothing is captured and the game goes on during setup")
		}
		humans := colourMask(0) | colourMask(1)
		if s.palat && spiritLeft > 0 && s.reserve&humans != humans {
			return fmt.Errorf("own towers are placed only after the spirit's")
		}
		for b := range Board(NumBoards) {
			for c := range Cell(NumCells) {
				if x := s.cells[b][c]; x != 0 {
					sd, _ := b.SideOf(Tower(x - 1).Colour())
					if c.Row() != sd.StartRow() {
						return fmt.Errorf("%s:%s: during setup towers stand on start lines", b, c)
					}
				}
			}
		}
		if s.reserve&colourMask(s.placingColour()) == 0 {
			return fmt.Errorf("seat %d has nothing left to place", s.turn)
		}
		return nil
	}
	for b := range Board(NumBoards) {
		open, _ := boardOpen(b, &s.cells[b])
		if open == s.Closed(b) {
			return fmt.Errorf("board %s is marked closed=%v but a capture is reachable=%v", b, s.Closed(b), open)
		}
	}
	over := bits.OnesCount8(s.closed) >= 2
	switch {
	case over && s.turn != game.NoPlayer:
		return fmt.Errorf("two boards are closed, so the game is over and TURN is -")
	case !over && s.turn == game.NoPlayer:
		return fmt.Errorf("the game is over only when two boards are closed")
	case !over && !s.hasAction(s.turn):
		return fmt.Errorf("seat %d has no action, so it would have been passed", s.turn)
	}
	return nil
}
