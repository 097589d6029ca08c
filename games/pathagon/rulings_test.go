package pathagon_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// TestP1Edges: Light joins rank 7 to rank 1, Dark file a to file g; the
// other pair of edges wins nothing.
func TestP1Edges(t *testing.T) {
	for _, tc := range []struct {
		name        string
		light, dark string
		rest, move  string
		won         bool
	}{
		{"light file a wins", "a7 a6 a5 a4 a3 a2", "", "l 8 14 -,- -", "a1", true},
		{"light rank 4 does not win", "a4 b4 c4 d4 e4 f4", "", "l 8 14 -,- -", "g4", false},
		{"dark rank 4 wins", "", "a4 b4 c4 d4 e4 f4", "d 14 8 -,- -", "g4", true},
		{"dark file a does not win", "", "a7 a6 a5 a4 a3 a2", "d 14 8 -,- -", "a1", false},
		{"bent light chain wins", "c7 c6 d6 d5 d4 e4 e3 e2", "", "l 6 14 -,- -", "e1", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := play(t, position(t, tc.light, tc.dark, tc.rest, nil), tc.move)
			if _, over := s.Outcome(); over != tc.won {
				t.Errorf("over = %v, want %v", over, tc.won)
			}
		})
	}
}

// TestP2FirstPlayer: Light starts by default; firstPlayer=dark lets Dark start.
func TestP2FirstPlayer(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  game.Player
		text  string
	}{
		{"", pathagon.Light, "......./......./......./......./......./......./....... l 14 14 -,- -"},
		{"light", pathagon.Light, "......./......./......./......./......./......./....... l 14 14 -,- -"},
		{"dark", pathagon.Dark, "......./......./......./......./......./......./....... d 14 14 -,- -"},
	} {
		t.Run("firstPlayer="+tc.value, func(t *testing.T) {
			var values map[string]string
			if tc.value != "" {
				values = map[string]string{pathagon.OptFirstPlayer: tc.value}
			}
			s, err := pathagon.New(game.Options{Values: values})
			if err != nil {
				t.Fatal(err)
			}
			if s.ToMove() != tc.want || s.String() != tc.text {
				t.Errorf("ToMove %v, String %q; want %v, %q", s.ToMove(), s, tc.want, tc.text)
			}
			if s.ToMove() == pathagon.Dark {
				s = play(t, s, "d4")
				if s.At(mustCell(t, "d4")) != pathagon.Dark {
					t.Errorf("Dark's first move did not place a dark piece")
				}
			}
		})
	}
	if _, err := pathagon.New(game.Options{Values: map[string]string{pathagon.OptFirstPlayer: "red"}}); !errors.Is(err, game.ErrBadOption) {
		t.Errorf("firstPlayer=red: %v, want ErrBadOption", err)
	}
}

func mustCell(t *testing.T, name string) pathagon.Cell {
	t.Helper()
	c, ok := pathagon.ParseCell(name)
	if !ok {
		t.Fatalf("bad cell %q", name)
	}
	return c
}

// TestP3AutomaticCaptures: by default every trapped piece is removed, the x
// part is optional on input, always printed, and must be exact when given.
func TestP3AutomaticCaptures(t *testing.T) {
	s := position(t, "d5 c4 e4 d3", "d6 b4 f4 d2", "d 10 10 -,- -", nil)
	for _, tc := range []struct {
		in    string
		legal bool
	}{
		{"d4", true},
		{"D4", true},
		{"d4xd5xc4xe4xd3", true},
		{"d4xd3xe4xc4xd5", true}, // any order on input
		{"D4XD5XC4XE4XD3", true},
		{"d4xd5", false}, // a strict subset is not the automatic capture
		{"d4xd5xc4xe4xd3xd6", false},
	} {
		m, err := s.ParseMove(tc.in)
		if tc.legal != (err == nil) {
			t.Errorf("ParseMove(%q) error %v, want legal=%v", tc.in, err, tc.legal)
			continue
		}
		if err == nil && s.MoveString(m) != "d4xd5xc4xe4xd3" {
			t.Errorf("MoveString(ParseMove(%q)) = %q, want d4xd5xc4xe4xd3", tc.in, s.MoveString(m))
		}
		if err != nil && !errors.Is(err, game.ErrIllegalMove) {
			t.Errorf("ParseMove(%q): %v, want ErrIllegalMove", tc.in, err)
		}
	}
	if got := len(s.LegalMoves(nil)); got != 41 {
		t.Errorf("%d legal moves, want one per empty cell (41)", got)
	}
}

// TestP3OptionalCaptures: with optionalCaptures the mover picks any subset
// of the trapped pieces, including none, and each subset is its own move.
func TestP3OptionalCaptures(t *testing.T) {
	opt := map[string]string{pathagon.OptOptionalCaptures: "true"}
	s := position(t, "d5 c4 e4 d3", "d6 b4 f4 d2", "d 10 10 -,- -", opt)
	var d4 []string
	for _, m := range moveStrings(s) {
		if strings.HasPrefix(m, "d4") {
			d4 = append(d4, m)
		}
	}
	if len(d4) != 16 {
		t.Fatalf("%d moves to d4 (%v), want 16 = 2^4 subsets", len(d4), d4)
	}
	if d4[0] != "d4" || d4[15] != "d4xd5xc4xe4xd3" {
		t.Errorf("d4 moves %v: want the empty subset first and the full one last", d4)
	}
	if got := len(s.LegalMoves(nil)); got != 41+15 {
		t.Errorf("%d legal moves, want 56", got)
	}
	for _, tc := range []struct {
		move     string
		captured string
		darkRes  int
		lightRes int
	}{
		{"d4", "", 9, 10}, // the empty subset: nothing removed
		{"d4xe4", "e4", 9, 11},
		{"d4xc4xd3", "c4 d3", 9, 12},
		{"d4xd5xc4xe4xd3", "d5 c4 e4 d3", 9, 14},
	} {
		t.Run(tc.move, func(t *testing.T) {
			after := play(t, s, tc.move)
			if got := removed(s, after, pathagon.Light); got != tc.captured {
				t.Errorf("removed %q, want %q", got, tc.captured)
			}
			if after.Reserve(pathagon.Light) != tc.lightRes || after.Reserve(pathagon.Dark) != tc.darkRes {
				t.Errorf("reserves %d/%d, want %d/%d", after.Reserve(pathagon.Light), after.Reserve(pathagon.Dark), tc.lightRes, tc.darkRes)
			}
			for _, name := range strings.Fields(tc.captured) {
				if !after.Forbidden(mustCell(t, name)) {
					t.Errorf("%s not forbidden after its capture", name)
				}
			}
		})
	}
	wantIllegal(t, s, "d4xd6") // d6 is Dark's own piece, not trapped
	wantIllegal(t, s, "e1xe2") // nothing trapped there
}

// TestP4ForbiddenAfterMultipleCapture: all cells vacated by one ply's
// captures are forbidden to the captured side's next move only; the later
// returns have no forbidden cells.
func TestP4ForbiddenAfterMultipleCapture(t *testing.T) {
	s := play(t, position(t, "d5 c4 e4 d3", "d6 b4 f4 d2", "d 10 10 -,- -", nil), "d4")
	for _, name := range []string{"d5", "c4", "e4", "d3"} {
		if !s.Forbidden(mustCell(t, name)) {
			t.Errorf("%s is not forbidden", name)
		}
		wantIllegal(t, s, name)
	}
	if !strings.HasSuffix(s.String(), " d5,c4,e4,d3 1") {
		t.Errorf("position text %q does not list the forbidden cells in index order", s)
	}
	s = play(t, s, "a1", "g1") // Light returns one piece, Dark plays on
	for _, name := range []string{"d5", "c4", "e4", "d3"} {
		if s.Forbidden(mustCell(t, name)) {
			t.Errorf("%s is still forbidden for Light's second return", name)
		}
	}
	if !slices.Contains(moveStrings(s), "d5") {
		t.Errorf("Light's second return may not use d5")
	}
}

// TestP5OnlyActivePieceCaptures: moving between two enemy pieces is safe,
// and pieces that happen to stand in a sandwich are not captured by a move
// elsewhere.
func TestP5OnlyActivePieceCaptures(t *testing.T) {
	s := position(t, "a4 c4", "", "d 12 14 -,- -", nil)
	after := play(t, s, "b4")
	if after.At(mustCell(t, "b4")) != pathagon.Dark || after.Reserve(pathagon.Dark) != 13 {
		t.Errorf("Dark's piece placed between two light pieces did not survive: %s", after)
	}
	// Light moves elsewhere: the dark piece on b4, still in the sandwich, stays.
	after = play(t, after, "g7")
	if after.At(mustCell(t, "b4")) != pathagon.Dark {
		t.Errorf("a move elsewhere captured b4: %s", after)
	}
	// A relocation's origin is empty and cannot close a trap (docs/rules/pathagon.md#captures): Light
	// relocates c4 to d4... then b4 is no longer trapped by c4.
	light := "a4 c4 a7 b7 c7 d7 e7 f7 a6 b6 c6 d6 e6 f6"
	s = position(t, light, "b4", "l 0 13 -,- -", nil)
	for _, m := range moveStrings(s) {
		if strings.HasPrefix(m, "c4-") && strings.Contains(m, "x") {
			t.Errorf("%s: the relocated piece's origin closed a trap", m)
		}
	}
	// ...but a relocation into the far end does trap.
	s = position(t, "a4 a7 b7 c7 d7 e7 f7 g7 a6 b6 c6 d6 e6 f6", "b4", "l 0 13 -,- -", nil)
	if got := removed(s, play(t, s, "g7-c4"), pathagon.Dark); got != "b4" {
		t.Errorf("g7-c4 removed %q, want b4", got)
	}
}

// TestP7LockClearedOnCapture: a relocated piece that is captured loses its
// lock; it comes back by a placement and may then be relocated.
func TestP7LockClearedOnCapture(t *testing.T) {
	s := position(t,
		"a7 b7 c7 d7 e7 f7 g7 a5 b5 c4 a2 b2 c2 d2",
		"a1 b1 c1 d1 e1 f1 e3 f3 e6 f6 g6 a3 b3 c3",
		"d 0 0 -,- -", nil)
	s = play(t, s, "a1-d4") // Dark's lock is now d4
	if got := s.LastRelocated(pathagon.Dark); got != mustCell(t, "d4") {
		t.Fatalf("Dark lastRelocated %v, want d4", got)
	}
	s = play(t, s, "g7-e4xd4") // Light traps the locked piece against c4
	if got := s.LastRelocated(pathagon.Dark); got != pathagon.NoCell {
		t.Errorf("Dark lastRelocated %v after its capture, want none", got)
	}
	if !strings.Contains(s.String(), " e4,- ") {
		t.Errorf("position text %q, want lastRelocated e4,-", s)
	}
	s = play(t, s, "g1") // Dark returns the piece by placement
	if got := s.LastRelocated(pathagon.Dark); got != pathagon.NoCell {
		t.Errorf("Dark lastRelocated %v after a placement, want none", got)
	}
	s = play(t, s, "a7-g7")
	if !slices.ContainsFunc(moveStrings(s), func(m string) bool { return strings.HasPrefix(m, "g1-") }) {
		t.Errorf("Dark may not relocate its returned piece")
	}
}

// TestP8Corners: a corner cell belongs to both edges it touches.
func TestP8Corners(t *testing.T) {
	// Light's chain reaches rank 1 only through the corner g1 and rank 7
	// only through the corner a7; Dark's reaches file g only through g1.
	s := play(t, position(t, "a7 a6 a5 a4 a3 a2 b2 c2 d2 e2 f2 g2", "", "l 2 14 -,- -", nil), "g1")
	if o, over := s.Outcome(); !over || !o.Won(pathagon.Light) {
		t.Errorf("Light's chain a7..g1 through two corners did not win")
	}
	s = play(t, position(t, "", "a1 b1 c1 d1 e1 f1", "d 14 8 -,- -", nil), "g1")
	if o, over := s.Outcome(); !over || !o.Won(pathagon.Dark) {
		t.Errorf("Dark's chain along rank 1 did not win at corner g1")
	}
}

// TestP6Repetition: in the relocation phase an 8-ply cycle repeats the
// position after ply 2 at plies 10 and 18, so ply 18 is a draw by
// repetition (docs/rules/pathagon.md#winning-and-draws: the third occurrence). The positions after plies 0 and 1
// never recur: lastRelocated differs.
func TestP6Repetition(t *testing.T) {
	cycle := []string{"g6-g2", "a1-e3", "f6-f2", "b1-d3", "g2-g6", "e3-a1", "f2-f6", "d3-b1"}
	var moves []string
	for range 3 {
		moves = append(moves, cycle...)
	}
	light := "c7 d7 e7 f7 g7 c6 d6 e6 f6 g6 c5 d5 e5 f5"
	dark := "a7 a6 a5 a4 a3 a2 a1 b7 b6 b5 b4 b3 b2 b1"
	for _, tc := range []struct {
		name   string
		values map[string]string
		drawAt int // 0: never
	}{
		{"repetitionDraw=true", nil, 18},
		{"repetitionDraw=false", map[string]string{pathagon.OptRepetitionDraw: "false"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s game.State = position(t, light, dark, "l 0 0 -,- -", tc.values)
			for i, mv := range moves {
				if _, over := s.Outcome(); over {
					if i != tc.drawAt {
						t.Fatalf("game over after ply %d, want %d", i, tc.drawAt)
					}
					break
				}
				s = play(t, s, mv)
			}
			o, over := s.Outcome()
			if tc.drawAt == 0 {
				if over {
					t.Fatalf("game over (%v), want it going on without repetitionDraw", o)
				}
				return
			}
			if !over || !o.IsDraw() || o.Reason != game.ReasonRepetition {
				t.Fatalf("outcome %+v over=%v, want a draw by repetition", o, over)
			}
			ps := s.(*pathagon.State)
			if ps.Ply() != tc.drawAt || !strings.HasSuffix(ps.String(), " 18 repetition") {
				t.Errorf("ended at ply %d with text %q", ps.Ply(), ps)
			}
			_, err := tryPlay(s, "g6-g2")
			if !errors.Is(err, game.ErrGameOver) {
				t.Errorf("move after the draw: %v, want ErrGameOver", err)
			}
			back, err := pathagon.ParsePosition(ps.String(), game.Options{})
			if err != nil || back.ToMove() != game.NoPlayer {
				t.Errorf("reparsed drawn position: %v, ToMove %v", err, back.ToMove())
			}
		})
	}
	// A parsed position starts a fresh history: the same cycle from the
	// text of the position after ply 2 needs 16 more plies to draw.
	s := play(t, position(t, light, dark, "l 0 0 -,- -", nil), moves[:2]...)
	fresh, err := pathagon.ParsePosition(s.String(), game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	after := play(t, fresh, moves[2:17]...)
	if _, over := after.Outcome(); over {
		t.Fatalf("parsed position drew after 15 plies; its history should start fresh")
	}
	after = play(t, after, moves[17])
	if o, over := after.Outcome(); !over || o.Reason != game.ReasonRepetition {
		t.Fatalf("no repetition draw 16 plies after the parsed position")
	}
}

// TestP6PlyCap: when ply plyCap ends without a winner the game is drawn; a
// connection on that ply still wins (docs/rules/pathagon.md#winning-and-draws: the draws come after the win).
func TestP6PlyCap(t *testing.T) {
	cap5 := map[string]string{pathagon.OptPlyCap: "5"}
	s, err := pathagon.New(game.Options{Values: cap5})
	if err != nil {
		t.Fatal(err)
	}
	s = play(t, s, "a1", "b1", "c1", "d1")
	if _, over := s.Outcome(); over {
		t.Fatal("over before the cap")
	}
	s = play(t, s, "e1")
	if o, over := s.Outcome(); !over || o.Reason != game.ReasonPlyLimit || !o.IsDraw() {
		t.Fatalf("after ply 5 with plyCap=5: %+v over=%v, want a draw by ply-limit", o, over)
	}
	if got := s.String(); !strings.HasSuffix(got, " 5") {
		t.Errorf("position text %q lacks the ply field", got)
	}

	light := "a6 a5 a4 a3 a2 a1"
	rest := "l 8 14 -,- - 299"
	win := play(t, position(t, light, "", rest, nil), "a7")
	if o, _ := win.Outcome(); !o.Won(pathagon.Light) || o.Reason != pathagon.ReasonConnection {
		t.Errorf("a connection on ply 300: %+v, want a win", o)
	}
	draw := play(t, position(t, light, "", rest, nil), "g7")
	if o, _ := draw.Outcome(); o.Reason != game.ReasonPlyLimit {
		t.Errorf("no connection on ply 300: %+v, want a draw by ply-limit", o)
	}
	off := play(t, position(t, light, "", rest, map[string]string{pathagon.OptPlyCap: "0"}), "g7")
	if _, over := off.Outcome(); over {
		t.Errorf("plyCap=0 still ended the game at ply 300")
	}
}

// TestOptionsRejected: bad option values wrap game.ErrBadOption.
func TestOptionsRejected(t *testing.T) {
	for _, values := range []map[string]string{
		{pathagon.OptPlyCap: "-1"},
		{pathagon.OptPlyCap: "x"},
		{pathagon.OptOptionalCaptures: "maybe"},
		{pathagon.OptRepetitionDraw: "2"},
		{"nonsense": "1"},
	} {
		if _, err := pathagon.New(game.Options{Values: values}); !errors.Is(err, game.ErrBadOption) {
			t.Errorf("New(%v): %v, want ErrBadOption", values, err)
		}
	}
}
