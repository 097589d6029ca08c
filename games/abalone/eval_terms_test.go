package abalone

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/hexgrid"
)

// posText builds a position text from the cells of each side ("e7 e8"), the
// side to move ('b' or 'w') and the off counts.
func posText(t *testing.T, black, white string, side byte, offB, offW int) string {
	t.Helper()
	var cells [NumCells]byte
	for i := range cells {
		cells[i] = '.'
	}
	for col, list := range []string{black, white} {
		for _, name := range strings.Fields(list) {
			c, err := ParseCell(name)
			if err != nil {
				t.Fatal(err)
			}
			cells[c] = "bw"[col]
		}
	}
	var sb strings.Builder
	for r := 8; r >= 0; r-- {
		if r < 8 {
			sb.WriteByte('/')
		}
		for n := rowFirst(r); n < rowFirst(r)+rowLen(r); n++ {
			sb.WriteByte(cells[CellAt(r, n)])
		}
	}
	sb.WriteString(" " + string(side) + " ")
	sb.WriteString(string(rune('0'+offB)) + " " + string(rune('0'+offW)))
	return sb.String()
}

// TestEvalTerms checks each term of the evaluation on positions whose
// counts are known, from Black's view: the threat counts of every kind of
// sumito that ejects a marble (and of pushes that do not), the edge
// danger, the lines of three, the rings, the cohesion and the marbles.
func TestEvalTerms(t *testing.T) {
	tests := []struct {
		name         string
		black, white string
		side         byte
		offB, offW   int
		want         map[int]int // term -> value; terms not named are not checked
	}{
		{"2v1 on the rim, Black to move", "e7 e8", "e9", 'b', 0, 0, map[int]int{
			TermThreatToMove: 1, TermThreatWaiting: 0, TermEdgeDanger: -1, TermCohesion: 1,
			TermRing2: 1, TermRing3: 1, TermRing0: 0, TermRing1: 0, TermStrongLines: 0, TermMarbles: 0}},
		{"2v1 on the rim, White to move", "e7 e8", "e9", 'w', 0, 0, map[int]int{
			TermThreatToMove: 0, TermThreatWaiting: 1}},
		{"3v1 on the rim", "e6 e7 e8", "e9", 'b', 0, 0, map[int]int{
			TermThreatToMove: 1, TermStrongLines: 3, TermCohesion: 2, TermEdgeDanger: -1}},
		{"3v2, the front marble on the rim", "e5 e6 e7", "e8 e9", 'b', 0, 0, map[int]int{
			TermThreatToMove: 1, TermStrongLines: 3, TermEdgeDanger: 0, TermCohesion: 2 - 1, TermRing0: 1}},
		{"2v2 cannot push", "e6 e7", "e8 e9", 'b', 0, 0, map[int]int{
			TermThreatToMove: 0, TermThreatWaiting: 0, TermEdgeDanger: 0}},
		{"2v1 not on the rim pushes nothing off", "e5 e6", "e7", 'b', 0, 0, map[int]int{
			TermThreatToMove: 0, TermThreatWaiting: 0, TermEdgeDanger: 0}},
		{"a push blocked by an own marble beyond", "e5 e6 e7 e9", "e8", 'b', 0, 0, map[int]int{
			TermThreatToMove: 0, TermStrongLines: 3}},
		{"one marble threatened from two directions counts once", "h4 g3 h5 g5", "i5", 'b', 0, 0, map[int]int{
			TermThreatToMove: 1, TermEdgeDanger: -1}},
		{"two marbles threatened", "e7 e8 a3 b3", "e9 c3 d3", 'w', 0, 0, map[int]int{
			// e9 by e7 e8 towards E; a3 b3 cannot push c3 d3 (2v2); no black marble is threatened
			TermThreatWaiting: 1, TermThreatToMove: 0}},
		{"Black threatened, Black to move", "e9", "e7 e8", 'b', 0, 0, map[int]int{
			TermThreatToMove: 0, TermThreatWaiting: -1, TermEdgeDanger: 1}},
		{"Black threatened twice, White to move", "e9 a1", "e7 e8 c1 b1", 'w', 0, 0, map[int]int{
			// e9 by e7 e8 towards E, a1 by c1 b1 towards SE
			TermThreatToMove: -2, TermThreatWaiting: 0}},
		{"a line of four", "a1 a2 a3 a4", "i5", 'b', 0, 0, map[int]int{
			TermStrongLines: 4, TermCohesion: 3}},
		{"a triangle has no line of three", "e5 e6 f6", "i5", 'b', 0, 0, map[int]int{
			TermStrongLines: 0, TermCohesion: 3, TermRing0: 1, TermRing1: 2}},
		{"lines along two axes", "e5 e6 e7 f5 g5", "i5", 'b', 0, 0, map[int]int{
			TermStrongLines: 6}},
		{"marbles", "e5", "i5", 'b', 1, 3, map[int]int{TermMarbles: 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustParse(t, posText(t, tt.black, tt.white, tt.side, tt.offB, tt.offW))
			got, other := s.EvalTerms(Black), s.EvalTerms(White)
			for term, want := range tt.want {
				if got[term] != want {
					t.Errorf("%s: %s = %d, want %d (all terms %v)", s, TermNames[term], got[term], want, got)
				}
			}
			for i := range got {
				if other[i] != -got[i] {
					t.Errorf("%s: %s is %d for Black and %d for White, want opposite", s, TermNames[i], got[i], other[i])
				}
			}
		})
	}
}

// TestEvalTermsAgainstMoves checks the bitboard counts against slow ones
// on the positions of random games of every layout: the marbles pushOffs
// finds are exactly those the legal push-offs (Noisy moves) of the side
// to move eject, and the cohesion, lines of three and edge danger agree
// with counts walked cell by cell.
func TestEvalTermsAgainstMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 1))
	for _, v := range Info.Variants {
		for range 5 {
			st, err := Info.New(game.Options{Variant: v})
			if err != nil {
				t.Fatal(err)
			}
			for s := st.(*State); s.ToMove() != game.NoPlayer; {
				me, op := s.side, s.side^1
				var ejected board
				for _, m := range s.LegalMoves(nil) {
					if s.Noisy(m) {
						ejected |= 1 << walk(moveFrom(m), moveDir(m), moveSize(m)+movePushed(m)-1)
					}
				}
				if got := pushOffs(s.bb[me], s.bb[op]); got != ejected {
					t.Fatalf("%s: pushOffs = %#x, the legal push-offs eject %#x", s, got, ejected)
				}
				for col := range 2 {
					a, b := s.bb[col], s.bb[col^1]
					pairs, strong := lines(a)
					wantPairs, wantStrong, wantDanger := slowLines(a, b)
					if pairs != wantPairs || strong != wantStrong {
						t.Fatalf("%s colour %d: lines = %d, %d, want %d, %d", s, col, pairs, strong, wantPairs, wantStrong)
					}
					if got := bits.OnesCount64(edgeDanger(a, b)); got != wantDanger {
						t.Fatalf("%s colour %d: edge danger %d, want %d", s, col, got, wantDanger)
					}
				}
				ms := s.LegalMoves(nil)
				next, _ := s.Play(ms[rng.IntN(len(ms))])
				s = next.(*State)
			}
		}
	}
}

// slowLines counts, cell by cell, the neighbouring pairs of a, the
// (marble, axis) pairs in a line of three or more along the axis, and the
// marbles of a on the rim with a marble of b behind them in line.
func slowLines(a, b board) (pairs, strong, danger int) {
	has := func(x board, c Cell) bool { return c != NoCell && x>>c&1 != 0 }
	for c := range Cell(NumCells) {
		if !has(a, c) {
			continue
		}
		for _, d := range axes {
			if has(a, c.Next(d)) {
				pairs++
			}
			run := 1
			for x := c.Next(d); has(a, x); x = x.Next(d) {
				run++
			}
			for x := c.Next(d.Opposite()); has(a, x); x = x.Next(d.Opposite()) {
				run++
			}
			if run >= 3 {
				strong++
			}
		}
		for _, d := range hexgrid.Dirs() {
			if c.Next(d) == NoCell && has(b, c.Next(d.Opposite())) {
				danger++
				break
			}
		}
	}
	return pairs, strong, danger
}
