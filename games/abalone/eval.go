package abalone

import (
	"math"
	"math/bits"

	"github.com/tabula-games/tabula/game"
)

// The evaluation is a weighted sum of integer terms counted on the
// bitboards (EvalTerms), in hundredths of a marble pushed off, squashed to
// [-1, 1] by tanh(sum / (evalScale·weights[TermMarbles])).

// The terms of the evaluation, each counted for the seat evaluated minus
// its opponent (the threat terms split by who is to move).
const (
	TermMarbles       = iota // enemy marbles pushed off minus own marbles lost
	TermRing0                // own marbles on E5 (the centre)
	TermRing1                // own marbles on ring 1 (distance 1 from E5)
	TermRing2                // own marbles on ring 2
	TermRing3                // own marbles on ring 3; the rim, ring 4, scores 0
	TermCohesion             // pairs of neighbouring own marbles
	TermEdgeDanger           // own rim marbles with an enemy marble behind them in line
	TermThreatToMove         // enemy marbles the side to move can push off at once
	TermThreatWaiting        // enemy marbles the side not to move could push off if it were its turn
	TermStrongLines          // (marble, axis) pairs in an own line of 3 or more: no sumito moves them along it
	NumTerms
)

// TermNames names the terms, indexed by Term*, for the tuner's output.
var TermNames = [NumTerms]string{
	"marbles", "ring0", "ring1", "ring2", "ring3", "cohesion",
	"edgeDanger", "threatToMove", "threatWaiting", "strongLines",
}

// weights is the evaluation's weight vector in hundredths of a marble per
// unit of each term, fitted by the Texel tuner
// (go run ./cmd/abalone-texel; docs/strength.md, "Abalone
// evaluation: Texel tuning").
var weights = [NumTerms]int{
	TermMarbles:       100, // the unit: one marble pushed off, fixed so that the others read in marbles
	TermRing0:         13,  // the centre: cannot be pushed off soon, splits the enemy
	TermRing1:         21,  // round the centre: the strongest ring, room to push every way
	TermRing2:         8,   // half way: still two pushes from the rim
	TermRing3:         -3,  // next to the rim: no better than the rim once edge danger is counted
	TermCohesion:      6,   // neighbours make lines that push and resist pushes
	TermEdgeDanger:    -19, // an enemy marble in line behind a rim marble is a push-off in the making
	TermThreatToMove:  52,  // a push-off the mover can play now (quiescence searches it too)
	TermThreatWaiting: 27,  // a push-off the mover must answer or lose a marble
	TermStrongLines:   0,   // lines of three: the fit gave them nothing beyond cohesion and rings
}

// evalScale is the weighted sum, in marbles, at which tanh reaches 0.76:
// half the way to a win in marbles (web/src/analysis-model.ts mirrors it).
const evalScale = 3

// Weights returns a copy of the evaluation's weight vector, indexed by
// Term*.
func Weights() [NumTerms]int { return weights }

// Evaluate returns a heuristic value of the position for seat p in [-1, 1]:
// ±1 or 0 once the game is over, otherwise tanh of the weighted sum of the
// terms (EvalTerms) over evalScale marbles.
func (s *State) Evaluate(p game.Player) float64 {
	if p != Black && p != White {
		return 0
	}
	if s.res.why != inProgress {
		switch s.res.winner {
		case game.NoPlayer:
			return 0
		case p:
			return 1
		}
		return -1
	}
	t := s.EvalTerms(p)
	sum := 0
	for i, w := range weights {
		sum += w * t[i]
	}
	return math.Tanh(float64(sum) / float64(evalScale*weights[TermMarbles]))
}

// EvalTerms returns the terms of the evaluation for seat p (Black or
// White): each is p's count minus the opponent's, so the terms of the two
// seats are opposite. The tuner reads them; Evaluate weighs them.
func (s *State) EvalTerms(p game.Player) [NumTerms]int {
	var t [NumTerms]int
	if p != Black && p != White {
		return t
	}
	me, op := uint8(p), uint8(p)^1
	a, b := s.bb[me], s.bb[op]
	t[TermMarbles] = int(s.off[op]) - int(s.off[me])
	for k := range 4 {
		t[TermRing0+k] = bits.OnesCount64(a&geo.ring[k]) - bits.OnesCount64(b&geo.ring[k])
	}
	ca, sa := lines(a)
	cb, sb := lines(b)
	t[TermCohesion] = ca - cb
	t[TermStrongLines] = sa - sb
	t[TermEdgeDanger] = bits.OnesCount64(edgeDanger(a, b)) - bits.OnesCount64(edgeDanger(b, a))
	mine, theirs := bits.OnesCount64(pushOffs(a, b)), bits.OnesCount64(pushOffs(b, a))
	if s.side == me {
		t[TermThreatToMove], t[TermThreatWaiting] = mine, -theirs
	} else {
		t[TermThreatToMove], t[TermThreatWaiting] = -theirs, mine
	}
	return t
}

// lines returns, for the marbles of a, the number of neighbouring pairs
// and the number of (marble, axis) pairs where the marble lies in a line
// of three or more along the axis.
func lines(a board) (pairs, strong int) {
	pE, pNE, pNW := a&shE(a), a&shNE(a), a&shNW(a)
	tE, tNE, tNW := pE&shE(pE), pNE&shNE(pNE), pNW&shNW(pNW) // the leading cell of three in line
	pairs = bits.OnesCount64(pE) + bits.OnesCount64(pNE) + bits.OnesCount64(pNW)
	strong = bits.OnesCount64((tE|shW(tE)|shW(shW(tE)))&full) +
		bits.OnesCount64((tNE|shSW(tNE)|shSW(shSW(tNE)))&full) +
		bits.OnesCount64((tNW|shSE(tNW)|shSE(shSE(tNW)))&full)
	return pairs, strong
}

// edgeDanger returns the marbles of a on the rim with a marble of b next to
// them on the side away from the edge, in the line that leaves the board.
func edgeDanger(a, b board) board {
	return a&edgeE&shE(b) | a&edgeNE&shNE(b) | a&edgeNW&shNW(b) |
		a&edgeW&shW(b) | a&edgeSW&shSW(b) | a&edgeSE&shSE(b)
}

// pushOffs returns the marbles of b that a could push off the board with
// one move: a sumito of two or three marbles of a against one of b on the
// rim (2v1, 3v1), or of three against two whose front one is on the rim
// (3v2).
func pushOffs(a, b board) board {
	// In each direction: p are own marbles with an own marble behind, t
	// those with two; the enemy marble on the rim is pushed off by a p
	// behind it (2v1, 3v1) or by a t behind an enemy marble behind it (3v2).
	// Written out per direction so that every shift is inlined.
	var r board
	p := a & shE(a)
	t := p & shE(p)
	r |= b & edgeE & (shE(p) | shE(b&shE(t)))
	p = a & shNE(a)
	t = p & shNE(p)
	r |= b & edgeNE & (shNE(p) | shNE(b&shNE(t)))
	p = a & shNW(a)
	t = p & shNW(p)
	r |= b & edgeNW & (shNW(p) | shNW(b&shNW(t)))
	p = a & shW(a)
	t = p & shW(p)
	r |= b & edgeW & (shW(p) | shW(b&shW(t)))
	p = a & shSW(a)
	t = p & shSW(p)
	r |= b & edgeSW & (shSW(p) | shSW(b&shSW(t)))
	p = a & shSE(a)
	t = p & shSE(p)
	r |= b & edgeSE & (shSE(p) | shSE(b&shSE(t)))
	return r
}
