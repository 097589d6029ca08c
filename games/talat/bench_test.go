package talat

import (
	"testing"

	"github.com/tabula-games/tabula/game"
)

// closingCases are boards for the closing check, from cheap to the worst
// cases found. Diagrams are B01 (black low, white high), ranks 1 to 5.
var closingCases = []struct {
	name, board string
	open        bool
}{
	// A full start: a capture is possible at once after two steps; the
	// prefilter finds a pair in reach, no search needed beyond one node.
	{"start", "0S30S40S60M30M4/...../...../...../1S31S41S61M31M4", true},
	// David and Goliath needing other towers to move first (docs/rules/talat.md#closing-boards, example 3).
	{"david-goliath", "0S3..../0S40S6.../...../...../1L6....", true},
	// Closed, but only the exhaustive search can tell: S3 is boxed in for
	// good while L6 stays on e5, and four white towers below them wander
	// through every combination of their moves.
	{"closed-worst", "...../...../1M3.1M41M61L4/0S30S4.../0L30S61L6..", false},
	// Open, found by a random search for slow boards: many pairs, and the
	// first capture lies deep in the search order.
	{"open-deep", "..0S40S60S3/0M6..../...../...../.1L41L31S31M3", true},
	// Found by TestHuntSlowBoards against earlier versions of the check:
	// the first search (closing_ref_test.go) took 105132 positions here, a
	// capture one step away that depth-first search found last.
	{"hunt-ref", "....0L4/0L30L60S4../...../.0S61L61S3./..1S61L41S4", true},
	// Hunted against the search of one pair at a time, closed pairs first
	// (56936 positions, measured while cell sets still wrapped from e5 to
	// a5); the search of all pairs at once finds it in a few.
	{"hunt-pair", ".0S30S6../0S4..../...../0M60L6.1L31L4/.0M30L3.1M4", true},
	// Hunted against an abandoned version that searched each pair's
	// meeting cells one by one (52999 positions).
	{"hunt-meet", "1S30S3.../1L3.0S6../0S41L40L40L3./.0M3.../....1S6", true},
	// The witness needs S4 to walk four steps while M4 waits.
	{"hunt-walk", ".1M61L60S4./1M3.1S4../..1L4.1L3/.0M4.0S6./1M4....", true},
	// The worst board found against the current check: one live pair,
	// black L6 on e2 against white L3 on a5, with no slack (each must step
	// straight toward the other), while the towers around may all have
	// to make way and both searches go through their combinations.
	{"hunt-blockers", "..0S6../....0L6/.1L6..0L4/.0L31S6.0M6/1L30S40S3..", false},
	// Hunted against the partial-order reduction (closing_stubborn.go):
	// white S6 on a4 against black S4 on e1 with no slack. Open, but the
	// depth-first search of the pair first walks S6 down while the
	// witness needs S4 to come up first, and the towers that may enter
	// S6's path (L3 c3, S4 b5, L3 c5, M6 a3) keep many positions apart.
	{"hunt-por", ".1M41M3.0S4/..1L41L6./1M6.0L3../1S6..../.1S41L3..", true},
	// Hunted against the iterative deepening of the search of one pair
	// (talat4): white L4 on a5 against black L3 on e1, with white L3, M6
	// and S4 in a column in front of L4 that must all make way first, so
	// the shortest witness is long and every iteration below its length
	// walks through the blockers' combinations.
	{"hunt-ida", "....0L3/..1S6../1M61S41S3../1L30S3.../1L40L40L6..", true},
	// Hunted against the iterative deepening with a depth-first pass per
	// round (talat4): slow for all three searches at once.
	{"hunt-mix", "..1M61S30L4/.1L3.1S60L6/.1M3.0S4./...../1L6.1S4..", true},
	// Hunted against the check before talat4 (partial-order reduction,
	// depth-first), in the same run as the hunts above: 35122 and 9837
	// work units there.
	{"hunt-por2", ".0S6..0S3/...../1S6.1L3../.0L6..0L4/1L60S40M6.1L4", true},
	{"hunt-por3", "1M3.0L4../1S41L40S31S3./.0S60L30S4./.1L3.../.....", true},
	// Hunted against the path bound (talat5, before the pairs' iterations
	// were interleaved by bound): 197 and 120 work units, while a plain
	// depth-first search finds a capture in 5. Several pairs have the
	// same row gap; those searched first need long witnesses, another
	// pair one of 2 steps.
	{"hunt-path", "...0L40L6/..0S30M40M3/...../0S40L3.../1S41L30S6..", true},
	{"hunt-path2", ".0L30S3../..1L3../.0M3.../..0S60L6./.0M60S41L61S6", true},
}

func closingBoard(tb testing.TB, d string) *[NumCells]uint8 {
	tb.Helper()
	s := mk(tb, false, 0, [3]string{d})
	return &s.cells[B01]
}

func TestClosingCases(t *testing.T) {
	for _, tc := range closingCases {
		t.Run(tc.name, func(t *testing.T) {
			open, nodes := boardOpen(B01, closingBoard(t, tc.board))
			if open != tc.open {
				t.Fatalf("open = %v, want %v", open, tc.open)
			}
			t.Logf("%d nodes", nodes)
		})
	}
}

func BenchmarkBoardOpen(b *testing.B) {
	for _, tc := range closingCases {
		cells := closingBoard(b, tc.board)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				boardOpen(B01, cells)
			}
		})
	}
}

// BenchmarkBoardOpenRef times the reference (closing_ref_test.go) on the
// same boards. The "before" numbers of docs/benchmarks/talat.md are of the
// first closing search, which the reference replaced.
func BenchmarkBoardOpenRef(b *testing.B) {
	for _, tc := range closingCases {
		cells := closingBoard(b, tc.board)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				refOpen(cells)
			}
		})
	}
}

// midgame plays a fixed game to just after setup and a few moves on.
func midgame(b *testing.B, variant string, plies int) *State {
	s, err := Info.New(game.Options{Variant: variant, Values: map[string]string{"firstPlayer": "0"}})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < plies && s.ToMove() != game.NoPlayer; i++ {
		ms := s.LegalMoves(nil)
		if s, err = s.Play(ms[(i*7919)%len(ms)]); err != nil {
			b.Fatal(err)
		}
	}
	return s.(*State)
}

func BenchmarkLegalMoves(b *testing.B) {
	for _, tc := range []struct {
		name  string
		plies int
	}{{"setup", 0}, {"after-setup", 27}, {"midgame", 40}} {
		s := midgame(b, VariantTalat, tc.plies)
		buf := make([]game.Move, 0, 128)
		b.Run(tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				buf = s.LegalMoves(buf[:0])
			}
		})
	}
}

func BenchmarkPlay(b *testing.B) {
	s := midgame(b, VariantTalat, 40)
	m := s.LegalMoves(nil)[0]
	b.ReportAllocs()
	for b.Loop() {
		if _, err := s.Play(m); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkApplyUndo(b *testing.B) {
	s := midgame(b, VariantTalat, 40)
	m := s.LegalMoves(nil)[0]
	mut := s.Mutable()
	b.ReportAllocs()
	for b.Loop() {
		mut.Apply(m)
		mut.Undo()
	}
}

func BenchmarkRandomGame(b *testing.B) {
	b.ReportAllocs()
	buf := make([]game.Move, 0, 128)
	for i := 0; b.Loop(); i++ {
		s, _ := Info.New(game.Options{Values: map[string]string{"firstPlayer": "0"}})
		mut := s.(*State).Mutable()
		for j := 0; mut.ToMove() != game.NoPlayer; j++ {
			buf = mut.LegalMoves(buf[:0])
			mut.Apply(buf[(i+j*7919)%len(buf)])
		}
	}
}

// BenchmarkEvaluate is the heuristic on a position 40 plies in (setup over,
// every board open or nearly so).
func BenchmarkEvaluate(b *testing.B) {
	s := midgame(b, VariantTalat, 40)
	b.ReportAllocs()
	var sum float64
	for i := 0; b.Loop(); i++ {
		sum += s.Evaluate(game.Player(i % 3))
	}
	_ = sum
}
