package villapaletti

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/villapaletti/geometry"
)

// scenario returns an n-player state with every column out of the game, the
// blue floor at (0,0,0°), seat 0 to move.
func scenario(t testing.TB, n int, values map[string]string) *State {
	t.Helper()
	s, err := newState(Info, game.Options{Players: n, Values: values})
	if err != nil {
		t.Fatal(err)
	}
	for c := range s.cols {
		s.cols[c] = column{level: outOfGame, on: NoColumn}
	}
	s.floors = 1
	s.phase, s.turn = phaseTurn, 0
	return s
}

// legs puts columns on level lv at radius 20 around the origin, evenly
// spaced from 90°: a steady support for a floor at (0,0,0°).
func legs(s *State, lv int, cols ...Column) {
	for i, c := range cols {
		a := math.Pi/2 + 2*math.Pi*float64(i)/float64(len(cols))
		put(s, c, lv, 20*math.Cos(a), 20*math.Sin(a))
	}
}

// floorsUpTo lays floors 1..f at (0,0,0°).
func floorsUpTo(s *State, f int) {
	s.floors = int8(f)
	for i := range s.poses {
		s.poses[i] = pose{}
	}
}

// play parses and plays moves, failing the test on any error.
func play(t *testing.T, s *State, moves ...string) *State {
	t.Helper()
	for _, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("ParseMove(%q): %v\nposition: %s", text, err, s)
		}
		next, err := s.Play(m)
		if err != nil {
			t.Fatalf("Play(%q): %v", text, err)
		}
		s = next.(*State)
	}
	return s
}

// illegal checks that text parses but is not legal.
func illegal(t *testing.T, s *State, text string) {
	t.Helper()
	if _, err := s.ParseMove(text); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("ParseMove(%q) = %v, want an error wrapping ErrIllegalMove", text, err)
	}
}

var (
	blueThin1   = ColumnOf(Blue, 0)
	blueThin2   = ColumnOf(Blue, 1)
	blueThin3   = ColumnOf(Blue, 2)
	blueThick   = ColumnOf(Blue, 4)
	yellowThin1 = ColumnOf(Yellow, 0)
	yellowThin2 = ColumnOf(Yellow, 1)
	yellowThin3 = ColumnOf(Yellow, 2)
	yellowThick = ColumnOf(Yellow, 4)
	greenThin1  = ColumnOf(Green, 0)
	greenThin2  = ColumnOf(Green, 1)
	greenThin3  = ColumnOf(Green, 2)
	greenMedium = ColumnOf(Green, 3)
	greenThick  = ColumnOf(Green, 4)
	redThin1    = ColumnOf(Red, 0)
	redThin2    = ColumnOf(Red, 1)
	redThin3    = ColumnOf(Red, 2)
	redMedium   = ColumnOf(Red, 3)
	redThick    = ColumnOf(Red, 4)
	blueMedium  = ColumnOf(Blue, 3)
)

// TestTargets_5_1 checks the target rules: on the floor without overhang,
// 1 mm clearance between circumradii, no stacking below red.
func TestTargets_5_1(t *testing.T) {
	s := scenario(t, 4, nil)
	legs(s, 0, greenThin1, greenThin2, greenThin3)
	put(s, redThin1, 1, 0, 0) // a thin column on the blue floor
	for _, tc := range []struct {
		name  string
		kind  Kind
		at    geometry.Vec
		legal bool
	}{
		{"thin well inside", Thin, geometry.Vec{X: 50}, true},
		{"thin overhanging the edge at x=104", Thin, geometry.Vec{X: 100}, false},
		{"thin 8.001 mm from the edge (104,0)-(74,62)", Thin, edgePoint(8.001), true},
		{"thin 7.999 mm from the edge (104,0)-(74,62)", Thin, edgePoint(7.999), false},
		{"clearance exactly 1 mm", Thin, geometry.Vec{X: 17}, true},
		{"clearance 0.5 mm", Thin, geometry.Vec{X: 16.5}, false},
		{"thick clearance 1 mm", Thick, geometry.Vec{Y: 23}, true},
		{"thick clearance 0.5 mm", Thick, geometry.Vec{Y: 22.5}, false},
		{"medium inside", Medium, geometry.Vec{X: 40, Y: 40}, true},
		{"medium corner over the edge", Medium, geometry.Vec{X: 94}, false},
		{"no stacking below red (rule 8)", Thin, geometry.Vec{}, false},
		{"off the villa", Thin, geometry.Vec{X: 200}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, ok := s.surface().target(tc.kind, tc.at)
			if ok != tc.legal {
				t.Errorf("target(%v, %v) = %v, want %v", tc.kind, tc.at, ok, tc.legal)
			}
		})
	}
}

// edgePoint returns the point d mm inside the blue floor from the middle of
// its edge (104,0)-(74,62).
func edgePoint(d float64) geometry.Vec {
	a, b := geometry.Vec{X: 104}, geometry.Vec{X: 74, Y: 62}
	e := b.Sub(a)
	n := geometry.Vec{X: -e.Y, Y: e.X}.Scale(1 / e.Len())
	return a.Add(b).Scale(0.5).Add(n.Scale(d))
}

// TestStackingAboveRed checks stacking above red: a footprint within the top
// face of the column below; thin on thin only centred (the onto form).
func TestStackingAboveRed(t *testing.T) {
	s := fullTower(t)
	put(s, redThick, 5, 0, 0)
	put(s, redThin1, 5, 30, 0)
	sf := s.surface()
	for _, tc := range []struct {
		name string
		kind Kind
		at   geometry.Vec
		base Column
		ok   bool
	}{
		{"thin on the thick, off centre", Thin, geometry.Vec{X: 3}, redThick, true},
		{"thin overhanging the thick", Thin, geometry.Vec{X: 7}, NoColumn, false},
		{"medium on the thick (corners at 11 ≤ 14)", Medium, geometry.Vec{}, redThick, true},
		{"thick on a thin", Thick, geometry.Vec{X: 30}, NoColumn, false},
		{"thin on a thin off centre", Thin, geometry.Vec{X: 30.5}, NoColumn, false},
		{"thin on a thin, centred", Thin, geometry.Vec{X: 30}, redThin1, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base, ok := sf.target(tc.kind, tc.at)
			if ok != tc.ok || (ok && base != tc.base) {
				t.Errorf("target = %v on %v, want %v on %v", ok, base, tc.ok, tc.base)
			}
		})
	}
	// Playing a stack: red (seat 3) stacks its thin column on the thick one.
	put(s, redThin2, 4, 70, 0) // on orange, beside the red floor
	s.turn = 3
	s = play(t, s, "take red-thin-2 from 4 onto red-thick")
	if c := s.cols[redThin2]; c.level != 5 || c.on != redThick || s.depth(redThin2) != 1 {
		t.Errorf("stacked column: level %d on %v depth %d", c.level, c.on, s.depth(redThin2))
	}
	// The stacked column scores on the top level (docs/rules/villapaletti.md#scoring-and-the-master-builder-seal, docs/rules/villapaletti.md#stacking-above-red).
	if got := s.Score(3); got != 3+1+1 {
		t.Errorf("red's score = %d, want 5", got)
	}
}

// fullTower returns a 4-player villa with all five floors at (0,0,0°), each
// on legs at radius 20: three thin or medium columns under blue, green,
// yellow and orange, the blue and yellow thick columns under red. Green's
// thick column and all of red's columns are left out of the game.
func fullTower(t testing.TB) *State {
	s := scenario(t, 4, nil)
	floorsUpTo(s, 5)
	legs(s, 0, blueThin1, yellowThin1, greenThin1)
	legs(s, 1, blueThin2, yellowThin2, greenThin2)
	legs(s, 2, blueThin3, yellowThin3, greenThin3)
	legs(s, 3, blueMedium, ColumnOf(Yellow, 3), greenMedium)
	legs(s, 4, blueThick, yellowThick)
	if !s.Statics().Stands() {
		t.Fatal("the full test tower does not stand")
	}
	return s
}

// TestEligibility_4 checks which columns a player may take.
func TestEligibility_4(t *testing.T) {
	s := scenario(t, 4, nil)
	legs(s, 0, blueThin1, blueThin2, blueThin3)
	put(s, blueThick, 0, 60, 0)
	put(s, blueMedium, 1, 40, 40)
	put(s, yellowThin1, 0, -60, 0)
	s.cols[blueThin3].frozen = true
	illegal(t, s, "take yellow-thin-1 to (0,50)")      // not the player's colour
	illegal(t, s, "take blue-thin-3 to (0,50)")        // frozen
	illegal(t, s, "take blue-medium to (0,-50)")       // on the top level
	illegal(t, s, "take blue-thin-1 from 1 to (0,50)") // wrong level
	illegal(t, s, "take blue-thick to (0,120)")        // no such target
	illegal(t, s, "take red-thin-2 to (0,50)")         // out of the game
	play(t, s, "take blue-thick to (0,-50)")
}

// TestRemoval_6_4 checks the removal test: a free-standing column affects no
// floor; removing a leg of the three-legs structure wobbles, freezes the
// column, leaves it where it was and ends the turn.
func TestRemoval_6_4(t *testing.T) {
	t.Run("free-standing never wobbles", func(t *testing.T) {
		s := threeLegs(t)
		put(s, blueThick, 0, 0, 110) // outside the blue floor's outline
		_, wob, a := s.Statics().Lift(blueThick)
		if wob || !math.IsInf(a, 1) {
			t.Errorf("Lift = wobble %v, angle %v; want no wobble, +Inf", wob, a)
		}
	})
	t.Run("wobble freezes and ends the turn", func(t *testing.T) {
		s := threeLegs(t)
		put(s, yellowThick, 0, 0, 110) // yellow can act next
		before := s.cols[blueThin1]
		after := play(t, s, "take blue-thin-1 to (0,-50)")
		c := after.cols[blueThin1]
		if !c.frozen || c.level != 0 || c.x != before.x || c.y != before.y {
			t.Errorf("after a wobble the column is %+v, want it back and frozen", c)
		}
		if after.ToMove() != 1 || after.phase != phaseTurn {
			t.Errorf("after a wobble the turn did not pass: %s", after)
		}
	})
}

// TestWobbleAngle_6_3 checks the wobbleAngle option: a removal leaving a
// tipping angle between 3° and 10° wobbles with φ_w = 10° only.
func TestWobbleAngle_6_3(t *testing.T) {
	build := func(wobble string, x float64) *State {
		s := scenario(t, 4, map[string]string{"wobbleAngle": wobble})
		s.cols = threeLegs(t).cols
		put(s, redThick, 1, x, 0)
		return s
	}
	// Find the counterweight position (0.5 mm grid) whose removal of the
	// leg at (16,0) leaves φ between 3° and 10°.
	x, angle := 0.0, 0.0
	for x = -80; x > -100; x -= 0.5 {
		_, _, angle = build("3", x).Statics().Lift(blueThin1)
		if angle > 3.5 && angle < 9.5 {
			break
		}
	}
	if angle <= 3.5 || angle >= 9.5 {
		t.Fatalf("no counterweight position gives φ in (3.5°, 9.5°)")
	}
	for _, tc := range []struct {
		wobble string
		frozen bool
	}{{"3", false}, {"10", true}} {
		s := play(t, build(tc.wobble, x), "take blue-thin-1 to (0,-50)")
		if s.cols[blueThin1].frozen != tc.frozen {
			t.Errorf("φ = %.2f°, wobbleAngle %s: frozen = %v, want %v", angle, tc.wobble, !tc.frozen, tc.frozen)
		}
	}
}

// TestCollapse_6_5 plays the spec's collapse vector: yellow puts a second
// thick column at (−60,40) and is the culprit.
func TestCollapse_6_5(t *testing.T) {
	s := threeLegs(t)
	put(s, redThick, 1, -80, 0)
	put(s, yellowThick, 0, 0, 110)
	s.turn = 1
	s = play(t, s, "take yellow-thick to (-60,40)")
	if s.phase != phaseOver || s.culprit != 1 {
		t.Fatalf("after the placement: %s", s)
	}
	o, ok := s.Outcome()
	if !ok || o.Reason != "collapse" || len(o.Winners) != 0 || !o.AllLose {
		t.Errorf("outcome %+v: a collapse before any seal has no winner and everyone loses", o)
	}
	if s.ToMove() != game.NoPlayer || len(s.LegalMoves(nil)) != 0 {
		t.Error("the game goes on after a collapse")
	}
	if _, err := s.Play(move{kind: kindPass}.encode()); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("a move after the end: %v, want ErrGameOver", err)
	}
}

// TestWinner_8 checks the winner table of docs/rules/villapaletti.md#end-and-winner.
func TestWinner_8(t *testing.T) {
	for _, tc := range []struct {
		name                    string
		culprit, holder, prev   int8
		yellowOnTop, greenOnTop []Column
		want                    []game.Player
		reason                  string
	}{
		{name: "no collapse: the holder", culprit: noPlayer, holder: 2, prev: noPlayer, want: []game.Player{2}, reason: "standstill"},
		{name: "no collapse, no holder: nobody", culprit: noPlayer, holder: noPlayer, prev: noPlayer, want: nil, reason: "standstill"},
		{name: "culprit is not the holder", culprit: 1, holder: 2, prev: 0, want: []game.Player{2}, reason: "collapse"},
		{name: "culprit holder with a previous holder", culprit: 2, holder: 2, prev: 0, want: []game.Player{0}, reason: "collapse"},
		{name: "culprit holder, no previous: best other score", culprit: 2, holder: 2, prev: noPlayer,
			yellowOnTop: []Column{yellowThick}, greenOnTop: []Column{greenThin1}, want: []game.Player{1}, reason: "collapse"},
		{name: "culprit holder, no previous, tie: joint winners", culprit: 2, holder: 2, prev: noPlayer,
			want: []game.Player{0, 1, 3}, reason: "collapse"},
		{name: "collapse before any seal: nobody", culprit: 1, holder: noPlayer, prev: noPlayer, want: nil, reason: "collapse"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := scenario(t, 4, nil)
			floorsUpTo(s, 2)
			for i, c := range tc.yellowOnTop {
				put(s, c, 2, float64(30*i), 30)
			}
			for i, c := range tc.greenOnTop {
				put(s, c, 2, float64(30*i), -30)
			}
			s.phase, s.culprit, s.holder, s.prev = phaseOver, tc.culprit, tc.holder, tc.prev
			o, ok := s.Outcome()
			if !ok || !slices.Equal(o.Winners, tc.want) || o.Reason != tc.reason || o.AllLose != (tc.want == nil) {
				t.Errorf("Outcome = %+v, want winners %v by %s (everyone loses when nobody wins, V14)", o, tc.want, tc.reason)
			}
		})
	}
}

// greenVilla returns a 4-player villa with blue and green laid at
// (0,0,0°) on steady legs, every player holding free columns below.
func greenVilla(t testing.TB) *State {
	s := scenario(t, 4, nil)
	floorsUpTo(s, 2)
	legs(s, 0, blueThin1, yellowThin1, greenThin1, redThin1)
	legs(s, 1, blueThin2, yellowThin2, greenThin2, redThin2)
	put(s, blueThick, 0, 60, 0)
	put(s, yellowThick, 0, -60, 0)
	put(s, greenThick, 0, 0, 60)
	put(s, redThick, 0, 0, -60)
	put(s, blueThin3, 1, 45, 45)
	put(s, yellowThin3, 1, -45, 45)
	put(s, greenThin3, 1, -45, -45)
	put(s, redThin3, 1, 45, -45)
	return s
}

// TestSeal_7 checks scoring and the Master Builder seal.
func TestSeal_7(t *testing.T) {
	s := greenVilla(t)
	s = play(t, s, "take blue-thin-3 to (0,40)") // first own column on green: blue takes the seal
	if s.holder != 0 || s.prev != noPlayer || s.Score(0) != 1 {
		t.Fatalf("after blue's first column: holder %d prev %d score %d", s.holder, s.prev, s.Score(0))
	}
	s = play(t, s, "take yellow-thin-3 to (0,-40)") // 1 = 1: the holder keeps it (Рис. 7б)
	if s.holder != 0 {
		t.Fatalf("a tie moved the seal to %d", s.holder)
	}
	s = play(t, s, "take green-thick to (40,0)") // 3 > 1: green takes it, blue is previous
	if s.holder != 2 || s.prev != 0 {
		t.Fatalf("after green's thick column: holder %d prev %d", s.holder, s.prev)
	}
	if got := []int{s.Score(0), s.Score(1), s.Score(2), s.Score(3)}; !slices.Equal(got, []int{1, 1, 3, 0}) {
		t.Errorf("scores %v, want [1 1 3 0]", got)
	}
	// Before green the contest has not started.
	b := scenario(t, 4, nil)
	legs(b, 0, greenThin1, greenThin2, greenThin3)
	put(b, blueThin1, 0, 60, 0)
	b = play(t, b, "take blue-thin-1 to (0,40)")
	if b.holder != noPlayer || b.claimed || b.Score(0) != 0 {
		t.Errorf("on the blue floor: holder %d claimed %v score %d, want none", b.holder, b.claimed, b.Score(0))
	}
}

// TestNewFloorVoidsScores_7 checks that a new floor voids the points below
// and reopens the "first column" rule.
func TestNewFloorVoidsScores_7(t *testing.T) {
	s := greenVilla(t)
	s = play(t, s, "take blue-thin-3 to (-20,-20)", "take yellow-thin-3 to (20,-20)", "take green-thin-3 to (0,30)")
	if s.Score(1) != 1 || !s.claimed {
		t.Fatalf("before the floor: yellow %d claimed %v", s.Score(1), s.claimed)
	}
	s = play(t, s, "propose yellow at (0,0,0)", "pass", "pass", "pass")
	if s.floors != 3 {
		t.Fatalf("the floor was not laid: %s", s)
	}
	if s.Score(1) != 0 || s.claimed || s.holder != 0 {
		t.Errorf("after the floor: yellow %d claimed %v holder %d; want 0, false, 0", s.Score(1), s.claimed, s.holder)
	}
}

// TestFloorPlacement_5_2 checks floor poses.
func TestFloorPlacement_5_2(t *testing.T) {
	s := greenVilla(t)
	floorsUpTo(s, 1)
	for c := range Column(NumColumns) {
		if s.cols[c].level == 2 {
			s.cols[c].level = 1
		}
	}
	// Level 1 now holds the four green legs at radius 20 and four thin
	// columns at (±45,±45).
	for _, tc := range []struct {
		name string
		move string
		ok   bool
	}{
		{"green over everything", "propose green at (0,0,0)", true},
		{"green past the foundation's edge", "propose green at (20,0,0)", false},
		{"a column half under the floor", "propose green at (0,0,45)", false},
		{"the next floor is green, not yellow", "propose yellow at (0,0,0)", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.ParseMove(tc.move)
			if (err == nil) != tc.ok {
				t.Errorf("ParseMove(%q) = %v, want ok %v", tc.move, err, tc.ok)
			}
		})
	}
	// Supports: green needs 3, orange 2.
	few := scenario(t, 4, nil)
	legs(few, 0, greenThin1, greenThin2, greenThin3)
	legs(few, 1, blueThin1, blueThin2)
	if _, err := few.ParseMove("propose green at (0,0,0)"); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("green on 2 supports: %v, want illegal", err)
	}
	floorsUpTo(few, 3)
	for c := range Column(NumColumns) {
		if few.cols[c].level == 1 {
			few.cols[c].level = 3
		}
	}
	if _, err := few.ParseMove("propose orange at (0,0,0)"); err != nil {
		t.Errorf("orange on 2 supports: %v, want legal", err)
	}
}

// proposal returns greenVilla with blue (seat 0) having proposed yellow at
// (0,0,0), yellow (seat 1) to object or pass.
func proposal(t *testing.T) *State {
	s := greenVilla(t)
	legs(s, 2, ColumnOf(Yellow, 3), greenMedium, redMedium)
	s = play(t, s, "propose yellow at (0,0,0)")
	if s.phase != phaseFloorObjection || s.ToMove() != 1 {
		t.Fatalf("after the proposal: %s", s)
	}
	return s
}

// TestProposal_5_3 checks proposals, objections and their outcomes.
func TestProposal_5_3(t *testing.T) {
	t.Run("no objection: the floor is laid at the proposed pose", func(t *testing.T) {
		s := play(t, proposal(t), "pass", "accept", "pass")
		if s.floors != 3 || s.poses[YellowFloor] != (pose{}) || s.ToMove() != 1 {
			t.Errorf("after three passes: %s", s)
		}
	})
	t.Run("successful objection: the column leaves the game, the turn is lost", func(t *testing.T) {
		s := play(t, proposal(t), "object: take blue-thick to (0,-40)")
		if s.cols[blueThick].level != outOfGame || s.floors != 2 || s.ToMove() != 1 {
			t.Errorf("after the objection: %s", s)
		}
		if s.holder != noPlayer {
			t.Errorf("a column moved by an objector took the seal for %d", s.holder)
		}
	})
	t.Run("only the proposer's columns", func(t *testing.T) {
		illegal(t, proposal(t), "take yellow-thick to (0,-40)")
	})
	// fragile takes away the four thin columns at (±45,±45) under green,
	// leaving it on four legs at radius 20.
	fragile := func(s *State) {
		for _, c := range []Column{blueThin3, yellowThin3, greenThin3, redThin3} {
			s.cols[c] = column{level: outOfGame, on: NoColumn}
		}
	}
	t.Run("failed objection: frozen, the proposer removes, then places", func(t *testing.T) {
		s := proposal(t)
		fragile(s)
		put(s, yellowThick, 2, 0, 45) // loads green towards blue's leg at (0,20)
		if _, wob, _ := s.Statics().Lift(blueThin2); !wob || !s.Statics().Stands() {
			t.Fatal("precondition: the villa stands and taking blue-thin-2 wobbles")
		}
		s = play(t, s, "pass") // yellow passes, green objects
		s = play(t, s, "take blue-thin-2 to (40,-20)")
		if !s.cols[blueThin2].frozen || s.cols[blueThin2].level != 1 || s.phase != phaseRemove || s.ToMove() != 0 {
			t.Fatalf("after the failed objection: %s", s)
		}
		illegal(t, s, "remove yellow-thick") // not the objector's
		s.cols[greenThin1].frozen = true
		illegal(t, s, "remove green-thin-1") // frozen
		s = play(t, s, "remove green-thick")
		if s.cols[greenThick].level != outOfGame || s.phase != phasePlace {
			t.Fatalf("after the removal: %s", s)
		}
		illegal(t, s, "place yellow at (60,0,0)")
		var place game.Move
		for _, m := range s.LegalMoves(nil) {
			if mv, _ := decode(m); mv.kind == kindPlace {
				place = m
				break
			}
		}
		if place == 0 {
			t.Fatal("no place move listed")
		}
		next, err := s.Play(place)
		if err != nil {
			t.Fatal(err)
		}
		if s = next.(*State); s.floors != 3 || s.phase == phasePlace {
			t.Errorf("after the placement: %s", s)
		}
	})
	t.Run("collapse during an objection: the objector is the culprit", func(t *testing.T) {
		s := proposal(t)
		fragile(s)
		s.cols[blueThin2] = column{level: outOfGame, on: NoColumn} // green on three legs
		if !s.Statics().Stands() {
			t.Fatal("precondition: the villa stands")
		}
		st, _, _ := s.Statics().Lift(blueThick)
		var collapsing game.Move
		for _, m := range s.LegalMoves(nil) {
			mv, _ := decode(m)
			if mv.kind == kindTake && mv.col == blueThick {
				if ok, _ := st.Place(Thick, halfMM(mv.x, mv.y), 0); !ok {
					collapsing = m
					break
				}
			}
		}
		if collapsing == 0 {
			t.Fatal("precondition: some listed target of blue-thick collapses the villa")
		}
		next, err := s.Play(collapsing)
		if err != nil {
			t.Fatal(err)
		}
		if s = next.(*State); s.phase != phaseOver || s.culprit != 1 {
			t.Errorf("after the objector's placement: %s", s)
		}
	})
}

// TestThreePlayers_9_2 checks the neutral step and its objection.
func TestThreePlayers_9_2(t *testing.T) {
	base := func() *State {
		s := scenario(t, 3, nil)
		floorsUpTo(s, 2)
		legs(s, 0, blueThin1, yellowThin1, greenThin1)
		legs(s, 1, blueThin2, yellowThin2, greenThin2)
		put(s, redThin1, 0, 60, 0)
		put(s, redThin2, 0, -60, 0)
		put(s, redThin3, 1, 45, 45)
		put(s, blueThin3, 1, -45, -45)
		put(s, yellowThin3, 1, 45, -45)
		return s
	}
	t.Run("the neutral step comes first", func(t *testing.T) {
		s := base()
		illegal(t, s, "take blue-thin-3 to (0,40)")
		s = play(t, s, "take red-thin-1 to (0,40)")
		if s.phase != phaseOwn || s.ToMove() != 0 || s.holder != noPlayer {
			t.Fatalf("after the neutral step: %s", s)
		}
		s = play(t, s, "take blue-thin-3 to (0,-40)")
		if s.holder != 0 || s.ToMove() != 1 {
			t.Errorf("after the own step: %s", s)
		}
	})
	t.Run("the last neutral column on a level cannot be touched", func(t *testing.T) {
		s := base()
		s.cols[redThin2] = column{level: outOfGame, on: NoColumn}
		illegal(t, s, "take red-thin-1 to (0,40)")
		play(t, s, "take blue-thin-3 to (0,40)") // no neutral step possible: skipped
	})
	t.Run("a failed neutral attempt: frozen, others may try another", func(t *testing.T) {
		s := base()
		put(s, redThin1, 0, 20, 0) // now a leg under blue ...
		legs(s, 0, blueThin1, yellowThin1, redThin1)
		put(s, greenThin1, 0, -60, 20)
		s = play(t, s, "take red-thin-1 to (0,40)")
		if !s.cols[redThin1].frozen || s.phase != phaseNeutralObjection || s.ToMove() != 1 {
			t.Fatalf("after the failed neutral attempt: %s", s)
		}
		won := play(t, s, "take red-thin-2 to (0,40)")
		if won.cols[redThin2].level != 2 || won.ToMove() != 1 || won.phase != phaseTurn {
			t.Errorf("after a successful neutral objection: %s", won)
		}
		passed := play(t, s, "pass", "pass")
		if passed.phase != phaseOwn || passed.ToMove() != 0 {
			t.Errorf("after nobody objects: %s", passed)
		}
	})
}

// TestTwoPlayers_9_1 checks two colours per player.
func TestTwoPlayers_9_1(t *testing.T) {
	s := scenario(t, 2, nil)
	floorsUpTo(s, 2)
	legs(s, 0, redThin1, redThin2, redThin3)
	legs(s, 1, yellowThin1, yellowThin2, yellowThin3)
	put(s, blueThin1, 1, 45, 45)
	put(s, greenThick, 1, -45, -45)
	put(s, yellowThick, 1, 45, -45)
	s = play(t, s, "take blue-thin-1 to (0,40)", "take yellow-thick to (0,-40)", "take green-thick to (40,0)")
	if s.Score(0) != 4 || s.Score(1) != 3 || s.holder != 0 || s.prev != 1 {
		t.Errorf("scores %d %d holder %d prev %d; want 4 3 0 1", s.Score(0), s.Score(1), s.holder, s.prev)
	}
}

// TestStandstill_8 checks the end when nothing can move: the turn passes
// over players who cannot act, and the game ends when nobody can.
func TestStandstill_8(t *testing.T) {
	s := greenVilla(t)
	for c := range Column(NumColumns) {
		if s.cols[c].level < 2 && c.Colour() != Green {
			s.cols[c].frozen = true
		}
	}
	// Only green can move; the green legs under the floor are frozen too.
	s.cols[greenThin1].frozen, s.cols[greenThin2].frozen = true, true
	s.holder = 1
	s.beginTurn(0)
	if s.ToMove() != 2 {
		t.Fatalf("the turn did not pass to green: %s", s)
	}
	s.cols[greenThick].frozen, s.cols[greenThin3].frozen = true, true
	s.floors = NumFloors // no floor left either
	s.beginTurn(0)
	o, over := s.Outcome()
	if !over || o.Reason != "standstill" || !slices.Equal(o.Winners, []game.Player{1}) {
		t.Errorf("outcome %+v over %v, want yellow (the holder) by standstill", o, over)
	}
}

// TestSplitMix_6_6 checks the generator against the reference outputs of
// SplitMix64 seeded with 0.
func TestSplitMix_6_6(t *testing.T) {
	var g splitMix
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := g.next(); got != want {
			t.Errorf("output %d = %#x, want %#x", i, got, want)
		}
	}
}

// TestUnsteadyHands_6_6 checks that noise moves placements, replays from
// the seed, and differs between seeds.
func TestUnsteadyHands_6_6(t *testing.T) {
	run := func(seed uint64) *State {
		s := greenVilla(t)
		s.unsteady = true
		s.rng = splitMix(seed)
		return play(t, s, "take blue-thin-3 to (0,40)")
	}
	a, b, c := run(1), run(1), run(2)
	if a.String() != b.String() || a.Hash() != b.Hash() {
		t.Error("the same seed gave different positions")
	}
	if a.String() == c.String() {
		t.Error("different seeds gave the same noisy position")
	}
	for _, s := range []*State{a, c} {
		col := s.cols[blueThin3]
		if col.frozen {
			continue // the sigmoid may wobble; then nothing was placed
		}
		d := math.Hypot(float64(col.x), float64(col.y-40000)) / micro
		if d == 0 || d > 6 {
			t.Errorf("noisy placement %.3f mm from the target, want 0 < d ≤ 6 (σ = 1 mm)", d)
		}
	}
	// With unsteady hands off, the rng never moves.
	s := greenVilla(t)
	s.rng = 5
	if s = play(t, s, "take blue-thin-3 to (0,40)"); s.rng != 5 {
		t.Error("the deterministic game drew from the generator")
	}
}

// TestNotation checks the canonical notation and the forms ParseMove accepts.
func TestNotation(t *testing.T) {
	s := greenVilla(t)
	legs(s, 2, ColumnOf(Yellow, 3), greenMedium, redMedium)
	for _, tc := range []struct{ in, want string }{
		{"take blue-thin-3 from 1 to (0,40)", "blue-thin-3:1>(0,40)"},
		{"TAKE Blue-Thin-3 to ( 12.5 , -30 )", "blue-thin-3:1>(12.5,-30)"},
		{"take blue-thin-3 12.5 -30", "blue-thin-3:1>(12.5,-30)"},
		{"blue-thin-3:1>(12.5,-30)", "blue-thin-3:1>(12.5,-30)"},
		{"Blue-Thin-3>( 0 , 40 )", "blue-thin-3:1>(0,40)"},
		{"object:blue-thin-3:1>(0,40)", "blue-thin-3:1>(0,40)"},
		{"propose yellow at (0,0,0)", "propose:yellow(0,0,0)"},
		{"propose:yellow(0,0,0)", "propose:yellow(0,0,0)"},
		{"propose (0, 0, 360°)", "propose:yellow(0,0,0)"},
	} {
		m, err := s.ParseMove(tc.in)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", tc.in, err)
			continue
		}
		if got := s.MoveString(m); got != tc.want {
			t.Errorf("ParseMove(%q) prints %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, bad := range []string{"", "take", "take purple-thin-1 to (0,0)", "take blue-thin-3 to (0.25,0)",
		"take blue-thin-3 to (1e3,0)", "propose at (0,0)", "pass now", "remove", "take blue-thin-3 to (600,0)",
		"blue-thin-3:1>", ">(0,40)", "blue-thin-3:1>(0)", "remove:", "propose:yellow(0,0)"} {
		if _, err := s.ParseMove(bad); !errors.Is(err, game.ErrSyntax) {
			t.Errorf("ParseMove(%q) = %v, want a syntax error", bad, err)
		}
	}
	illegal(t, s, "take blue-thin-3 to (0,100)") // off the green floor
	illegal(t, s, "pass")
}

// TestMoveEncoding checks that every bit flip of a move is rejected.
func TestMoveEncoding(t *testing.T) {
	s := greenVilla(t)
	moves := s.LegalMoves(nil)
	for _, m := range moves[:min(len(moves), 50)] {
		for bit := range 64 {
			if _, ok := decode(m ^ 1<<bit); ok {
				t.Fatalf("%s with bit %d flipped still decodes", s.MoveString(m), bit)
			}
		}
	}
}

// TestOffCandidateMove checks that Play accepts a legal position that is not
// one of the listed candidates.
func TestOffCandidateMove(t *testing.T) {
	s := greenVilla(t)
	m, err := s.ParseMove("take blue-thin-3 to (12.5,-31.5)")
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(s.LegalMoves(nil), m) {
		t.Fatal("the off-lattice move is listed")
	}
	next, err := s.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.MoveString(m); got != "blue-thin-3:1>(12.5,-31.5)" {
		t.Errorf("MoveString = %q", got)
	}
	if !strings.Contains(next.String(), "blue-thin-3 2 (12.5,-31.5)") {
		t.Errorf("after the move: %s", next)
	}
}
