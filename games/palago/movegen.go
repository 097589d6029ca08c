package palago

import "github.com/tabula-games/tabula/game"

// First-tile status in LegalMoves.
const (
	firstIllegal uint8 = iota // fills a single hole and completes nothing
	firstSingle               // completes a creature, or is the last tile
	firstPair                 // must be followed by a second tile
)

// LegalMoves appends every legal move. First tiles are taken
// in the order of the frontier (empty neighbours of the tiles in placement
// order, sides 0..5), orientations 0..2; after each comes its one-tile move
// or its two-tile moves (second cell by side 0..5 of the first, then
// orientation). Two-tile moves that are legal in both orders are the same
// move and are listed once, with the smaller-encoded tile first.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	if s.over {
		return dst
	}
	if s.board.Len() == 0 {
		for o1 := range Orientation(NumOrientations) {
			t1 := Tile{Cell{}, o1}
			for k := range 6 {
				for o2 := range Orientation(NumOrientations) {
					dst = append(dst, NewMove(t1, Tile{dirs[k], o2}))
				}
			}
		}
		return dst
	}
	b := s.work()
	var fr CellSet
	b.Frontier(&fr)
	var statusBuf [3 * MaxCellSet]uint8
	status := statusBuf[:3*fr.Len()]
	last := s.Supply() == 1
	for fi, c := range fr.Cells() {
		hole := b.IsHole(c)
		for o := range Orientation(NumOrientations) {
			ca, cb := b.completes(Tile{c, o})
			switch {
			case ca || cb:
				status[3*fi+int(o)] = firstSingle
			case hole:
				// status stays firstIllegal
			case last:
				status[3*fi+int(o)] = firstSingle
			default:
				status[3*fi+int(o)] = firstPair
			}
		}
	}
	for fi, e := range fr.Cells() {
		for o1 := range Orientation(NumOrientations) {
			x := Tile{e, o1}
			switch status[3*fi+int(o1)] {
			case firstSingle:
				dst = append(dst, NewMove(x))
				continue
			case firstIllegal:
				continue
			}
			ex := encodeTile(x)
			b.place(x)
			for k := range 6 {
				f := e.Neighbour(k)
				if b.Occupied(f) {
					continue
				}
				holeF := b.IsHole(f)
				// f touched the palago before the move iff a neighbour
				// other than e is occupied; then it is in the frontier.
				fi2 := fr.Index(f)
				// e is a hole once f is filled iff every neighbour of e
				// but f is occupied.
				holeE := true
				for j := range 6 {
					if j != k && !b.Occupied(e.Neighbour(j)) {
						holeE = false
						break
					}
				}
				for o2 := range Orientation(NumOrientations) {
					y := Tile{f, o2}
					comp, known := false, false
					if holeF && s.set.strict {
						ca, cb := b.completes(y)
						comp, known = ca || cb, true
						if !comp {
							continue
						}
					}
					if fi2 >= 0 && encodeTile(y) < ex && status[3*fi2+int(o2)] == firstPair {
						// y then x would be legal too, unless x then
						// fills a hole without completing.
						if holeE && s.set.strict && !known {
							ca, cb := b.completes(y)
							comp = ca || cb
						}
						if !holeE || !s.set.strict || comp {
							continue // listed with y first
						}
					}
					dst = append(dst, game.Move(ex|encodeTile(y)<<tileBits))
				}
			}
			b.Undo()
		}
	}
	return dst
}
