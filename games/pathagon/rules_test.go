package pathagon_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// TestFixtures runs every scenario of the spec's test-vector table, by its
// name there (docs/rules/pathagon.md#checks).
func TestFixtures(t *testing.T) {
	light14 := "a7 b7 c7 d7 e7 f7 g7 a6 b6 c6 d6 e6 f6 g6"
	for _, tc := range []struct {
		name        string
		light, dark string
		rest        string // side, reserves, lastRelocated, forbidden
		move        string
		legal       bool
		captured    string // cells removed, ascending index order
		winner      game.Player
		wantReserve [2]int // reserves after the move, when legal
	}{
		{name: "aba_capture", light: "b4", dark: "a4", rest: "d 13 13 -,- -", move: "c4",
			legal: true, captured: "b4", winner: game.NoPlayer, wantReserve: [2]int{14, 12}},
		{name: "abba_no_capture", light: "b4 c4", dark: "a4", rest: "d 12 13 -,- -", move: "d4",
			legal: true, captured: "", winner: game.NoPlayer, wantReserve: [2]int{12, 12}},
		{name: "four_way_capture", light: "d5 c4 e4 d3", dark: "d6 b4 f4 d2", rest: "d 10 10 -,- -", move: "d4",
			legal: true, captured: "d5 c4 e4 d3", winner: game.NoPlayer, wantReserve: [2]int{14, 9}},
		{name: "light_path_win", light: "a6 a5 a4 a3 a2 a1", rest: "l 8 14 -,- -", move: "a7",
			legal: true, winner: pathagon.Light, wantReserve: [2]int{7, 14}},
		{name: "dark_path_win", dark: "a7 b7 c7 d7 e7 f7", rest: "d 14 8 -,- -", move: "g7",
			legal: true, winner: pathagon.Dark, wantReserve: [2]int{14, 7}},
		{name: "diagonal_not_path", light: "f6 e5 d4 c3 b2 a1", rest: "l 8 14 -,- -", move: "g7",
			legal: true, winner: game.NoPlayer, wantReserve: [2]int{7, 14}},
		{name: "captured_hole_forbidden", rest: "l 14 14 -,- b4", move: "b4", legal: false},
		{name: "relocation_changes_square", light: light14, rest: "l 0 14 -,- -", move: "a7-g1",
			legal: true, winner: game.NoPlayer, wantReserve: [2]int{0, 14}},
		{name: "last_relocated_piece_locked", light: light14, rest: "l 0 14 a7,- -", move: "a7-g1", legal: false},
		{name: "relocation_cannot_pass", light: light14, rest: "l 0 14 -,- -", move: "a7-a7", legal: false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := position(t, tc.light, tc.dark, tc.rest, nil)
			next, err := tryPlay(s, tc.move)
			if !tc.legal {
				if err == nil {
					t.Fatalf("%s is legal, want illegal", tc.move)
				}
				if !strings.Contains(err.Error(), "pathagon: ") {
					t.Errorf("error %q lacks the package prefix", err)
				}
				wantIllegal(t, s, tc.move)
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.move, err)
			}
			after := next.(*pathagon.State)
			mover := s.ToMove()
			if got := removed(s, after, mover^1); got != tc.captured {
				t.Errorf("captured %q, want %q", got, tc.captured)
			}
			for p := pathagon.Light; p <= pathagon.Dark; p++ {
				if got := after.Reserve(p); got != tc.wantReserve[p] {
					t.Errorf("%s reserve %d, want %d", pathagon.Info.PlayerName(p), got, tc.wantReserve[p])
				}
			}
			o, over := after.Outcome()
			switch {
			case tc.winner == game.NoPlayer && over:
				t.Errorf("game over (%s), want it going on", o.Describe(pathagon.Info))
			case tc.winner != game.NoPlayer && (!over || !o.Won(tc.winner) || o.Reason != pathagon.ReasonConnection):
				t.Errorf("outcome %v over=%v, want %s wins by connection", o, over, pathagon.Info.PlayerName(tc.winner))
			}
		})
	}
}

// TestForcedReturn is the spec's "Forced return" scenario: after aba_capture
// Light must place (reserve 14 > 0), not on b4; a turn later b4 is free for
// both players.
func TestForcedReturn(t *testing.T) {
	s := play(t, position(t, "b4", "a4", "d 13 13 -,- -", nil), "c4")
	if got := s.Reserve(pathagon.Light); got != 14 {
		t.Fatalf("Light reserve %d, want 14", got)
	}
	b4, _ := pathagon.ParseCell("b4")
	if !s.Forbidden(b4) {
		t.Errorf("b4 is not forbidden to Light right after the capture")
	}
	wantIllegal(t, s, "b4")
	for _, m := range moveStrings(s) {
		if strings.Contains(m, "-") || m == "b4" {
			t.Errorf("Light may play %s; want only placements off b4", m)
		}
	}
	s = play(t, s, "g7") // Light returns a piece elsewhere
	if s.Forbidden(b4) {
		t.Errorf("b4 is still forbidden on Dark's turn")
	}
	if !slices.Contains(moveStrings(s), "b4") {
		t.Errorf("Dark may not place on b4 on the next turn")
	}
	s = play(t, s, "g1")
	if !slices.Contains(moveStrings(s), "b4") {
		t.Errorf("Light may not place on b4 on the turn after its return")
	}
}

// phasePosition has both players in the relocation phase: Dark's
// relocation a1-a6 traps Light's a5 against Dark's a4.
func phasePosition(t *testing.T, values map[string]string) *pathagon.State {
	return position(t,
		"a7 b7 c7 d7 e7 f7 g7 a5 b5 c5 d5 e5 f5 g3",
		"a4 a3 b3 c3 d3 e3 f3 b2 a1 b1 c1 d1 e1 f1",
		"d 0 0 -,- -", values)
}

// TestPhasePerPlayer is the spec's "Phase per player" scenario (docs/rules/pathagon.md#a-turn: phases
// belong to each player separately): Light, in the relocation phase, loses
// a piece and must place next; Dark keeps relocating.
func TestPhasePerPlayer(t *testing.T) {
	s := play(t, phasePosition(t, nil), "a1-a6xa5")
	if got := s.Reserve(pathagon.Light); got != 1 {
		t.Fatalf("Light reserve %d, want 1", got)
	}
	for _, m := range moveStrings(s) {
		if strings.Contains(m, "-") {
			t.Fatalf("Light may relocate (%s) with a piece in reserve", m)
		}
	}
	wantIllegal(t, s, "a7-a5")
	wantIllegal(t, s, "a5") // forbidden (docs/rules/pathagon.md#captures)
	s = play(t, s, "g2")
	if got := s.Reserve(pathagon.Light); got != 0 {
		t.Fatalf("Light reserve %d after the return, want 0", got)
	}
	moves := moveStrings(s)
	for _, m := range moves {
		if !strings.Contains(m, "-") {
			t.Fatalf("Dark may place (%s) with an empty reserve", m)
		}
		if strings.HasPrefix(m, "a6-") {
			t.Fatalf("Dark may relocate a6 again (%s) right after relocating it", m)
		}
	}
	s = play(t, s, "b2-g4")
	if !slices.ContainsFunc(moveStrings(s), func(m string) bool { return strings.Contains(m, "-") }) {
		t.Errorf("Light, back to reserve 0, may not relocate")
	}
}
