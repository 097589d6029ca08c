package openings

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// closers appends to dst, for each group of colour col that k ≤ maxFresh
// more tiles could close, the empty cells those tiles must fill (at most
// k): k tiles complete a creature of col only if they fill every cell of
// one entry, so no entry proves that none can.
//
// A closed group made of new tiles' pieces alone needs five new tiles (its
// arch's two corners with three tiles each: the virus), so with k ≤ 4 the
// creature holds a piece of an old tile: it contains a group g that was
// already on the board. g was open
// (a closed group has no free corner for a new tile to join, and a closed
// one with an arch would have ended the game), and every empty cell round
// its vertices must now be filled: there are at most k of them. Each tile
// fills at most three of g's missing slots (its three corners of g's
// colour), which screens groups before their cells are walked.
func closers(b *palago.Board, col palago.Colour, k int, dst [][]palago.Cell) [][]palago.Cell {
	if k > maxFresh {
		panic("openings: closers is sound only for a few tiles")
	}
	var seen [2 * palago.MaxTiles]int
	ns := 0
	var cells [16]palago.Cell
	for i := range b.Len() {
		c := b.Tile(i).Cell
		for _, kind := range [...]palago.PieceKind{palago.Tip, palago.Arch} {
			p := palago.Piece{Cell: c, Colour: col, Kind: kind}
			key, _ := b.GroupKey(p)
			dup := false
			for _, s := range seen[:ns] {
				if s == key {
					dup = true
					break
				}
			}
			if dup {
				continue
			}
			seen[ns] = key
			ns++
			missing, _ := b.GroupStatus(key)
			if missing == 0 || missing > 3*k {
				continue
			}
			if open := b.OpenCells(p, cells[:0]); len(open) <= k {
				dst = append(dst, append([]palago.Cell(nil), open...))
			}
		}
	}
	return dst
}

// maxFresh is the most new tiles for which closers' argument holds: five
// new tiles can make a virus without any old piece.
const maxFresh = 4

// covers reports whether the move's tiles fill every one of cells.
func covers(m game.Move, cells []palago.Cell) bool {
	c1, c2, n := palago.MoveCells(m)
	for _, c := range cells {
		if c != c1 && (n < 2 || c != c2) {
			return false
		}
	}
	return true
}

// lastMove is the exact score of st when its move is the last of the game
// (the supply holds at most two tiles), ply plies below the root: a win if
// a move completes the mover's creature, else a draw if some move does not
// complete the opponent's, else a loss. Only the moves that fill the cells
// of one of closers' entries can win, so only they are tried for a win.
// When beta ≤ 0 a draw already fails high, so the win is not looked for:
// the score is then a lower bound (exact is false) unless every move loses.
func (sv *solver) lastMove(st *palago.State, ply, beta int) (score int, exact bool) {
	mover := st.ToMove()
	moves := st.LegalMoves(sv.buf(ply))
	if beta > 0 {
		if v := sv.lastWin(st, ply, moves); v > 0 {
			return v, true
		}
	}
	best := -(win - (ply + 1))
	for _, m := range moves {
		st.Apply(m)
		v := 0
		if st.ToMove() == game.NoPlayer {
			v = terminal(st, mover, ply+1)
		}
		st.Undo()
		if v > best {
			best = v
			if best >= 0 {
				break
			}
		}
	}
	return best, best < 0 || beta > 0
}

// lastWin returns the score of a winning last move among moves, or 0 when
// there is none: only moves covering one of closers' entries can win.
func (sv *solver) lastWin(st *palago.State, ply int, moves []game.Move) int {
	mover := st.ToMove()
	cands := closers(st.Board(), st.ColourOf(mover), st.Supply(), nil)
	if len(cands) == 0 {
		return 0
	}
	for _, m := range moves {
		fills := false
		for _, c := range cands {
			if covers(m, c) {
				fills = true
				break
			}
		}
		if !fills {
			continue
		}
		st.Apply(m)
		v := 0
		if st.ToMove() == game.NoPlayer {
			v = terminal(st, mover, ply+1)
		}
		st.Undo()
		if v > 0 {
			return v
		}
	}
	return 0
}

// buf returns the move buffer of ply, empty.
func (sv *solver) buf(ply int) []game.Move {
	for len(sv.moves) <= ply {
		sv.moves = append(sv.moves, nil)
	}
	return sv.moves[ply][:0]
}
