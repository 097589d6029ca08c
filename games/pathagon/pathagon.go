package pathagon

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/tabula-games/tabula/game"
)

// The seats. Light connects rank 7 to rank 1, Dark file a to file g.
const (
	Light game.Player = 0
	Dark  game.Player = 1
)

// Pieces is each player's number of pieces.
const Pieces = 14

// maxPlyCap bounds the plyCap option; 100000 plies is far beyond any real
// game and keeps the ply counter in an int32.
const maxPlyCap = 100000

// maxPlyText bounds the ply field of position text for the same reason.
const maxPlyText = 1 << 30

// Option names.
const (
	OptFirstPlayer      = "firstPlayer"
	OptOptionalCaptures = "optionalCaptures"
	OptRepetitionDraw   = "repetitionDraw"
	OptPlyCap           = "plyCap"
)

// Outcome reasons beside game.ReasonRepetition and game.ReasonPlyLimit.
const ReasonConnection = "connection"

// Info describes Pathagon for the registry.
var Info = newInfo()

func newInfo() *game.Info {
	info := &game.Info{
		ID:             "pathagon",
		Title:          "Pathagon",
		MinPlayers:     2,
		MaxPlayers:     2,
		DefaultPlayers: 2,
		PlayerNames:    []string{"light", "dark"},
		Variants:       []string{"standard"},
		Options: []game.OptionSpec{
			{Name: OptFirstPlayer, Kind: game.Enum, Default: "light", Choices: []string{"light", "dark"},
				Doc: "who places the first piece"},
			{Name: OptOptionalCaptures, Kind: game.Bool, Default: "false",
				Doc: "the mover chooses which trapped pieces to remove, possibly none"},
			{Name: OptRepetitionDraw, Kind: game.Bool, Default: "true",
				Doc: "the third occurrence of a position is a draw"},
			{Name: OptPlyCap, Kind: game.Int, Default: "300", Min: 0, Max: maxPlyCap,
				Doc: "the game is drawn when this ply ends without a winner; 0 is off"},
		},
	}
	names := relocationNames()
	info.New = func(o game.Options) (game.State, error) { return newState(info, names, o) }
	info.ParsePosition = func(text string, o game.Options) (game.State, error) {
		return parsePosition(info, names, text, o)
	}
	return info
}

// New returns the start position for the options (see Info.Options).
func New(o game.Options) (*State, error) {
	s, err := Info.New(o)
	if err != nil {
		return nil, err
	}
	return s.(*State), nil
}

// ParsePosition reads position text (see the package documentation). The
// position starts a fresh repetition history.
func ParsePosition(text string, o game.Options) (*State, error) {
	s, err := Info.ParsePosition(text, o)
	if err != nil {
		return nil, err
	}
	return s.(*State), nil
}

// variant is what all the states of one game share: the descriptor, the
// notation of its relocations and the option values. New and
// ParsePosition allocate one per game, so a State holds one pointer for
// all three.
type variant struct {
	info  *game.Info
	reloc string // from relocationNames, built once per Info
	rules rules
}

// relocLen is the length of a relocation's notation, "a7-g1".
const relocLen = 5

// relocationNames returns the notation of every relocation without
// captures, "a7-a7" to "g1-g1", the one from-to at relocLen·(from·NumCells
// + to), so that MoveString slices it instead of allocating (12 KB, one
// per Info).
func relocationNames() string {
	b := make([]byte, 0, NumCells*NumCells*relocLen)
	for from := Cell(0); from < NumCells; from++ {
		for to := Cell(0); to < NumCells; to++ {
			b = append(append(append(b, from.String()...), '-'), to.String()...)
		}
	}
	return string(b)
}

// rules are the option values a state plays by.
type rules struct {
	optionalCaptures bool
	repetitionDraw   bool
	plyCap           int32
}

func readRules(info *game.Info, o game.Options) (rules, error) {
	o, err := info.Check(o)
	if err != nil {
		return rules{}, err
	}
	return rules{
		optionalCaptures: info.BoolOption(o, OptOptionalCaptures),
		repetitionDraw:   info.BoolOption(o, OptRepetitionDraw),
		plyCap:           int32(info.IntOption(o, OptPlyCap)),
	}, nil
}

func newState(info *game.Info, reloc string, o game.Options) (*State, error) {
	r, err := readRules(info, o)
	if err != nil {
		return nil, err
	}
	s := &State{v: &variant{info: info, reloc: reloc, rules: r}}
	s.pos.reserve = [2]int8{Pieces, Pieces}
	s.pos.last = [2]Cell{NoCell, NoCell}
	if info.EnumOption(o, OptFirstPlayer) == "dark" {
		s.pos.toMove = Dark
	}
	s.pos.hash = s.pos.fullHash()
	return s, nil
}

// result says whether and how the game ended.
type result uint8

const (
	inProgress result = iota
	lightWins
	darkWins
	drawRepetition
	drawPlyLimit
)

// position is everything a ply changes; Apply saves it whole for Undo.
// Its 46 bytes leave State at 64 (see State).
type position struct {
	bb        [2]uint64 // pieces of Light and Dark
	forbidden uint64    // cells the side to move may not enter
	hash      uint64
	ply       int32 // plies played since the start
	n         int32 // positions in the history before this one; apply keeps it
	reserve   [2]int8
	last      [2]Cell // lastRelocated per player
	toMove    game.Player
	result    result
}

// key is what threefold repetition compares: the board, the side to
// move, lastRelocated and the forbidden set (reserves follow from the
// board), packed into 16 bytes. Every cell has one of four states: a is
// Light's pieces plus the forbidden cells, b is Dark's pieces plus the
// forbidden cells, so a&^b is Light, b&^a is Dark and a&b the forbidden
// cells (forbidden cells are always empty). Bits 49-61 of a hold the side
// to move and both lastRelocated cells (6 bits each, NoCell as 63). Two
// positions have equal keys exactly when those fields are equal.
type key struct{ a, b uint64 }

func (p *position) key() key {
	meta := uint64(p.toMove) | uint64(uint8(p.last[0])&63)<<1 | uint64(uint8(p.last[1])&63)<<7
	return key{p.bb[0] | p.forbidden | meta<<NumCells, p.bb[1] | p.forbidden}
}

// bit is k's bit in a chunk's filter: one of 64, from a multiplicative
// hash of both words.
func (k key) bit() uint64 {
	return 1 << ((k.a*0x9e3779b97f4a7c15 ^ k.b) * 0xbf58476d1ce4e5b9 >> 58)
}

// chunkKeys is the number of keys in a chunk: 29 keys (464 bytes) and the
// 48-byte header fill a 512-byte size class, so a game's history costs
// ~18 bytes per ply and is never copied as it grows.
const chunkKeys = 29

// chunk is a piece of the shared, append-only record of the positions of
// one game (or of one branch of it). The history of a state is a list of
// chunks: chunk j holds the keys of positions 29j to 29j+28 since the
// start or the parsed position, all but the last full, and the state's
// line is the last one (nil for an empty history). Play from the state
// whose history ends at the written end of its last chunk appends its
// key in place, and Play from a state whose key is already there (written
// by an earlier Play from it, or from an equal state with the same
// history) shares the chunk; only Play from a state whose next slot holds
// another key (a sibling's successor took it: a second line of play, a
// takeback, search) copies that one chunk, which shares the earlier ones
// (at most 28 keys are copied). A slot is written once, under mu, before
// any state covering it exists, so states never see a slot change and
// may be shared between goroutines.
type chunk struct {
	prev    *chunk // the chunk before, full; nil for the first
	next    *chunk // under mu: the chunk the first Play past this full one started
	mu      sync.Mutex
	written int32 // under mu: keys[:written] are set
	// filter[i&1] has k.bit() set for the key k of every position i in
	// keys (one word per parity: positions an even number of plies apart,
	// the ones seen compares), so that seen skips a chunk without reading
	// its keys when k cannot be among them. Set under mu but read without
	// it, so atomic; a state whose history ends inside the chunk may see
	// bits of later positions, which only costs a needless scan.
	filter [2]atomic.Uint64
	keys   [chunkKeys]key
}

// State is a Pathagon position with its repetition history. It implements
// game.State, game.Mutabler, game.Evaluator, game.Noisy and game.Perfter;
// the copy Mutable returns also implements game.Mutable. It is 64 bytes
// (a size class): Play allocates one State, and one chunk every 29 plies.
type State struct {
	pos  position
	v    *variant
	line *chunk // the last chunk of the history; nil: empty (repetitionDraw off, or no ply yet)
}

// search is the copy Mutable returns: a State whose Apply plays in place
// and saves the position before each ply for Undo. The applied plies are
// part of its history (undo[i] is position pos.n+i) without being written
// to the shared chunks.
type search struct {
	State
	undo []position
}

var (
	_ game.State     = (*State)(nil)
	_ game.Mutabler  = (*State)(nil)
	_ game.Evaluator = (*State)(nil)
	_ game.Perfter   = (*State)(nil)
	_ game.Mutable   = (*search)(nil)
	_ game.Mutabler  = (*search)(nil)
	_ game.Perfter   = (*search)(nil)
)

// Info returns the game's description.
func (s *State) Info() *game.Info { return s.v.info }

// NumPlayers is always 2.
func (s *State) NumPlayers() int { return 2 }

// ToMove is the side to move, or game.NoPlayer once the game is over.
func (s *State) ToMove() game.Player {
	if s.pos.result != inProgress {
		return game.NoPlayer
	}
	return s.pos.toMove
}

// Next is the side whose turn it is or would be, even once the game is over
// (the "side to move" field of the position text).
func (s *State) Next() game.Player { return s.pos.toMove }

// Reserve is the number of p's pieces off the board.
func (s *State) Reserve(p game.Player) int { return int(s.pos.reserve[p&1]) }

// At returns the player whose piece stands on c, or game.NoPlayer.
func (s *State) At(c Cell) game.Player {
	switch {
	case s.pos.bb[Light]&c.bit() != 0:
		return Light
	case s.pos.bb[Dark]&c.bit() != 0:
		return Dark
	}
	return game.NoPlayer
}

// LastRelocated is the cell of the piece p may not relocate this turn, or
// NoCell.
func (s *State) LastRelocated(p game.Player) Cell { return s.pos.last[p&1] }

// Forbidden reports whether the side to move may not enter c this ply.
func (s *State) Forbidden(c Cell) bool { return s.pos.forbidden&c.bit() != 0 }

// Ply is the number of plies played since the start (as far as the
// position text knows).
func (s *State) Ply() int { return int(s.pos.ply) }

// Outcome reports the winner by connection or a draw once the game is over.
func (s *State) Outcome() (game.Outcome, bool) {
	switch s.pos.result {
	case lightWins:
		return game.Outcome{Winners: []game.Player{Light}, Reason: ReasonConnection}, true
	case darkWins:
		return game.Outcome{Winners: []game.Player{Dark}, Reason: ReasonConnection}, true
	case drawRepetition:
		return game.Outcome{Reason: game.ReasonRepetition}, true
	case drawPlyLimit:
		return game.Outcome{Reason: game.ReasonPlyLimit}, true
	}
	return game.Outcome{}, false
}

// ChanceOutcomes is nil: Pathagon has no chance.
func (s *State) ChanceOutcomes() []game.ChanceOutcome { return nil }

// Hash is a Zobrist hash of the repetition key (board, side to move,
// lastRelocated, forbidden cells), kept incrementally.
func (s *State) Hash() uint64 { return s.pos.hash }

// Move encoding: bits 0-5 the target cell, bits 6-11 the origin cell + 1 (0
// for a placement), bits 12-15 the directions (Dir bits) of the removed
// pieces, seen from the target.
const (
	fromShift = 6
	capShift  = 12
	moveBits  = 16
)

func makeMove(to, from Cell, caps uint8) game.Move {
	return game.Move(uint64(to) | uint64(from+1)<<fromShift | uint64(caps)<<capShift)
}

func decode(m game.Move) (to, from Cell, caps uint8) {
	return Cell(m & 63), Cell(m>>fromShift&63) - 1, uint8(m >> capShift & 15)
}

// Place returns the placement on to removing the pieces in caps (a Dir
// mask); with automatic captures caps must be the full trapped set.
func Place(to Cell, caps uint8) game.Move { return makeMove(to, NoCell, caps) }

// Relocate returns the relocation from-to removing the pieces in caps.
func Relocate(from, to Cell, caps uint8) game.Move { return makeMove(to, from, caps) }

// LegalMoves appends the legal moves: placements by target cell, or
// relocations by origin then target; with optionalCaptures each (origin,
// target) is followed by its capture subsets in increasing mask order.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	p := &s.pos
	if p.result != inProgress {
		return dst
	}
	me := p.toMove
	own, opp := p.bb[me], p.bb[me^1]
	targets := full &^ (own | opp) &^ p.forbidden
	if p.reserve[me] > 0 {
		ts := trapSets(own, opp)
		return s.appendFrom(dst, NoCell, targets, &ts)
	}
	movable := own
	if p.last[me] != NoCell {
		movable &^= p.last[me].bit()
	}
	for ; movable != 0; movable &= movable - 1 {
		from := Cell(bits.TrailingZeros64(movable))
		ts := trapSets(own&^from.bit(), opp)
		dst = s.appendFrom(dst, from, targets, &ts)
	}
	return dst
}

func (s *State) appendFrom(dst []game.Move, from Cell, targets uint64, ts *[4]uint64) []game.Move {
	for ; targets != 0; targets &= targets - 1 {
		to := Cell(bits.TrailingZeros64(targets))
		caps := trappedAt(ts, to)
		if !s.v.rules.optionalCaptures || caps == 0 {
			dst = append(dst, makeMove(to, from, caps))
			continue
		}
		for sub := uint8(0); sub < 16; sub++ {
			if sub&^caps == 0 {
				dst = append(dst, makeMove(to, from, sub))
			}
		}
	}
	return dst
}

// countMoves is len(s.LegalMoves(nil)) without building the list.
func (s *State) countMoves() uint64 {
	p := &s.pos
	if p.result != inProgress {
		return 0
	}
	me := p.toMove
	own, opp := p.bb[me], p.bb[me^1]
	targets := full &^ (own | opp) &^ p.forbidden
	nt := uint64(bits.OnesCount64(targets))
	if p.reserve[me] > 0 {
		if !s.v.rules.optionalCaptures {
			return nt
		}
		ts := trapSets(own, opp)
		return nt + extraSubsets(targets, &ts)
	}
	movable := own
	if p.last[me] != NoCell {
		movable &^= p.last[me].bit()
	}
	if !s.v.rules.optionalCaptures {
		return uint64(bits.OnesCount64(movable)) * nt
	}
	var n uint64
	for ; movable != 0; movable &= movable - 1 {
		from := Cell(bits.TrailingZeros64(movable))
		ts := trapSets(own&^from.bit(), opp)
		n += nt + extraSubsets(targets, &ts)
	}
	return n
}

// extraSubsets counts, over targets, the capture subsets beyond the first.
func extraSubsets(targets uint64, ts *[4]uint64) uint64 {
	var n uint64
	for t := targets & (ts[N] | ts[W] | ts[E] | ts[S]); t != 0; t &= t - 1 {
		to := Cell(bits.TrailingZeros64(t))
		n += 1<<bits.OnesCount8(trappedAt(ts, to)) - 1
	}
	return n
}

// check returns nil when m is legal here, or an error wrapping
// game.ErrIllegalMove (game.ErrGameOver once the game is over) that says why.
func (s *State) check(m game.Move) error {
	p := &s.pos
	if p.result != inProgress {
		return fmt.Errorf("pathagon: the game is over: %w", game.ErrGameOver)
	}
	illegal := func(format string, args ...any) error {
		return fmt.Errorf("pathagon: %s: %w", fmt.Sprintf(format, args...), game.ErrIllegalMove)
	}
	if m>>moveBits != 0 || m&63 >= NumCells || m>>fromShift&63 > NumCells {
		return illegal("%#x is not a move", uint64(m))
	}
	to, from, caps := decode(m)
	me := p.toMove
	own, opp := p.bb[me], p.bb[me^1]
	switch {
	case from == NoCell && p.reserve[me] == 0:
		return illegal("%s has no piece in reserve to place", Info.PlayerName(me))
	case from != NoCell && p.reserve[me] > 0:
		return illegal("%s must place while holding %d in reserve", Info.PlayerName(me), p.reserve[me])
	case from != NoCell && own&from.bit() == 0:
		return illegal("%s holds no %s piece", from, Info.PlayerName(me))
	case from != NoCell && from == p.last[me]:
		return illegal("the piece on %s was relocated last turn", from)
	case (own|opp)&to.bit() != 0:
		return illegal("%s is occupied", to)
	case p.forbidden&to.bit() != 0:
		return illegal("%s is forbidden this move", to)
	}
	if from != NoCell {
		own &^= from.bit()
	}
	ts := trapSets(own, opp)
	trapped := trappedAt(&ts, to)
	if caps&^trapped != 0 || (!s.v.rules.optionalCaptures && caps != trapped) {
		return illegal("captures %s, but %s traps %s", capString(to, caps), to, capString(to, trapped))
	}
	return nil
}

func capString(to Cell, caps uint8) string {
	var b uint64
	for d := N; d <= S; d++ {
		if caps&(1<<d) != 0 {
			b |= (to + d.delta()).bit()
		}
	}
	if b == 0 {
		return "nothing"
	}
	return cellsString(b)
}

// Play returns the state after m; it never changes s.
func (s *State) Play(m game.Move) (game.State, error) {
	if err := s.check(m); err != nil {
		return nil, err
	}
	return s.successor(m, s.line, s.pos.n), nil
}

// successor returns the state after the legal move m from the position of
// s, whose history is the n positions ending in chunk line.
func (s *State) successor(m game.Move, line *chunk, n int32) *State {
	next := &State{pos: s.pos, v: s.v}
	if s.v.rules.repetitionDraw {
		next.line = extend(line, n, s.pos.key())
		next.pos.n = n + 1
	}
	next.pos.apply(m)
	next.finish(nil)
	return next
}

// extend returns the last chunk of the history of n positions ending in
// chunk line followed by k. It shares line when k is (or can be written)
// next in it, and the chunk after a full line when that one starts with
// k; otherwise it allocates a chunk: a new one after a full line, or a
// copy of line's first n%chunkKeys keys followed by k.
func extend(line *chunk, n int32, k key) *chunk {
	slot := n % chunkKeys
	if slot == 0 { // k starts a chunk
		if line == nil {
			return newChunk(nil, k, n)
		}
		line.mu.Lock()
		next := line.next
		if next == nil {
			next = newChunk(line, k, n)
			line.next = next
		}
		line.mu.Unlock()
		if next.keys[0] == k {
			return next
		}
		return newChunk(line, k, n)
	}
	line.mu.Lock()
	shared := true
	switch {
	case line.written == slot: // the history ends at the written end
		line.keys[slot] = k
		line.filter[n&1].Or(k.bit())
		line.written++
	case line.keys[slot] != k: // another line of play took the slot
		shared = false
	}
	line.mu.Unlock()
	if shared {
		return line
	}
	c := &chunk{prev: line.prev, written: slot + 1}
	copy(c.keys[:slot], line.keys[:slot])
	c.keys[slot] = k
	base := n - slot
	for i := range slot + 1 {
		c.filter[(base+i)&1].Or(c.keys[i].bit())
	}
	return c
}

// newChunk returns a chunk after prev that starts with k, the key of
// position n.
func newChunk(prev *chunk, k key, n int32) *chunk {
	c := &chunk{prev: prev, written: 1, keys: [chunkKeys]key{k}}
	c.filter[n&1].Store(k.bit())
	return c
}

// apply plays a legal move on p and checks whether the mover connected.
func (p *position) apply(m game.Move) {
	to, from, caps := decode(m)
	me, them := p.toMove, p.toMove^1
	h := p.hash
	for f := p.forbidden; f != 0; f &= f - 1 {
		h ^= zForbidden(Cell(bits.TrailingZeros64(f)))
	}
	p.forbidden = 0
	if p.last[me] != NoCell {
		h ^= zLast(me, p.last[me])
	}
	if from == NoCell {
		p.reserve[me]--
		p.last[me] = NoCell
	} else {
		p.bb[me] &^= from.bit()
		h ^= zPiece(me, from)
		p.last[me] = to
		h ^= zLast(me, to)
	}
	p.bb[me] |= to.bit()
	h ^= zPiece(me, to)
	for d := N; caps != 0; d, caps = d+1, caps>>1 {
		if caps&1 == 0 {
			continue
		}
		c := to + d.delta()
		p.bb[them] &^= c.bit()
		h ^= zPiece(them, c) ^ zForbidden(c)
		p.reserve[them]++
		p.forbidden |= c.bit()
		if p.last[them] == c { // a captured piece loses its lock
			h ^= zLast(them, c)
			p.last[them] = NoCell
		}
	}
	p.toMove = them
	h ^= zDarkToMove()
	p.hash = h
	p.ply++
	if connected(p.bb[me], me == Light) {
		p.result = lightWins + result(me)
	}
}

// finish applies the house draws after the win check: repetition, then the ply cap.
// undo holds the positions a search applied after the history.
func (s *State) finish(undo []position) {
	p := &s.pos
	if p.result != inProgress {
		return
	}
	if s.v.rules.repetitionDraw && seen(p.key(), s.line, p.n, undo) >= 2 {
		p.result = drawRepetition
		return
	}
	if s.v.rules.plyCap > 0 && p.ply >= s.v.rules.plyCap {
		p.result = drawPlyLimit
	}
}

// seen counts the earlier occurrences of k, stopping at 2 (enough for the
// third occurrence), in the history of n positions ending in chunk line
// followed by undo. The side to move alternates every ply and is part of
// the key, so only every other earlier position can match: the one two
// plies back, four plies back, and so on.
func seen(k key, line *chunk, n int32, undo []position) int {
	found := 0
	i := int(n) + len(undo) - 2 // the position two plies back
	for ; i >= int(n); i -= 2 {
		if undo[i-int(n)].key() == k {
			if found++; found == 2 {
				return found
			}
		}
	}
	if line == nil || i < 0 {
		return found
	}
	// Read a chunk's keys only when its filter holds k's bit.
	bit := k.bit()
	base := (int(n) - 1) / chunkKeys * chunkKeys // the position in line.keys[0]
	for c := line; c != nil && i >= 0; c = c.prev {
		if c.filter[i&1].Load()&bit != 0 {
			for j := i - base; j >= 0; j -= 2 {
				if c.keys[j] == k {
					if found++; found == 2 {
						return found
					}
				}
			}
		}
		// The last position before base that is an even number of
		// plies back from i.
		i, base = base-1-((i-base+1)&1), base-chunkKeys
	}
	return found
}

// Mutable returns a private copy with the Apply/Undo fast path.
func (s *State) Mutable() game.Mutable { return s.mutable() }

// mutable returns a search copy of the position with its history.
func (s *State) mutable() *search {
	return &search{State: *s, undo: make([]position, 0, 64)}
}

// Mutable returns a private copy of the position with its history.
func (s *search) Mutable() game.Mutable { return s.materialise().mutable() }

// materialise returns s as a State: the applied plies written to the
// shared history (extend shares or copies chunks as for Play).
func (s *search) materialise() *State {
	t := s.State
	if s.v.rules.repetitionDraw {
		for i := range s.undo {
			t.line = extend(t.line, t.pos.n, s.undo[i].key())
			t.pos.n++
		}
	}
	return &t
}

// Play returns the state after m; it never changes s. Its history holds
// the plies applied to s.
func (s *search) Play(m game.Move) (game.State, error) {
	if err := s.check(m); err != nil {
		return nil, err
	}
	t := s.materialise()
	return t.successor(m, t.line, t.pos.n), nil
}

// Apply plays a legal move in place (game.Mutable); m must come from
// LegalMoves.
func (s *search) Apply(m game.Move) {
	s.undo = append(s.undo, s.pos)
	s.pos.apply(m)
	s.finish(s.undo)
}

// Undo takes back the last Apply.
func (s *search) Undo() {
	n := len(s.undo) - 1
	s.pos = s.undo[n]
	s.undo = s.undo[:n]
}

// Perft counts the move sequences of the given depth, with bulk counting
// at the leaves (game.Perfter).
func (s *State) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return s.mutable().perft(depth, make([][]game.Move, depth+1))
}

// Perft counts the move sequences of the given depth from the position
// with the applied plies in its history.
func (s *search) Perft(depth int) uint64 { return s.materialise().Perft(depth) }

func (s *search) perft(depth int, buf [][]game.Move) uint64 {
	if depth == 1 {
		return s.countMoves()
	}
	moves := s.LegalMoves(buf[depth][:0])
	buf[depth] = moves
	var n uint64
	for _, m := range moves {
		s.Apply(m)
		n += s.perft(depth-1, buf)
		s.Undo()
	}
	return n
}
