package palagonia

import (
	"fmt"
	"strconv"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// Option names and values.
const (
	OptTiles           = "tiles"           // "48" or "96"
	OptRotationScoring = "rotationScoring" // ScoreNewOnly or ScoreMergeOnly

	ScoreNewOnly   = "newOnly"
	ScoreMergeOnly = "mergeOnly"
)

// ReasonBagEmpty is the outcome reason: an action emptied the bag.
const ReasonBagEmpty = "bag-empty"

// MaxPlayers is the most seats a game has (3..5, or 1 for solo).
const MaxPlayers = 5

// MaxPlace is the most tiles one action places: the largest die number.
const MaxPlace = 5

// Info describes Palagonia for the registry.
var Info = newInfo()

func newInfo() *game.Info {
	info := &game.Info{
		ID:             "palagonia",
		Title:          "Palagonia",
		MinPlayers:     1,
		MaxPlayers:     MaxPlayers,
		AllowedPlayers: []int{1, 3, 4, 5}, // 3 to 5, or solo
		DefaultPlayers: 4,
		PlayerNames:    []string{"p1", "p2", "p3", "p4", "p5"},
		Variants:       []string{"standard"},
		Options: []game.OptionSpec{
			{Name: OptTiles, Kind: game.Enum, Default: "48", Choices: []string{"48", "96"},
				Doc: "tiles in the bag: one set, or two for many players"},
			{Name: OptRotationScoring, Kind: game.Enum, Default: ScoreNewOnly, Choices: []string{ScoreNewOnly, ScoreMergeOnly},
				Doc: "newOnly: a creature born by a rotation scores only if none of its pieces was in a creature before; mergeOnly: only creatures joining pieces of 2 or more earlier creatures score nothing"},
		},
	}
	info.New = func(o game.Options) (game.State, error) {
		set, err := settingsOf(info, o, true)
		if err != nil {
			return nil, err
		}
		s := &State{info: info, set: set, phase: phaseStart, contend: 1<<set.players - 1}
		return s, nil
	}
	info.ParsePosition = func(text string, o game.Options) (game.State, error) {
		set, err := settingsOf(info, o, false)
		if err != nil {
			return nil, err
		}
		return parsePosition(info, set, o, text)
	}
	return info
}

// settings are the rules options of one game.
type settings struct {
	players   int
	tiles     int
	mergeOnly bool // rotationScoring = mergeOnly
}

func settingsOf(info *game.Info, o game.Options, needPlayers bool) (settings, error) {
	players := o.Players
	o, err := info.Check(o)
	if err != nil {
		return settings{}, err
	}
	if o.Players == 2 {
		return settings{}, fmt.Errorf("palagonia: 2 players, want 3 to 5, or 1 for solo: %w", game.ErrBadOption)
	}
	tiles, _ := strconv.Atoi(info.EnumOption(o, OptTiles))
	set := settings{players: o.Players, tiles: tiles, mergeOnly: info.EnumOption(o, OptRotationScoring) == ScoreMergeOnly}
	if !needPlayers && players == 0 {
		set.players = 0 // the position text decides
	}
	return set, nil
}

// phase is the step of the turn the game is in.
type phase uint8

const (
	phaseStart  phase = iota // the start roll-off: one die for the next contender (chance)
	phaseRoll                // both dice for the player on turn (chance)
	phaseChoose              // the player chooses one of two usable dice
	phasePlace               // the player places the tiles of a number action, one by one
	phaseRemove              // the player removes an external tile (Remove, or forced)
	phaseRotate              // the player turns an internal tile
	phasePass                // nothing can be done: the player passes
	phaseOver
)

var phaseNames = [...]string{"start", "roll", "choose", "place", "remove", "rotate", "pass", "over"}

// phaseKind is the kind of move each phase takes.
var phaseKind = [...]Kind{KindStartRoll, KindRoll, KindUse, KindPlace, KindRemove, KindRotate, KindPass, KindNone}

func (p phase) String() string { return phaseNames[p] }

// State is a Palagonia position. It implements game.State, game.Mutabler,
// game.Evaluator and game.Candidates.
type State struct {
	info  *game.Info
	set   settings
	board palago.Board
	phase phase
	turn  game.Player // the player on turn (not used in phaseStart)
	dice  [2]Face     // the faces rolled this turn; the start die in dice[0] on the first turn
	left  int8        // tiles still to place (phasePlace)
	// placed counts the tiles placed by the current number action; they
	// are the last ones of the board.
	placed int8
	extra  bool // the turn is an extra turn earned by doubles
	scores [MaxPlayers]int
	// The start roll-off: the seats still contending and the face
	// each rolled this round (NoFace: still to roll).
	contend uint8
	rolls   [MaxPlayers]Face
	tiles   uint64       // XOR of the tile hashes
	hist    []undoRecord // Mutable copies only: one record per Apply
	// work is the scratch of a Mutable copy (nil otherwise): search runs
	// move generation on it in place, which an immutable State, safe for
	// concurrent use, cannot.
	work *scratch
	// plies counts the moves Play has played since the game began (or the
	// position was read); sheet lists the creatures that scored in them,
	// for the board's score sheet (ui.go). Shared between states: only
	// ever appended to a clipped copy.
	plies int
	sheet []sheetEntry
}

// scratch is what a Mutable copy reuses from call to call, so that its
// move generation and chance steps allocate nothing.
type scratch struct {
	w     completer
	roll  []game.ChanceOutcome // the 21 outcomes of both dice, built once
	start []game.ChanceOutcome // the 6 faces of a roll-off die, built once
}

var (
	_ game.State      = (*State)(nil)
	_ game.Mutabler   = (*State)(nil)
	_ game.Evaluator  = (*State)(nil)
	_ game.Candidates = (*State)(nil)
)

// Info returns the game's description.
func (s *State) Info() *game.Info { return s.info }

// NumPlayers returns the number of seats.
func (s *State) NumPlayers() int { return s.set.players }

// Board returns a copy of the tiles on the table.
func (s *State) Board() *palago.Board { return s.board.Clone() }

// Bag returns the number of tiles in the bag.
func (s *State) Bag() int { return s.set.tiles - s.board.Len() }

// Dice returns the faces rolled this turn (NoFace for dice not rolled).
func (s *State) Dice() [2]Face { return s.dice }

// Left returns the tiles the current number action has still to place.
func (s *State) Left() int { return int(s.left) }

// Extra reports whether the current turn is an extra turn from doubles.
func (s *State) Extra() bool { return s.extra }

// Score returns seat p's points so far.
func (s *State) Score(p game.Player) int { return s.scores[p] }

// ToMove returns the seat to act, game.Chance before a roll, or
// game.NoPlayer once the game is over.
func (s *State) ToMove() game.Player {
	switch s.phase {
	case phaseStart, phaseRoll:
		return game.Chance
	case phaseOver:
		return game.NoPlayer
	}
	return s.turn
}

// roller returns the seat that rolls next in the start roll-off: the first
// contender who has not rolled this round.
func (s *State) roller() game.Player {
	for p := range s.set.players {
		if s.contend&(1<<p) != 0 && s.rolls[p] == NoFace {
			return game.Player(p)
		}
	}
	return game.NoPlayer
}

// ChanceOutcomes returns the outcomes of a roll: the 6 faces of one die in
// the start roll-off, or the 21 unordered pairs of faces of both dice
// (doubles 1/36, the others 2/36), in the order of LegalMoves.
func (s *State) ChanceOutcomes() []game.ChanceOutcome {
	if s.work != nil {
		// A Mutable copy hands out its one table per kind of roll; the
		// outcomes never change, so an earlier result stays valid.
		switch s.phase {
		case phaseStart:
			if s.work.start == nil {
				s.work.start = s.outcomes()
			}
			return s.work.start
		case phaseRoll:
			if s.work.roll == nil {
				s.work.roll = s.outcomes()
			}
			return s.work.roll
		}
		return nil
	}
	return s.outcomes()
}

// outcomes builds the outcomes of the current roll.
func (s *State) outcomes() []game.ChanceOutcome {
	switch s.phase {
	case phaseStart:
		out := make([]game.ChanceOutcome, 0, NumFaces)
		for f := Two; f <= Rotate; f++ {
			out = append(out, game.ChanceOutcome{Move: StartRollMove(f), Prob: 1.0 / NumFaces})
		}
		return out
	case phaseRoll:
		out := make([]game.ChanceOutcome, 0, 21)
		for f1 := Two; f1 <= Rotate; f1++ {
			for f2 := f1; f2 <= Rotate; f2++ {
				p := 2.0 / 36
				if f1 == f2 {
					p = 1.0 / 36
				}
				out = append(out, game.ChanceOutcome{Move: RollMove(f1, f2), Prob: p})
			}
		}
		return out
	}
	return nil
}

// Outcome reports the result once the bag is empty: the seats with the
// highest total win, jointly on a tie.
func (s *State) Outcome() (game.Outcome, bool) {
	if s.phase != phaseOver {
		return game.Outcome{}, false
	}
	n := s.set.players
	o := game.Outcome{Scores: append([]int(nil), s.scores[:n]...), Reason: ReasonBagEmpty}
	best := o.Scores[0]
	for _, x := range o.Scores {
		best = max(best, x)
	}
	for p, x := range o.Scores {
		if x == best {
			o.Winners = append(o.Winners, game.Player(p))
		}
	}
	return o, true
}

func illegal(format string, args ...any) error {
	return fmt.Errorf("palagonia: "+format+": %w", append(args, game.ErrIllegalMove)...)
}

// possible reports whether the action of face f can be carried out.
func (s *State) possible(f Face) bool {
	switch f {
	case Remove:
		return s.board.Len() > 0
	case Rotate:
		return s.hasInternal()
	}
	return f.Number() <= s.Bag()
}

// internal reports whether the tile on c has all six neighbours.
func (s *State) internal(c palago.Cell) bool {
	for k := range 6 {
		if !s.board.Occupied(c.Neighbour(k)) {
			return false
		}
	}
	return true
}

func (s *State) hasInternal() bool {
	for i := range s.board.Len() {
		if s.internal(s.board.Tile(i).Cell) {
			return true
		}
	}
	return false
}

// removable reports whether the tile on c is external and its removal
// leaves the palago connected.
func (s *State) removable(c palago.Cell) bool {
	if s.internal(c) {
		return false
	}
	return s.connectedWithout(c)
}

// cutTiles marks, by placement index, the tiles whose removal would split
// the palago in two: the articulation points of the tiles' adjacency
// graph, found in one iterative depth-first search (Hopcroft–Tarjan)
// instead of one connectivity test per tile.
func (s *State) cutTiles() (cut [palago.MaxTiles]bool) {
	n := s.board.Len()
	if n < 3 {
		return cut
	}
	var disc, low [palago.MaxTiles]int16 // discovery time + 1 (0: unvisited), low-link
	var parent [palago.MaxTiles]int8
	type frame struct{ v, k int8 }
	var stack [palago.MaxTiles]frame
	disc[0], low[0], parent[0] = 1, 1, -1
	stack[0] = frame{0, 0}
	top, time, rootKids := 1, int16(1), 0
	for top > 0 {
		f := &stack[top-1]
		v := int(f.v)
		if f.k == 6 {
			top--
			if p := parent[v]; p >= 0 {
				low[p] = min(low[p], low[v])
				if parent[p] >= 0 && low[v] >= disc[p] {
					cut[p] = true
				}
			}
			continue
		}
		u := s.board.IndexOf(s.board.Tile(v).Cell.Neighbour(int(f.k)))
		f.k++
		switch {
		case u < 0:
		case disc[u] == 0:
			time++
			disc[u], low[u], parent[u] = time, time, int8(v)
			if v == 0 {
				rootKids++
			}
			stack[top] = frame{int8(u), 0}
			top++
		case int8(u) != parent[v]:
			low[v] = min(low[v], disc[u])
		}
	}
	cut[0] = rootKids > 1
	return cut
}

// LegalMoves appends the legal moves: the faces or pairs of faces at a
// roll; the two dice at a choice; at a placement every (cell, orientation)
// after which the action can still be completed, cells in the order of the
// frontier (empty neighbours of the tiles in placement order, sides 0..5);
// removable tiles and rotations in placement order.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	switch s.phase {
	case phaseStart:
		for f := Two; f <= Rotate; f++ {
			dst = append(dst, StartRollMove(f))
		}
	case phaseRoll:
		for f1 := Two; f1 <= Rotate; f1++ {
			for f2 := f1; f2 <= Rotate; f2++ {
				dst = append(dst, RollMove(f1, f2))
			}
		}
	case phaseChoose:
		dst = append(dst, UseMove(s.dice[0]), UseMove(s.dice[1]))
	case phasePlace:
		dst = s.placements(dst)
	case phaseRemove:
		cut := s.cutTiles()
		for i := range s.board.Len() {
			if c := s.board.Tile(i).Cell; !cut[i] && !s.internal(c) {
				dst = append(dst, RemoveMove(c))
			}
		}
	case phaseRotate:
		for i := range s.board.Len() {
			t := s.board.Tile(i)
			if !s.internal(t.Cell) {
				continue
			}
			for o := range palago.Orientation(palago.NumOrientations) {
				if o != t.O {
					dst = append(dst, RotateMove(palago.Tile{Cell: t.Cell, O: o}))
				}
			}
		}
	case phasePass:
		dst = append(dst, PassMove)
	}
	return dst
}

// check reports why a decoded action is not legal here, or nil.
func (s *State) check(a Action) error {
	if a.Kind != phaseKind[s.phase] {
		return illegal("%s: the game is at a %s step", a, s.phase)
	}
	switch a.Kind {
	case KindUse:
		if a.Faces[0] != s.dice[0] && a.Faces[0] != s.dice[1] {
			return illegal("%s: the dice show %s and %s", a, s.dice[0], s.dice[1])
		}
	case KindPlace:
		return s.checkPlace(a.Tile)
	case KindRemove:
		if !s.board.Occupied(a.Tile.Cell) {
			return illegal("%s: no tile there", a)
		}
		if !s.removable(a.Tile.Cell) {
			return illegal("%s: only an external tile whose removal keeps the palago connected", a)
		}
	case KindRotate:
		o, ok := s.board.At(a.Tile.Cell)
		switch {
		case !ok:
			return illegal("%s: no tile there", a)
		case !s.internal(a.Tile.Cell):
			return illegal("%s: only an internal tile turns", a)
		case o == a.Tile.O:
			return illegal("%s: the tile already lies so", a)
		}
	}
	return nil
}

// Play returns the state after m.
func (s *State) Play(m game.Move) (game.State, error) {
	if s.phase == phaseOver {
		return nil, fmt.Errorf("palagonia: %w", game.ErrGameOver)
	}
	a, ok := Decode(m)
	if !ok {
		return nil, illegal("move %d encodes no action", uint64(m))
	}
	if err := s.check(a); err != nil {
		return nil, err
	}
	next := s.clone()
	next.apply(a)
	s.played(a, next)
	return next, nil
}

func (s *State) clone() *State {
	c := *s
	c.board = *s.board.Clone()
	c.hist, c.work = nil, nil
	return &c
}

// ParseMove reads a move in any notation ParseAction accepts and checks it
// is legal here.
func (s *State) ParseMove(text string) (game.Move, error) {
	a, err := ParseAction(text, s.phase == phaseStart)
	if err != nil {
		return 0, err
	}
	if s.phase == phaseOver {
		return 0, fmt.Errorf("palagonia: %w", game.ErrGameOver)
	}
	if a.Kind == KindUse && s.phase == phaseRoll {
		return 0, illegal("%s: roll the dice first", a)
	}
	if err := s.check(a); err != nil {
		return 0, err
	}
	return s.encode(a), nil
}

func (s *State) encode(a Action) game.Move {
	switch a.Kind {
	case KindStartRoll:
		return StartRollMove(a.Faces[0])
	case KindRoll:
		return RollMove(a.Faces[0], a.Faces[1])
	case KindUse:
		return UseMove(a.Faces[0])
	case KindPlace:
		return PlaceMove(a.Tile)
	case KindRemove:
		return RemoveMove(a.Tile.Cell)
	case KindRotate:
		return RotateMove(a.Tile)
	}
	return PassMove
}

// apply carries out a legal action.
func (s *State) apply(a Action) {
	switch a.Kind {
	case KindStartRoll:
		s.startRoll(a.Faces[0])
	case KindRoll:
		s.roll(a.Faces[0], a.Faces[1])
	case KindUse:
		s.begin(a.Faces[0])
	case KindPlace:
		_ = s.board.Place(a.Tile)
		s.tiles ^= palago.TileHash(a.Tile)
		s.placed++
		s.left--
		if s.left == 0 {
			s.score(s.bornByPlacement())
			if s.Bag() == 0 {
				// The game ends as soon as an action empties the bag.
				s.phase, s.turn, s.dice, s.left, s.placed, s.extra = phaseOver, 0, [2]Face{}, 0, 0, false
				return
			}
			s.endTurn()
		}
	case KindRemove:
		o, _ := s.board.At(a.Tile.Cell)
		_ = s.board.Remove(a.Tile.Cell)
		s.tiles ^= palago.TileHash(palago.Tile{Cell: a.Tile.Cell, O: o})
		s.endTurn()
	case KindRotate:
		s.score(s.rotate(a.Tile))
		s.endTurn()
	case KindPass:
		s.endTurn()
	}
}

// startRoll records one die of the roll-off.
func (s *State) startRoll(f Face) {
	s.rolls[s.roller()] = f
	if s.roller() != game.NoPlayer {
		return
	}
	best, winners := 0, uint8(0)
	for p := range s.set.players {
		if s.contend&(1<<p) == 0 {
			continue
		}
		switch n := s.rolls[p].Number(); {
		case n > best:
			best, winners = n, 1<<p
		case n == best && n > 0:
			winners |= 1 << p
		}
	}
	s.rolls = [MaxPlayers]Face{}
	if best == 0 {
		return // nobody rolled a number: all roll again
	}
	if winners&(winners-1) != 0 {
		s.contend = winners // tied for the highest: they roll again
		return
	}
	s.contend = 0
	for p := range s.set.players {
		if winners&(1<<p) != 0 {
			s.turn = game.Player(p)
		}
	}
	s.dice = [2]Face{Face(best - 1), NoFace}
	s.phase, s.left, s.placed = phasePlace, int8(best), 0
}

// roll records both dice and moves on to the choice, the only usable die,
// the forced removal or the pass.
func (s *State) roll(f1, f2 Face) {
	s.dice = [2]Face{f1, f2}
	p1, p2 := s.possible(f1), s.possible(f2)
	switch {
	case p1 && p2 && f1 != f2:
		s.phase = phaseChoose
	case p1:
		s.begin(f1)
	case p2:
		s.begin(f2)
	case s.board.Len() > 0:
		s.phase = phaseRemove // both impossible: remove a tile instead
	default:
		s.phase = phasePass
	}
}

// begin starts the action of face f.
func (s *State) begin(f Face) {
	switch f {
	case Remove:
		s.phase = phaseRemove
	case Rotate:
		s.phase = phaseRotate
	default:
		s.phase, s.left, s.placed = phasePlace, int8(f.Number()), 0
	}
}

// endTurn passes play on: to the same player after doubles,
// else clockwise.
func (s *State) endTurn() {
	if s.dice[0] != s.dice[1] {
		s.turn = (s.turn + 1) % game.Player(s.set.players)
		s.extra = false
	} else {
		s.extra = true
	}
	s.phase, s.dice, s.left, s.placed = phaseRoll, [2]Face{}, 0, 0
}

// score gives each scoring creature's points to the player on turn and,
// except on an extra turn, to the player before them.
func (s *State) score(points []int) {
	n := game.Player(s.set.players)
	prev := (s.turn + n - 1) % n
	for _, v := range points {
		s.scores[s.turn] += v
		if !s.extra && prev != s.turn {
			s.scores[prev] += v
		}
	}
}

// Hash combines the tiles on the table, the tiles of the current action and
// every counter of the turn.
func (s *State) Hash() uint64 {
	h := s.tiles
	n := s.board.Len()
	for i := n - int(s.placed); i < n; i++ {
		h ^= palago.Mix64(palago.TileHash(s.board.Tile(i)))
	}
	meta := uint64(s.phase) | uint64(uint8(s.turn))<<4 | uint64(s.dice[0])<<8 | uint64(s.dice[1])<<12 |
		uint64(s.left)<<16 | uint64(s.placed)<<20 | uint64(s.contend)<<24
	if s.extra {
		meta |= 1 << 32
	}
	h ^= palago.Mix64(meta)
	for p := range s.set.players {
		h ^= palago.Mix64(uint64(p+1)<<56 | uint64(s.rolls[p])<<40 | uint64(uint32(s.scores[p])))
	}
	return h
}
