// Package ui is an optional part of the game contract for boards: a game
// whose states implement Describer gives the drawing form of its position
// and of each legal move, so that a client draws the board and matches
// clicks against data the rules computed, without reading notation or
// position text and without a second copy of the rules.
//
// The forms are plain data with JSON tags; the server sends them with the
// match state (the position, the legal moves in the order of LegalMoves,
// and the last move). Cells are named as the game's notation names them
// ("e5", "B01:c3"); seats are numbers as in game.Player.
package ui

import (
	"encoding/json"
	"slices"

	"github.com/tabula-games/tabula/game"
)

// Describer is implemented by the states of a game that describes itself
// to boards. Both methods only read the state.
type Describer interface {
	// UIPosition is the position as a board draws it.
	UIPosition() Position
	// UIMove is the form of m, a move legal in this state. Two legal moves
	// of one state have different forms.
	UIMove(m game.Move) Move
}

// Move is the form of one move: what a player touches to make it and what
// it does. Each game fills in the fields that mean something for it and
// documents them on its UIMove.
type Move struct {
	// Kind tells apart the kinds of move of a game with several ("inline",
	// "broadside"; "place", "step").
	Kind string `json:"kind,omitempty"`
	// Pieces are the cells of the pieces the player selects to make the
	// move, in the order the game documents.
	Pieces []string `json:"pieces,omitempty"`
	// From and To are the cell a piece leaves and the cell it enters, for a
	// move of one piece (To alone for a placement).
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// Dir is the direction of a move along a grid ("E", "NE", ...).
	Dir string `json:"dir,omitempty"`
	// Targets are the cells a click may name to choose this move once its
	// Pieces are selected (a cell two such moves share names neither).
	Targets []string `json:"targets,omitempty"`
	// Piece is the kind of piece placed or moved, when the game has kinds.
	Piece string `json:"piece,omitempty"`
	// Captures are the cells whose pieces the move captures.
	Captures []string `json:"captures,omitempty"`
	// Off are the cells whose pieces the move pushes off the board.
	Off []string `json:"off,omitempty"`
	// Slides are every piece the move moves, for animation: applied to
	// the position before the move they give the pieces after it.
	Slides []Slide `json:"slides,omitempty"`

	// The Palago family's fields (games/palago, palagonia, palaboratory).

	// Tiles are the tiles the move lays or turns, with the orientation
	// each ends in, in the order the game documents.
	Tiles []Tile `json:"tiles,omitempty"`
	// Dice are the faces of a roll, or the one face a player chooses to use
	// (Palagonia: "2".."5", "X" remove, "R" rotate).
	Dice []string `json:"dice,omitempty"`
	// TileRefs stand for Tiles in a Board's Moves: indices into
	// Board.Tiles. Of sets them (a game's UIMove fills Tiles).
	TileRefs []int `json:"tileRefs,omitempty"`
	// Continuous boards (Villa Paletti, webvilla, issue 24): moves that put
	// a piece at a point rather than on a cell, and the grouped forms that
	// keep a state with thousands of such moves small on the wire.

	// At is where the move puts its piece on a continuous board: [x, y] in
	// millimetres for a piece, [x, y, angle in degrees] for a flat piece
	// laid at a pose.
	At []float64 `json:"at,omitempty"`
	// Each is set only on a form of Board.Groups: the At of each of the
	// consecutive legal moves the group stands for.
	Each [][]float64 `json:"each,omitempty"`

	// Owner is whose piece a placement puts down, as the game's
	// Piece.Owner names it, for a game where a seat may place another
	// owner's pieces (Talat: the tower's colour, 2 the spirit in Palat);
	// absent means 0.
	Owner int `json:"owner,omitempty"`
}

// Slide is one piece moving from a cell to another, or off the board (To
// empty).
type Slide struct {
	From  string `json:"from"`
	To    string `json:"to,omitempty"`
	Owner int    `json:"owner"`
}

// Piece is a piece on a cell.
type Piece struct {
	Cell string `json:"cell"`
	// Owner is the seat the piece belongs to, -1 for a neutral piece.
	Owner int `json:"owner"`
	// Kind is the piece's kind, when the game has kinds.
	Kind string `json:"kind,omitempty"`

	// Continuous and stacked boards (Villa Paletti, webvilla, issue 24):
	// Cell is then the piece's own name ("blue-thin-1").

	// Colour is the piece's colour when the owner does not tell it (a seat
	// may play two colours; a neutral piece has one).
	Colour string `json:"colour,omitempty"`
	// X and Y are the piece's centre in millimetres on a continuous board
	// (absent: 0). Numbers, not a slice, so that a Piece stays comparable.
	X float64 `json:"x,omitempty"`
	Y float64 `json:"y,omitempty"`
	// Level is the surface the piece stands on (0 the ground, k the top of
	// the k-th floor); On is the piece it is stacked on, if any.
	Level int    `json:"level,omitempty"`
	On    string `json:"on,omitempty"`
	// Frozen marks a piece that may not move again.
	Frozen bool `json:"frozen,omitempty"`
}

// Floor is a flat piece laid at a pose on a continuous board (a floor of
// Villa Paletti's villa).
type Floor struct {
	// Name is the floor's name in the notation ("blue").
	Name string `json:"name"`
	// At is the pose: [x, y] of its reference point in millimetres and its
	// angle in degrees, counter-clockwise.
	At []float64 `json:"at"`
}

// Position is a position as a board draws it.
type Position struct {
	// Pieces are the pieces on the board, in the game's cell order.
	Pieces []Piece `json:"pieces"`
	// Off is, per seat, how many of its pieces have left the board
	// (Abalone's pushed-off marbles), when the game counts them.
	Off []int `json:"off,omitempty"`
	// Scores are the seats' scores now, when the game keeps a score.
	Scores []int `json:"scores,omitempty"`
	// Reserve is, per seat or colour as the game documents, the kinds of
	// the pieces still in hand, in the game's order.
	Reserve [][]string `json:"reserve,omitempty"`
	// Captured is, per seat, the pieces it has captured (Cell empty).
	Captured [][]Piece `json:"captured,omitempty"`
	// Closed names the parts of the board where play has ended (Talat's
	// closed boards).
	Closed []string `json:"closed,omitempty"`

	// Stacking games (Villa Paletti, webvilla, issue 24).

	// Floors are the floors laid, bottom up: floor i carries level i+1.
	Floors []Floor `json:"floors,omitempty"`
	// Proposed is a floor proposed and waiting for objections, not yet
	// laid.
	Proposed *Floor `json:"proposed,omitempty"`
	// Seal is the holder of the game's title piece and the previous holder
	// (Villa Paletti's Master Builder seal), -1 for none.
	Seal []int `json:"seal,omitempty"`
	// Phase names the step of a turn, for a game whose turn has several
	// (the game documents its names); Turn is the seat whose turn it is
	// when another seat acts in it (an objection), or the seat the phase
	// names once the game is over; absent means seat 0.
	Phase string `json:"phase,omitempty"`
	Turn  int    `json:"turn,omitempty"`
	// The Palago family's fields (games/palago, palagonia, palaboratory).

	// Tiles are the tiles on the table, in the order the game documents.
	Tiles []Tile `json:"tiles,omitempty"`
	// Colours are, per seat, the colour of the tiles it plays ("A" or
	// "B" in Palago).
	Colours []string `json:"colours,omitempty"`
	// Creatures are the creatures on the table: closed groups of one
	// colour holding an arch.
	Creatures []Creature `json:"creatures,omitempty"`
	// Sheet is, per seat, the creatures it scored, in the order scored
	// (Palagonia's score sheet).
	Sheet [][]Scored `json:"sheet,omitempty"`
	// Step is where a turn played in steps with dice stands (Palagonia).
	Step *Step `json:"step,omitempty"`
	// Task is a puzzle's task and progress (Palaboratory).
	Task *Task `json:"task,omitempty"`
}

// Tile is a hexagonal tile of the Palago family: its cell and one of its
// three orientations (0..2).
type Tile struct {
	Cell string `json:"cell"`
	O    int    `json:"o"`
}

// Creature is a closed group of one colour with an arch: the cells whose
// tip and whose arch of that colour it holds (a piece is one coloured
// region of a tile) and, when the game values it, its shells (loops),
// external limbs and points.
type Creature struct {
	// Colour is "A" or "B".
	Colour string   `json:"colour"`
	Tips   []string `json:"tips,omitempty"`
	Arches []string `json:"arches,omitempty"`
	Shells int      `json:"shells,omitempty"`
	Limbs  int      `json:"limbs,omitempty"`
	Points int      `json:"points,omitempty"`
}

// Scored is a creature on a seat's score sheet.
type Scored struct {
	Creature Creature `json:"creature"`
	// Ply is the number of the move (from 1) that gave the creature birth,
	// counted from the state the game started in or was read from.
	Ply int `json:"ply"`
	// Shared: the seat scored it as the seat before the one who acted.
	Shared bool `json:"shared,omitempty"`
}

// Step is where a turn played in steps with dice stands.
type Step struct {
	// Name is the step as the game names it ("roll", "place").
	Name string `json:"name"`
	// Seat is the seat on turn, -1 when none is.
	Seat int `json:"seat"`
	// Dice are the faces rolled this turn.
	Dice []string `json:"dice,omitempty"`
	// Rolls are, per seat, its die in a roll-off: a face, "?" still to
	// roll, "-" out of it.
	Rolls []string `json:"rolls,omitempty"`
	// Left is how many tiles the action still lays; Placed how many it
	// has laid (the last Placed of Position.Tiles).
	Left   int `json:"left,omitempty"`
	Placed int `json:"placed,omitempty"`
	// Extra marks an extra turn.
	Extra bool `json:"extra,omitempty"`
	// Bag is the number of tiles left to draw.
	Bag int `json:"bag"`
}

// Task is a puzzle's task and the player's progress.
type Task struct {
	// Kind is the variant ("red", "green", "free").
	Kind string `json:"kind"`
	// Card is the card to build and From the card to start from (0: none).
	Card int `json:"card,omitempty"`
	From int `json:"from,omitempty"`
	// Target is the layout to build, as its card draws it.
	Target []Tile `json:"target,omitempty"`
	// Moves is the moves used so far; Par the fewest that solve the task
	// from its start (0 when the task has none).
	Moves int `json:"moves"`
	Par   int `json:"par,omitempty"`
	// Done: the player has ended the task (a free build).
	Done bool `json:"done,omitempty"`
	// Points is the value of the creatures on the table (a free build).
	Points int `json:"points,omitempty"`
}

// Board is what a server sends a board with a match state: the position's
// form, the form of each legal move (in the order of the state's legal
// moves) and, when known, the form of the move that led to the position.
type Board struct {
	Position Position `json:"position"`
	Moves    []Move   `json:"moves"`
	Last     *Move    `json:"last,omitempty"`

	// Tiles are the tiles the forms of Moves lay or turn, each once: a
	// move's form names them by TileRefs instead of repeating them (a
	// Palago position has a thousand two-tile moves over a hundred tiles).
	Tiles []Tile `json:"tiles,omitempty"`
	// Groups (webvilla, issue 24), when set, stand for Moves, which is then
	// null: the same forms in less room. A group is the form of one legal
	// move, or, with Each, of len(Each) consecutive legal moves whose forms
	// are the group's with At set to each entry of Each in turn and Each
	// cleared. Of groups moves only when that saves forms.
	Groups []Move `json:"groups,omitempty"`
}

// Of describes st with its legal moves legal (as st.LegalMoves lists them)
// and the move last that led to it from before (nil when not known). It
// returns nil when the game does not implement Describer.
func Of(st game.State, legal []game.Move, before game.State, last game.Move) *Board {
	d, ok := st.(Describer)
	if !ok {
		return nil
	}
	b := &Board{Position: d.UIPosition(), Moves: make([]Move, len(legal))}
	for i, m := range legal {
		b.Moves[i] = d.UIMove(m)
	}
	b.shareTiles()
	if g := Group(b.Moves); len(g) < len(b.Moves) {
		b.Moves, b.Groups = nil, g
	}
	if bd, ok := before.(Describer); ok {
		lm := bd.UIMove(last)
		b.Last = &lm
	}
	return b
}

// shareTiles moves the tiles of the moves' forms into b.Tiles, each tile
// once in the order first met, and names them in each form by TileRefs.
func (b *Board) shareTiles() {
	at := map[Tile]int{}
	for i := range b.Moves {
		f := &b.Moves[i]
		if len(f.Tiles) == 0 {
			continue
		}
		f.TileRefs = make([]int, len(f.Tiles))
		for j, t := range f.Tiles {
			k, ok := at[t]
			if !ok {
				k = len(b.Tiles)
				at[t] = k
				b.Tiles = append(b.Tiles, t)
			}
			f.TileRefs[j] = k
		}
		f.Tiles = nil
	}
}

// MoveTiles are the tiles of f, a form of b.Moves: its Tiles, or the tiles
// its TileRefs name.
func (b *Board) MoveTiles(f Move) []Tile {
	if len(f.TileRefs) == 0 {
		return f.Tiles
	}
	out := make([]Tile, len(f.TileRefs))
	for i, k := range f.TileRefs {
		out[i] = b.Tiles[k]
	}
	return out
}

// Group joins the runs of consecutive forms that differ only in At (and
// have one) into groups with Each, as Board.Groups holds them; Expand
// undoes it.
func Group(forms []Move) []Move {
	var out []Move
	lastKey := ""
	for _, f := range forms {
		if f.At == nil || f.Each != nil {
			out, lastKey = append(out, f), ""
			continue
		}
		at := f.At
		f.At = nil
		k := key(f)
		if lastKey == k {
			g := &out[len(out)-1]
			g.Each = append(g.Each, at)
			continue
		}
		f.Each = [][]float64{at}
		out, lastKey = append(out, f), k
	}
	// A group of one is sent as the plain form.
	for i := range out {
		if len(out[i].Each) == 1 {
			out[i].At, out[i].Each = out[i].Each[0], nil
		}
	}
	return out
}

// Expand returns the form of each legal move as the game's UIMove gives
// it: b's Moves or its Groups expanded, with the tiles TileRefs name put
// back (what Of did to save room, undone).
func (b *Board) Expand() []Move {
	var out []Move
	if b.Groups == nil {
		out = slices.Clone(b.Moves)
	}
	for _, g := range b.Groups {
		if g.Each == nil {
			out = append(out, g)
			continue
		}
		each := g.Each
		g.Each = nil
		for _, at := range each {
			f := g
			f.At = at
			out = append(out, f)
		}
	}
	for i := range out {
		if out[i].TileRefs != nil {
			out[i].Tiles, out[i].TileRefs = b.MoveTiles(out[i]), nil
		}
	}
	return out
}

// Find returns the legal move of st whose form is f, and false when there
// is none (or the game does not implement Describer).
func Find(st game.State, f Move) (game.Move, bool) {
	d, ok := st.(Describer)
	if !ok {
		return 0, false
	}
	want := key(f)
	for _, m := range st.LegalMoves(nil) {
		if key(d.UIMove(m)) == want {
			return m, true
		}
	}
	return 0, false
}

// Key is a form's identity: two forms are the same move when their keys
// are equal.
func Key(f Move) string { return key(f) }

func key(f Move) string {
	b, err := json.Marshal(f)
	if err != nil {
		// A Move holds only strings and ints: it always marshals.
		panic(err)
	}
	return string(b)
}

// Apply moves the pieces of p as slides say: the position a board shows
// after a move, without the rules (a piece sliding off the board is gone).
// Captures and kinds are not changed: it is for checking a game's Slides.
func Apply(p []Piece, slides []Slide) []Piece {
	moved := map[string]Slide{}
	for _, s := range slides {
		moved[s.From] = s
	}
	out := make([]Piece, 0, len(p))
	for _, pc := range p {
		if s, ok := moved[pc.Cell]; ok {
			if s.To == "" {
				continue
			}
			pc.Cell = s.To
		}
		out = append(out, pc)
	}
	slices.SortFunc(out, func(a, b Piece) int { return cmpStr(a.Cell, b.Cell) })
	return out
}

func cmpStr(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
