package villapaletti

import (
	"errors"
	"flag"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"

	"github.com/tabula-games/tabula/games/villapaletti/geometry"
)

var lpTowers = flag.Int("lptowers", 1000, "random towers in the LP cross-check")

// feasible solves the independent formulation of a level's equilibrium: are
// there forces f_j ≥ 0 at the support points p_j with Σf_j = W and moments
// Σf_j·p_j = W·g? (W is scaled to 1 and coordinates taken about g.) It is
// feasible exactly when g lies in the convex hull of the points.
func feasible(t *testing.T, pts []geometry.Vec, g geometry.Vec) bool {
	t.Helper()
	n := len(pts)
	a := mat.NewDense(3, n, nil)
	c := make([]float64, n)
	for j, p := range pts {
		a.Set(0, j, 1)
		a.Set(1, j, p.X-g.X)
		a.Set(2, j, p.Y-g.Y)
	}
	_, _, err := lp.Simplex(c, a, []float64{1, 0, 0}, 1e-10, nil)
	switch {
	case err == nil:
		return true
	case errors.Is(err, lp.ErrInfeasible):
		return false
	}
	t.Fatalf("simplex: %v", err)
	return false
}

// randomTower builds a random structure: 1 to 5 floors at random poses near
// the centre, and the 20 columns on random levels at random points, most of
// them under the floor above so they carry it.
func randomTower(t testing.TB, rng *rand.Rand) *State {
	s := emptyVilla(t)
	s.floors = int8(1 + rng.IntN(NumFloors))
	for f := range Floor(s.floors) {
		s.poses[f] = pose{x: int32(rng.IntN(20001) - 10000), y: int32(rng.IntN(20001) - 10000), th: int32(rng.IntN(fullTurn))}
	}
	for c := range Column(NumColumns) {
		if rng.IntN(6) == 0 {
			continue // out of the game
		}
		lv := rng.IntN(int(s.floors) + 1)
		// A point inside floor lv+1 (or anywhere on the top floor).
		f := Floor(min(lv, int(s.floors)-1))
		var poly geometry.Convex
		f.convex(s.poses[f].geometry(), &poly)
		var p geometry.Vec
		for {
			p = geometry.Vec{X: rng.Float64()*200 - 100, Y: rng.Float64()*200 - 100}
			if poly.Depth(p) > c.Kind().Radius() {
				break
			}
		}
		put(s, c, lv, p.X, p.Y)
	}
	return s
}

// TestMarginMatchesLP cross-checks the margin of every level of thousands of
// random towers against the force LP: μ ≥ 0 exactly when the LP is feasible,
// a point 0.999·μ from G in any direction is still inside (feasible), and one
// just beyond μ across the nearest hull edge is outside. Levels within 1e-7
// mm of the boundary are not judged: there the LP's tolerance decides, not
// the geometry (none occur with these seeds; the count is logged).
func TestMarginMatchesLP(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	levels, close, outside := 0, 0, 0
	for range *lpTowers {
		s := randomTower(t, rng)
		st := s.structure()
		for k := 1; k <= st.floors; k++ {
			var pts []geometry.Vec
			for i := range st.cols {
				if b := &st.cols[i]; b.present && int(b.support) == k {
					pts = b.fp.Points(pts)
				}
			}
			if len(pts) == 0 {
				continue // μ = −∞: nothing to solve
			}
			l := st.level(k, st.load[k])
			levels++
			if math.Abs(l.Margin) < 1e-7 {
				close++
				continue
			}
			if l.Margin < 0 {
				outside++
			}
			if got := feasible(t, pts, l.Centre); got != (l.Margin >= 0) {
				t.Fatalf("level %d: μ = %v but LP feasible = %v\n%s", k, l.Margin, got, s)
			}
			// Magnitude, on a subset.
			if levels%10 != 0 {
				continue
			}
			r := math.Abs(l.Margin)
			for range 4 {
				a := rng.Float64() * 2 * math.Pi
				q := l.Centre.Add(geometry.Vec{X: math.Cos(a), Y: math.Sin(a)}.Scale(0.999 * r))
				if got := feasible(t, pts, q); got != (l.Margin > 0) {
					t.Fatalf("level %d: μ = %v, a point at 0.999|μ| is feasible = %v\n%s", k, l.Margin, got, s)
				}
			}
			if l.Margin > 0 {
				h := st.hull[k].e
				depth := func(e hedge) float64 { return e.nx*l.Centre.X + e.ny*l.Centre.Y - e.c }
				best := 0
				for i := range h {
					if depth(h[i]) < depth(h[best]) {
						best = i
					}
				}
				out := l.Centre.Sub(geometry.Vec{X: h[best].nx, Y: h[best].ny}.Scale(r*1.001 + 1e-6))
				if feasible(t, pts, out) {
					t.Fatalf("level %d: μ = %v, but a point 1.001·μ away across the nearest edge is feasible\n%s", k, l.Margin, s)
				}
			}
		}
	}
	t.Logf("%d levels checked, %d outside their hull, %d within 1e-7 of the boundary", levels, outside, close)
	if outside == 0 || outside == levels {
		t.Errorf("the random towers do not exercise both sides: %d of %d outside", outside, levels)
	}
}
