package palago

import (
	"errors"
	"fmt"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// Option names and values.
const (
	OptTiles          = "tiles"          // supply size, 8..96
	OptHoleRule       = "holeRule"       // HoleStrict or HoleFirstTileOnly
	OptTilesOutResult = "tilesOutResult" // TilesOutDraw or TilesOutLargestGroup
	OptFirstPlayer    = "firstPlayer"    // "random", "p1" or "p2"

	HoleStrict           = "strict"
	HoleFirstTileOnly    = "firstTileOnly"
	TilesOutDraw         = "draw"
	TilesOutLargestGroup = "largestGroup"
)

// Outcome reasons.
const (
	ReasonCreature       = "creature"        // one colour completed a creature
	ReasonDoubleCreature = "double-creature" // both at once: the mover loses
	ReasonTilesOut       = "tiles-out"       // supply empty, draw
	ReasonLargestGroup   = "largest-group"   // supply empty, tiebreak by the larger open group
)

// DefaultTiles is the rulebook's supply.
const DefaultTiles = 48

// minTiles and maxTiles bound the tiles option: fewer than 8
// leaves no room for a creature race, more than MaxTiles exceeds the Board.
const (
	minTiles = 8
	maxTiles = MaxTiles
)

// Info describes Palago for the registry.
var Info = newInfo()

func newInfo() *game.Info {
	info := &game.Info{
		ID:             "palago",
		Title:          "Palago",
		MinPlayers:     2,
		MaxPlayers:     2,
		DefaultPlayers: 2,
		PlayerNames:    []string{"p1", "p2"},
		Variants:       []string{"standard"},
		Options: []game.OptionSpec{
			{Name: OptTiles, Kind: game.Int, Default: "48", Min: minTiles, Max: maxTiles,
				Doc: "tiles in the common supply"},
			{Name: OptHoleRule, Kind: game.Enum, Default: HoleStrict, Choices: []string{HoleStrict, HoleFirstTileOnly},
				Doc: "strict: no tile fills a single hole unless it completes a creature; firstTileOnly: the second tile may"},
			{Name: OptTilesOutResult, Kind: game.Enum, Default: TilesOutDraw, Choices: []string{TilesOutDraw, TilesOutLargestGroup},
				Doc: "result when the supply runs out: a draw, or the colour with the larger open group in arches wins"},
			{Name: OptFirstPlayer, Kind: game.Enum, Default: "random", Choices: []string{"random", "p1", "p2"},
				Doc: "who moves first and plays colour A; random draws from the options' seed"},
		},
	}
	info.New = func(o game.Options) (game.State, error) {
		set, first, err := settingsOf(info, o)
		if err != nil {
			return nil, err
		}
		return &State{info: info, set: set, first: first, hash: seatHash(first)}, nil
	}
	info.ParsePosition = func(text string, o game.Options) (game.State, error) {
		set, _, err := settingsOf(info, o)
		if err != nil {
			return nil, err
		}
		return parsePosition(info, set, text)
	}
	return info
}

// settings are the rules options of one game.
type settings struct {
	tiles   int
	strict  bool // holeRule = strict
	largest bool // tilesOutResult = largestGroup
}

func settingsOf(info *game.Info, o game.Options) (settings, game.Player, error) {
	o, err := info.Check(o)
	if err != nil {
		return settings{}, 0, err
	}
	set := settings{
		tiles:   info.IntOption(o, OptTiles),
		strict:  info.EnumOption(o, OptHoleRule) == HoleStrict,
		largest: info.EnumOption(o, OptTilesOutResult) == TilesOutLargestGroup,
	}
	var first game.Player
	switch info.EnumOption(o, OptFirstPlayer) {
	case "p2":
		first = 1
	case "random":
		first = game.Player(Mix64(o.Seed) & 1)
	}
	return set, first, nil
}

// State is a Palago position: the tiles in placement order, who plays
// colour A, and the result once the game is over. It implements
// game.State, game.Mutabler and game.Evaluator.
type State struct {
	info    *game.Info
	set     settings
	first   game.Player // the seat that moved first and plays colour A
	board   Board
	over    bool
	outcome game.Outcome
	hash    uint64
	hist    []undoRecord // Mutable copies only
	// scratch marks a Mutable copy: its queries (LegalMoves, Evaluate,
	// SearchMoves) place and undo tiles on its own board instead of a
	// clone, since no one else reads it.
	scratch bool
	// Buffers SearchMoves reuses on a Mutable copy.
	keyBuf  []int64
	moveBuf []game.Move
}

type undoRecord struct {
	placed  int
	over    bool
	outcome game.Outcome
	hash    uint64
}

var (
	_ game.State     = (*State)(nil)
	_ game.Mutabler  = (*State)(nil)
	_ game.Evaluator = (*State)(nil)
)

// Info returns the game's description.
func (s *State) Info() *game.Info { return s.info }

// NumPlayers is 2.
func (s *State) NumPlayers() int { return 2 }

// Board returns a copy of the tiles on the table.
func (s *State) Board() *Board { return s.board.Clone() }

// First returns the seat that moved first and plays colour A.
func (s *State) First() game.Player { return s.first }

// Supply returns the number of tiles not yet placed.
func (s *State) Supply() int { return s.set.tiles - s.board.Len() }

// ColourOf returns the colour seat p plays.
func (s *State) ColourOf(p game.Player) Colour {
	if p == s.first {
		return A
	}
	return B
}

// ToMove returns the seat to move, or game.NoPlayer once the game is over.
// Every move but a game-ending one places two tiles.
func (s *State) ToMove() game.Player {
	if s.over {
		return game.NoPlayer
	}
	return s.first ^ game.Player((s.board.Len()/2)&1)
}

// ChanceOutcomes returns nil: Palago has no chance.
func (s *State) ChanceOutcomes() []game.ChanceOutcome { return nil }

// Outcome reports the result once the game is over.
func (s *State) Outcome() (game.Outcome, bool) {
	if !s.over {
		return game.Outcome{}, false
	}
	o := s.outcome
	o.Winners = append([]game.Player(nil), o.Winners...)
	return o, true
}

// Hash is a Zobrist-style hash of the tile set and the first seat.
func (s *State) Hash() uint64 { return s.hash }

// Move encoding: a tile is 1 + (q+256)<<11 | (r+256)<<2 | o in 20 bits; a
// move is the first tile | the second tile << 20 (0 when there is none).
const (
	tileBits  = 20
	tileMask  = 1<<tileBits - 1
	coordBias = 256 // makes q and r non-negative in 9 bits
)

func encodeTile(t Tile) uint64 {
	return 1 + (uint64(int(t.Cell.Q)+coordBias)<<11 | uint64(int(t.Cell.R)+coordBias)<<2 | uint64(t.O))
}

func decodeTile(x uint64) (Tile, bool) {
	if x == 0 || x > tileMask {
		return Tile{}, false
	}
	x--
	q, r, o := int(x>>11)-coordBias, int(x>>2&511)-coordBias, Orientation(x&3)
	t := Tile{Cell{int16(q), int16(r)}, o}
	return t, o.Valid() && t.Cell.inRange()
}

// NewMove returns the move that places the given tiles, in order: one or
// two.
func NewMove(tiles ...Tile) game.Move {
	var m uint64
	for i, t := range tiles {
		m |= encodeTile(t) << (tileBits * i)
	}
	return game.Move(m)
}

// MoveTiles returns the tiles a move places, in order, and false for a
// value that encodes no move.
func MoveTiles(m game.Move) ([]Tile, bool) {
	x := uint64(m)
	if x>>(2*tileBits) != 0 {
		return nil, false
	}
	t1, ok := decodeTile(x & tileMask)
	if !ok {
		return nil, false
	}
	if x>>tileBits == 0 {
		return []Tile{t1}, true
	}
	t2, ok := decodeTile(x >> tileBits)
	if !ok || t2.Cell == t1.Cell {
		return nil, false
	}
	return []Tile{t1, t2}, true
}

// MoveString returns the move's tiles joined by "+", e.g.
// "(0,0):0+(1,-1):2".
func (s *State) MoveString(m game.Move) string {
	tiles, ok := MoveTiles(m)
	if !ok {
		return fmt.Sprintf("?%d", uint64(m))
	}
	return FormatTiles(tiles, "+")
}

// errNotCanonical reports a legal two-tile move written in the order that
// LegalMoves does not list; check returns the listed order with it.
var errNotCanonical = errors.New("palago: the same move is listed with its tiles the other way round")

func illegal(format string, args ...any) error {
	return fmt.Errorf("palago: "+format+": %w", append(args, game.ErrIllegalMove)...)
}

// check validates a move by the turn and hole rules, on a scratch copy of
// the board. It returns errNotCanonical with the listed move when the same
// two tiles are listed in the other order.
func (s *State) check(tiles []Tile) (game.Move, error) {
	if s.over {
		return 0, fmt.Errorf("palago: %w", game.ErrGameOver)
	}
	b := s.board.Clone()
	supply := s.Supply()
	t1 := tiles[0]
	if b.Occupied(t1.Cell) {
		return 0, illegal("%v is occupied", t1.Cell)
	}
	if b.Len() == 0 {
		// The first move: two tiles, the first at (0,0), the second beside it.
		if t1.Cell != (Cell{}) {
			return 0, illegal("the first tile of the game goes at (0,0)")
		}
		if len(tiles) != 2 {
			return 0, illegal("the first move places two tiles")
		}
		if !t1.Cell.Adjacent(tiles[1].Cell) {
			return 0, illegal("%v does not touch %v", tiles[1].Cell, t1.Cell)
		}
		return NewMove(tiles...), nil
	}
	if !b.Touches(t1.Cell) {
		return 0, illegal("%v does not touch the palago", t1.Cell)
	}
	hole1 := b.IsHole(t1.Cell)
	b.place(t1)
	ca, cb := b.lastCreatures()
	comp1 := ca || cb
	if hole1 && !comp1 {
		return 0, illegal("%v fills a single hole without completing a creature", t1.Cell)
	}
	if len(tiles) == 1 {
		if comp1 || supply == 1 {
			return NewMove(t1), nil
		}
		return 0, illegal("a move places two tiles unless the first completes a creature")
	}
	if comp1 {
		return 0, illegal("%v completes a creature: the move ends with it", t1)
	}
	if supply == 1 {
		return 0, illegal("only one tile is left")
	}
	t2 := tiles[1]
	if !t1.Cell.Adjacent(t2.Cell) {
		return 0, illegal("%v does not touch %v", t2.Cell, t1.Cell)
	}
	if b.Occupied(t2.Cell) {
		return 0, illegal("%v is occupied", t2.Cell)
	}
	hole2 := b.IsHole(t2.Cell)
	b.place(t2)
	ca, cb = b.lastCreatures()
	comp2 := ca || cb
	if hole2 && s.set.strict && !comp2 {
		return 0, illegal("%v fills a single hole without completing a creature", t2.Cell)
	}
	if encodeTile(t2) < encodeTile(t1) && s.reverseLegal(b, t1, t2, comp2) {
		return NewMove(t2, t1), errNotCanonical
	}
	return NewMove(t1, t2), nil
}

// reverseLegal reports whether t2 then t1 is also a legal two-tile move,
// given the board b with both placed (last t2) and whether it holds a
// creature. Both orders are then the same move: neither first tile
// completes anything, and the final board is the same.
func (s *State) reverseLegal(b *Board, t1, t2 Tile, comp bool) bool {
	touches := false
	for k := range 6 {
		if c := t2.Cell.Neighbour(k); c != t1.Cell && b.Occupied(c) {
			touches = true
		}
	}
	if !touches {
		return false
	}
	b.Undo()
	b.Undo()
	b.place(t2)
	ca, cb := b.lastCreatures()
	holeT1 := b.IsHole(t1.Cell)
	b.place(t1)
	if ca || cb {
		return false // t2 first would end the move at once
	}
	return !(holeT1 && s.set.strict && !comp)
}

// Play returns the state after m.
func (s *State) Play(m game.Move) (game.State, error) {
	tiles, ok := MoveTiles(m)
	if s.over {
		return nil, fmt.Errorf("palago: %w", game.ErrGameOver)
	}
	if !ok {
		return nil, illegal("move %d encodes no tiles", uint64(m))
	}
	canon, err := s.check(tiles)
	if errors.Is(err, errNotCanonical) {
		return nil, illegal("%s is listed as %s", s.MoveString(m), s.MoveString(canon))
	}
	if err != nil {
		return nil, err
	}
	next := s.clone()
	next.apply(tiles)
	next.board.log, next.board.marks = nil, nil
	return next, nil
}

func (s *State) clone() *State {
	c := *s
	c.board = *s.board.Clone()
	c.hist = nil
	c.scratch = false
	c.keyBuf, c.moveBuf = nil, nil
	return &c
}

// apply places legal tiles and settles the result after each one (a creature ends the game, and so does an empty supply).
func (s *State) apply(tiles []Tile) {
	mover := s.ToMove()
	mine := s.ColourOf(mover)
	for _, t := range tiles {
		s.board.place(t)
		s.hash ^= TileHash(t)
		ca, cb := s.board.lastCreatures()
		if ca || cb {
			s.over = true
			s.outcome.Reason = ReasonCreature
			switch {
			case ca && cb:
				s.outcome.Reason = ReasonDoubleCreature
				s.outcome.Winners = []game.Player{1 - mover}
			case (mine == A) == ca:
				s.outcome.Winners = []game.Player{mover}
			default:
				s.outcome.Winners = []game.Player{1 - mover}
			}
			return
		}
		if s.board.Len() == s.set.tiles {
			s.over = true
			s.outcome = game.Outcome{Reason: ReasonTilesOut}
			if s.set.largest {
				s.outcome.Reason = ReasonLargestGroup
				best := s.board.largestOpen()
				switch {
				case best[A] > best[B]:
					s.outcome.Winners = []game.Player{s.first}
				case best[B] > best[A]:
					s.outcome.Winners = []game.Player{1 - s.first}
				}
			}
			return
		}
	}
}

// ParseMove reads a move: one or two tiles "(q,r):o", joined by "+" or
// white space; parentheses are optional. Two tiles given in the order that
// LegalMoves does not list are accepted as the listed move when that order
// is the same move, or when only the other order is legal (the rulebook
// asks only that one of the two tiles touch the palago).
func (s *State) ParseMove(text string) (game.Move, error) {
	tiles, err := ParseTiles(text)
	if err != nil {
		return 0, &game.ParseError{Game: "palago", What: "move", Input: text, Offset: -1, Msg: err.(*game.ParseError).Msg}
	}
	if len(tiles) == 0 || len(tiles) > 2 {
		return 0, &game.ParseError{Game: "palago", What: "move", Input: text, Offset: -1, Msg: "a move is one or two tiles (q,r):o"}
	}
	if len(tiles) == 2 && tiles[0].Cell == tiles[1].Cell {
		return 0, illegal("both tiles on %v", tiles[0].Cell)
	}
	m, err := s.check(tiles)
	if errors.Is(err, errNotCanonical) {
		return m, nil
	}
	if errors.Is(err, game.ErrIllegalMove) && len(tiles) == 2 {
		// The rulebook asks only that one of the two tiles touch the
		// palago: a first tile that touches only the second is read as
		// the second.
		if m2, err2 := s.check([]Tile{tiles[1], tiles[0]}); err2 == nil || errors.Is(err2, errNotCanonical) {
			return m2, nil
		}
	}
	return m, err
}

// String returns the position text: the seat that moved first ("p1" or
// "p2"), then the moves in order, each as its tiles joined by "+".
func (s *State) String() string {
	var b strings.Builder
	b.WriteString(s.info.PlayerNames[s.first])
	n := s.board.Len()
	for i := 0; i < n; i += 2 {
		b.WriteByte(' ')
		b.WriteString(s.board.tiles[i].String())
		if i+1 < n {
			b.WriteByte('+')
			b.WriteString(s.board.tiles[i+1].String())
		}
	}
	return b.String()
}

func parsePosition(info *game.Info, set settings, text string) (*State, error) {
	bad := func(off int, msg string) error {
		return &game.ParseError{Game: "palago", What: "position", Input: text, Offset: off, Msg: msg}
	}
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil, bad(-1, `want "p1" or "p2" and the moves`)
	}
	s := &State{info: info, set: set}
	switch f[0] {
	case "p1":
	case "p2":
		s.first = 1
	default:
		return nil, bad(0, `the first field is "p1" or "p2", the seat that moved first`)
	}
	s.hash = seatHash(s.first)
	for _, mt := range f[1:] {
		off := strings.Index(text, mt)
		if s.over {
			return nil, bad(off, "move after the end of the game")
		}
		m, err := s.ParseMove(mt)
		if err != nil {
			return nil, bad(off, err.Error())
		}
		tiles, _ := MoveTiles(m)
		s.apply(tiles)
	}
	s.board.log, s.board.marks = nil, nil
	return s, nil
}

// Mix64 is the SplitMix64 finaliser. The Palago family's tiles lie on an
// unbounded plane, so its Zobrist keys are computed by mixing instead of
// being looked up in a table; the other two games use it too.
func Mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// TileHash is the Zobrist key of a tile, computed rather than tabulated
// since the plane is unbounded.
func TileHash(t Tile) uint64 { return Mix64(encodeTile(t) * 0x2545f4914f6cdd1d) }

func seatHash(first game.Player) uint64 {
	if first == 1 {
		return 0x6a09e667f3bcc909
	}
	return 0
}
