package palaboratory

import (
	"errors"
	"strconv"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/palago"
)

func opts(variant string, kv ...string) game.Options {
	o := game.Options{Variant: variant, Values: map[string]string{}}
	for i := 0; i+1 < len(kv); i += 2 {
		o.Values[kv[i]] = kv[i+1]
	}
	return o
}

func TestConformance(t *testing.T) {
	tests := []struct {
		name string
		o    game.Options
	}{
		{"red virus", opts(Red)},
		{"red cobra", opts(Red, OptCard, "9")},
		{"green 1-2", opts(Green)},
		{"green 7-10", opts(Green, OptCard, "10", OptFrom, "7")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			gametest.Run(t, Info, gametest.Config{Options: tc.o, Playouts: 3, MaxPlies: MoveLimit + 14, MovesPerState: 6})
		})
	}
}

func TestOptions(t *testing.T) {
	tests := []struct {
		name string
		o    game.Options
		ok   bool
	}{
		{"red default", opts(Red), true},
		{"green default", opts(Green), true},
		{"red card 12", opts(Red, OptCard, "12"), true},
		{"red with from", opts(Red, OptFrom, "3"), false},
		{"green 1 has no previous card", opts(Green, OptCard, "1"), false},
		{"green same card", opts(Green, OptCard, "5", OptFrom, "5"), false},
		{"green shrinks", opts(Green, OptCard, "3", OptFrom, "9"), false},
		{"green 14 to 14", opts(Green, OptCard, "11", OptFrom, "10"), true},
		{"card out of range", opts(Red, OptCard, "13"), false},
		{"unknown variant", opts("blue"), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Info.New(tc.o)
			if tc.ok && err != nil {
				t.Errorf("New: %v", err)
			}
			if !tc.ok && !errors.Is(err, game.ErrBadOption) {
				t.Errorf("New = %v, want ErrBadOption", err)
			}
		})
	}
}

// play parses and plays a record, failing the test on error.
func play(t *testing.T, s game.State, record string) game.State {
	t.Helper()
	s, err := game.PlayAll(s, game.SplitRecord(record))
	if err != nil {
		t.Fatalf("%v\nat %v", err, s)
	}
	return s
}

// TestGreenVirusToRing plays the rulebook's 1 → 2 example: a rotation and
// a relocation of the virus plus one added tile make the ring (docs/rules/palaboratory.md#the-fewest-moves).
func TestGreenVirusToRing(t *testing.T) {
	s, err := Info.New(opts(Green))
	if err != nil {
		t.Fatal(err)
	}
	if p := s.(*State).Par(); p != 2 {
		t.Fatalf("par = %d, want 2", p)
	}
	cards := Cards()
	sol, err := Solve(cards[0].Tiles, cards[1].Tiles)
	if err != nil {
		t.Fatal(err)
	}
	rec := ""
	for _, op := range sol.Ops {
		rec += op.String() + " "
	}
	end := play(t, s, rec)
	o, ok := end.Outcome()
	if !ok || !o.Won(0) || o.Reason != ReasonSolved || len(o.Scores) != 1 || o.Scores[0] != 2 {
		t.Fatalf("after %s: outcome %+v, %v; want solved in 2 moves", rec, o, ok)
	}
}

// TestSolverRecordsPlay plays the solver's sequence for every card-to-card
// step and every published task as a green game: it solves the task with a
// score equal to the par (docs/rules/palaboratory.md#the-fewest-moves, docs/rules/palaboratory.md#counting-moves).
func TestSolverRecordsPlay(t *testing.T) {
	cards := Cards()
	type pair struct{ from, to int }
	var pairs []pair
	for n := 2; n <= NumCards; n++ {
		pairs = append(pairs, pair{n - 1, n})
	}
	for _, tk := range ExtraTasks() {
		pairs = append(pairs, pair{tk.From, tk.To})
	}
	for _, p := range pairs {
		t.Run(strconv.Itoa(p.from)+"-"+strconv.Itoa(p.to), func(t *testing.T) {
			s, err := Info.New(opts(Green, OptCard, strconv.Itoa(p.to), OptFrom, strconv.Itoa(p.from)))
			if err != nil {
				t.Fatal(err)
			}
			sol, err := Solve(cards[p.from-1].Tiles, cards[p.to-1].Tiles)
			if err != nil {
				t.Fatal(err)
			}
			rec := ""
			for _, op := range sol.Ops {
				rec += op.String() + " "
			}
			end := play(t, s, rec)
			o, ok := end.Outcome()
			if !ok || o.Reason != ReasonSolved || o.Scores[0] != sol.Moves || sol.Moves != s.(*State).Par() {
				t.Fatalf("outcome %+v, %v; want solved in par %d", o, ok, sol.Moves)
			}
		})
	}
}

// TestRedBuild builds every card from an empty table, in either colour
// (docs/rules/palaboratory.md#tasks, docs/rules/palaboratory.md#solving-a-red-task): the card's tiles in breadth-first order, then a
// colour-swapped mirror image.
func TestRedBuild(t *testing.T) {
	for _, c := range Cards() {
		for _, g := range []int{0, 7} {
			t.Run(c.Name+"/sym"+strconv.Itoa(g), func(t *testing.T) {
				s, err := Info.New(opts(Red, OptCard, strconv.Itoa(c.Number)))
				if err != nil {
					t.Fatal(err)
				}
				start := c.Tiles[:1]
				sol, err := Solve(start, image(c.Tiles, palago.AllSymmetries()[g], c.Tiles[0].Cell))
				if err != nil {
					t.Fatal(err)
				}
				// Shift so that the first tile is (0,0) and add the rest.
				rec := "(0,0):" + strconv.Itoa(int(start[0].O)) + " "
				d := start[0].Cell
				for _, op := range sol.Ops {
					op.To.Q -= d.Q
					op.To.R -= d.R
					op.From.Q -= d.Q
					op.From.R -= d.R
					rec += op.String() + " "
				}
				end := play(t, s, rec)
				o, ok := end.Outcome()
				if !ok || o.Reason != ReasonSolved || o.Scores[0] != sol.Moves {
					t.Fatalf("outcome %+v, %v after %s", o, ok, rec)
				}
			})
		}
	}
}

// TestRedNeedsExactCount: a layout holding the creature plus extra tiles
// does not solve a red task (docs/rules/palaboratory.md#solving-a-red-task), and placements stop at the
// card's count.
func TestRedNeedsExactCount(t *testing.T) {
	s, err := Info.New(opts(Red, OptCard, "1"))
	if err != nil {
		t.Fatal(err)
	}
	s = play(t, s, "(0,0):0 (-1,0):0 (-1,1):0 (0,1):2")
	if _, over := s.Outcome(); over {
		t.Fatal("four tiles solved the virus")
	}
	// A fifth tile elsewhere: five tiles, no creature, no more placements.
	s = play(t, s, "(1,0):0")
	if _, over := s.Outcome(); over {
		t.Fatal("a non-creature solved the virus")
	}
	if _, err := s.ParseMove("(2,0):0"); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("a sixth tile: %v, want ErrIllegalMove", err)
	}
	// Relocate the stray tile to close the virus: one move.
	s = play(t, s, "(1,0)>(0,-1):1")
	o, ok := s.Outcome()
	if !ok || o.Reason != ReasonSolved || o.Scores[0] != 1 {
		t.Fatalf("outcome %+v, %v; want solved with 1 move", o, ok)
	}
}

// TestMoveRules checks the legality of each operation kind (docs/rules/palaboratory.md#the-fewest-moves).
func TestMoveRules(t *testing.T) {
	s, err := Info.ParsePosition("green:1-2 0 "+virusText, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		move string
		ok   bool
		kind OpKind
	}{
		{"(1,0):0", true, Place},
		{"(1,0):2", true, Place},
		{"(3,0):0", false, 0},     // not next to the layout
		{"(0,0):1", true, Rotate}, // occupied: a rotation
		{"(0,0):0", false, 0},     // same orientation
		{"(0,-1)>(1,0):2", true, Relocate},
		{"(0,-1)->(1,0):2", true, Relocate},
		{"(0,-1)>(0,1):2", false, 0},  // onto a tile
		{"(5,5)>(1,0):2", false, 0},   // nothing to move
		{"(0,-1)>(1,-2):0", false, 0}, // next to the moving tile only
		{"(0,-1)>(4,4):0", false, 0},  // next to nothing
	}
	for _, tc := range tests {
		t.Run(tc.move, func(t *testing.T) {
			m, err := s.ParseMove(tc.move)
			if !tc.ok {
				if !errors.Is(err, game.ErrIllegalMove) {
					t.Errorf("ParseMove(%q) = %v, want ErrIllegalMove", tc.move, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseMove(%q): %v", tc.move, err)
			}
			op, _ := decodeOp(m)
			if op.Kind != tc.kind {
				t.Errorf("ParseMove(%q) is a %v, want %v", tc.move, op.Kind, tc.kind)
			}
			next, err := s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			wantMoves := 0
			if op.Counts() {
				wantMoves = 1
			}
			if got := next.(*State).Moves(); got != wantMoves {
				t.Errorf("after %s: %d moves counted, want %d", tc.move, got, wantMoves)
			}
		})
	}
}

// TestMoveLimit: a task unsolved after MoveLimit moves ends without a
// winner.
func TestMoveLimit(t *testing.T) {
	s, err := Info.ParsePosition("green:1-2 "+strconv.Itoa(MoveLimit-1)+" "+virusText, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s = play(t, s, "(0,0):1")
	o, ok := s.Outcome()
	if !ok || o.Reason != ReasonMoveLimit || len(o.Winners) != 0 || o.Scores[0] != MoveLimit {
		t.Fatalf("outcome %+v, %v; want move-limit", o, ok)
	}
	if _, err := s.Play(Op{Kind: Rotate, To: palago.Cell{}, From: palago.Cell{}, O: 2}.encode()); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("Play after the limit: %v, want ErrGameOver", err)
	}
}

func TestParsePositionErrors(t *testing.T) {
	for _, text := range []string{
		"", "red:1", "red:0 0", "red:13 0", "blue:1 0", "green:2-1 0 " + ringText, "green:1-2 0",
		"green:1-2 -1 " + virusText, "green:1-2 99 " + virusText, "red:1 0 (0,0):0 (0,0):1",
		"red:1 0 (0,0):0 (1,0):0 (2,0):0 (3,0):0 (4,0):0 (5,0):0", "red:1 0 (0,0):3", "green:x-2 0",
	} {
		if _, err := Info.ParsePosition(text, game.Options{}); !errors.Is(err, game.ErrSyntax) {
			t.Errorf("ParsePosition(%q) = %v, want a syntax error", text, err)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	s, err := Info.ParsePosition("green:1-2 0 "+virusText, game.Options{})
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range []string{"(1,0):0", "(0,0):1", "(0,-1)>(1,0):2", "0,-1->1,0:2", "(0,0)>(0,0):0", ">", "(1,0):", "done", "Done"} {
		f.Add(seed)
	}
	for _, seed := range gametest.SeedMoves(f, "testdata") { // the moves of the golden playthroughs
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) { gametest.FuzzMove(t, s, text) })
}

func FuzzParsePosition(f *testing.F) {
	for _, seed := range []string{"red:1 0", "red:3 2 (0,0):0 (1,0):2", "green:1-2 0 " + virusText, "green:10-11 7 " + wormAText, "free 0", "free 3 done " + wormAText, "free:1 0"} {
		f.Add(seed)
	}
	for _, seed := range gametest.SeedPositions(f, "testdata") { // the positions of testdata (perft and playthroughs)
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) { gametest.FuzzPosition(t, Info, game.Options{}, text) })
}

// TestEvaluate: the evaluation grows as the target fills in and is 1 once
// solved.
func TestEvaluate(t *testing.T) {
	s, err := Info.New(opts(Green))
	if err != nil {
		t.Fatal(err)
	}
	var vals []float64
	vals = append(vals, s.(game.Evaluator).Evaluate(0))
	cards := Cards()
	sol, err := Solve(cards[0].Tiles, cards[1].Tiles)
	if err != nil {
		t.Fatal(err)
	}
	for _, op := range sol.Ops {
		s = play(t, s, op.String())
		vals = append(vals, s.(game.Evaluator).Evaluate(0))
	}
	// Virus → ring keeps 3 of the ring's 6 tiles: 2·3/6 − 1 = 0 at the start.
	if vals[0] != 0 || vals[len(vals)-1] != 1 {
		t.Errorf("evaluations %v, want 0 at the start and 1 when solved", vals)
	}
	for i := 1; i < len(vals); i++ {
		if vals[i] < vals[i-1] {
			t.Errorf("evaluation fell along an optimal solution: %v", vals)
		}
	}
}

// TestDisconnectedAllowed: intermediate layouts need not be connected
// (docs/rules/palaboratory.md#the-fewest-moves), so a relocation may split the layout.
func TestDisconnectedAllowed(t *testing.T) {
	s, err := Info.ParsePosition("green:1-2 0 (0,0):0 (1,0):0 (2,0):0 (3,0):0 (4,0):0", game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s = play(t, s, "(2,0)>(2,-1):0")
	if got := s.String(); got != "green:1-2 1 (0,0):0 (1,0):0 (2,-1):0 (3,0):0 (4,0):0" {
		t.Errorf("after the split: %s", got)
	}
	// The split-off pair may grow: (5,0) touches (4,0).
	s = play(t, s, "(5,0):1")
	if n := len(s.(*State).Tiles()); n != 6 {
		t.Errorf("%d tiles after the placement, want 6", n)
	}
}
