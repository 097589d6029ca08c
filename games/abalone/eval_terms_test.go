package abalone

import (
	"strings"
	"testing"
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
