package palago

import (
	"slices"

	"github.com/tabula-games/tabula/game"
)

var _ game.Candidates = (*State)(nil)

// Candidate selection limits and weights.
const (
	// searchCandidates is how many moves SearchMoves keeps from a full
	// list of ~1,000 two-tile moves: enough for every move that does
	// something to a group near closing, few enough that alpha-beta
	// reaches three or four plies in a fraction of a second.
	searchCandidates = 40
	// scoreWin and scoreLoss mark a move that ends the game at once: it
	// completes a creature of the mover's colour alone, or one of the
	// opponent's (alone or with the mover's, ruling G6).
	scoreWin  = 1 << 24
	scoreLoss = -(1 << 24)
	// scoreBlock is the bonus for each opponent threat cell a move fills:
	// a threat left open wins for the opponent next turn.
	scoreBlock = 1 << 12
	// nearSlots is the missing-slot count past which a group counts for
	// nothing in the move score: two tiles fill at most six slots, so a
	// group missing more than that is no threat for a while.
	nearSlots = 9
	// oppWeight scales the opponent's groups against the mover's
	// (in quarters): pushing an opponent group towards closing is worse
	// than pushing one's own is good, since the opponent moves next.
	oppWeight = 5
)

// SearchMoves appends the moves a search should consider (game.Candidates):
// the winning moves alone when there are any; otherwise the legal moves
// ranked by a static score, at most searchCandidates of them. The score
// is +∞ for a move that wins and -∞ for one that completes an opponent
// creature, a large bonus for each opponent threat cell the move fills,
// and the change the move makes to the groups it touches: an open group
// with an arch that lacks m < nearSlots tile slots weighs nearSlots − m,
// positive for the mover's colour and negative (heavier) for the
// opponent's. So the candidates are the moves that build towards a
// creature, block one, or win; quiet moves far from any group near closing
// are left out.
func (s *State) SearchMoves(dst []game.Move) []game.Move {
	start := len(dst)
	dst = s.LegalMoves(dst)
	moves := dst[start:]
	if len(moves) <= searchCandidates || s.board.Len() == 0 {
		return dst
	}
	b := s.work()
	var th threatScan
	b.scanThreats(&th)
	mine := s.ColourOf(s.ToMove())
	opp := mine.Other()

	keys := s.keyBuf[:0]
	if !s.scratch {
		keys = nil
	}
	wins := 0
	var buf [2]Tile
	// Moves with the same first tile are listed together: the first tile
	// stays on the board while its second tiles are tried.
	n0 := b.n
	var first Tile
	placed := false
	var xOld rootList // the groups the first tile changed, as they were
	var xD [2]int     // and their weight, negated
	for i, m := range moves {
		tiles := moveTilesInto(m, &buf)
		if placed && (len(tiles) == 1 || tiles[0] != first) {
			b.Undo()
			placed = false
		}
		score := 0
		for j, t := range tiles {
			if j == 0 && placed {
				continue // on the board, and it completes nothing (it is no one-tile move)
			}
			logT := len(b.log)
			b.place(t)
			if j == 0 {
				// The groups the first tile changed, once for all its
				// second tiles.
				xOld, xD = rootList{}, [2]int{}
				b.oldRoots(logT, 6*n0, &xOld, &xD)
				if len(tiles) == 2 {
					first, placed = t, true
				}
			}
			if ca, cb := b.lastCreatures(); ca || cb {
				if (mine == A && ca && !cb) || (mine == B && cb && !ca) {
					score = scoreWin
				} else {
					score = scoreLoss
				}
				break
			}
		}
		if score == 0 {
			seen, d := xOld, xD
			if len(tiles) == 2 {
				b.oldRoots(int(b.marks[len(b.marks)-1]), 6*n0, &seen, &d)
			}
			b.newRoots(n0, &d)
			score = 4*d[mine] - oppWeight*d[opp]
			for _, t := range tiles {
				if th.has(opp, t.Cell) {
					score += scoreBlock
				}
			}
		}
		for b.n > n0+1 || (b.n > n0 && !placed) {
			b.Undo()
		}
		if score == scoreWin {
			wins++
		}
		// Higher scores first, then the list's order: the key sorts
		// descending as a whole.
		keys = append(keys, int64(score)<<32|int64(len(moves)-i))
	}
	if placed {
		b.Undo()
	}
	slices.Sort(keys)
	keep := searchCandidates
	if wins > 0 {
		keep = wins
	}
	kept := s.moveBuf[:0]
	if !s.scratch {
		kept = nil
	}
	for _, k := range keys[len(keys)-keep:] {
		kept = append(kept, moves[len(moves)-int(uint32(k))])
	}
	slices.Reverse(kept)
	if s.scratch {
		s.keyBuf, s.moveBuf = keys, kept
	}
	return append(dst[:start], kept...)
}

// nearWeight is what an open group counts for in a move's score: more the
// fewer tile slots it lacks, nothing without an arch (an eye is no
// creature) or when it lacks nearSlots or more.
func nearWeight(u node) int {
	if u.missing == 0 || u.arches == 0 || u.missing >= nearSlots {
		return 0
	}
	return nearSlots - int(u.missing)
}

// oldRoots collects the groups that the placements logged from log index
// from on absorbed or changed, as they were before the placements: the
// first log entry for a node holds its value from before, and a node that
// was then its own parent was a group's root. Nodes from firstNode on are
// new tiles' and are skipped. It adds the groups' weights to d (negated,
// since they are what the placements replaced) and their roots to seen.
func (b *Board) oldRoots(from, firstNode int, seen *rootList, d *[2]int) {
	for _, e := range b.log[from:] {
		if int(e.at) >= firstNode || e.old.parent != e.at || seen.has(e.at) {
			continue
		}
		seen.add(e.at)
		d[e.at%2] -= nearWeight(e.old)
	}
}

// newRoots adds to d the weights of the groups that hold a node of a tile
// placed from tile index firstTile on.
func (b *Board) newRoots(firstTile int, d *[2]int) {
	var seen rootList
	for x := 6 * firstTile; x < 6*b.n; x++ {
		r := int16(b.find(x))
		if seen.has(r) {
			continue
		}
		seen.add(r)
		d[r%2] += nearWeight(b.uf[r])
	}
}

// rootList is a small set of union–find roots: two tiles have twelve
// corners, so they touch at most twelve groups before and after.
type rootList struct {
	r [12]int16
	n int
}

func (l *rootList) has(x int16) bool {
	for _, y := range l.r[:l.n] {
		if y == x {
			return true
		}
	}
	return false
}

func (l *rootList) add(x int16) {
	if l.n < len(l.r) {
		l.r[l.n] = x
		l.n++
	}
}
