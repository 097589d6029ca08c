package palaboratory

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// Variants.
const (
	Red   = "red"   // build a card's creature from tiles
	Green = "green" // transform one card's layout into another's
	Free  = "free"  // sculpt any creatures, no target
)

// Option names.
const (
	OptCard = "card" // the target card, 1..12
	OptFrom = "from" // green: the start card; 0 means card−1
)

// Outcome reasons.
const (
	ReasonSolved    = "solved"     // the task is done
	ReasonMoveLimit = "move-limit" // MoveLimit moves used without solving
	ReasonDone      = "done"       // a free build ended by the player's "done"
)

// FreeTiles is the supply of a free build: the box's one set of 48 tiles.
const FreeTiles = 48

// MoveLimit caps the moves (rotations and relocations) of one task so that
// random playouts end: any task is solved in at most 14 moves (relocate
// every tile), so three times that leaves room for every sensible detour.
const MoveLimit = 42

// Info describes Palaboratory for the registry.
var Info = newInfo()

func newInfo() *game.Info {
	cat := newCatalogue()
	info := &game.Info{
		ID:             "palaboratory",
		Title:          "Palaboratory",
		MinPlayers:     1,
		MaxPlayers:     1,
		DefaultPlayers: 1,
		PlayerNames:    []string{"player"},
		Variants:       []string{Red, Green, Free},
		Options: []game.OptionSpec{
			{Name: OptCard, Kind: game.Int, Default: "0", Min: 0, Max: NumCards,
				Doc: "the target card 1..12; 0 means card 1 (red) or card 2 (green); free builds have none"},
			{Name: OptFrom, Kind: game.Int, Default: "0", Min: 0, Max: NumCards,
				Doc: "green only: the start card, 0 for the previous card; its tile count may not exceed the target's"},
		},
	}
	info.New = func(o game.Options) (game.State, error) {
		tk, err := taskOf(info, cat, o)
		if err != nil {
			return nil, err
		}
		var tiles []palago.Tile
		if tk.green {
			tiles = sortTiles(tk.start)
		}
		return newState(info, tk, tiles, 0), nil
	}
	info.ParsePosition = func(text string, o game.Options) (game.State, error) {
		if _, err := info.Check(o); err != nil {
			return nil, err
		}
		return parsePosition(info, cat, text)
	}
	return info
}

// task is what a game is about: its variant, cards and target, shared
// read-only by every state of the game.
type task struct {
	green    bool
	free     bool          // a free build: no cards, no target
	from, to int           // card numbers; from = 0 in a red task
	start    []palago.Tile // card from's layout (green)
	target   []palago.Tile // card to's layout
	canon    []palago.Tile // target's canonical form under all 12 symmetries
	pieces   []palago.Piece
	maxTiles int
}

// String returns the task as the position text starts: "red:N" or
// "green:F-T".
func (tk *task) String() string {
	switch {
	case tk.free:
		return Free
	case tk.green:
		return fmt.Sprintf("green:%d-%d", tk.from, tk.to)
	}
	return "red:" + strconv.Itoa(tk.to)
}

func taskOf(info *game.Info, cat *catalogue, o game.Options) (*task, error) {
	o, err := info.Check(o)
	if err != nil {
		return nil, err
	}
	to, from := info.IntOption(o, OptCard), info.IntOption(o, OptFrom)
	if o.Variant == Free {
		if to != 0 || from != 0 {
			return nil, fmt.Errorf("palaboratory: a free build has no cards (options card and from): %w", game.ErrBadOption)
		}
		return &task{free: true, maxTiles: FreeTiles}, nil
	}
	green := o.Variant == Green
	switch {
	case green && to == 0:
		to = 2
	case !green && to == 0:
		to = 1
	}
	if green && from == 0 {
		from = to - 1
	}
	return newTask(cat, green, from, to)
}

// catalogue is the cards with their canonical forms, computed once per
// Info and read-only after.
type catalogue struct {
	cards  []Card
	canon  [][]palago.Tile
	pieces [][]palago.Piece
}

func newCatalogue() *catalogue {
	c := &catalogue{cards: Cards()}
	for _, card := range c.cards {
		c.canon = append(c.canon, palago.Canonical(card.Tiles, palago.AllSymmetries()))
		c.pieces = append(c.pieces, canonicalPieces(creatureOf(card.Tiles).Pieces))
	}
	return c
}

func newTask(cat *catalogue, green bool, from, to int) (*task, error) {
	switch {
	case to < 1 || to > NumCards:
		return nil, fmt.Errorf("palaboratory: card %d, want 1..%d: %w", to, NumCards, game.ErrBadOption)
	case !green && from != 0:
		return nil, fmt.Errorf("palaboratory: option from is for green tasks only: %w", game.ErrBadOption)
	case green && (from < 1 || from > NumCards || from == to):
		return nil, fmt.Errorf("palaboratory: green task %d→%d needs two different cards 1..%d: %w", from, to, NumCards, game.ErrBadOption)
	case green && Size(from) > Size(to):
		return nil, fmt.Errorf("palaboratory: green task %d→%d would shrink %d tiles to %d: %w", from, to, Size(from), Size(to), game.ErrBadOption)
	}
	tk := &task{green: green, from: from, to: to, target: cat.cards[to-1].Tiles, maxTiles: Size(to),
		canon: cat.canon[to-1], pieces: cat.pieces[to-1]}
	if green {
		tk.start = cat.cards[from-1].Tiles
	}
	return tk, nil
}

// State is a Palaboratory position: the task, the tiles on the table and
// the moves used so far. It implements game.State, game.Mutabler and
// game.Evaluator.
type State struct {
	info   *game.Info
	tk     *task
	tiles  []palago.Tile // sorted by cell
	moves  int
	solved bool
	done   bool // a free build ended by Done
	hash   uint64
	hist   []undoRecord // Mutable copies only
}

var _ game.State = (*State)(nil)

func newState(info *game.Info, tk *task, tiles []palago.Tile, moves int) *State {
	s := &State{info: info, tk: tk, tiles: tiles, moves: moves}
	s.solved = tk.solvedBy(tiles)
	s.hash = palago.Mix64(uint64(moves)<<8 ^ uint64(tk.from)<<4 ^ uint64(tk.to))
	if tk.green {
		s.hash ^= 0x9e3779b97f4a7c15
	}
	if tk.free {
		s.hash ^= 0x3c6ef372fe94f82b
	}
	for _, t := range tiles {
		s.hash ^= palago.TileHash(t)
	}
	return s
}

// solvedBy reports whether a layout completes the task: for green, the
// whole layout is congruent to the target; for red, it has exactly
// the card's tile count and a creature congruent to the card's (docs/rules/palaboratory.md#solving-a-red-task),
// in either colour.
func (tk *task) solvedBy(tiles []palago.Tile) bool {
	if tk.free || len(tiles) != tk.maxTiles {
		return false
	}
	if tk.green {
		return slices.Equal(palago.Canonical(tiles, palago.AllSymmetries()), tk.canon)
	}
	var b palago.Board
	for _, t := range tiles {
		if b.Place(t) != nil {
			return false
		}
	}
	for _, g := range b.Creatures() {
		if len(g.Pieces) == len(tk.pieces) && slices.Equal(canonicalPieces(g.Pieces), tk.pieces) {
			return true
		}
	}
	return false
}

// creatureOf returns the creature of a card layout (CheckCard has checked
// there is exactly one).
func creatureOf(tiles []palago.Tile) palago.Group {
	var b palago.Board
	for _, t := range tiles {
		_ = b.Place(t)
	}
	cs := b.Creatures()
	if len(cs) == 0 {
		return palago.Group{}
	}
	return cs[0]
}

// canonicalPieces returns the canonical form of a piece set under the 12
// symmetries and translation: a colour-swapping symmetry swaps the
// pieces' colours.
func canonicalPieces(ps []palago.Piece) []palago.Piece {
	var best []palago.Piece
	img := make([]palago.Piece, len(ps))
	for _, g := range palago.AllSymmetries() {
		for i, p := range ps {
			q := palago.Piece{Cell: palago.MapCell(g, p.Cell), Colour: p.Colour, Kind: p.Kind}
			if !palago.PreservesColour(g) {
				q.Colour = q.Colour.Other()
			}
			img[i] = q
		}
		n := normalizePieces(img)
		if best == nil || slices.CompareFunc(n, best, comparePieces) < 0 {
			best = n
		}
	}
	return best
}

func normalizePieces(ps []palago.Piece) []palago.Piece {
	out := slices.Clone(ps)
	slices.SortFunc(out, comparePieces)
	if len(out) == 0 {
		return out
	}
	d := out[0].Cell
	for i := range out {
		out[i].Cell = palago.Cell{Q: out[i].Cell.Q - d.Q, R: out[i].Cell.R - d.R}
	}
	return out
}

func comparePieces(a, b palago.Piece) int {
	if c := a.Cell.Compare(b.Cell); c != 0 {
		return c
	}
	switch {
	case a.Colour != b.Colour:
		return int(a.Colour) - int(b.Colour)
	}
	return int(a.Kind) - int(b.Kind)
}

// Info returns the game's description.
func (s *State) Info() *game.Info { return s.info }

// NumPlayers is 1.
func (s *State) NumPlayers() int { return 1 }

// Tiles returns the tiles on the table, sorted by cell.
func (s *State) Tiles() []palago.Tile { return slices.Clone(s.tiles) }

// Moves returns the moves (rotations and relocations) used so far.
func (s *State) Moves() int { return s.moves }

// Target returns the target card's layout as the catalogue draws it.
func (s *State) Target() []palago.Tile { return slices.Clone(s.tk.target) }

// Par returns the fewest moves that solve the task from the start: the
// green number for a green task (minMoves), 0 for a red one.
func (s *State) Par() int {
	if !s.tk.green {
		return 0
	}
	n, _ := MinMoves(s.tk.start, s.tk.target)
	return n
}

// over reports whether the game has ended.
func (s *State) over() bool { return s.solved || s.done || s.moves >= MoveLimit }

// Creature is a creature on the table with its Palagonia value:
// what a free build shows for each creature.
type Creature struct {
	Group palago.Group
	Value palago.CreatureValue
}

// Creatures returns every creature on the table with its value, in the
// order of palago.Board.Creatures.
func (s *State) Creatures() []Creature {
	var b palago.Board
	for _, t := range s.tiles {
		_ = b.Place(t)
	}
	var out []Creature
	for _, g := range b.Creatures() {
		out = append(out, Creature{Group: g, Value: b.Value(&g)})
	}
	return out
}

// Points returns the sum of the values of the creatures on the table, a
// free build's score.
func (s *State) Points() int {
	n := 0
	for _, c := range s.Creatures() {
		n += c.Value.Points()
	}
	return n
}

// ToMove is seat 0 until the task is solved, a free build is done, or the
// move limit is reached.
func (s *State) ToMove() game.Player {
	if s.over() {
		return game.NoPlayer
	}
	return 0
}

// ChanceOutcomes is nil: there is no chance in Palaboratory.
func (s *State) ChanceOutcomes() []game.ChanceOutcome { return nil }

// Outcome reports the result once the task is solved (seat 0 wins,
// reason "solved") or the move limit is reached (no winner, reason
// "move-limit"); Scores holds the moves used. A free build, which cannot
// be lost, ends with seat 0 the winner when the player says "done"
// (reason "done") or at the move limit (reason "move-limit"); its Scores
// holds the sum of its creatures' values (Points).
func (s *State) Outcome() (game.Outcome, bool) {
	if s.tk.free {
		switch {
		case s.done:
			return game.Outcome{Winners: []game.Player{0}, Scores: []int{s.Points()}, Reason: ReasonDone}, true
		case s.moves >= MoveLimit:
			return game.Outcome{Winners: []game.Player{0}, Scores: []int{s.Points()}, Reason: ReasonMoveLimit}, true
		}
		return game.Outcome{}, false
	}
	switch {
	case s.solved:
		return game.Outcome{Winners: []game.Player{0}, Scores: []int{s.moves}, Reason: ReasonSolved}, true
	case s.moves >= MoveLimit:
		return game.Outcome{Scores: []int{s.moves}, Reason: ReasonMoveLimit}, true
	}
	return game.Outcome{}, false
}

// Hash is a Zobrist-style hash of the task, the moves used and the tiles.
func (s *State) Hash() uint64 { return s.hash }

// at returns the index of the tile on c, or -1.
func (s *State) at(c palago.Cell) int {
	for i, t := range s.tiles {
		if t.Cell == c {
			return i
		}
	}
	return -1
}

// touches reports whether c has a neighbouring tile other than the one on
// skip (pass a cell with no tile to count every tile).
func (s *State) touches(c, skip palago.Cell) bool {
	for k := range 6 {
		if n := c.Neighbour(k); n != skip && s.at(n) >= 0 {
			return true
		}
	}
	return false
}

// inRange reports whether c is within palago.MaxCoord.
func inRange(c palago.Cell) bool {
	return c.Q >= -palago.MaxCoord && c.Q <= palago.MaxCoord && c.R >= -palago.MaxCoord && c.R <= palago.MaxCoord
}

// frontier returns the candidate cells, sorted: the empty cells next to a
// tile, or (0,0) on an empty table.
func (s *State) frontier() []palago.Cell {
	if len(s.tiles) == 0 {
		return []palago.Cell{{}}
	}
	var out []palago.Cell
	for _, t := range s.tiles {
		for k := range 6 {
			c := t.Cell.Neighbour(k)
			if inRange(c) && s.at(c) < 0 && !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
	}
	slices.SortFunc(out, func(a, b palago.Cell) int {
		return a.Compare(b)
	})
	return out
}

// LegalMoves lists the operations from the documented candidate set:
// placements on the frontier while the table has fewer tiles than the
// target (FreeTiles in a free build), then rotations of each tile to its
// other two orientations, then relocations of each tile to a frontier cell
// that touches another tile, and last, in a free build, Done.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	if s.over() {
		return dst
	}
	front := s.frontier()
	if len(s.tiles) < s.tk.maxTiles {
		for _, c := range front {
			for o := range palago.Orientation(palago.NumOrientations) {
				dst = append(dst, Op{Kind: Place, To: c, O: o}.encode())
			}
		}
	}
	for _, t := range s.tiles {
		for o := range palago.Orientation(palago.NumOrientations) {
			if o != t.O {
				dst = append(dst, Op{Kind: Rotate, From: t.Cell, To: t.Cell, O: o}.encode())
			}
		}
	}
	for _, t := range s.tiles {
		for _, c := range front {
			if !s.touches(c, t.Cell) {
				continue
			}
			for o := range palago.Orientation(palago.NumOrientations) {
				dst = append(dst, Op{Kind: Relocate, From: t.Cell, To: c, O: o}.encode())
			}
		}
	}
	if s.tk.free {
		dst = append(dst, doneMove)
	}
	return dst
}

// check returns nil if op is legal here (it is then in LegalMoves).
func (s *State) check(op Op) error {
	if s.over() {
		return fmt.Errorf("palaboratory: %w", game.ErrGameOver)
	}
	switch op.Kind {
	case Place:
		switch {
		case len(s.tiles) >= s.tk.maxTiles:
			return illegal("%v: the table already has %d tiles, the most for this task", op, s.tk.maxTiles)
		case s.at(op.To) >= 0:
			return illegal("%v: cell is occupied", op)
		case !inRange(op.To):
			return illegal("%v: cell out of range", op)
		case len(s.tiles) == 0 && op.To != palago.Cell{}:
			return illegal("%v: the first tile goes on (0,0)", op)
		case len(s.tiles) > 0 && !s.touches(op.To, op.To):
			return illegal("%v: a new tile goes next to the layout", op)
		}
	case Rotate:
		i := s.at(op.To)
		switch {
		case i < 0:
			return illegal("%v: no tile to rotate", op)
		case s.tiles[i].O == op.O:
			return illegal("%v: the tile already has orientation %v", op, op.O)
		}
	case Relocate:
		switch {
		case s.at(op.From) < 0:
			return illegal("%v: no tile on %v", op, op.From)
		case s.at(op.To) >= 0:
			return illegal("%v: cell %v is occupied", op, op.To)
		case !inRange(op.To):
			return illegal("%v: cell out of range", op)
		case !s.touches(op.To, op.From):
			return illegal("%v: a relocated tile goes next to another tile", op)
		}
	case Done:
		if !s.tk.free {
			return illegal("done: only a free build ends at will")
		}
	default:
		return illegal("unknown operation")
	}
	return nil
}

func illegal(format string, args ...any) error {
	return fmt.Errorf("palaboratory: "+format+": %w", append(args, game.ErrIllegalMove)...)
}

// Play returns the state after the operation m. It never mutates s.
func (s *State) Play(m game.Move) (game.State, error) {
	op, ok := decodeOp(m)
	if !ok {
		if s.over() {
			return nil, fmt.Errorf("palaboratory: %w", game.ErrGameOver)
		}
		return nil, fmt.Errorf("palaboratory: move %#x: %w", uint64(m), game.ErrIllegalMove)
	}
	if err := s.check(op); err != nil {
		return nil, err
	}
	return s.apply(op), nil
}

// apply returns the state after a legal operation.
func (s *State) apply(op Op) *State {
	if op.Kind == Done {
		next := *s
		next.hist = nil
		next.done = true
		next.hash ^= doneHash
		return &next
	}
	tiles := slices.Clone(s.tiles)
	moves := s.moves
	switch op.Kind {
	case Place:
		tiles = append(tiles, palago.Tile{Cell: op.To, O: op.O})
	case Rotate:
		tiles[s.at(op.To)].O = op.O
		moves++
	case Relocate:
		tiles[s.at(op.From)] = palago.Tile{Cell: op.To, O: op.O}
		moves++
	}
	return newState(s.info, s.tk, sortTiles(tiles), moves)
}

// doneHash marks a finished free build in the hash.
const doneHash = 0x243f6a8885a308d3

func sortTiles(tiles []palago.Tile) []palago.Tile {
	out := slices.Clone(tiles)
	slices.SortFunc(out, func(a, b palago.Tile) int {
		return a.Cell.Compare(b.Cell)
	})
	return out
}

// MoveString returns the operation's notation (see Op.String).
func (s *State) MoveString(m game.Move) string {
	op, ok := decodeOp(m)
	if !ok {
		return fmt.Sprintf("?%#x", uint64(m))
	}
	return op.String()
}

// ParseMove reads "(q,r):o" (a placement on an empty cell, a rotation on
// an occupied one) or "(q,r)>(q2,r2):o" (a relocation; "->" works too).
func (s *State) ParseMove(text string) (game.Move, error) {
	op, msg := parseOp(text)
	if msg != "" {
		return 0, &game.ParseError{Game: "palaboratory", What: "move", Input: text, Offset: -1, Msg: msg}
	}
	if op.Kind == Place && s.at(op.To) >= 0 {
		op.Kind, op.From = Rotate, op.To
	}
	if err := s.check(op); err != nil {
		return 0, err
	}
	return op.encode(), nil
}

// String returns the position text: the task ("red:N", "green:F-T" or
// "free"), the moves used, "done" once a free build is done, then the
// tiles sorted by cell.
func (s *State) String() string {
	var b strings.Builder
	b.WriteString(s.tk.String())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(s.moves))
	if s.done {
		b.WriteString(" done")
	}
	for _, t := range s.tiles {
		b.WriteByte(' ')
		b.WriteString(t.String())
	}
	return b.String()
}

func parseError(text, msg string) error {
	return &game.ParseError{Game: "palaboratory", What: "position", Input: text, Offset: -1, Msg: msg}
}

// parsePosition reads the text String writes; tiles may come in any order.
func parsePosition(info *game.Info, cat *catalogue, text string) (*State, error) {
	f := strings.Fields(text)
	if len(f) < 2 {
		return nil, parseError(text, "want TASK MOVES TILES...")
	}
	var tk *task
	var err error
	switch kind, arg, _ := strings.Cut(f[0], ":"); kind {
	case Red:
		n, e := strconv.Atoi(arg)
		if e != nil || len(arg) > 2 {
			return nil, parseError(text, "want red:N")
		}
		tk, err = newTask(cat, false, 0, n)
	case Free:
		if f[0] != Free {
			return nil, parseError(text, "want free")
		}
		tk = &task{free: true, maxTiles: FreeTiles}
	case Green:
		a, b, ok := strings.Cut(arg, "-")
		x, e1 := strconv.Atoi(a)
		y, e2 := strconv.Atoi(b)
		if !ok || e1 != nil || e2 != nil || len(a) > 2 || len(b) > 2 {
			return nil, parseError(text, "want green:F-T")
		}
		tk, err = newTask(cat, true, x, y)
	default:
		return nil, parseError(text, "the task is red:N, green:F-T or free")
	}
	if err != nil {
		return nil, parseError(text, err.Error())
	}
	moves, err := strconv.Atoi(f[1])
	if err != nil || moves < 0 || moves > MoveLimit || len(f[1]) > 3 {
		return nil, parseError(text, fmt.Sprintf("moves used must be 0..%d", MoveLimit))
	}
	rest, done := f[2:], false
	if tk.free && len(rest) > 0 && rest[0] == "done" {
		rest, done = rest[1:], true
	}
	tiles, err := palago.ParseTiles(strings.Join(rest, " "))
	if err != nil {
		return nil, parseError(text, "bad tile list")
	}
	min := 0
	if tk.green {
		min = len(tk.start)
	}
	if len(tiles) < min || len(tiles) > tk.maxTiles {
		return nil, parseError(text, fmt.Sprintf("the table holds %d tiles, want %d..%d", len(tiles), min, tk.maxTiles))
	}
	tiles = sortTiles(tiles)
	for i := 1; i < len(tiles); i++ {
		if tiles[i].Cell == tiles[i-1].Cell {
			return nil, parseError(text, "two tiles on "+tiles[i].Cell.String())
		}
	}
	s := newState(info, tk, tiles, moves)
	if done {
		s.done = true
		s.hash ^= doneHash
	}
	return s, nil
}
