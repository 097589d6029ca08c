package talat

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// captureTable is the spec's test vector (Test vectors, "Capture table"),
// copied as text: rows are attackers, columns targets.
const captureTable = `
   S3 S4 S6 M3 M4 M6 L3 L4 L6
S3 .  .  .  .  .  .  .  .  x
S4 x  .  .  .  .  .  .  .  .
S6 x  x  .  .  .  .  .  .  .
M3 x  x  x  .  .  .  .  .  .
M4 x  x  x  x  .  .  .  .  .
M6 x  x  x  x  x  .  .  .  .
L3 .  .  .  x  x  x  .  .  .
L4 .  .  .  x  x  x  x  .  .
L6 .  .  .  x  x  x  x  x  .
`

func parseCaptureTable(t *testing.T) map[[2]Kind]bool {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(captureTable), "\n")
	var cols []Kind
	for _, f := range strings.Fields(lines[0]) {
		k, ok := ParseKind(f)
		if !ok {
			t.Fatalf("bad column %q", f)
		}
		cols = append(cols, k)
	}
	want := map[[2]Kind]bool{}
	for _, line := range lines[1:] {
		f := strings.Fields(line)
		a, ok := ParseKind(f[0])
		if !ok {
			t.Fatalf("bad row %q", f[0])
		}
		for i, x := range f[1:] {
			want[[2]Kind{a, cols[i]}] = x == "x"
		}
	}
	if len(want) != 81 {
		t.Fatalf("table has %d cells", len(want))
	}
	return want
}

// TestCaptureTable checks CanCapture against every pair of docs/rules/talat.md#a-turn's table
// and, on a board, that the move generator offers exactly those captures.
func TestCaptureTable(t *testing.T) {
	want := parseCaptureTable(t)
	n := 0
	for pair, x := range want {
		if x {
			n++
		}
		a, tg := pair[0], pair[1]
		t.Run(fmt.Sprintf("%sx%s", a, tg), func(t *testing.T) {
			if got := CanCapture(a, tg); got != x {
				t.Errorf("CanCapture(%s, %s) = %v, want %v", a, tg, got, x)
			}
			// Black's a on c2 faces white's tg on c3 (in front).
			s := mk(t, false, 0, [3]string{fmt.Sprintf("...../..0%s../..1%s../...../.....", a, tg)})
			if got := legal(s, "B01:c2xc3"); got != x {
				t.Errorf("B01:c2xc3 legal = %v, want %v (moves %v)", got, x, moveTexts(s))
			}
		})
	}
	// Checks on the table (Test vectors).
	if n != 28 {
		t.Errorf("table has %d captures, want 28", n)
	}
	for k := range Kind(NumKinds) {
		if want[[2]Kind{k, k}] {
			t.Errorf("%s captures its own kind", k)
		}
		if want[[2]Kind{k, L6}] != (k == S3) || want[[2]Kind{S3, k}] != (k == L6) {
			t.Errorf("David and Goliath: only S3 takes L6, and S3 takes only L6 (%s)", k)
		}
		for l := range Kind(NumKinds) {
			if k.Height() == 3 && l.Height() == 1 && want[[2]Kind{k, l}] {
				t.Errorf("large %s captures small %s", k, l)
			}
		}
	}
}

// TestMoves checks steps and captures, docs/rules/talat.md#a-turn and docs/rules/talat.md#towers-on-the-far-line, as a table of
// positions on B01 (black low, moving up; white high, moving down).
func TestMoves(t *testing.T) {
	for _, tc := range []struct {
		name  string
		turn  game.Player
		board string
		move  string
		legal bool
	}{
		{"4.1 step forward", 0, "..0M4../...../...../...../..1L6..", "B01:c1-c2", true},
		{"4.1 step diagonally forward left", 0, "..0M4../...../...../...../..1L6..", "B01:c1-b2", true},
		{"4.1 step diagonally forward right", 0, "..0M4../...../...../...../..1L6..", "B01:c1-d2", true},
		{"4.1 no sideways step", 0, "..0M4../...../...../...../..1L6..", "B01:c1-b1", false},
		{"4.1 no jump", 0, "..0M4../...../...../...../..1L6..", "B01:c1-c3", false},
		{"4.1 no backward step", 0, "...../...../..0M4../...../..1L6..", "B01:c3-c2", false},
		{"4.1 no step onto an own tower", 0, "..0M4../..0S4../...../...../..1L6..", "B01:c1-c2", false},
		{"4.1 no step onto an enemy tower it cannot take", 0, "..0S4../..1L3../...../...../.....", "B01:c1-c2", false},
		{"4.1 high side steps down", 1, "..0M4../...../...../...../..1L6..", "B01:c5-c4", true},
		{"4.1 high side does not step up", 1, "..0M4../...../...../..1L6../.....", "B01:c4-c5", false},
		{"4.3 no step from the far line", 0, "...../...../...../...../..0M41L6.", "B01:c5-c4", false},
		{"4.4 capture in front", 0, "...../..0L6../..1M3../...../.....", "B01:c2xc3", true},
		{"4.4 capture diagonally in front", 0, "...../..0L6../...1M3./...../.....", "B01:c2xd3", true},
		{"4.4 capture beside", 0, "...../..0L61M3./...../...../.....", "B01:c2xd2", true},
		{"4.4 capture beside, other way", 0, "...../.1M30L6../...../...../.....", "B01:c2xb2", true},
		{"4.4 no capture backward", 0, "...../...1M3./..0L6../...../.....", "B01:c3xd2", false},
		{"4.4 no capture straight back", 0, "...../..1M3../..0L6../...../.....", "B01:c3xc2", false},
		{"4.4 no capture two away", 0, "...../..0L6../...../..1M3../.....", "B01:c2xc4", false},
		{"4.4 never an own tower", 0, "...../..0L60M3./...../...../..1S3..", "B01:c2xd2", false},
		{"4.4 high side captures downward", 1, "...../..0M3../..1L6../...../.....", "B01:c3xc2", true},
		{"T6 capture sideways from the opponent's start line", 0, "...../...../...../...../..0L61M3.", "B01:c5xd5", true},
		{"T6 a tower on the far line can be captured", 1, "...../...../...../...../..0M31L6.", "B01:d5xc5", true},
		{"4.5 David takes Goliath", 0, "...../..0S3../..1L6../...../.....", "B01:c2xc3", true},
		{"4.5 Goliath does not take David", 1, "...../..0S3../..1L6../...../.....", "B01:c3xc2", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mk(t, false, tc.turn, [3]string{tc.board, "", ""})
			if got := legal(s, tc.move); got != tc.legal {
				t.Fatalf("%s legal = %v, want %v; moves %v", tc.move, got, tc.legal, moveTexts(s))
			}
			m, err := s.ParseMove(tc.move)
			if tc.legal != (err == nil) {
				t.Fatalf("ParseMove(%q) = %v", tc.move, err)
			}
			if !tc.legal {
				if !errors.Is(err, game.ErrIllegalMove) {
					t.Fatalf("ParseMove(%q) = %v, want ErrIllegalMove", tc.move, err)
				}
				return
			}
			next, err := s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			ns := next.(*State)
			from, _ := ParseCell(tc.move[4:6])
			to, _ := ParseCell(tc.move[7:9])
			mover, _ := s.At(B01, from)
			if got, ok := ns.At(B01, to); !ok || got != mover {
				t.Errorf("after %s the mover is not on %s: %s", tc.move, to, ns)
			}
			if _, ok := ns.At(B01, from); ok {
				t.Errorf("after %s %s is not empty", tc.move, from)
			}
			if tc.move[6] == 'x' {
				victim, _ := s.At(B01, to)
				if !slices.Contains(ns.Taken(tc.turn), victim) {
					t.Errorf("4.4 the capturer keeps the captured tower: taken %v", ns.Taken(tc.turn))
				}
			}
		})
	}
}

// TestCaptureNotCompulsory: docs/rules/talat.md#a-turn, a player with a capture may step instead.
func TestCaptureNotCompulsory(t *testing.T) {
	s := mk(t, false, 0, [3]string{"...../..0L6../..1M3../...../.....", "", ""})
	if !legal(s, "B01:c2xc3") || !legal(s, "B01:c2-b3") || !legal(s, "B01:c2-d3") {
		t.Fatalf("want the capture and both free steps: %v", moveTexts(s))
	}
}

// TestSetup checks docs/rules/talat.md#setup: one tower at a time in turn order (docs/rules/talat.md#setup-order), on the
// mover's own start lines, one per square; the last placement is P2's and
// P0 moves first (docs/rules/talat.md#who-moves-first); one start square of each player stays empty.
func TestSetup(t *testing.T) {
	s := newGame(t, VariantTalat, "0")
	moves := moveTexts(s)
	if len(moves) != 90 {
		t.Fatalf("P0 has %d placements, want 9 towers × 10 squares = 90", len(moves))
	}
	for _, m := range moves {
		if !(strings.HasPrefix(m, "B01:") && m[5] == '1' || strings.HasPrefix(m, "B02:") && m[5] == '1') {
			t.Fatalf("P0 placement %s is not on rank 1 of B01 or B02", m)
		}
	}
	s = play(t, s, "B01:a1=S3")
	if s.ToMove() != 1 {
		t.Fatalf("after P0 places, %v to move, want 1", s.ToMove())
	}
	for _, m := range moveTexts(s) {
		if !(strings.HasPrefix(m, "B01:") && m[5] == '5' || strings.HasPrefix(m, "B12:") && m[5] == '1') {
			t.Fatalf("P1 placement %s is not on rank 5 of B01 or rank 1 of B12", m)
		}
	}
	if legal(s, "B01:a5=S3") == false || legal(s, "B01:a1=S3") {
		t.Fatalf("P1 places its own S3 on its line, never on P0's square")
	}
	s = play(t, s, "B01:a5=S3")
	if s.ToMove() != 2 {
		t.Fatalf("%v to move, want 2", s.ToMove())
	}
	for _, m := range moveTexts(s) {
		if !(strings.HasPrefix(m, "B02:") && m[5] == '5' || strings.HasPrefix(m, "B12:") && m[5] == '5') {
			t.Fatalf("P2 placement %s is not on rank 5 of B02 or B12", m)
		}
	}
	s = play(t, s, "B02:a5=S3")
	if legal(s, "B01:a1=S4") {
		t.Fatal("one tower per square: a1 is taken")
	}
	if legal(s, "B01:b1=S3") {
		t.Fatal("S3 is placed already")
	}
	// Fill up: each player places the rest of its towers, first-come order.
	for s.inSetup() {
		ms := s.LegalMoves(nil)
		next, err := s.Play(ms[len(ms)-1])
		if err != nil {
			t.Fatal(err)
		}
		prev := s
		s = next.(*State)
		if s.inSetup() && s.ToMove() != (prev.ToMove()+1)%3 {
			t.Fatalf("T2: %v placed, then %v, want turn order", prev.ToMove(), s.ToMove())
		}
	}
	if s.ToMove() != 0 {
		t.Fatalf("T3: after setup %v moves first, want 0", s.ToMove())
	}
	for c := range Colour(NumColours) {
		empty := 0
		for b := range Board(NumBoards) {
			sd, ok := b.SideOf(c)
			if !ok {
				continue
			}
			for col := range Size {
				if _, ok := s.At(b, CellAt(sd.StartRow(), col)); !ok {
					empty++
				}
			}
		}
		if empty != 1 {
			t.Errorf("colour %d has %d empty start squares, want 1", c, empty)
		}
	}
	for _, m := range moveTexts(s) {
		if strings.Contains(m, "=") {
			t.Fatalf("placement %s listed after setup", m)
		}
	}
}

// TestFirstPlayer checks docs/rules/talat.md#first-player: the option picks the first placer, random
// draws it from the seed, and the first placer makes the first move (docs/rules/talat.md#who-moves-first).
func TestFirstPlayer(t *testing.T) {
	for _, first := range []string{"0", "1", "2"} {
		s := newGame(t, VariantTalat, first)
		if got := s.ToMove().String(); got != first {
			t.Errorf("firstPlayer=%s: %s to move", first, got)
		}
	}
	seen := map[game.Player]bool{}
	for seed := range uint64(30) {
		s, err := Info.New(game.Options{Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		seen[s.ToMove()] = true
		again, _ := Info.New(game.Options{Seed: seed})
		if again.ToMove() != s.ToMove() {
			t.Fatal("the draw depends on the seed alone")
		}
	}
	if len(seen) != 3 {
		t.Errorf("random first player over 30 seeds gave only %v", seen)
	}
	if _, err := Info.New(game.Options{Variant: VariantPalat, Values: map[string]string{"firstPlayer": "2"}}); !errors.Is(err, game.ErrBadOption) {
		t.Errorf("palat with firstPlayer=2: %v, want ErrBadOption", err)
	}
	if _, err := Info.New(game.Options{Variant: VariantTalat, Players: 2}); !errors.Is(err, game.ErrBadOption) {
		t.Errorf("talat with 2 players: %v, want ErrBadOption", err)
	}
	if s, err := Info.New(game.Options{Players: 2}); err != nil || !s.(*State).Palat() {
		t.Errorf("two players means palat: %v", err)
	}
}

// TestClosing checks docs/rules/talat.md#closing-boards and docs/rules/talat.md#no-capture-possible-even-theoretically board by board.
func TestClosing(t *testing.T) {
	for _, tc := range []struct {
		name  string
		board string
		open  bool
	}{
		{"empty board", "", false},
		{"one side only", "0S30S40S60M30M4/...../...../...../.....", false},
		{"immediate capture", "...../..0L6../..1M3../...../.....", true},
		{"capture reachable after steps", "..0M4../...../...../...../..1S3..", true},
		{"no pair can capture: smalls against larges", "0S4..0S6./...../...../...../1L3..1L4.", false},
		{"the only pair has passed", "...../...../1L6..../0S3..../.....", false},
		{"too far sideways: dc > g+1", "...../...../...../0L6..../....1M3", false},
		{"sideways within reach", "...../...../...../0L6..../..1M3..", true},
		// The rulebook's third example: a David-and-Goliath capture needing
		// another tower to move first keeps the board open. S3 on a1 is
		// boxed in by its own S4 and S6; once one steps, S3 comes out.
		{"David and Goliath after other moves", "0S3..../0S40S6.../...../...../1L6....", true},
		// S3 boxed in for good by towers that cannot move, and L6 can only
		// step away: the prefilter passes but the board is closed.
		{"David and Goliath blocked for good", "...../...../...../0S30S4.../0L30S61L6..", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := mk(t, false, 0, [3]string{tc.board})
			if got := !s.Closed(B01); got != tc.open {
				t.Fatalf("open = %v, want %v", got, tc.open)
			}
		})
	}
}

// TestClosingSearchNeeded checks that the David-and-Goliath case really
// needs the search: no capture now and S3 has no step of its own.
func TestClosingSearchNeeded(t *testing.T) {
	s := mk(t, false, 0, [3]string{"0S3..../0S40S6.../...../...../1L6...."})
	for _, m := range moveTexts(s) {
		if strings.HasPrefix(m, "B01:a1") || strings.Contains(m, "x") {
			t.Fatalf("S3 must be boxed in and no capture possible: %s", m)
		}
	}
	if _, nodes := boardOpen(B01, &s.cells[B01]); nodes == 0 {
		t.Fatal("the prefilter alone decided; the case needs the search")
	}
	if s.Closed(B01) {
		t.Fatal("board closed, want open")
	}
}

// TestBoardClosesWhenLastPairPasses: docs/rules/talat.md#closing-boards, the board closes by the move that
// rules out the last possible capture, and a closed board's towers may not
// move. Seat 0 steps S3 past L6's reach on B01; B02 and B12 stay open.
func TestBoardClosesWhenLastPairPasses(t *testing.T) {
	open02 := "..0M4../...../...../...../..2S3.."
	open12 := "..1M4../...../...../...../..2S3.."
	s := mk(t, false, 0, [3]string{"...../...../0S3..../..1L6../.....", open02, open12})
	if s.Closed(B01) {
		t.Fatal("B01 closed too early: L6 can still come beside S3")
	}
	s = play(t, s, "B01:a3-a4")
	if !s.Closed(B01) {
		t.Fatalf("B01 still open after the last pair passed: %s", s)
	}
	if s.ToMove() == game.NoPlayer {
		t.Fatal("one closed board does not end the game")
	}
	for _, m := range moveTexts(s) {
		if strings.HasPrefix(m, "B01") {
			t.Fatalf("a tower on the closed board moves: %s", m)
		}
	}
}

// TestGameEndsWhenSecondBoardCloses: docs/rules/talat.md#end-and-scoring, the game ends as soon as two
// boards are closed, and every board scores (even the open one).
func TestGameEndsWhenSecondBoardCloses(t *testing.T) {
	// B02 is closed (only black's towers, one on grey's line); B12 is open.
	s := mk(t, false, 0, [3]string{
		"...../...../0S3..../..1L6../.....",
		"0M4..../...../...../...../0L3....",
		"..1M4../...../...../...../..2S3..",
	})
	s.taken[2] = 1 << NewTower(0, M6)
	s.hash = s.computeHash()
	if !s.Closed(B02) || s.Closed(B01) || s.Closed(B12) {
		t.Fatalf("setup: closed %03b", s.closed)
	}
	s = play(t, s, "B01:a3-a4")
	if s.ToMove() != game.NoPlayer {
		t.Fatalf("game goes on with two boards closed: %s", s)
	}
	if len(s.LegalMoves(nil)) != 0 {
		t.Fatal("a finished game lists moves")
	}
	o, ok := s.Outcome()
	if !ok {
		t.Fatal("no outcome")
	}
	// Black: L3 on grey's line of B02 = 3. Grey: one capture = 5.
	if !slices.Equal(o.Scores, []int{3, 0, 5}) || !slices.Equal(o.Winners, []game.Player{2}) || o.Reason != ReasonScore {
		t.Fatalf("outcome %+v, want scores [3 0 5], winner 2", o)
	}
	if _, err := s.Play(encode(moveStep, B12, CellAt(0, 2), CellAt(1, 2), 0)); !errors.Is(err, game.ErrGameOver) {
		t.Fatalf("Play after the end: %v, want ErrGameOver", err)
	}
}

// TestScoring checks docs/rules/talat.md#end-and-scoring: 5 per captured tower whatever its kind, 3 per own
// tower on an opponent's start line on every board, closed or open; equal
// highest scores are joint winners (docs/rules/talat.md#ties), and a tie of all is a draw.
func TestScoring(t *testing.T) {
	s := mk(t, false, game.NoPlayer, [3]string{
		"...../...../...../...../0S41L3...", // black S4 on white's line; L3 is white's own line
		"2M4..../...../...../...../.....",   // grey M4 on black's line of B02
		"...../...../...../...../1L6....",   // white L6 on grey's line of B12
	})
	s.taken[0] = 1<<NewTower(1, S3) | 1<<NewTower(2, L6)
	s.taken[1] = 1 << NewTower(2, S4)
	s.taken[2] = 1 << NewTower(0, S3)
	for _, tc := range []struct {
		p    game.Player
		want int
	}{{0, 10 + 3}, {1, 5 + 3}, {2, 5 + 3}} {
		if got := s.Score(tc.p); got != tc.want {
			t.Errorf("Score(%v) = %d, want %d", tc.p, got, tc.want)
		}
	}
	o, _ := s.Outcome()
	if !slices.Equal(o.Winners, []game.Player{0}) {
		t.Errorf("winners %v, want [0]", o.Winners)
	}
	s.taken[1] |= 1 << NewTower(0, L6)
	o, _ = s.Outcome()
	if !slices.Equal(o.Winners, []game.Player{0, 1}) || !slices.Equal(o.Scores, []int{13, 13, 8}) {
		t.Errorf("T7: outcome %+v, want joint winners 0 and 1", o)
	}
	s.taken[2] |= 1 << NewTower(1, L6)
	o, _ = s.Outcome()
	if !o.IsDraw() {
		t.Errorf("a tie of every seat: %+v, want a draw", o)
	}
}

// TestAutomaticPass checks docs/rules/talat.md#players-who-cannot-act: white has nothing to do (its only tower
// stands on grey's line with nothing beside it to take, and B01 is closed),
// so after black's move grey is to move.
func TestAutomaticPass(t *testing.T) {
	s := mk(t, false, 0, [3]string{
		"",
		"..0M4../...../...../...../..2S3..",
		"...../...../...../...../.2L61M4..",
	})
	if s.Closed(B12) || s.Closed(B02) || !s.Closed(B01) {
		t.Fatalf("setup: closed %03b", s.closed)
	}
	if s.hasAction(1) {
		t.Fatal("white must have no action")
	}
	s = play(t, s, "B02:c1-c2")
	if s.ToMove() != 2 {
		t.Fatalf("after black, %v to move; white should be passed", s.ToMove())
	}
	if _, err := s.ParseMove("pass"); err == nil {
		t.Fatal("pass is never a move: passing is automatic")
	}
	s = play(t, s, "B02:c5-c4")
	if s.ToMove() != 0 {
		t.Fatalf("after grey, %v to move, want black", s.ToMove())
	}
}

// TestPalatSetup checks docs/rules/talat.md#palat-two-players-and-the-spirit's setup: H1 places first, the players alternate
// placing the spirit's towers on the spirit's lines until 8 are placed, the
// ninth is out of the game (docs/rules/talat.md#palat-the-spirit-tower-out-of-the-game); then own towers, H1 first (docs/rules/talat.md#palat-who-places-first), and H2,
// who placed the last tower, moves first.
func TestPalatSetup(t *testing.T) {
	s := newGame(t, VariantPalat, "0")
	if s.NumPlayers() != 2 || s.ToMove() != 0 {
		t.Fatalf("palat: %d players, %v first", s.NumPlayers(), s.ToMove())
	}
	for i := range 8 {
		moves := moveTexts(s)
		for _, m := range moves {
			if !(strings.HasPrefix(m, "B02:") || strings.HasPrefix(m, "B12:")) || m[5] != '5' {
				t.Fatalf("spirit placement %s is not on rank 5 of B02 or B12", m)
			}
		}
		if want := game.Player(i % 2); s.ToMove() != want {
			t.Fatalf("spirit placement %d by %v, want %v", i+1, s.ToMove(), want)
		}
		s = play(t, s, moves[0])
	}
	onBoard := 0
	for b := range Board(NumBoards) {
		for c := range Cell(NumCells) {
			if x, ok := s.At(b, c); ok && x.Colour() == spirit {
				onBoard++
			}
		}
	}
	if onBoard != 8 || s.reserve&colourMask(spirit) != 0 {
		t.Fatalf("after 8 spirit placements: %d on the boards, reserve %09b", onBoard, s.reserve>>18)
	}
	if s.ToMove() != 0 {
		t.Fatalf("T8: H1 places first again, got %v", s.ToMove())
	}
	for i := range 18 {
		if want := game.Player(i % 2); s.ToMove() != want {
			t.Fatalf("own placement %d by %v, want %v", i+1, s.ToMove(), want)
		}
		moves := moveTexts(s)
		for _, m := range moves {
			want := map[game.Player][]string{0: {"B01:?1", "B02:?1"}, 1: {"B01:?5", "B12:?1"}}[s.ToMove()]
			if !(m[:4] == want[0][:4] && m[5] == want[0][5] || m[:4] == want[1][:4] && m[5] == want[1][5]) {
				t.Fatalf("seat %v places %s, want one of %v", s.ToMove(), m, want)
			}
		}
		s = play(t, s, moves[len(moves)/2])
	}
	if s.inSetup() {
		t.Fatal("setup not over after 8 + 18 placements")
	}
	if s.ToMove() != 1 {
		t.Fatalf("H2 placed the last own tower and moves first, got %v", s.ToMove())
	}
	text := s.String()
	if _, err := Info.ParsePosition(text, game.Options{Variant: VariantPalat}); err != nil {
		t.Fatalf("ParsePosition after setup: %v", err)
	}
}

// TestPalatControl checks docs/rules/talat.md#palat-two-players-and-the-spirit's action rule: each human moves own towers on
// the own spirit board and on B01, and the spirit's towers on the
// opponent's spirit board; captures are credited to the mover and the
// spirit's line bonus goes to whoever controls the spirit there (docs/rules/talat.md#palat-points-for-spirit-towers).
func TestPalatControl(t *testing.T) {
	boards := [3]string{
		"..0M4../...../...../...../..1S3..",
		"..0M4../...../...../...../..2S3..",
		"..1M4../...../...../...../..2S3..",
	}
	for _, tc := range []struct {
		seat game.Player
		want []string // boards whose towers it moves, with their rank
	}{
		{0, []string{"B01:c1", "B02:c1", "B12:c5"}},
		{1, []string{"B01:c5", "B02:c5", "B12:c1"}},
	} {
		s := mk(t, true, tc.seat, boards)
		var got []string
		for _, m := range moveTexts(s) {
			if !slices.Contains(got, m[:6]) {
				got = append(got, m[:6])
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("seat %v moves towers at %v, want %v", tc.seat, got, tc.want)
		}
	}
	// H1 (seat 0) captures white's tower with the spirit on B12.
	s := mk(t, true, 0, [3]string{
		"..0M4../...../...../...../..1M4..",
		"..0M4../...../...../...../..2M4..",
		"...../..1S3../..2M4../...../.....",
	})
	s = play(t, s, "B12:c3xc2")
	if !slices.Equal(s.Taken(0), []Tower{NewTower(1, S3)}) {
		t.Fatalf("the capture goes to the mover: taken %v / %v", s.Taken(0), s.Taken(1))
	}
	// Spirit towers on a human's line score for the human moving them.
	s = mk(t, true, game.NoPlayer, [3]string{
		"",
		"2M4..../...../...../...../.....", // Z on H1's line of B02: seat 1 moves Z there
		"2L4..../...../...../...../.....", // Z on H2's line of B12: seat 0 moves Z there
	})
	s.cells[B12][CellAt(0, 1)] = uint8(NewTower(spirit, L6)) + 1
	if s.Score(0) != 6 || s.Score(1) != 3 {
		t.Fatalf("T10: scores %d, %d, want 6 and 3", s.Score(0), s.Score(1))
	}
	o, _ := s.Outcome()
	if !slices.Equal(o.Winners, []game.Player{0}) {
		t.Fatalf("winners %v", o.Winners)
	}
}

// TestPalatNoOwnCapture: docs/rules/talat.md#palat-two-players-and-the-spirit, a spirit tower never captures its mover's own
// towers, because on a spirit board the two colours belong to different
// humans... except that the spirit board of the opponent holds only the
// opponent's towers and the spirit's.
func TestPalatNoOwnCapture(t *testing.T) {
	s := mk(t, true, 0, [3]string{"", "", "...../..1S3../..2M4../...../....."})
	for _, m := range s.LegalMoves(nil) {
		_, b, from, _, _ := decode(m)
		tw, _ := s.At(b, from)
		if b == B12 && tw.Colour() != spirit {
			t.Fatalf("seat 0 moves white's tower: %s", s.MoveString(m))
		}
	}
}

// TestNotation checks docs/rules/talat.md#notation and the equivalent forms ParseMove accepts.
func TestNotation(t *testing.T) {
	s := mk(t, false, 0, [3]string{"...../..0L61M3./...../...../.....", "..0M4../...../...../...../..2S3..", ""})
	for _, tc := range []struct {
		in, want string
	}{
		{"B01:c2xd2", "B01:c2xd2"},
		{"b01:C2XD2", "B01:c2xd2"},
		{"B01:c2-d2", "B01:c2xd2"},
		{"01:c2xd2", "B01:c2xd2"},
		{"B01c2xd2", "B01:c2xd2"},
		{" B01 : c2 x d2 ", "B01:c2xd2"},
		{"B02:c1-c2", "B02:c1-c2"},
	} {
		m, err := s.ParseMove(tc.in)
		if err != nil {
			t.Errorf("ParseMove(%q): %v", tc.in, err)
			continue
		}
		if got := s.MoveString(m); got != tc.want {
			t.Errorf("ParseMove(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
	for _, tc := range []struct {
		in   string
		want error
	}{
		{"", game.ErrSyntax},
		{"pass", game.ErrSyntax},
		{"B03:c1-c2", game.ErrSyntax},
		{"B01:f1-c2", game.ErrSyntax},
		{"B01:c1=X6", game.ErrSyntax},
		{"B01:c1/c2", game.ErrSyntax},
		{"B01:c2xc3", game.ErrIllegalMove},
		{"B01:c2=L6", game.ErrIllegalMove},
		{"B02:c1xc2", game.ErrIllegalMove},
	} {
		if _, err := s.ParseMove(tc.in); !errors.Is(err, tc.want) {
			t.Errorf("ParseMove(%q) = %v, want %v", tc.in, err, tc.want)
		}
	}
	n := newGame(t, VariantTalat, "0")
	m, err := n.ParseMove("b01:A1=l6")
	if err != nil || n.MoveString(m) != "B01:a1=L6" {
		t.Fatalf("placement: %v %s", err, n.MoveString(m))
	}
}

// TestPositionErrors checks that malformed or impossible position texts
// are rejected with a *game.ParseError.
func TestPositionErrors(t *testing.T) {
	start := newGame(t, VariantTalat, "0").String()
	for _, tc := range []struct{ name, text string }{
		{"empty", ""},
		{"variant", strings.Replace(start, "talat", "chess", 1)},
		{"turn", strings.Replace(start, "talat 0", "talat 3", 1)},
		{"rank count", strings.Replace(start, "B01=...../", "B01=", 1)},
		{"bad tower", strings.Replace(start, "B01=.....", "B01=0X3....", 1)},
		{"colour on the wrong board", strings.Replace(strings.Replace(start, "B01=.....", "B01=2S3....", 1), "/S3S4S6M3M4M6L3L4L6 ", "/S4S6M3M4M6L3L4L6 ", 1)},
		{"tower twice", strings.Replace(start, "B01=.....", "B01=0S3....", 1)},
		{"tower missing", strings.Replace(start, "reserve=S3", "reserve=S4", 1)},
		{"closed during setup", strings.Replace(start, "closed=-", "closed=B01", 1)},
		{"towers off the start line in setup", strings.Replace(strings.Replace(start, "B01=...../.....", "B01=...../0S3....", 1), "reserve=S3", "reserve=", 1)},
		{"fields", start + " extra"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Info.ParsePosition(tc.text, game.Options{})
			var pe *game.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, game.ErrSyntax) {
				t.Fatalf("ParsePosition = %v, want a *game.ParseError", err)
			}
		})
	}
	if _, err := Info.ParsePosition(start, game.Options{}); err != nil {
		t.Fatalf("start position: %v", err)
	}
}

// TestParsePositionVariant checks that the variant written in a position
// must agree with the variant (or player count) the options ask for, and
// that empty options take the variant from the text.
func TestParsePositionVariant(t *testing.T) {
	talatText := newGame(t, VariantTalat, "0").String()
	palatText := newGame(t, VariantPalat, "0").String()
	for _, tc := range []struct {
		name    string
		text    string
		opts    game.Options
		want    string // the variant read, or "" when an error is wanted
		wantErr error
	}{
		{"talat, no options", talatText, game.Options{}, VariantTalat, nil},
		{"palat, no options", palatText, game.Options{}, VariantPalat, nil},
		{"talat asked", talatText, game.Options{Variant: VariantTalat}, VariantTalat, nil},
		{"palat asked", palatText, game.Options{Variant: VariantPalat}, VariantPalat, nil},
		{"palat by player count", palatText, game.Options{Players: 2}, VariantPalat, nil},
		{"talat by player count", talatText, game.Options{Players: 3}, VariantTalat, nil},
		{"palat text, talat asked", palatText, game.Options{Variant: VariantTalat}, "", game.ErrBadOption},
		{"talat text, palat asked", talatText, game.Options{Variant: VariantPalat}, "", game.ErrBadOption},
		{"talat text, two players", talatText, game.Options{Players: 2}, "", game.ErrBadOption},
		{"palat text, three players", palatText, game.Options{Players: 3}, "", game.ErrBadOption},
		{"unknown variant asked", talatText, game.Options{Variant: "chess"}, "", game.ErrBadOption},
		// A malformed text stays a syntax error whatever the options.
		{"bad text, palat asked", "palat", game.Options{Variant: VariantPalat}, "", game.ErrSyntax},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Info.ParsePosition(tc.text, tc.opts)
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("ParsePosition = %v, want %v", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := s.(*State).Variant(); got != tc.want {
				t.Fatalf("variant %s, want %s", got, tc.want)
			}
		})
	}
}

// TestHashIncremental checks the incrementally kept hash against a fresh
// computation along a game.
func TestHashIncremental(t *testing.T) {
	s := newGame(t, VariantTalat, "1")
	for i := 0; s.ToMove() != game.NoPlayer; i++ {
		if s.Hash() != s.computeHash() {
			t.Fatalf("ply %d: hash %#x, recomputed %#x", i, s.Hash(), s.computeHash())
		}
		ms := s.LegalMoves(nil)
		next, err := s.Play(ms[(i*7919)%len(ms)])
		if err != nil {
			t.Fatal(err)
		}
		s = next.(*State)
	}
	if bits.OnesCount8(s.closed) < 2 {
		t.Fatal("the game ended with fewer than two closed boards")
	}
}

// TestEvaluate checks the heuristic's range and its sense: material and
// advancement count.
func TestEvaluate(t *testing.T) {
	s := mk(t, false, 0, [3]string{"...../...../...../0M4..../..1M4..", "..0M4../...../...../...../..2S3..", ""})
	for p := range game.Player(3) {
		if v := s.Evaluate(p); v < -1 || v > 1 {
			t.Fatalf("Evaluate(%v) = %v outside [-1, 1]", p, v)
		}
	}
	ahead := mk(t, false, 0, [3]string{"...../...../...../0M4..../..1M4..", "..0M4../...../...../...../..2S3..", ""})
	ahead.taken[0] = 1 << NewTower(1, S3)
	if ahead.Evaluate(0) <= s.Evaluate(0) || ahead.Evaluate(1) >= s.Evaluate(1) {
		t.Fatalf("a capture should help black and hurt white: %v→%v, %v→%v", s.Evaluate(0), ahead.Evaluate(0), s.Evaluate(1), ahead.Evaluate(1))
	}
}

// TestIsLegalMatchesLegalMoves checks the direct legality test used by Play
// and ParseMove against the move list, along games of both variants: every
// listed move at every ply, and every 18-bit move value every 40th ply.
func TestIsLegalMatchesLegalMoves(t *testing.T) {
	for _, v := range []string{VariantTalat, VariantPalat} {
		s := newGame(t, v, "0")
		for ply := 0; s.ToMove() != game.NoPlayer; ply++ {
			listed := map[game.Move]bool{}
			moves := s.LegalMoves(nil)
			for _, m := range moves {
				listed[m] = true
			}
			for m := range game.Move(1 << 18) {
				if ply%40 != 0 && !listed[m] {
					continue // every move value is checked every 40th ply
				}
				if s.isLegal(m) != listed[m] {
					t.Fatalf("%s ply %d: isLegal(%s) = %v, listed %v", v, ply, s.describe(m), s.isLegal(m), listed[m])
				}
			}
			next, err := s.Play(moves[(ply*31)%len(moves)])
			if err != nil {
				t.Fatal(err)
			}
			s = next.(*State)
		}
	}
}
