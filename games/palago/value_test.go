package palago

import (
	"testing"
)

// TestCreatureValue checks docs/rules/palagonia.md#value-of-a-creature on the spec's test-vector creatures.
func TestCreatureValue(t *testing.T) {
	for _, tc := range []struct {
		name         string
		tiles        string
		loops, limbs int
	}{
		{"virus: 1 loop, no limbs (N7 single arch)", "(0,0):0 (-1,0):0 (-1,1):0 (0,1):2 (0,-1):1", 1, 0},
		{"ring with eye: outer + eye", "(0,0):0 (1,-1):2 (1,0):1 (2,-2):1 (2,-1):0 (2,0):2", 2, 0},
		{"worm a: 2 external limbs", "(0,0):0 (0,1):0 (1,-1):1 (1,0):0 (1,1):1 (2,0):1 (2,1):2", 1, 2},
		{"worm b: 2 external limbs", "(0,0):0 (0,1):0 (0,2):0 (1,-1):1 (1,0):0 (1,1):0 (1,2):2", 1, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b Board
			for _, x := range MustParseTiles(tc.tiles) {
				if err := b.Place(x); err != nil {
					t.Fatal(err)
				}
			}
			cs := b.Creatures()
			if len(cs) != 1 {
				t.Fatalf("%d creatures, want 1", len(cs))
			}
			v := b.Value(&cs[0])
			if v.Loops != tc.loops || v.Limbs != tc.limbs {
				t.Errorf("Value = %+v, want loops %d limbs %d", v, tc.loops, tc.limbs)
			}
			if got := len(b.Limbs(&cs[0])); got != tc.limbs {
				t.Errorf("Limbs lists %d vertices, want %d", got, tc.limbs)
			}
		})
	}
}

// TestValueOfOpenGroup checks that an open group is worth nothing.
func TestValueOfOpenGroup(t *testing.T) {
	var b Board
	_ = b.Place(Tile{Cell{}, 0})
	for _, g := range b.Groups() {
		if v := b.Value(&g); v != (CreatureValue{}) || b.Limbs(&g) != nil {
			t.Errorf("open group %v valued %+v", g.Pieces, v)
		}
	}
}

func TestGroupQueries(t *testing.T) {
	var b Board
	tiles := MustParseTiles("(0,0):0 (-1,0):0 (-1,1):0 (0,1):2")
	for _, x := range tiles {
		_ = b.Place(x)
	}
	// The virus lacks (0,-1): its A group has open vertices round it only.
	k, ok := b.GroupKey(Piece{Cell{}, A, Arch})
	if !ok {
		t.Fatal("GroupKey of a placed tile's piece reported false")
	}
	missing, arches := b.GroupStatus(k)
	if missing == 0 || arches != 1 {
		t.Errorf("GroupStatus = %d missing, %d arches; want open with 1 arch", missing, arches)
	}
	cells := b.OpenCells(Piece{Cell{}, A, Arch}, nil)
	found := false
	for _, c := range cells {
		if b.Occupied(c) {
			t.Errorf("OpenCells lists occupied %v", c)
		}
		found = found || c == (Cell{0, -1})
	}
	if !found {
		t.Errorf("OpenCells = %v, want (0,-1) among them", cells)
	}
	_ = b.Place(Tile{Cell{0, -1}, 1})
	k, _ = b.GroupKey(Piece{Cell{}, A, Arch})
	if missing, _ := b.GroupStatus(k); missing != 0 {
		t.Errorf("closed virus has %d missing slots", missing)
	}
	if got := b.OpenCells(Piece{Cell{}, A, Arch}, nil); len(got) != 0 {
		t.Errorf("closed group has open cells %v", got)
	}
	if _, ok := b.GroupKey(Piece{Cell{5, 5}, A, Tip}); ok {
		t.Error("GroupKey on an empty cell reported true")
	}
}

func TestCellsAround(t *testing.T) {
	for _, c := range []Cell{{0, 0}, {3, -2}, {-4, 7}} {
		for k := range 6 {
			v := VertexOf(c, k)
			cells, corners, ok := CellsAround(v)
			if !ok {
				t.Fatalf("CellsAround(%v) not ok", v)
			}
			seen := false
			for j := range 3 {
				if VertexOf(cells[j], corners[j]) != v {
					t.Errorf("CellsAround(%v): corner %d of %v is not v", v, corners[j], cells[j])
				}
				seen = seen || cells[j] == c && corners[j] == k
			}
			if !seen {
				t.Errorf("CellsAround(VertexOf(%v,%d)) = %v misses the cell", c, k, cells)
			}
		}
	}
	if _, _, ok := CellsAround(Vertex{0, 0}); ok {
		t.Error("CellsAround accepted a key that is no corner")
	}
}
