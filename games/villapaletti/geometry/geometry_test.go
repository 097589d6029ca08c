package geometry

import (
	"math"
	"testing"
)

func square(half float64) Polygon {
	return Polygon{{-half, -half}, {half, -half}, {half, half}, {-half, half}}
}

func TestAreaCentroid(t *testing.T) {
	p := Polygon{{0, 0}, {4, 0}, {4, 2}, {0, 2}}
	if a := p.Area(); a != 8 {
		t.Errorf("Area = %v, want 8", a)
	}
	if c := p.Centroid(); c != (Vec{2, 1}) {
		t.Errorf("Centroid = %v, want (2,1)", c)
	}
}

func TestConvexHull(t *testing.T) {
	pts := []Vec{{0, 0}, {2, 0}, {1, 0}, {2, 2}, {0, 2}, {1, 1}, {1, 2}, {0, 1}}
	h := ConvexHull(pts, nil)
	want := Polygon{{0, 0}, {2, 0}, {2, 2}, {0, 2}}
	if len(h) != len(want) {
		t.Fatalf("hull %v, want %v (no collinear or inner points)", h, want)
	}
	for i := range h {
		if h[i] != want[i] {
			t.Fatalf("hull %v, want %v", h, want)
		}
	}
	if h.Area() <= 0 {
		t.Error("hull is not counter-clockwise")
	}
}

func TestSignedDistance(t *testing.T) {
	sq := square(10)
	cv := NewConvex(sq)
	for _, tc := range []struct {
		name string
		q    Vec
		want float64
	}{
		{"centre", Vec{}, 10},
		{"off centre", Vec{3, -6}, 4},
		{"on an edge", Vec{10, 2}, 0},
		{"outside an edge", Vec{13, 2}, -3},
		{"outside a corner", Vec{13, 14}, -5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := sq.SignedDistance(tc.q); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("Polygon.SignedDistance(%v) = %v, want %v", tc.q, got, tc.want)
			}
			if got := cv.SignedDistance(tc.q); math.Abs(got-tc.want) > 1e-12 {
				t.Errorf("Convex.SignedDistance(%v) = %v, want %v", tc.q, got, tc.want)
			}
		})
	}
}

func TestTransform(t *testing.T) {
	sq := NewConvex(square(10))
	var moved Convex
	sq.Transform(Pose{X: 5, Y: -3, Theta: 90}, &moved)
	if d := moved.Depth(Vec{5, -3}); math.Abs(d-10) > 1e-12 {
		t.Errorf("depth of the moved centre = %v, want 10", d)
	}
	if d := moved.SignedDistance(Vec{5, 10}); math.Abs(d+3) > 1e-12 {
		t.Errorf("distance of (5,10) = %v, want -3", d)
	}
	p := Pose{X: 1, Y: 2, Theta: 90}.Apply(Vec{1, 0})
	if math.Abs(p.X-1) > 1e-12 || math.Abs(p.Y-3) > 1e-12 {
		t.Errorf("Pose.Apply = %v, want (1,3)", p)
	}
}

// TestFootprints checks containment and overlap of discs and hexagons
// against a 20×20 square.
func TestFootprints(t *testing.T) {
	sq := NewConvex(square(10))
	hexIn := math.Sqrt(3) / 2 * 4 // inradius of a hexagon of circumradius 4
	for _, tc := range []struct {
		name        string
		f           Footprint
		in, outside bool
	}{
		{"disc inside", Footprint{Vec{}, Disc, 4}, true, false},
		{"disc touching an edge from inside", Footprint{Vec{6, 0}, Disc, 4}, true, false},
		{"disc overhanging", Footprint{Vec{7, 0}, Disc, 4}, false, false},
		{"disc touching from outside", Footprint{Vec{14, 0}, Disc, 4}, false, true},
		{"disc near a corner, outside", Footprint{Vec{13, 13}, Disc, 4}, false, true},
		{"disc diagonal, overlapping the corner", Footprint{Vec{12, 12}, Disc, 4}, false, false},
		{"hexagon inside, corner on the edge", Footprint{Vec{6, 0}, Hexagon, 4}, true, false},
		{"hexagon corner over the edge", Footprint{Vec{6.5, 0}, Hexagon, 4}, false, false},
		{"hexagon flat side on the top edge", Footprint{Vec{0, 10 - hexIn}, Hexagon, 4}, true, false},
		{"hexagon outside, corner touching", Footprint{Vec{14, 0}, Hexagon, 4}, false, true},
		{"hexagon outside beyond a corner", Footprint{Vec{13.5, 13.5}, Hexagon, 4}, false, true},
		{"hexagon overlapping a corner", Footprint{Vec{12, 12}, Hexagon, 4}, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.f.InPolygon(&sq); got != tc.in {
				t.Errorf("InPolygon = %v, want %v", got, tc.in)
			}
			if got := tc.f.OutsidePolygon(&sq); got != tc.outside {
				t.Errorf("OutsidePolygon = %v, want %v", got, tc.outside)
			}
		})
	}
}

func TestClearWithinCircle(t *testing.T) {
	a := Footprint{Vec{}, Disc, 8}
	if !a.Clear(Footprint{Vec{17, 0}, Disc, 8}, 1) || a.Clear(Footprint{Vec{16.9, 0}, Disc, 8}, 1) {
		t.Error("Clear: 1 mm between circumradii")
	}
	thick := Footprint{Vec{}, Disc, 14}
	if !(Footprint{Vec{6, 0}, Disc, 8}).Within(thick) || (Footprint{Vec{6.1, 0}, Disc, 8}).Within(thick) {
		t.Error("Within: a disc in a disc")
	}
	if !(Footprint{Vec{}, Hexagon, 11}).Within(thick) || (Footprint{Vec{3.1, 0}, Hexagon, 11}).Within(thick) {
		t.Error("Within: a hexagon in a disc")
	}
	hex := Footprint{Vec{}, Hexagon, 11}
	if !(Footprint{Vec{}, Disc, 8}).Within(hex) || (Footprint{Vec{}, Disc, 9.6}).Within(hex) {
		t.Error("Within: a disc in a hexagon (inradius 9.526)")
	}
	if !(Footprint{Vec{72, 0}, Disc, 8}).InCircle(80) || (Footprint{Vec{72.1, 0}, Disc, 8}).InCircle(80) {
		t.Error("InCircle for a disc")
	}
	if !(Footprint{Vec{69, 0}, Hexagon, 11}).InCircle(80) || (Footprint{Vec{69.1, 0}, Hexagon, 11}).InCircle(80) {
		t.Error("InCircle for a hexagon (corner on the x-axis)")
	}
}

func TestPoints(t *testing.T) {
	d := Footprint{Vec{1, 2}, Disc, 8}.Points(nil)
	if len(d) != DiscPoints || d[0] != (Vec{9, 2}) {
		t.Errorf("disc points: %d, first %v", len(d), d[0])
	}
	h := Footprint{Vec{}, Hexagon, 11}.Points(nil)
	if len(h) != 6 || h[0] != (Vec{11, 0}) || math.Abs(h[3].X+11) > 1e-12 {
		t.Errorf("hexagon corners: %v", h)
	}
}

// TestHullBuilder checks the merged-chain hull against ConvexHull of all the
// points on random sets of footprints.
func TestHullBuilder(t *testing.T) {
	var hb HullBuilder
	seed := uint64(1)
	rnd := func() float64 { // a small LCG keeps the test self-contained
		seed = seed*6364136223846793005 + 1442695040888963407
		return float64(seed>>11) / (1 << 53)
	}
	for trial := range 3000 {
		n := 1 + trial%20
		fps := make([]Footprint, n)
		var pts []Vec
		for i := range fps {
			shape, r := Disc, []float64{8, 14}[int(rnd()*2)]
			if rnd() < 0.3 {
				shape, r = Hexagon, 11
			}
			c := Vec{math.Round(rnd()*160-80) / 2, math.Round(rnd()*160-80) / 2}
			if trial%3 == 0 {
				c = Vec{rnd()*160 - 80, rnd()*160 - 80}
			}
			fps[i] = Footprint{c, shape, r}
			pts = fps[i].Points(pts)
		}
		want := ConvexHull(pts, nil)
		got := hb.Hull(fps, nil)
		if len(got) != len(want) {
			t.Fatalf("trial %d: hull of %d points has %d vertices, want %d", trial, len(pts), len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("trial %d: vertex %d = %v, want %v", trial, i, got[i], want[i])
			}
		}
	}
}
