package talat

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/tabula-games/tabula/game"
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

// parsePosition reads the format of State.String and checks that the
// position can arise: every tower is in one place, setup positions have
// towers only on start lines, and the closed boards are exactly the boards
// where no capture is reachable.
func parsePosition(info *game.Info, text string) (*State, error) {
	bad := func(format string, args ...any) error {
		return &game.ParseError{Game: "talat", What: "position", Input: text, Offset: -1, Msg: fmt.Sprintf(format, args...)}
	}
	f := strings.Fields(text)
	if len(f) != 8 {
		return nil, bad("want 8 fields: VARIANT TURN B01=... B02=... B12=... reserve=... taken=... closed=...")
	}
	s := &State{info: info}
	switch f[0] {
	case VariantTalat:
	case VariantPalat:
		s.palat = true
	default:
		return nil, bad("unknown variant %q", f[0])
	}
	n := s.NumPlayers()
	switch {
	case f[1] == "-":
		s.turn = game.NoPlayer
	case len(f[1]) == 1 && f[1][0] >= '0' && int(f[1][0]-'0') < n:
		s.turn = game.Player(f[1][0] - '0')
	default:
		return nil, bad("turn %q is not a seat 0..%d or -", f[1], n-1)
	}
	var where uint32 // towers accounted for
	for b := range Board(NumBoards) {
		v, ok := strings.CutPrefix(f[2+b], b.String()+"=")
		if !ok {
			return nil, bad("field %d must start with %s=", 3+b, b)
		}
		ranks := strings.Split(v, "/")
		if len(ranks) != Size {
			return nil, bad("%s: want 5 ranks separated by /", b)
		}
		for r, rank := range ranks {
			col := 0
			for i := 0; i < len(rank); col++ {
				if col >= Size {
					return nil, bad("%s rank %d: more than 5 cells", b, r+1)
				}
				if rank[i] == '.' {
					i++
					continue
				}
				if i+3 > len(rank) {
					return nil, bad("%s rank %d: bad cell %q", b, r+1, rank[i:])
				}
				t, ok := parseTower(rank[i : i+3])
				if !ok {
					return nil, bad("%s rank %d: bad tower %q", b, r+1, rank[i:i+3])
				}
				if _, ok := b.SideOf(t.Colour()); !ok {
					return nil, bad("%s: colour %d does not play on this board", b, t.Colour())
				}
				if where&(1<<t) != 0 {
					return nil, bad("tower %s appears twice", t)
				}
				where |= 1 << t
				s.cells[b][CellAt(r, col)] = uint8(t) + 1
				i += 3
			}
			if col != Size {
				return nil, bad("%s rank %d: want 5 cells", b, r+1)
			}
		}
	}
	v, ok := strings.CutPrefix(f[5], "reserve=")
	groups := strings.Split(v, "/")
	if !ok || len(groups) != NumColours {
		return nil, bad("want reserve=KINDS/KINDS/KINDS")
	}
	for c, g := range groups {
		if g == "-" {
			continue
		}
		if len(g) == 0 || len(g)%2 != 0 {
			return nil, bad("reserve of colour %d: bad kinds %q", c, g)
		}
		for i := 0; i < len(g); i += 2 {
			k, ok := ParseKind(g[i : i+2])
			if !ok {
				return nil, bad("reserve of colour %d: bad kind %q", c, g[i:i+2])
			}
			t := NewTower(Colour(c), k)
			if where&(1<<t) != 0 {
				return nil, bad("tower %s appears twice", t)
			}
			where |= 1 << t
			s.reserve |= 1 << t
		}
	}
	v, ok = strings.CutPrefix(f[6], "taken=")
	groups = strings.Split(v, "/")
	if !ok || len(groups) != n {
		return nil, bad("want taken= with %d lists separated by /", n)
	}
	for p, g := range groups {
		if g == "-" {
			continue
		}
		for _, tok := range strings.Split(g, ",") {
			t, ok := parseTower(tok)
			if !ok {
				return nil, bad("taken by seat %d: bad tower %q", p, tok)
			}
			if where&(1<<t) != 0 {
				return nil, bad("tower %s appears twice", t)
			}
			if t.Colour() == Colour(p) {
				return nil, bad("seat %d cannot have captured its own tower %s", p, t)
			}
			where |= 1 << t
			s.taken[p] |= 1 << t
		}
	}
	v, ok = strings.CutPrefix(f[7], "closed=")
	if !ok {
		return nil, bad("want closed=BOARDS")
	}
	if v != "-" {
		for _, tok := range strings.Split(v, ",") {
			b, ok := ParseBoard(tok)
			if !ok || tok[0] != 'B' || s.Closed(b) {
				return nil, bad("closed: bad board %q", tok)
			}
			s.closed |= 1 << b
		}
	}
	if err := s.validate(where); err != nil {
		return nil, bad("%v", err)
	}
	s.hash = s.computeHash()
	return s, nil
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
