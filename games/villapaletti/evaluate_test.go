package villapaletti

import (
	"testing"

	"github.com/tabula-games/tabula/game"
)

// TestEvaluateSeal (docs/rules/villapaletti.md#end-and-winner): holding the seal is better than not holding it,
// for both seats.
func TestEvaluateSeal(t *testing.T) {
	s := twoPlayerGreen(t)
	put(s, yellowThick, 2, -30, 0)
	put(s, blueThick, 2, 30, 0)
	s.claimed, s.turn = true, 1
	s.cacheHulls()
	mine, theirs := *s, *s
	mine.holder, theirs.holder = 0, 1
	if a, b := mine.Evaluate(0), theirs.Evaluate(0); a <= b {
		t.Errorf("seat 0: holding the seal %.3f, not holding it %.3f", a, b)
	}
	if a, b := theirs.Evaluate(1), mine.Evaluate(1); a <= b {
		t.Errorf("seat 1: holding the seal %.3f, not holding it %.3f", a, b)
	}
}

// TestEvaluateThreat (docs/rules/villapaletti.md#scoring-and-the-master-builder-seal): yellow holds the seal on 2 points; with blue to
// move and a safe thick column (3 points) in hand, that seal is about to
// change hands, so it is worth less to yellow than the same villa with
// yellow to move.
func TestEvaluateThreat(t *testing.T) {
	s := twoPlayerGreen(t)
	put(s, ColumnOf(Yellow, 3), 2, -30, 0)
	s.claimed, s.holder = true, 1
	s.cacheHulls()
	blueToMove, yellowToMove := *s, *s
	blueToMove.turn, yellowToMove.turn = 0, 1
	r := blueToMove.reserves()
	if got := blueToMove.threat(&r); got != 0 {
		t.Fatalf("threat with blue to move = %d, want 0", got)
	}
	if got := yellowToMove.threat(&r); got != noPlayer {
		t.Fatalf("threat with the holder to move = %d, want none", got)
	}
	if a, b := blueToMove.Evaluate(1), yellowToMove.Evaluate(1); a >= b {
		t.Errorf("yellow's value with blue to move %.3f, with yellow to move %.3f", a, b)
	}
	// A thin column (1 point) does not beat 2: no threat.
	s.cols[blueThick].frozen = true
	r = s.reserves()
	if got := s.threat(&r); got != noPlayer {
		t.Errorf("threat with only thin columns = %d, want none", got)
	}
}

// TestEvaluateReserve (docs/rules/villapaletti.md#stability-model): the columns a player can still take without a
// wobble count for them; a frozen column and a column whose removal wobbles
// do not.
func TestEvaluateReserve(t *testing.T) {
	s := twoPlayerGreen(t)
	s.holder, s.claimed = 0, true
	s.cacheHulls()
	r := s.reserves()
	if want := 1 + 3 + 1; r.points[0] != want || r.best[0] != 3 {
		t.Errorf("seat 0 reserve %d (best %d), want %d (3)", r.points[0], r.best[0], want)
	}
	// Seat 1's red legs alone carry green: taking one of the three tips
	// it, so they do not count. Its yellow legs under blue do (1 point
	// each): blue also rests on seat 0's columns on the foundation.
	if r.points[1] != 3 {
		t.Errorf("seat 1 reserve %d, want 3: the red legs wobble, the yellow ones do not", r.points[1])
	}
	for _, c := range []Column{redThin1, redThin2, redThin3} {
		if wob, _ := s.structure().lift(new(Statics), c); !wob {
			t.Errorf("%s does not wobble; the case is wrong", c)
		}
	}
	frozen := *s
	frozen.cols[blueThick].frozen = true
	if a, b := s.Evaluate(0), frozen.Evaluate(0); a <= b {
		t.Errorf("seat 0 with its thick column free %.3f, frozen %.3f", a, b)
	}
}

// TestEvaluateOutcome: a finished game scores its result.
func TestEvaluateOutcome(t *testing.T) {
	s := twoPlayerGreen(t)
	s.holder = 1
	s.collapse(0) // seat 0 collapses the villa: the holder, seat 1, wins
	if a, b := s.Evaluate(1), s.Evaluate(0); a != 1 || b != -1 {
		t.Errorf("after a collapse by seat 0: holder %.2f, culprit %.2f; want 1, -1", a, b)
	}
}

// TestEvaluateStall (docs/rules/villapaletti.md#end-and-winner): before
// green is laid nobody can hold the seal, so every seat is worse off than
// once it is; a blue floor crowded beyond any green pose can only end with
// everyone losing, and scores as that end does for both seats.
func TestEvaluateStall(t *testing.T) {
	crowded, err := Info.ParsePosition(crowdedBlue, game.Options{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	e := crowded.(game.Evaluator)
	for p := range game.Player(2) {
		if got := e.Evaluate(p); got != -evalDoomed {
			t.Errorf("crowded blue, seat %d: %.3f, want %.3f", p, got, -evalDoomed)
		}
	}
	start, err := Info.New(game.Options{Players: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	// Summed over both seats, so that what one seat's threats take from
	// the other cancels out.
	green := twoPlayerGreen(t)
	var blueOnly, greenLaid float64
	for p := range game.Player(2) {
		blueOnly += start.(game.Evaluator).Evaluate(p)
		greenLaid += green.Evaluate(p)
	}
	if blueOnly > greenLaid-2*evalStall {
		t.Errorf("both seats: blue only %.3f, green laid %.3f: want blue only %.2f lower at least", blueOnly, greenLaid, 2*evalStall)
	}
}
