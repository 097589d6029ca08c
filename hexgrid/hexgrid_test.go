package hexgrid

import (
	"fmt"
	"slices"
	"testing"
)

func TestDirs(t *testing.T) {
	tests := []struct {
		d        Dir
		name     string
		vec      Coord
		opposite Dir
	}{
		{E, "E", Coord{1, 0}, W},
		{NE, "NE", Coord{1, -1}, SW},
		{NW, "NW", Coord{0, -1}, SE},
		{W, "W", Coord{-1, 0}, E},
		{SW, "SW", Coord{-1, 1}, NE},
		{SE, "SE", Coord{0, 1}, NW},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.d.String(); got != tt.name {
				t.Errorf("String() = %q, want %q", got, tt.name)
			}
			if got := tt.d.Vector(); got != tt.vec {
				t.Errorf("Vector() = %v, want %v", got, tt.vec)
			}
			if got := tt.d.Opposite(); got != tt.opposite {
				t.Errorf("Opposite() = %v, want %v", got, tt.opposite)
			}
			if got := tt.d.Vector().Add(tt.d.Opposite().Vector()); got != Origin {
				t.Errorf("vector plus opposite = %v, want the origin", got)
			}
			if got := tt.d.Vector().Len(); got != 1 {
				t.Errorf("Vector().Len() = %d, want 1", got)
			}
			if got, ok := ParseDir(tt.name); !ok || got != tt.d {
				t.Errorf("ParseDir(%q) = %v, %v", tt.name, got, ok)
			}
			if got, ok := ParseDir(toLower(tt.name)); !ok || got != tt.d {
				t.Errorf("ParseDir(%q) = %v, %v", toLower(tt.name), got, ok)
			}
		})
	}
	if _, ok := ParseDir("N"); ok {
		t.Error(`ParseDir("N") accepted a direction a hex grid does not have`)
	}
	if got := Dir(6).String(); got != "Dir(?)" {
		t.Errorf("Dir(6).String() = %q", got)
	}
}

func toLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func TestRotateDir(t *testing.T) {
	tests := []struct {
		d    Dir
		k    int
		want Dir
	}{
		{E, 1, NE}, {E, 2, NW}, {E, 3, W}, {E, 6, E}, {E, -1, SE}, {SE, 1, E}, {NW, -2, E}, {SW, 13, SE},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%v%+d", tt.d, tt.k), func(t *testing.T) {
			if got := tt.d.Rotate(tt.k); got != tt.want {
				t.Errorf("%v.Rotate(%d) = %v, want %v", tt.d, tt.k, got, tt.want)
			}
		})
	}
}

func TestDistance(t *testing.T) {
	tests := []struct {
		a, b Coord
		want int
	}{
		{Coord{0, 0}, Coord{0, 0}, 0},
		{Coord{0, 0}, Coord{1, 0}, 1},
		{Coord{0, 0}, Coord{1, -1}, 1},
		{Coord{0, 0}, Coord{1, 1}, 2},
		{Coord{0, 0}, Coord{2, -1}, 2},
		{Coord{-4, 0}, Coord{4, 0}, 8},
		{Coord{-4, 4}, Coord{4, -4}, 8},
		{Coord{3, -1}, Coord{-2, 5}, 6},
	}
	for _, tt := range tests {
		t.Run(tt.a.String()+tt.b.String(), func(t *testing.T) {
			if got := Distance(tt.a, tt.b); got != tt.want {
				t.Errorf("Distance(%v, %v) = %d, want %d", tt.a, tt.b, got, tt.want)
			}
			if got := Distance(tt.b, tt.a); got != tt.want {
				t.Errorf("Distance(%v, %v) = %d, want %d (symmetric)", tt.b, tt.a, got, tt.want)
			}
		})
	}
}

func TestNeighbors(t *testing.T) {
	c := Coord{2, -3}
	ns := c.Neighbors()
	for d, n := range ns {
		if Distance(c, n) != 1 {
			t.Errorf("neighbour %v of %v is %d away", n, c, Distance(c, n))
		}
		if n != c.Neighbor(Dir(d)) {
			t.Errorf("Neighbors()[%d] = %v, Neighbor = %v", d, n, c.Neighbor(Dir(d)))
		}
		// Consecutive neighbours touch each other: the ring is closed.
		if next := ns[(d+1)%NumDirs]; Distance(n, next) != 1 {
			t.Errorf("neighbours %v and %v do not touch", n, next)
		}
	}
}

func TestLine(t *testing.T) {
	tests := []struct {
		a, b  Coord
		d     Dir
		steps int
		ok    bool
	}{
		{Coord{0, 0}, Coord{3, 0}, E, 3, true},
		{Coord{0, 0}, Coord{2, -2}, NE, 2, true},
		{Coord{1, 1}, Coord{1, -1}, NW, 2, true},
		{Coord{0, 0}, Coord{-1, 1}, SW, 1, true},
		{Coord{0, 0}, Coord{0, 4}, SE, 4, true},
		{Coord{0, 0}, Coord{1, 1}, 0, 0, false},
		{Coord{2, 2}, Coord{2, 2}, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.a.String()+tt.b.String(), func(t *testing.T) {
			d, n, ok := Line(tt.a, tt.b)
			if ok != tt.ok || (ok && (d != tt.d || n != tt.steps)) {
				t.Errorf("Line(%v, %v) = %v, %d, %v; want %v, %d, %v", tt.a, tt.b, d, n, ok, tt.d, tt.steps, tt.ok)
			}
		})
	}
}

func TestHexagon(t *testing.T) {
	for radius := -1; radius <= 5; radius++ {
		t.Run(fmt.Sprint("radius=", radius), func(t *testing.T) {
			cells := Hexagon(radius)
			want := 0
			if radius >= 0 {
				want = 3*radius*(radius+1) + 1
			}
			if len(cells) != want {
				t.Fatalf("Hexagon(%d) has %d cells, want %d", radius, len(cells), want)
			}
			seen := map[Coord]bool{}
			for i, c := range cells {
				if c.Len() > radius {
					t.Errorf("cell %v is outside radius %d", c, radius)
				}
				if seen[c] {
					t.Errorf("cell %v listed twice", c)
				}
				seen[c] = true
				if i > 0 {
					p := cells[i-1]
					if p.R > c.R || (p.R == c.R && p.Q >= c.Q) {
						t.Errorf("cells %v, %v not in row order", p, c)
					}
				}
			}
		})
	}
	// The Abalone board: rows of 5-6-7-8-9-8-7-6-5.
	rows := map[int]int{}
	for _, c := range Hexagon(4) {
		rows[c.R]++
	}
	for r, want := range map[int]int{-4: 5, -3: 6, -2: 7, -1: 8, 0: 9, 1: 8, 2: 7, 3: 6, 4: 5} {
		if rows[r] != want {
			t.Errorf("row %d of Hexagon(4) has %d cells, want %d", r, rows[r], want)
		}
	}
}

func TestRing(t *testing.T) {
	center := Coord{1, -2}
	for radius := 0; radius <= 4; radius++ {
		ring := Ring(center, radius)
		want := max(1, 6*radius)
		if len(ring) != want {
			t.Fatalf("Ring(%d) has %d cells, want %d", radius, len(ring), want)
		}
		seen := map[Coord]bool{}
		for i, c := range ring {
			if Distance(center, c) != radius {
				t.Errorf("Ring(%d) cell %v is %d away", radius, c, Distance(center, c))
			}
			if seen[c] {
				t.Errorf("Ring(%d) lists %v twice", radius, c)
			}
			seen[c] = true
			if radius > 0 && Distance(c, ring[(i+1)%len(ring)]) != 1 {
				t.Errorf("Ring(%d): %v and the next cell do not touch", radius, c)
			}
		}
	}
	if Ring(center, -1) != nil {
		t.Error("Ring with a negative radius is not empty")
	}
}

func TestSymmetryNames(t *testing.T) {
	var names []string
	for _, s := range Symmetries() {
		names = append(names, s.String())
	}
	want := []string{"r0", "r1", "r2", "r3", "r4", "r5", "m0", "m1", "m2", "m3", "m4", "m5"}
	if !slices.Equal(names, want) {
		t.Errorf("names = %v, want %v", names, want)
	}
	if Symmetry(12).String() != "Symmetry(12)" {
		t.Errorf("Symmetry(12).String() = %q", Symmetry(12).String())
	}
}

func TestSymmetryExamples(t *testing.T) {
	tests := []struct {
		name string
		s    Symmetry
		in   Coord
		want Coord
	}{
		{"identity", Identity, Coord{2, -1}, Coord{2, -1}},
		{"quarter-turn E to NE", Rotation(1), Coord{1, 0}, Coord{1, -1}},
		{"half turn", Rotation(3), Coord{2, -1}, Coord{-2, 1}},
		{"clockwise E to SE", Rotation(-1), Coord{1, 0}, Coord{0, 1}},
		{"mirror E-W keeps E", Reflection(E), Coord{3, 0}, Coord{3, 0}},
		{"mirror E-W swaps NE and SE", Reflection(E), Coord{1, -1}, Coord{0, 1}},
		{"mirror NE keeps NE", Reflection(NE), Coord{2, -2}, Coord{2, -2}},
		{"mirror NE swaps E and NW", Reflection(NE), Coord{1, 0}, Coord{0, -1}},
		{"mirror NW keeps NW", Reflection(NW), Coord{0, -3}, Coord{0, -3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.s.Apply(tt.in); got != tt.want {
				t.Errorf("%v.Apply(%v) = %v, want %v", tt.s, tt.in, got, tt.want)
			}
		})
	}
}

// TestSymmetryGroup checks the group laws against plain composition of maps.
func TestSymmetryGroup(t *testing.T) {
	cells := Hexagon(3)
	images := map[[4]Coord]Symmetry{}
	probe := []Coord{{1, 0}, {0, 1}, {2, -1}, {-3, 1}}
	for _, s := range Symmetries() {
		var key [4]Coord
		for i, c := range probe {
			key[i] = s.Apply(c)
		}
		if o, dup := images[key]; dup {
			t.Errorf("%v and %v act the same", o, s)
		}
		images[key] = s
		if s.Apply(Origin) != Origin {
			t.Errorf("%v moves the origin", s)
		}
		for _, c := range cells {
			if s.Apply(c).Len() != c.Len() {
				t.Errorf("%v changes the length of %v", s, c)
			}
			if got := s.Inverse().Apply(s.Apply(c)); got != c {
				t.Errorf("%v.Inverse() does not undo %v on %v: %v", s, s, c, got)
			}
			for _, d := range Dirs() {
				if got, want := s.Apply(c.Neighbor(d)), s.Apply(c).Neighbor(s.ApplyDir(d)); got != want {
					t.Errorf("%v: image of %v's %v neighbour is %v, want %v", s, c, d, got, want)
				}
			}
		}
		for _, u := range Symmetries() {
			st := s.Then(u)
			for _, c := range cells {
				if got, want := st.Apply(c), u.Apply(s.Apply(c)); got != want {
					t.Fatalf("%v.Then(%v) maps %v to %v, want %v", s, u, c, got, want)
				}
			}
		}
		// Orientation: a reflection reverses the counter-clockwise order.
		step := int(s.ApplyDir(NE)) - int(s.ApplyDir(E))
		if wantStep := map[bool]int{false: 1, true: -1}[s.Reflects()]; mod6(step) != mod6(wantStep) {
			t.Errorf("%v: E->NE turns by %d", s, step)
		}
	}
}

func ExampleSymmetry() {
	c := Coord{Q: 2, R: -1}
	for _, s := range []Symmetry{Rotation(1), Rotation(3), Reflection(E)} {
		fmt.Println(s, s.Apply(c))
	}
	// Output:
	// r1 (1,-2)
	// r3 (-2,1)
	// m0 (1,1)
}

func ExampleLine() {
	d, n, ok := Line(Coord{0, 0}, Coord{0, -3})
	fmt.Println(d, n, ok)
	// Output: NW 3 true
}
