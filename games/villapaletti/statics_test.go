package villapaletti

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/villapaletti/geometry"
)

// emptyVilla returns a 4-player state with the blue floor at (0,0,0°) and
// every column out of the game, for building test structures.
func emptyVilla(t testing.TB) *State {
	t.Helper()
	s, err := newState(Info, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for c := range s.cols {
		s.cols[c] = column{level: outOfGame, on: NoColumn}
	}
	s.floors = 1
	return s
}

// put stands column c on level lv at (x, y) millimetres.
func put(s *State, c Column, lv int, x, y float64) {
	s.cols[c] = column{x: int32(math.Round(x * micro)), y: int32(math.Round(y * micro)), level: int8(lv), on: NoColumn}
}

// threeLegs is the spec's three-legs test structure: three thin columns at
// radius 16 (0°, 120°, 240°) under the blue floor.
func threeLegs(t testing.TB) *State {
	s := emptyVilla(t)
	put(s, ColumnOf(Blue, 0), 0, 16, 0)
	put(s, ColumnOf(Blue, 1), 0, -8, 8*math.Sqrt(3))
	put(s, ColumnOf(Blue, 2), 0, -8, -8*math.Sqrt(3))
	return s
}

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestMasses checks the derived masses of docs/rules/villapaletti.md#components-and-dimensions and the spec's test vectors.
func TestMasses(t *testing.T) {
	for _, tc := range []struct {
		name string
		got  float64
		want float64
	}{
		{"thin", Thin.Mass(), 5.881},
		{"medium", Medium.Mass(), 9.195},
		{"thick", Thick.Mass(), 18.011},
		{"blue", BlueFloor.Mass(), 91.51},
		{"green", GreenFloor.Mass(), 59.16},
		{"yellow", YellowFloor.Mass(), 43.58},
		{"orange", OrangeFloor.Mass(), 31.84},
		{"red", RedFloor.Mass(), 20.88},
	} {
		if !near(tc.got, tc.want, 0.005) {
			t.Errorf("%s mass = %.4f, want %.3f", tc.name, tc.got, tc.want)
		}
	}
	for _, tc := range []struct {
		f    Floor
		area float64
		c    geometry.Vec
	}{
		{BlueFloor, 28157.0, geometry.Vec{X: 0.36, Y: -0.12}},
		{GreenFloor, 18202.0, geometry.Vec{X: 0.49, Y: -0.77}},
		{YellowFloor, 13409.5, geometry.Vec{X: 2.31, Y: -1.30}},
		{OrangeFloor, 9798.0, geometry.Vec{X: 1.59, Y: -0.33}},
		{RedFloor, 6425.0, geometry.Vec{X: 0.81, Y: -0.30}},
	} {
		if a := tc.f.Polygon().Area(); a != tc.area {
			t.Errorf("%s area = %v, want %v", tc.f, a, tc.area)
		}
		if c := tc.f.Centroid(); !near(c.X, tc.c.X, 0.005) || !near(c.Y, tc.c.Y, 0.005) {
			t.Errorf("%s centroid = %v, want %v", tc.f, c, tc.c)
		}
	}
}

// TestStandardSetupStatics checks the spec's vector for the standard setup:
// μ_1 = 69.43, H_1 = 2.5, φ_1 = 87.94°.
func TestStandardSetupStatics(t *testing.T) {
	s, err := Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	l := s.(*State).Statics().Levels()
	if len(l) != 1 {
		t.Fatalf("%d levels, want 1", len(l))
	}
	if !near(l[0].Margin, 69.43, 0.005) || !near(l[0].Height, 2.5, 1e-9) || !near(l[0].Angle, 87.94, 0.005) {
		t.Errorf("level 1 = μ %.4f H %.4f φ %.4f, want 69.43, 2.5, 87.94", l[0].Margin, l[0].Height, l[0].Angle)
	}
	if l[0].Supports != 20 {
		t.Errorf("supports = %d, want 20", l[0].Supports)
	}
}

// TestThreeLegs checks the spec's three-legs test vectors.
func TestThreeLegs(t *testing.T) {
	leg := ColumnOf(Blue, 0) // the leg at (16,0)
	thick := ColumnOf(Red, 4)
	t.Run("blue floor only", func(t *testing.T) {
		l := threeLegs(t).Statics().Levels()[0]
		if !near(l.Margin, 15.700, 0.0005) || !near(l.Height, 2.5, 1e-9) || !near(l.Angle, 80.95, 0.005) {
			t.Errorf("μ %.4f H %.4f φ %.4f, want 15.700, 2.500, 80.95", l.Margin, l.Height, l.Angle)
		}
	})
	t.Run("remove the leg at (16,0): wobble", func(t *testing.T) {
		lifted, wob, _ := threeLegs(t).Statics().Lift(leg)
		if m := lifted.Levels()[0].Margin; !near(m, -0.357, 0.0005) {
			t.Errorf("μ_1 = %.4f, want -0.357", m)
		}
		if !wob {
			t.Error("removal does not wobble")
		}
	})
	withThick := func(t *testing.T) *State {
		s := threeLegs(t)
		put(s, thick, 1, -80, 0)
		return s
	}
	t.Run("thick column on blue at (-80,0) stands", func(t *testing.T) {
		l := withThick(t).Statics().Levels()[0]
		if !near(l.Weight, 109.521, 0.0005) || !near(l.Centre.X, -12.858, 0.0005) || !near(l.Centre.Y, -0.100, 0.0005) ||
			!near(l.Z, 51.611, 0.0005) || !near(l.Margin, 3.142, 0.0005) || !near(l.Angle, 25.42, 0.005) {
			t.Errorf("W %.4f G (%.4f, %.4f, %.4f) μ %.4f φ %.4f", l.Weight, l.Centre.X, l.Centre.Y, l.Z, l.Margin, l.Angle)
		}
		st := threeLegs(t).Statics()
		if ok, m := st.Place(Thick, geometry.Vec{X: -80}, 0); !ok || !near(m, 3.142, 0.0005) {
			t.Errorf("Place = %v, %.4f; want stands, 3.142", ok, m)
		}
	})
	t.Run("then remove the leg: the thick column counterweights", func(t *testing.T) {
		lifted, wob, _ := withThick(t).Statics().Lift(leg)
		if m := lifted.Levels()[0].Margin; !near(m, 3.142, 0.0005) || wob {
			t.Errorf("μ_1 = %.4f wobble %v, want 3.142, no wobble", m, wob)
		}
	})
	t.Run("a second thick column at (-60,40) collapses", func(t *testing.T) {
		s := withThick(t)
		st := s.Statics()
		ok, m := st.Place(Thick, geometry.Vec{X: -60, Y: 40}, 0)
		if ok || !near(m, -3.516, 0.0005) {
			t.Errorf("Place = %v, %.4f; want collapse, -3.516", ok, m)
		}
		put(s, ColumnOf(Yellow, 4), 1, -60, 40)
		l := s.Statics().Levels()[0]
		if !near(l.Centre.X, -19.516, 0.0005) || !near(l.Centre.Y, 5.563, 0.0005) || !near(l.Z, 54.561, 0.0005) {
			t.Errorf("G = (%.4f, %.4f, %.4f), want (-19.516, 5.563, 54.561)", l.Centre.X, l.Centre.Y, l.Z)
		}
	})
}

// TestStandardSetup_3 checks the spec's vectors for the standard setup:
// every footprint inside the building site (largest extent 72 mm), smallest
// gap 4.08 mm between circumradii, every footprint at least 17.6 mm inside
// the blue floor's edges.
func TestStandardSetup_3(t *testing.T) {
	gs, err := Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := gs.(*State)
	var blue geometry.Convex
	BlueFloor.convex(geometry.Pose{}, &blue)
	extent, gap, inside := 0.0, math.Inf(1), math.Inf(1)
	for c := range Column(NumColumns) {
		f := s.footprint(c)
		if !f.InCircle(SiteRadius) {
			t.Errorf("%s is outside the building site", c)
		}
		extent = max(extent, f.C.Len()+f.R)
		inside = min(inside, blue.Depth(f.C)-f.R)
		for d := c + 1; d < NumColumns; d++ {
			g := s.footprint(d)
			gap = min(gap, f.C.Sub(g.C).Len()-f.R-g.R)
		}
	}
	if !near(extent, 72, 0.001) || !near(gap, 4.08, 0.005) || !near(inside, 17.6, 0.05) {
		t.Errorf("extent %.3f gap %.3f inside %.3f; want 72, 4.08, 17.6", extent, gap, inside)
	}
}

// TestShakeBand_6_7 checks the shake bands: calm for the standard setup,
// band 3 for a floor whose load sits just inside its supports.
func TestShakeBand_6_7(t *testing.T) {
	gs, err := Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b := gs.(*State).ShakeBand(); b != 0 {
		t.Errorf("standard setup: band %d, want 0 (φ = 87.9°)", b)
	}
	s := threeLegs(t)
	put(s, redThick, 1, -98, 0) // φ_1 just above 0
	if a := s.Statics().MinAngle(); a <= 0 || a >= 4 {
		t.Fatalf("precondition: φ = %.2f°, want in (0°, 4°)", a)
	}
	if b := s.ShakeBand(); b != 3 {
		t.Errorf("band %d, want 3", b)
	}
}

// TestEvaluate checks the heuristic's range and the sign at a won end.
func TestEvaluate(t *testing.T) {
	s := greenVilla(t)
	s = play(t, s, "take blue-thin-3 to (0,40)")
	for p := range game.Player(4) {
		if v := s.Evaluate(p); v < -1 || v > 1 {
			t.Errorf("Evaluate(%d) = %v outside [-1,1]", p, v)
		}
	}
	// Seat 1, to move, can take the seal at once with its thick column
	// (see TestEvaluateThreat); seat 2 cannot.
	if s.Evaluate(0) <= s.Evaluate(2) {
		t.Errorf("the seal holder evaluates %v, no better than %v", s.Evaluate(0), s.Evaluate(2))
	}
	s.phase, s.culprit = phaseOver, noPlayer
	if s.Evaluate(0) != 1 || s.Evaluate(1) != -1 {
		t.Errorf("at the end: %v, %v; want 1, -1", s.Evaluate(0), s.Evaluate(1))
	}
}

// TestStaticsHandComputed checks margins worked out by hand on the blue
// floor resting on three thin legs at (−30,−20), (30,−20) and (0,10). The
// legs' edges have outward normals at 270°, 45° and 135°, which are among
// the 32 directions of the disc points, so the support hull's straight edges
// lie exactly 8 mm outside the triangle of centres:
//
//	bottom: μ = y + 28
//	right:  μ = (10 − x − y)/√2 + 8
//	left:   μ = (10 + x − y)/√2 + 8
//
// and μ is the smallest of the three wherever the nearest boundary is a
// straight edge (all the cases below).
func TestStaticsHandComputed(t *testing.T) {
	base := func() *State {
		s := emptyVilla(t)
		put(s, blueThin1, 0, -30, -20)
		put(s, blueThin2, 0, 30, -20)
		put(s, blueThin3, 0, 0, 10)
		return s
	}
	handMu := func(x, y float64) float64 {
		return min(y+28, (10-x-y)/math.Sqrt2+8, (10+x-y)/math.Sqrt2+8)
	}
	mb, cb := BlueFloor.Mass(), BlueFloor.Centroid() // 91.51 g at (0.36, −0.12)
	mt := Thick.Mass()
	for _, tc := range []struct {
		name   string
		loads  [][2]float64 // thick columns on blue
		stands bool
	}{
		{"load at the floor's centroid", nil, true},
		{"a thick column right above a leg", [][2]float64{{30, -20}}, true},
		{"two thick columns far out: just outside the hull", [][2]float64{{-15, -100}, {15, -100}}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := base()
			w, gx, gy := mb, mb*cb.X, mb*cb.Y
			for i, p := range tc.loads {
				put(s, []Column{yellowThick, redThick}[i], 1, p[0], p[1])
				w, gx, gy = w+mt, gx+mt*p[0], gy+mt*p[1]
			}
			gx, gy = gx/w, gy/w
			l := s.Statics().Levels()[0]
			if !near(l.Centre.X, gx, 1e-9) || !near(l.Centre.Y, gy, 1e-9) || !near(l.Weight, w, 1e-9) {
				t.Errorf("G = %v W = %v, want (%v, %v) %v", l.Centre, l.Weight, gx, gy, w)
			}
			if want := handMu(gx, gy); !near(l.Margin, want, 1e-9) {
				t.Errorf("μ = %.6f, want %.6f", l.Margin, want)
			}
			if l.Stands() != tc.stands || s.Statics().Stands() != tc.stands {
				t.Errorf("stands = %v, want %v (μ = %.4f)", l.Stands(), tc.stands, l.Margin)
			}
		})
	}
	t.Run("a load exactly on the hull edge stands (μ = 0)", func(t *testing.T) {
		st := base().Statics()
		for _, q := range []geometry.Vec{{X: 0, Y: -28}, {X: 12, Y: -28}} {
			if m := st.hull[1].margin(q); m != 0 {
				t.Errorf("margin at %v = %v, want exactly 0", q, m)
			}
		}
		if !(Level{Margin: 0}).Stands() {
			t.Error("μ = 0 does not stand")
		}
		if m := st.hull[1].margin(geometry.Vec{X: 0, Y: -28.001}); !near(m, -0.001, 1e-9) {
			t.Errorf("margin 0.001 below the edge = %v", m)
		}
	})
	t.Run("a stack above red", func(t *testing.T) {
		s := fullTower(t)
		put(s, redThick, 5, 0, 0)
		put(s, redThin1, 5, 0, 0)
		s.cols[redThin1].on = redThick
		l := s.Statics().Levels()[4]
		w := RedFloor.Mass() + Thick.Mass() + Thin.Mass()
		z := (RedFloor.Mass()*(250-2.5) + Thick.Mass()*(250+22.5) + Thin.Mass()*(250+45+22.5)) / w
		if !near(l.Weight, w, 1e-9) || !near(l.Z, z, 1e-9) || !near(l.Height, z-245, 1e-9) {
			t.Errorf("red's load W %v z %v H %v, want %v %v %v", l.Weight, l.Z, l.Height, w, z, z-245)
		}
		// The stacked thin column is part of every floor's load (docs/rules/villapaletti.md#stability-model).
		if l1 := s.Statics().Levels()[0]; l1.Weight < w {
			t.Errorf("blue carries %v g, less than red's load %v", l1.Weight, w)
		}
	})
}

// TestHullCache plays random games and checks at every state that the
// statics from the cached support hulls equal the statics from scratch.
func TestHullCache(t *testing.T) {
	for _, n := range []int{2, 3, 4} {
		for seed := range uint64(4) {
			gs, err := Info.New(game.Options{Players: n, Seed: seed, Values: map[string]string{"unsteadyHands": "true"}})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, uint64(n)))
			for ply := 0; gs.ToMove() != game.NoPlayer; ply++ {
				s := gs.(*State)
				fresh := *s
				fresh.hulls, fresh.hullKey = [NumFloors + 1]hull{}, [NumFloors + 1]uint64{}
				got, want := s.Statics().Levels(), fresh.Statics().Levels()
				if !slices.Equal(got, want) {
					t.Fatalf("%d players, seed %d, ply %d: cached %v, from scratch %v\n%s", n, seed, ply, got, want, s)
				}
				moves := gs.LegalMoves(nil)
				if gs, err = gs.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}
