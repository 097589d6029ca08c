package abalone

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/tabula-games/tabula/game"
)

// The two sides. Black (seat 0) always moves first.
const (
	Black game.Player = 0
	White game.Player = 1
)

// Outcome reasons of Abalone; the shared ones come from package game.
const (
	ReasonPushOff = "push-off" // end check 1: marblesToWin enemy marbles ejected
	ReasonNoMoves = "no-moves" // end check 2: the side to move has no legal move
)

// Option names, as in docs/rules/abalone.md.
const (
	OptMarblesToWin   = "marblesToWin"
	OptRepetitionDraw = "repetitionDraw"
	OptPlyCap         = "plyCap"
)

// maxPlyCap bounds the plyCap option: far beyond any real game, small enough
// that a ply count never overflows anything.
const maxPlyCap = 1_000_000

// Layouts, the variants of the game, and their start positions.
var layouts = map[string]string{
	"standard":      "wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b 0 0",
	"belgian-daisy": "ww.bb/wwwbbb/.ww.bb./......../........./......../.bb.ww./bbbwww/bb.ww b 0 0",
	"german-daisy":  "...../ww..bb/www.bbb/.ww..bb./........./.bb..ww./bbb.www/bb..ww/..... b 0 0",
}

// Info describes Abalone for the registry.
var Info = newInfo()

func newInfo() *game.Info {
	info := &game.Info{
		ID:             "abalone",
		Title:          "Abalone",
		MinPlayers:     2,
		MaxPlayers:     2,
		DefaultPlayers: 2,
		PlayerNames:    []string{"black", "white"},
		Variants:       []string{"standard", "belgian-daisy", "german-daisy"},
		Options: []game.OptionSpec{
			{Name: OptMarblesToWin, Kind: game.Int, Default: "6", Min: 1, Max: 6,
				Doc: "enemy marbles a side must push off to win"},
			{Name: OptRepetitionDraw, Kind: game.Bool, Default: "true",
				Doc: "the third occurrence of a position with the same side to move is a draw"},
			{Name: OptPlyCap, Kind: game.Int, Default: "400", Min: 0, Max: maxPlyCap,
				Doc: "after this many plies the side that pushed off more marbles wins, else draw; 0 is off"},
		},
	}
	info.New = func(o game.Options) (game.State, error) {
		o, err := info.Check(o)
		if err != nil {
			return nil, err
		}
		return parsePosition(info, rulesOf(info, o), layouts[o.Variant])
	}
	info.ParsePosition = func(text string, o game.Options) (game.State, error) {
		o, err := info.Check(o)
		if err != nil {
			return nil, err
		}
		return parsePosition(info, rulesOf(info, o), text)
	}
	return info
}

// rules are the option values a state plays by.
type rules struct {
	toWin      uint8
	repetition bool
	plyCap     int
}

func rulesOf(info *game.Info, o game.Options) rules {
	return rules{
		toWin:      uint8(info.IntOption(o, OptMarblesToWin)),
		repetition: info.BoolOption(o, OptRepetitionDraw),
		plyCap:     info.IntOption(o, OptPlyCap),
	}
}

// reason says why a game ended; 0 while it goes on.
type reason uint8

const (
	inProgress reason = iota
	byPushOff
	byNoMoves
	byRepetition
	byPlyLimit
)

var reasonNames = [...]string{"", ReasonPushOff, ReasonNoMoves, game.ReasonRepetition, game.ReasonPlyLimit}

// result is the end of a game: why, and who won (NoPlayer for a draw).
type result struct {
	why    reason
	winner game.Player
}

// State is an Abalone position with the rules it is played by and the
// history that repetition needs. It implements game.State, and the fast
// paths game.Mutabler, game.Perfter, game.Evaluator and game.Noisy.
type State struct {
	info  *game.Info
	rules rules
	bb    [2]board // marbles of Black and White
	off   [2]uint8 // marbles of each colour pushed off
	side  uint8    // colour to move
	res   result
	ply   int    // plies played since the start or the parsed position (for plyCap)
	hash  uint64 // Zobrist hash of bb, off and side
	// hist[base:] are the hashes of the positions since the last push-off
	// (or the start), the current one last; kept only with repetitionDraw.
	// A push-off changes the marble counts for good, so earlier positions
	// can never repeat.
	hist []uint64
	base int
	// rep counts the occurrences of the position in hist[base:], itself
	// included (1 when repetitionDraw is off): judge and Repeated read it.
	rep   uint8
	stack []undoRec // Apply records of a Mutable copy
}

// undoRec is what Undo restores.
type undoRec struct {
	bb   [2]board
	off  [2]uint8
	res  result
	hash uint64
	base int
	rep  uint8
}

var (
	_ game.State     = (*State)(nil)
	_ game.Mutabler  = (*State)(nil)
	_ game.Mutable   = (*State)(nil)
	_ game.Perfter   = (*State)(nil)
	_ game.Evaluator = (*State)(nil)
	_ game.Repeater  = (*State)(nil)
)

// Info returns the game's description.
func (s *State) Info() *game.Info { return s.info }

// NumPlayers returns 2.
func (s *State) NumPlayers() int { return 2 }

// ToMove returns Black or White, or game.NoPlayer once the game is over.
func (s *State) ToMove() game.Player {
	if s.res.why != inProgress {
		return game.NoPlayer
	}
	return game.Player(s.side)
}

// Marbles returns the cells holding marbles of side p (Black or White), in
// reading order; nil for any other p.
func (s *State) Marbles(p game.Player) []Cell {
	if p != Black && p != White {
		return nil
	}
	var out []Cell
	for _, c := range Cells() {
		if s.bb[p&1]>>c&1 != 0 {
			out = append(out, c)
		}
	}
	return out
}

// At returns the side whose marble is on c, or game.NoPlayer for an empty
// cell.
func (s *State) At(c Cell) game.Player {
	switch {
	case s.bb[Black]>>c&1 != 0:
		return Black
	case s.bb[White]>>c&1 != 0:
		return White
	}
	return game.NoPlayer
}

// PushedOff returns how many marbles of side p (Black or White) have been
// pushed off; 0 for any other p.
func (s *State) PushedOff(p game.Player) int {
	if p != Black && p != White {
		return 0
	}
	return int(s.off[p])
}

// LegalMoves appends the legal moves to dst: in-line moves by direction
// (single, two and three in line, then the pushes 2v1, 3v1, 3v2), then
// broadsides by axis and direction. It allocates nothing when dst has room
// for them.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	if s.res.why != inProgress {
		return dst
	}
	return genMoves(s.bb[s.side], s.bb[s.side^1], dst)
}

// NumLegalMoves returns len(LegalMoves(nil)) without listing the moves.
func (s *State) NumLegalMoves() int {
	if s.res.why != inProgress {
		return 0
	}
	return countMoves(s.bb[s.side], s.bb[s.side^1])
}

// find returns the listed move with key k.
func (s *State) find(k moveKey) (game.Move, bool) {
	var buf [maxMoves]game.Move
	for _, m := range s.LegalMoves(buf[:0]) {
		if keyOf(m) == k {
			return m, true
		}
	}
	return 0, false
}

func (s *State) legal(m game.Move) error {
	if s.res.why != inProgress {
		return fmt.Errorf("abalone: %w", game.ErrGameOver)
	}
	if !wellFormed(m) {
		return fmt.Errorf("abalone: move %d: %w", uint64(m), game.ErrIllegalMove)
	}
	if got, ok := s.find(keyOf(m)); !ok || got != m {
		return fmt.Errorf("abalone: move %s: %w", formatMove(m), game.ErrIllegalMove)
	}
	return nil
}

// Play returns the position after m. It never changes s.
func (s *State) Play(m game.Move) (game.State, error) {
	if err := s.legal(m); err != nil {
		return nil, err
	}
	next := *s
	next.stack = nil
	next.hist = nil
	next.base = 0
	if s.rules.repetition {
		next.hist = make([]uint64, 0, len(s.hist)-s.base+1)
		next.hist = append(next.hist, s.hist[s.base:]...)
	}
	next.do(m)
	if next.base > 0 {
		next.hist = slices.Clone(next.hist[next.base:])
		next.base = 0
	}
	return &next, nil
}

// ChanceOutcomes returns nil: Abalone has no chance.
func (s *State) ChanceOutcomes() []game.ChanceOutcome { return nil }

// Outcome reports the result once the game is over.
func (s *State) Outcome() (game.Outcome, bool) {
	if s.res.why == inProgress {
		return game.Outcome{}, false
	}
	o := game.Outcome{Reason: reasonNames[s.res.why]}
	if s.res.winner != game.NoPlayer {
		o.Winners = []game.Player{s.res.winner}
	}
	return o, true
}

// MoveString returns m in ABA-PRO notation.
func (s *State) MoveString(m game.Move) string { return formatMove(m) }

// ParseMove reads ABA-PRO notation (either case; a broadside from either
// end) and returns the legal move it names.
func (s *State) ParseMove(text string) (game.Move, error) {
	k, err := parseMoveText(text)
	if err != nil {
		return 0, err
	}
	if s.res.why != inProgress {
		return 0, fmt.Errorf("abalone: move %q: %w", text, game.ErrGameOver)
	}
	m, ok := s.find(k)
	if !ok {
		return 0, fmt.Errorf("abalone: move %q: %w", text, game.ErrIllegalMove)
	}
	return m, nil
}

// Hash returns the Zobrist hash of the marbles, the off counts and the side
// to move.
func (s *State) Hash() uint64 { return s.hash }

func (s *State) computeHash() uint64 {
	var h uint64
	for col := range s.bb {
		for b := s.bb[col]; b != 0; b &= b - 1 {
			h ^= geo.zCell[col][bits.TrailingZeros64(b)]
		}
		h ^= geo.zOff[col][s.off[col]]
	}
	if s.side == 1 {
		h ^= geo.zSide
	}
	return h
}

// do plays a legal move in place and judges the new position.
func (s *State) do(m game.Move) {
	me, op := s.side, s.side^1
	from, d := moveFrom(m), moveDir(m)
	ejected := false
	if isBroadside(m) {
		a := axes[moveAxis(m)]
		for i, c := 0, from; i < moveSize(m); i, c = i+1, geo.next[c][a] {
			to := geo.next[c][d]
			s.bb[me] ^= 1<<c | 1<<to
			s.hash ^= geo.zCell[me][c] ^ geo.zCell[me][to]
		}
	} else {
		front := walk(from, d, moveSize(m))
		s.bb[me] ^= 1<<from | 1<<front
		s.hash ^= geo.zCell[me][from] ^ geo.zCell[me][front]
		if k := movePushed(m); k > 0 {
			s.bb[op] ^= 1 << front
			s.hash ^= geo.zCell[op][front]
			if last := walk(front, d, k); last != NoCell {
				s.bb[op] |= 1 << last
				s.hash ^= geo.zCell[op][last]
			} else {
				s.hash ^= geo.zOff[op][s.off[op]] ^ geo.zOff[op][s.off[op]+1]
				s.off[op]++
				ejected = true
			}
		}
	}
	s.side = op
	s.hash ^= geo.zSide
	s.ply++
	if s.rules.repetition {
		if ejected {
			s.base = len(s.hist)
		}
		s.hist = append(s.hist, s.hash)
		s.rep = uint8(min(s.repeats(), 255))
	}
	s.res = s.judge()
}

// judge applies the end checks of docs/rules/abalone.md#end-of-the-game in order to the
// position, the side to move having just been handed the move.
func (s *State) judge() result {
	me, op := s.side, s.side^1
	switch {
	case s.off[me] >= s.rules.toWin:
		return result{byPushOff, game.Player(op)}
	case s.off[op] >= s.rules.toWin: // only in a parsed position
		return result{byPushOff, game.Player(me)}
	case !hasMove(s.bb[me], s.bb[op]):
		return result{byNoMoves, game.Player(op)}
	case s.rules.repetition && s.rep >= 3:
		return result{byRepetition, game.NoPlayer}
	case s.rules.plyCap > 0 && s.ply >= s.rules.plyCap:
		switch {
		case s.off[White] > s.off[Black]:
			return result{byPlyLimit, Black}
		case s.off[Black] > s.off[White]:
			return result{byPlyLimit, White}
		}
		return result{byPlyLimit, game.NoPlayer}
	}
	return result{}
}

// repeats counts the occurrences of the current position since the last
// push-off, itself included.
func (s *State) repeats() int {
	n := 0
	h := s.hash
	// Positions with the same side to move are an even number of plies apart.
	for i := len(s.hist) - 1; i >= s.base; i -= 2 {
		if s.hist[i] == h {
			n++
		}
	}
	return n
}

// Repeated reports whether the position, with the same side to move,
// occurred before since the last push-off (game.Repeater): in the game,
// or on the path a Mutable copy walked. Always false with repetitionDraw
// off, where positions may recur freely.
func (s *State) Repeated() bool { return s.rep >= 2 }

// Mutable returns a private copy for in-place search.
func (s *State) Mutable() game.Mutable {
	c := *s
	c.hist = slices.Clone(s.hist)
	c.stack = nil
	return &c
}

// Apply plays a legal move in place (see game.Mutable). It allocates only
// while its history stacks grow.
func (s *State) Apply(m game.Move) {
	s.stack = append(s.stack, undoRec{bb: s.bb, off: s.off, res: s.res, hash: s.hash, base: s.base, rep: s.rep})
	s.do(m)
}

// Undo takes back the last Apply.
func (s *State) Undo() {
	u := s.stack[len(s.stack)-1]
	s.stack = s.stack[:len(s.stack)-1]
	s.bb, s.off, s.res, s.hash, s.base, s.rep = u.bb, u.off, u.res, u.hash, u.base, u.rep
	s.side ^= 1
	s.ply--
	if s.rules.repetition {
		s.hist = s.hist[:len(s.hist)-1]
	}
}
