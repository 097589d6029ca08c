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
	// opponent's (alone or with the mover's: the mover loses).
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
// the winning moves alone when there are any (a one-tile completion of the
// mover's colour, or a two-tile move whose second tile completes one,
// a tile wins or loses); otherwise the legal moves ranked by a static score, at most
// searchCandidates of them.
//
// The score of a two-tile move is the sum of its tiles' scores, each
// tried alone on the table: a large bonus for filling an opponent threat
// cell (a threat left open wins for the opponent next turn), -∞ for a tile
// that completes an opponent creature, and the change the tile makes to
// the groups it touches: an open group with an arch that lacks m <
// nearSlots tile slots weighs nearSlots − m, positive for the mover's
// colour and negative (heavier) for the opponent's. A second tile that
// touches only the first scores nothing. So the candidates are the moves
// that build towards a creature, block one, or win; quiet moves far from
// any group near closing are left out.
func (s *State) SearchMoves(dst []game.Move) []game.Move {
	start := len(dst)
	dst = s.LegalMoves(dst)
	moves := dst[start:]
	if len(moves) <= searchCandidates || s.board.Len() == 0 {
		return dst
	}
	b := s.work()
	var fr CellSet
	var th threatScan
	b.scanThreats(&th, &fr)
	mine := s.ColourOf(s.ToMove())
	opp := mine.Other()

	// Wins: keep them alone.
	var wins [maxWins]game.Move
	nw := 0
	if th.n[mine] > 0 {
		nw = b.oneTileWins(mine, &th, &wins)
	} else if s.Supply() >= 2 {
		nw = b.twoTileWins(mine, &fr, &th, wins[:])
	}
	kept := dst[start:start]
	for _, m := range moves {
		if slices.Contains(wins[:nw], m) {
			kept = append(kept, m)
		}
	}
	if len(kept) > 0 {
		return dst[:start+len(kept)]
	}

	// Every frontier tile alone.
	var tileScore [3 * MaxCellSet]int32
	for fi, c := range fr.Cells() {
		hole := b.IsHole(c)
		for o := range Orientation(NumOrientations) {
			t := Tile{c, o}
			log0 := len(b.log)
			n0 := b.n
			b.place(t)
			var score int
			if ca, cb := b.lastCreatures(); ca || cb {
				if !(ca != cb && ca == (mine == A)) {
					score = scoreLoss
				}
			} else {
				var seen rootList
				var d [2]int
				b.oldRoots(log0, 6*n0, &seen, &d)
				b.newRoots(n0, &d)
				score = 4*d[mine] - oppWeight*d[opp]
			}
			if !hole && th.has(opp, c) {
				score += scoreBlock
			}
			b.Undo()
			tileScore[3*fi+int(o)] = int32(score)
		}
	}

	keys := s.keyBuf[:0]
	if !s.scratch {
		keys = nil
	}
	var buf [2]Tile
	for i, m := range moves {
		score := 0
		for _, t := range moveTilesInto(m, &buf) {
			if fi := fr.Index(t.Cell); fi >= 0 {
				score += int(tileScore[3*fi+int(t.O)])
			}
		}
		// Higher scores first, then the list's order: the key sorts
		// descending as a whole.
		keys = append(keys, int64(score)<<32|int64(len(moves)-i))
	}
	slices.Sort(keys)
	top := s.moveBuf[:0]
	if !s.scratch {
		top = nil
	}
	for _, k := range keys[len(keys)-searchCandidates:] {
		top = append(top, moves[len(moves)-int(uint32(k))])
	}
	slices.Reverse(top)
	if s.scratch {
		s.keyBuf, s.moveBuf = keys, top
	}
	return append(dst[:start], top...)
}

// maxWins bounds the winning moves SearchMoves collects: one is enough to
// win, a few let the search prefer among them.
const maxWins = 16

// oneTileWins collects the one-tile moves that complete a creature of col
// alone, on the threat cells of th.
func (b *Board) oneTileWins(col Colour, th *threatScan, wins *[maxWins]game.Move) int {
	n := 0
	for _, c := range th.cells[col][:min(th.n[col], maxListedThreats)] {
		for o := range Orientation(NumOrientations) {
			t := Tile{c, o}
			if ca, cb := b.completes(t); ca != cb && ca == (col == A) && n < maxWins {
				wins[n] = NewMove(t)
				n++
			}
		}
	}
	return n
}

// twoTileWins collects into wins, up to its length, the two-tile moves
// whose second tile completes a creature of col alone, and returns how
// many it found. The first tile x goes on a frontier cell c, fills no hole
// and completes nothing; the second y on an empty neighbour f of c. Pairs
// (c, f) are tried only when they can close something: the closing group
// holds a group g at a corner of c whose missing slots the two tiles can
// fill (each fills one slot at each of its corners that is a vertex of g),
// or f alone might close a group (then x may only have kept y from
// closing an opponent's too). It stops when wins is full.
func (b *Board) twoTileWins(col Colour, fr *CellSet, th *threatScan, wins []game.Move) int {
	n := 0
	for _, c := range fr.Cells() {
		if b.IsHole(c) {
			continue
		}
		gc := b.colRoots(c, col)
		var try [6]bool
		any := false
		for k := range 6 {
			f := c.Neighbour(k)
			if b.Occupied(f) {
				continue
			}
			if fi := fr.Index(f); fi >= 0 && th.closable[fi] {
				try[k], any = true, true
				continue
			}
			gf := b.colRoots(f, col)
			for i := range gc.n {
				m := int(b.uf[gc.roots[i]].missing)
				fill := gc.count[i]
				for j := range gf.n {
					if gf.roots[j] == gc.roots[i] {
						fill += gf.count[j]
					}
				}
				if m > 0 && m <= fill {
					try[k], any = true, true
					break
				}
			}
		}
		if !any {
			continue
		}
		for o := range Orientation(NumOrientations) {
			x := Tile{c, o}
			b.place(x)
			if ca, cb := b.lastCreatures(); ca || cb {
				b.Undo()
				continue
			}
			for k := range 6 {
				f := c.Neighbour(k)
				if !try[k] || !b.mayCloseCol(f, col) {
					continue
				}
				for o2 := range Orientation(NumOrientations) {
					y := Tile{f, o2}
					if ca, cb := b.completes(y); ca != cb && ca == (col == A) {
						wins[n] = NewMove(x, y)
						if n++; n == len(wins) {
							b.Undo()
							return n
						}
					}
				}
			}
			b.Undo()
		}
	}
	return n
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
