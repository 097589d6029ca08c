package palago

import (
	"errors"
	"fmt"
)

// MaxTiles bounds the tiles on a Board: the largest supply of the three
// games (Palago's tiles option and Palagonia's double set are at most 96).
const MaxTiles = 96

// tableSize is the cell index's slot count: a power of two over twice
// MaxTiles keeps linear probing short.
const tableSize = 256

// Errors returned by the Board's mutators. They are plain sentinels; the
// games wrap them in game.ErrIllegalMove where a player caused them.
var (
	ErrOccupied   = errors.New("palago: cell is occupied")
	ErrEmpty      = errors.New("palago: cell is empty")
	ErrFull       = errors.New("palago: board is full")
	ErrOutOfRange = errors.New("palago: cell is out of range")
	ErrBadOrient  = errors.New("palago: orientation must be 0, 1 or 2")
	ErrNotRotated = errors.New("palago: rotation must change the orientation")
)

// node is a union–find node for one corner of one placed tile; the node of
// corner k of the i-th tile is 6·i+k. Nodes of the same vertex are merged
// (aliases), and each tile's two arches merge their end corners. A root
// carries, for its whole group, missing = Σ over distinct vertices of
// (3 − tiles around the vertex) and the number of arches.
type node struct {
	parent, size, missing, arches int16
}

type logEntry struct {
	at  int16
	old node
}

// cellTable maps a cell to its tile index by open addressing.
type cellTable struct {
	keys [tableSize]uint32
	vals [tableSize]uint8 // tile index + 1; 0 is an empty slot
}

func cellKey(c Cell) uint32 { return uint32(uint16(c.Q))<<16 | uint32(uint16(c.R)) }

func slotOf(k uint32) uint32 { return (k * 2654435761) >> 24 & (tableSize - 1) }

func (t *cellTable) get(c Cell) int {
	k := cellKey(c)
	for i := slotOf(k); ; i = (i + 1) & (tableSize - 1) {
		v := t.vals[i]
		if v == 0 {
			return -1
		}
		if t.keys[i] == k {
			return int(v) - 1
		}
	}
}

func (t *cellTable) put(c Cell, idx int) {
	k := cellKey(c)
	i := slotOf(k)
	for t.vals[i] != 0 {
		i = (i + 1) & (tableSize - 1)
	}
	t.keys[i], t.vals[i] = k, uint8(idx+1)
}

// dropLast removes c, which must be the most recent insertion still
// present: then no later key probed past its slot, so clearing it is safe.
func (t *cellTable) dropLast(c Cell) {
	k := cellKey(c)
	for i := slotOf(k); ; i = (i + 1) & (tableSize - 1) {
		if t.vals[i] != 0 && t.keys[i] == k {
			t.vals[i] = 0
			return
		}
	}
}

// Board is a set of tiles on the unbounded hex plane, with the colour
// groups of the region model kept up to date: placing a tile updates
// them incrementally (union–find over vertices), and Undo takes a placement
// back exactly. Remove and Rotate recompute from scratch. Board does not
// enforce any game's placement rules (adjacency, holes); the games do.
//
// The zero Board is empty and ready to use. A Board is a value of fixed
// size except for its undo log: copy it with Clone.
type Board struct {
	n     int
	tiles [MaxTiles]Tile
	index cellTable
	uf    [MaxTiles * 6]node
	log   []logEntry
	marks []int32 // log length at the start of each undoable Place
}

// Clone returns an independent copy of b (without its undo history).
func (b *Board) Clone() *Board {
	c := *b
	c.log, c.marks = nil, nil
	return &c
}

// Len returns the number of tiles on the board.
func (b *Board) Len() int { return b.n }

// Tiles returns the tiles in placement order.
func (b *Board) Tiles() []Tile { return append([]Tile(nil), b.tiles[:b.n]...) }

// Tile returns the i-th tile in placement order.
func (b *Board) Tile(i int) Tile { return b.tiles[i] }

// At returns the orientation of the tile on c, if there is one.
func (b *Board) At(c Cell) (Orientation, bool) {
	i := b.index.get(c)
	if i < 0 {
		return 0, false
	}
	return b.tiles[i].O, true
}

// Occupied reports whether a tile lies on c.
func (b *Board) Occupied(c Cell) bool { return b.index.get(c) >= 0 }

// Touches reports whether some neighbour of c holds a tile.
func (b *Board) Touches(c Cell) bool {
	for k := range 6 {
		if b.index.get(c.Neighbour(k)) >= 0 {
			return true
		}
	}
	return false
}

// IsHole reports whether c is a single hole: empty with all 6 neighbours
// occupied.
func (b *Board) IsHole(c Cell) bool {
	if b.Occupied(c) {
		return false
	}
	for k := range 6 {
		if b.index.get(c.Neighbour(k)) < 0 {
			return false
		}
	}
	return true
}

// Place puts tile t on the board. It can be taken back with Undo until the
// next Remove or Rotate.
func (b *Board) Place(t Tile) error {
	if err := b.canPlace(t); err != nil {
		return err
	}
	b.place(t)
	return nil
}

// canPlace reports why tile t cannot go on the board, or nil.
func (b *Board) canPlace(t Tile) error {
	switch {
	case !t.O.Valid():
		return ErrBadOrient
	case !t.Cell.inRange():
		return fmt.Errorf("%w: %v", ErrOutOfRange, t.Cell)
	case b.n >= MaxTiles:
		return ErrFull
	case b.Occupied(t.Cell):
		return fmt.Errorf("%w: %v", ErrOccupied, t.Cell)
	}
	return nil
}

// place puts a valid tile on an empty cell.
func (b *Board) place(t Tile) {
	i := b.n
	b.marks = append(b.marks, int32(len(b.log)))
	var nb [6]int
	for k := range 6 {
		nb[k] = b.index.get(t.Cell.Neighbour(k))
	}
	b.tiles[i] = t
	b.index.put(t.Cell, i)
	b.n++
	base := 6 * i
	for k := range 6 {
		b.uf[base+k] = node{parent: int16(base + k), size: 1, missing: 2}
	}
	for k := range 6 {
		// Corner k is also corner k+2 of the neighbour across side k and
		// corner k+4 of the one across side k+1; those two, if both are
		// there, are aliases already.
		other := -1
		if j := nb[k]; j >= 0 {
			other = 6*j + (k+2)%6
		} else if j := nb[(k+1)%6]; j >= 0 {
			other = 6*j + (k+4)%6
		}
		if other >= 0 {
			r := b.union(base+k, other)
			b.save(r)
			b.uf[r].missing -= 3 // drop the new node's own 2, and one tile fewer is missing
		}
	}
	for col := A; col <= B; col++ {
		c1, c2 := t.O.ArchCorners(col)
		r := b.union(base+c1, base+c2)
		b.save(r)
		b.uf[r].arches++
	}
}

func (b *Board) save(x int) { b.log = append(b.log, logEntry{int16(x), b.uf[x]}) }

func (b *Board) find(x int) int {
	for int(b.uf[x].parent) != x {
		x = int(b.uf[x].parent)
	}
	return x
}

// union merges the groups of x and y by size (no path compression, so every
// change is logged and undoable) and returns the new root.
func (b *Board) union(x, y int) int {
	rx, ry := b.find(x), b.find(y)
	if rx == ry {
		return rx
	}
	if b.uf[rx].size < b.uf[ry].size {
		rx, ry = ry, rx
	}
	b.save(ry)
	b.save(rx)
	b.uf[ry].parent = int16(rx)
	b.uf[rx].size += b.uf[ry].size
	b.uf[rx].missing += b.uf[ry].missing
	b.uf[rx].arches += b.uf[ry].arches
	return rx
}

// CanUndo reports whether a Place can be taken back.
func (b *Board) CanUndo() bool { return len(b.marks) > 0 }

// Undo takes back the most recent Place not yet undone. It panics when
// there is none (after Remove or Rotate the history is cleared).
func (b *Board) Undo() {
	m := int(b.marks[len(b.marks)-1])
	b.marks = b.marks[:len(b.marks)-1]
	for i := len(b.log) - 1; i >= m; i-- {
		e := b.log[i]
		b.uf[e.at] = e.old
	}
	b.log = b.log[:m]
	b.n--
	b.index.dropLast(b.tiles[b.n].Cell)
}

// Remove takes the tile off c and recomputes the groups.
func (b *Board) Remove(c Cell) error {
	i := b.index.get(c)
	if i < 0 {
		return fmt.Errorf("%w: %v", ErrEmpty, c)
	}
	tiles := b.Tiles()
	b.rebuild(append(tiles[:i], tiles[i+1:]...))
	return nil
}

// IndexOf returns the position of the tile on c in placement order, or -1.
func (b *Board) IndexOf(c Cell) int { return b.index.get(c) }

// Insert puts tile t back as the i-th tile in placement order (0 ≤ i ≤
// Len) and recomputes the groups: the inverse of Remove, for undo.
func (b *Board) Insert(i int, t Tile) error {
	if i < 0 || i > b.n {
		return fmt.Errorf("palago: insert at %d of %d tiles", i, b.n)
	}
	if err := b.canPlace(t); err != nil {
		return err
	}
	tiles := b.Tiles()
	b.rebuild(append(tiles[:i], append([]Tile{t}, tiles[i:]...)...))
	return nil
}

// Rotate turns the tile on c to orientation o (another of its three) and
// recomputes the groups.
func (b *Board) Rotate(c Cell, o Orientation) error {
	i := b.index.get(c)
	switch {
	case i < 0:
		return fmt.Errorf("%w: %v", ErrEmpty, c)
	case !o.Valid():
		return ErrBadOrient
	case b.tiles[i].O == o:
		return fmt.Errorf("%w: %v", ErrNotRotated, c)
	}
	tiles := b.Tiles()
	tiles[i].O = o
	b.rebuild(tiles)
	return nil
}

// rebuild recomputes everything from tiles, keeping their order.
func (b *Board) rebuild(tiles []Tile) {
	b.n = 0
	b.index = cellTable{}
	b.log, b.marks = b.log[:0], b.marks[:0]
	for _, t := range tiles {
		b.place(t)
	}
	b.log, b.marks = b.log[:0], b.marks[:0]
}

// Reset empties the board, keeping its allocated undo history.
func (b *Board) Reset() { b.rebuild(nil) }

// closedCreature reports whether root r is a creature's root.
func (b *Board) creatureRoot(r int) bool { return b.uf[r].missing == 0 && b.uf[r].arches > 0 }

// lastCreatures reports which colours have a creature through the last
// placed tile. When the board had no creature before that tile it tells
// exactly which colours have one now: placing never opens a group, and a
// group closed by the tile contains one of its corners.
func (b *Board) lastCreatures() (a, bb bool) {
	base := 6 * (b.n - 1)
	for k := range 6 {
		if b.creatureRoot(b.find(base + k)) {
			if k%2 == 0 {
				a = true
			} else {
				bb = true
			}
		}
	}
	return a, bb
}

// HasCreature reports which colours have at least one creature.
func (b *Board) HasCreature() (a, bb bool) {
	for x := range 6 * b.n {
		if int(b.uf[x].parent) == x && b.creatureRoot(x) {
			if x%2 == 0 {
				a = true
			} else {
				bb = true
			}
		}
	}
	return a, bb
}

// PieceKind says which of a tile's two regions of one colour a piece is.
type PieceKind uint8

const (
	// Tip is the small corner sector inside an arc.
	Tip PieceKind = iota
	// Arch is the large region on one side of the straight.
	Arch
)

// String returns "tip" or "arch".
func (k PieceKind) String() string {
	if k == Tip {
		return "tip"
	}
	return "arch"
}

// Piece is one of the four regions of a placed tile.
type Piece struct {
	Cell   Cell
	Colour Colour
	Kind   PieceKind
}

// String returns the piece as "(q,r)A-tip".
func (p Piece) String() string { return p.Cell.String() + p.Colour.String() + "-" + p.Kind.String() }

// Corners returns the corners of its cell that the piece touches: one for
// a tip, two for an arch.
func (p Piece) corners(o Orientation) []int {
	if p.Kind == Tip {
		return []int{o.TipCorner(p.Colour)}
	}
	c1, c2 := o.ArchCorners(p.Colour)
	return []int{c1, c2}
}

// Group is a connected region of one colour: a component of the
// colour's vertex graph, with its pieces.
type Group struct {
	Colour   Colour
	Closed   bool     // every vertex has all 3 cells occupied
	Arches   int      // arch pieces in the group
	Vertices []Vertex // distinct vertex keys, in first-seen order
	Pieces   []Piece  // in placement order of their tiles, tip before arch
}

// IsCreature reports whether the group is a creature: closed with at least
// one arch.
func (g *Group) IsCreature() bool { return g.Closed && g.Arches > 0 }

// IsEye reports whether the group is an eye: closed with no arch. An eye
// is never a creature.
func (g *Group) IsEye() bool { return g.Closed && g.Arches == 0 }

// Has reports whether p is one of the group's pieces.
func (g *Group) Has(p Piece) bool {
	for _, q := range g.Pieces {
		if q == p {
			return true
		}
	}
	return false
}

// Groups returns every colour group on the board, ordered by their first
// piece in placement order.
func (b *Board) Groups() []Group {
	var out []Group
	at := make(map[int]int)
	seen := make(map[Vertex]bool)
	for i := range b.n {
		t := b.tiles[i]
		for col := A; col <= B; col++ {
			for kind := Tip; kind <= Arch; kind++ {
				p := Piece{t.Cell, col, kind}
				cs := p.corners(t.O)
				r := b.find(6*i + cs[0])
				gi, ok := at[r]
				if !ok {
					gi = len(out)
					at[r] = gi
					out = append(out, Group{
						Colour: col,
						Closed: b.uf[r].missing == 0,
						Arches: int(b.uf[r].arches),
					})
				}
				g := &out[gi]
				g.Pieces = append(g.Pieces, p)
				for _, k := range cs {
					if v := VertexOf(t.Cell, k); !seen[v] {
						seen[v] = true
						g.Vertices = append(g.Vertices, v)
					}
				}
			}
		}
	}
	return out
}

// Creatures returns the groups that are creatures.
func (b *Board) Creatures() []Group {
	var out []Group
	for _, g := range b.Groups() {
		if g.IsCreature() {
			out = append(out, g)
		}
	}
	return out
}

// largestOpen returns, per colour, the most arches in an open group.
func (b *Board) largestOpen() [2]int {
	var best [2]int
	for x := range 6 * b.n {
		if int(b.uf[x].parent) == x && b.uf[x].missing > 0 {
			best[x%2] = max(best[x%2], int(b.uf[x].arches))
		}
	}
	return best
}
