package palago

import (
	"errors"
	"fmt"
	"github.com/tabula-games/tabula/hexgrid"
	"slices"
	"testing"
)

// shape is a test vector of the spec's "Creatures" table.
type shape struct {
	name     string
	tiles    string
	creature bool // else an eye
	vertices int
	arches   int
	loops    int // 1 + nested closed lines inside the outer loop (docs/rules/palagonia.md#value-of-a-creature)
	outer    [3]int
	eyes     int // closed eyes besides the shape
	// outer loop composition: straights, arcs, and whether they alternate (1)
}

var shapes = []shape{
	{"virus", "(0,0):0 (-1,0):0 (-1,1):0 (0,1):2 (0,-1):1", true, 2, 1, 1, [3]int{1, 5, 0}, 0},
	{"ring with eye", "(0,0):0 (1,-1):2 (1,0):1 (2,-2):1 (2,-1):0 (2,0):2", true, 3, 3, 2, [3]int{3, 3, 1}, 1},
	{"worm a", "(0,0):0 (0,1):0 (1,-1):1 (1,0):0 (1,1):1 (2,0):1 (2,1):2", true, 3, 2, 1, [3]int{}, 0},
	{"worm b", "(0,0):0 (0,1):0 (0,2):0 (1,-1):1 (1,0):0 (1,1):0 (1,2):2", true, 3, 2, 1, [3]int{}, 0},
	{"eye", "(0,0):0 (1,-1):1 (1,0):2", false, 1, 0, 0, [3]int{}, 0},
}

// images returns the tiles under every symmetry and a few translations,
// with a name and whether the colours are swapped.
func images(tiles []Tile) []struct {
	name    string
	tiles   []Tile
	swapped bool
} {
	var out []struct {
		name    string
		tiles   []Tile
		swapped bool
	}
	for _, g := range AllSymmetries() {
		for _, d := range []Cell{{0, 0}, {3, -2}, {-7, 5}} {
			img := make([]Tile, len(tiles))
			for i, t := range tiles {
				img[i] = MapTile(g, t)
				img[i].Cell = img[i].Cell.Add(d)
			}
			out = append(out, struct {
				name    string
				tiles   []Tile
				swapped bool
			}{fmt.Sprintf("%v+%v", g, d), img, !PreservesColour(g)})
		}
	}
	return out
}

func boardOf(t *testing.T, tiles []Tile) *Board {
	t.Helper()
	var b Board
	for _, x := range tiles {
		if err := b.Place(x); err != nil {
			t.Fatalf("Place(%v): %v", x, err)
		}
	}
	return &b
}

// TestShapes checks every creature test vector of the spec, and the eye, in
// all 12 symmetric images and several positions, placed in two orders
// (docs/rules/palago.md#groups-creatures-and-eyes, docs/rules/palago.md#eye, the Checks section of its rules page).
func TestShapes(t *testing.T) {
	for _, sh := range shapes {
		for _, im := range images(MustParseTiles(sh.tiles)) {
			for _, order := range []string{"forward", "reverse"} {
				t.Run(sh.name+"/"+im.name+"/"+order, func(t *testing.T) {
					tiles := slices.Clone(im.tiles)
					if order == "reverse" {
						slices.Reverse(tiles)
					}
					b := boardOf(t, tiles)
					want := A
					if im.swapped {
						want = B
					}
					checkShape(t, b, sh, want)
				})
			}
		}
	}
}

func checkShape(t *testing.T, b *Board, sh shape, want Colour) {
	t.Helper()
	var closed, eyes []Group
	for _, g := range b.Groups() {
		switch {
		case g.IsCreature() == sh.creature && g.Closed:
			closed = append(closed, g)
		case g.IsEye():
			eyes = append(eyes, g)
		}
	}
	ca, cb := b.HasCreature()
	if len(closed) != 1 {
		t.Fatalf("%d closed groups, want 1: %v", len(closed), closed)
	}
	g := closed[0]
	if len(eyes) != sh.eyes {
		t.Errorf("%d eyes besides, want %d", len(eyes), sh.eyes)
	}
	for _, e := range eyes {
		if e.Colour == g.Colour || len(e.Vertices) != 1 || len(e.Pieces) != 3 {
			t.Errorf("eye %v: want 3 tips of the other colour round one vertex", e)
		}
	}
	if g.Colour != want || g.IsCreature() != sh.creature || g.IsEye() == sh.creature {
		t.Fatalf("closed group colour %v creature %v, want %v %v", g.Colour, g.IsCreature(), want, sh.creature)
	}
	if (ca || cb) != sh.creature || (sh.creature && (ca != (want == A) || cb != (want == B))) {
		t.Fatalf("HasCreature() = %v, %v", ca, cb)
	}
	if len(g.Vertices) != sh.vertices || g.Arches != sh.arches {
		t.Errorf("group has %d vertices, %d arches; want %d, %d", len(g.Vertices), g.Arches, sh.vertices, sh.arches)
	}
	// Every tile carries a piece of the shape.
	for _, x := range b.Tiles() {
		if !slices.ContainsFunc(g.Pieces, func(p Piece) bool { return p.Cell == x.Cell }) {
			t.Errorf("tile %v has no piece in the group", x)
		}
	}
	if !sh.creature {
		return
	}
	outer, ok := b.OuterLoop(&g)
	if !ok {
		t.Fatal("creature has no border loop")
	}
	if got := 1 + len(b.NestedLoops(&outer)); got != sh.loops {
		t.Errorf("loops = %d, want %d", got, sh.loops)
	}
	if sh.outer != [3]int{} {
		var st, arcs, alt int
		for i, s := range outer.Segments {
			if s.Kind == Straight {
				st++
			} else {
				arcs++
			}
			next := outer.Segments[(i+1)%len(outer.Segments)]
			if (s.Kind == Straight) != (next.Kind == Straight) {
				alt++
			}
		}
		alternates := 0
		if alt == len(outer.Segments) {
			alternates = 1
		}
		if got := [3]int{st, arcs, alternates}; got != sh.outer {
			t.Errorf("outer loop (straights, arcs, alternating) = %v, want %v", got, sh.outer)
		}
	}
	for _, l := range b.BorderLoops(&g) {
		if !l.Closed || len(l.Mids) != len(l.Segments) {
			t.Errorf("border line closed %v, %d mids for %d segments", l.Closed, len(l.Mids), len(l.Segments))
		}
	}
}

// TestRemoveAndRotate checks the recomputation after Palagonia's actions:
// removing any single tile of the virus leaves no creature ("Test
// vectors"), putting it back restores it, and a rotation away and back
// does too.
func TestRemoveAndRotate(t *testing.T) {
	virus := MustParseTiles(shapes[0].tiles)
	for _, x := range virus {
		t.Run("remove"+x.Cell.String(), func(t *testing.T) {
			b := boardOf(t, virus)
			if err := b.Remove(x.Cell); err != nil {
				t.Fatal(err)
			}
			if a, bb := b.HasCreature(); a || bb || len(b.Creatures()) != 0 {
				t.Fatalf("creature after removing %v", x)
			}
			if b.Len() != 4 || b.Occupied(x.Cell) {
				t.Fatalf("Len %d, occupied %v", b.Len(), b.Occupied(x.Cell))
			}
			if err := b.Place(x); err != nil {
				t.Fatal(err)
			}
			if len(b.Creatures()) != 1 {
				t.Fatal("creature not restored")
			}
		})
		t.Run("rotate"+x.Cell.String(), func(t *testing.T) {
			b := boardOf(t, virus)
			o := (x.O + 1) % NumOrientations
			if err := b.Rotate(x.Cell, o); err != nil {
				t.Fatal(err)
			}
			if n := len(b.Creatures()); n != 0 {
				t.Fatalf("%d creatures after rotating %v", n, x)
			}
			if err := b.Rotate(x.Cell, x.O); err != nil {
				t.Fatal(err)
			}
			if len(b.Creatures()) != 1 {
				t.Fatal("creature not restored")
			}
		})
	}
}

func TestBoardErrors(t *testing.T) {
	b := boardOf(t, MustParseTiles("(0,0):0"))
	tests := []struct {
		name string
		err  error
		want error
	}{
		{"occupied", b.Place(Tile{Cell{0, 0}, 1}), ErrOccupied},
		{"orientation", b.Place(Tile{Cell{1, 0}, 3}), ErrBadOrient},
		{"range", b.Place(Tile{Cell{MaxCoord + 1, 0}, 0}), ErrOutOfRange},
		{"remove empty", b.Remove(Cell{5, 5}), ErrEmpty},
		{"rotate empty", b.Rotate(Cell{5, 5}, 1), ErrEmpty},
		{"rotate same", b.Rotate(Cell{0, 0}, 0), ErrNotRotated},
	}
	for _, tc := range tests {
		if !errors.Is(tc.err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, tc.err, tc.want)
		}
	}
}

// TestUndo checks that Undo restores groups exactly, against a board built
// without the undone tiles.
func TestUndo(t *testing.T) {
	tiles := MustParseTiles(shapes[1].tiles + " (3,-1):1 (-1,0):2")
	var b Board
	for i, x := range tiles {
		if err := b.Place(x); err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 { // place, undo, place again
			b.Undo()
			if err := b.Place(x); err != nil {
				t.Fatal(err)
			}
		}
	}
	for n := len(tiles); n > 0; n-- {
		fresh := boardOf(t, tiles[:n])
		if fmt.Sprint(b.Groups()) != fmt.Sprint(fresh.Groups()) || !slices.Equal(b.uf[:6*n], fresh.uf[:6*n]) {
			t.Fatalf("after undoing to %d tiles the board differs from a fresh one", n)
		}
		b.Undo()
	}
	if b.Len() != 0 || b.CanUndo() {
		t.Fatalf("Len %d after undoing everything", b.Len())
	}
}

// TestVertexKeys checks docs/rules/palago.md#cells-and-sides: the same vertex is corner k+2 of c+N[k] and
// corner k+4 of c+N[k+1]; corner parity gives the colour; midpoint keys
// agree across a side.
func TestVertexKeys(t *testing.T) {
	c := Cell{2, -3}
	for k := range 6 {
		v := VertexOf(c, k)
		if VertexOf(c.Neighbour(k), k+2) != v || VertexOf(c.Neighbour(k+1), k+4) != v {
			t.Errorf("corner %d: keys disagree", k)
		}
		if want := Colour(k % 2); v.Colour() != want {
			t.Errorf("corner %d colour %v, want %v", k, v.Colour(), want)
		}
		if MidOf(c, k) != MidOf(c.Neighbour(k), k+3) {
			t.Errorf("side %d: midpoint keys disagree", k)
		}
	}
}

// TestOrientationTable checks docs/rules/palago.md#only-three-orientations's table row by row.
func TestOrientationTable(t *testing.T) {
	rows := []struct {
		tipA, tipB   int
		archA, archB [2]int
		straight     [2]int
	}{
		{0, 3, [2]int{2, 4}, [2]int{5, 1}, [2]int{2, 5}},
		{2, 5, [2]int{4, 0}, [2]int{1, 3}, [2]int{4, 1}},
		{4, 1, [2]int{0, 2}, [2]int{3, 5}, [2]int{0, 3}},
	}
	for o, r := range rows {
		ori := Orientation(o)
		a1, a2 := ori.ArchCorners(A)
		b1, b2 := ori.ArchCorners(B)
		s1, s2 := Segment{Tile{Cell{}, ori}, Straight}.Sides()
		if ori.TipCorner(A) != r.tipA || ori.TipCorner(B) != r.tipB || [2]int{a1, a2} != r.archA ||
			[2]int{b1, b2} != r.archB || [2]int{s1, s2} != r.straight {
			t.Errorf("orientation %d does not match the orientation table", o)
		}
	}
}

// TestSymmetries checks docs/rules/palago.md#symmetry: the six listed symmetries keep colours, the
// other six swap them, and mapping a tile twice by F is the identity.
func TestSymmetries(t *testing.T) {
	for _, g := range AllSymmetries() {
		for o := range Orientation(3) {
			x := Tile{Cell{1, 2}, o}
			y := MapTile(g, x)
			vA := MapVertex(g, VertexOf(x.Cell, x.O.TipCorner(A)))
			if got := vA.Colour() == A; got != PreservesColour(g) {
				t.Errorf("%v: A-tip lands on colour %v", g, vA.Colour())
			}
			if !y.O.Valid() || y.Cell != MapCell(g, x.Cell) {
				t.Errorf("%v maps %v to %v", g, x, y)
			}
		}
	}
	f := AllSymmetries()[6]
	for o := range Orientation(3) {
		x := Tile{Cell{3, -1}, o}
		if got := MapTile(f, MapTile(f, x)); got != x {
			t.Errorf("F∘F(%v) = %v", x, got)
		}
	}
}

// TestSpecSymmetries checks that AllSymmetries()[i] is the spec's R^i and
// AllSymmetries()[6+i] its R^i∘F (docs/rules/palago.md#symmetry), by the formulas R(q,r) = (−r, q+r)
// and F(q,r) = (q, −q−r), on cells and on vertex keys.
func TestSpecSymmetries(t *testing.T) {
	r := func(q, s int32) (int32, int32) { return -s, q + s }
	f := func(q, s int32) (int32, int32) { return q, -q - s }
	syms := AllSymmetries()
	for i, g := range syms {
		for _, c := range []Cell{{1, 0}, {0, 1}, {2, -3}, {-4, 1}} {
			q, s := int32(c.Q), int32(c.R)
			if i >= 6 {
				q, s = f(q, s)
			}
			for range i % 6 {
				q, s = r(q, s)
			}
			want := Cell{int16(q), int16(s)}
			if got := MapCell(g, c); got != want {
				t.Errorf("symmetry %d (%v): %v -> %v, want %v", i, g, c, got, want)
			}
			if v := MapVertex(g, VertexOf(c, 1)); cornerOf(want, v) < 0 {
				t.Errorf("symmetry %d: corner 1 of %v maps to %v, not a corner of %v", i, c, v, want)
			}
		}
		if want := i%2 == 0; PreservesColour(g) != want {
			t.Errorf("symmetry %d (%v): PreservesColour = %v, want %v", i, g, PreservesColour(g), want)
		}
	}
	if len(ColourPreserving()) != 6 {
		t.Errorf("ColourPreserving has %d symmetries, want 6", len(ColourPreserving()))
	}
}

// TestSides checks docs/rules/palago.md#cells-and-sides's side directions against hexgrid's: N = [NE, E,
// SE, SW, W, NW], and side k of c is side k+3 of its neighbour.
func TestSides(t *testing.T) {
	want := [6]Cell{{1, -1}, {1, 0}, {0, 1}, {-1, 1}, {-1, 0}, {0, -1}}
	c := Cell{2, -1}
	for k := range 6 {
		if got := c.Neighbour(k); got != c.Add(want[k]) {
			t.Errorf("side %d of %v faces %v, want %v", k, c, got, c.Add(want[k]))
		}
		if got := c.Neighbour(k).Neighbour(k + 3); got != c {
			t.Errorf("side %d then %d leads to %v, not back", k, k+3, got)
		}
		if !c.Adjacent(c.Neighbour(k)) {
			t.Errorf("%v and its side-%d neighbour are not adjacent", c, k)
		}
		if got := CellOf(c.Coord().Neighbor(SideDir(k))); got != c.Neighbour(k) {
			t.Errorf("hexgrid neighbour %v, palago neighbour %v", got, c.Neighbour(k))
		}
	}
	for _, d := range []Cell{{2, -1}, {0, 0}, {4, -2}, {3, 0}} {
		if c.Adjacent(d) {
			t.Errorf("%v and %v reported adjacent", c, d)
		}
	}
}

// TestInsertUndoesRemove checks that Insert at the removed tile's index
// restores the board: the same tiles in the same order and the same
// groups; errors for a bad index or an occupied cell.
func TestInsertUndoesRemove(t *testing.T) {
	tiles := MustParseTiles("(0,0):0 (0,1):0 (1,-1):1 (1,0):0 (1,1):1 (2,0):1 (2,1):2")
	var b Board
	for _, x := range tiles {
		if err := b.Place(x); err != nil {
			t.Fatal(err)
		}
	}
	want := fmt.Sprint(b.Tiles(), b.Groups())
	for i, x := range tiles {
		if got := b.IndexOf(x.Cell); got != i {
			t.Fatalf("IndexOf(%v) = %d, want %d", x.Cell, got, i)
		}
		if err := b.Remove(x.Cell); err != nil {
			t.Fatal(err)
		}
		if err := b.Insert(i, x); err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(b.Tiles(), b.Groups()); got != want {
			t.Errorf("remove and insert %v:\n got %s\nwant %s", x, got, want)
		}
	}
	if b.IndexOf(Cell{5, 5}) != -1 {
		t.Error("IndexOf an empty cell is not -1")
	}
	if err := b.Insert(0, tiles[0]); !errors.Is(err, ErrOccupied) {
		t.Errorf("Insert on an occupied cell: %v, want ErrOccupied", err)
	}
	if err := b.Insert(b.Len()+1, Tile{Cell{9, 9}, 0}); err == nil {
		t.Error("Insert past the end succeeded")
	}
}

// TestAdjacentIsDistanceOne checks Cell.Adjacent against hexgrid.Distance
// on a window of cells.
func TestAdjacentIsDistanceOne(t *testing.T) {
	c := Cell{-1, 2}
	for q := int16(-4); q <= 4; q++ {
		for r := int16(-4); r <= 4; r++ {
			d := Cell{q, r}
			if got, want := c.Adjacent(d), hexgrid.Distance(c.Coord(), d.Coord()) == 1; got != want {
				t.Errorf("%v.Adjacent(%v) = %v, want %v", c, d, got, want)
			}
		}
	}
}

func TestCellSet(t *testing.T) {
	var s CellSet
	cells := []Cell{{0, 0}, {1, -1}, {-200, 200}, {0, 0}, {200, -200}, {1, -1}}
	var added []bool
	for _, c := range cells {
		added = append(added, s.Add(c))
	}
	if want := []bool{true, true, true, false, true, false}; fmt.Sprint(added) != fmt.Sprint(want) {
		t.Errorf("Add results %v, want %v", added, want)
	}
	if got, want := fmt.Sprint(s.Cells()), "[(0,0) (1,-1) (-200,200) (200,-200)]"; got != want {
		t.Errorf("Cells() = %s, want %s", got, want)
	}
	if s.Index(Cell{-200, 200}) != 2 || s.Has(Cell{5, 5}) || s.Len() != 4 {
		t.Errorf("Index/Has/Len wrong: %d %v %d", s.Index(Cell{-200, 200}), s.Has(Cell{5, 5}), s.Len())
	}
	var full CellSet
	for i := range MaxCellSet {
		full.Add(Cell{int16(i % 100), int16(i / 100)})
	}
	defer func() {
		if recover() == nil {
			t.Error("adding past MaxCellSet did not panic")
		}
	}()
	full.Add(Cell{-1, -1})
}
