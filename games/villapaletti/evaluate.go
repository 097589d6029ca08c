package villapaletti

import (
	"math"

	"github.com/tabula-games/tabula/game"
)

// Weights of the evaluation's terms; together they stay inside (-1, 1), so a
// finished game (±1) always outranks a heuristic value.
const (
	evalSeal    = 0.40 // the seal decides a quiet end and most collapses
	evalPrev    = 0.05 // the previous holder wins if the holder collapses the villa
	evalScore   = 0.15 // points on the top level decide who takes the seal next
	evalReserve = 0.25 // points that can still safely reach the top: tempo and future seal fights
	evalCalm    = 0.10 // a calm villa keeps the present order
	// evalThreat is the share of the seal that moves to a side to move that
	// can take it with one safe column move: the horizon would otherwise
	// credit the holder with a seal about to change hands.
	evalThreat = 0.7
	// evalStall and evalStallFuel are what every seat loses while only
	// the blue floor is laid: until green is, nobody can take the seal,
	// and a villa that collapses or runs out of columns to move before
	// then is a game everyone lost. evalStall is the constant part, so
	// that laying green is worth about the seal a quick reply might take;
	// evalStallFuel grows as the columns left on the foundation (the
	// turns left before a standstill) run out.
	evalStall     = 0.35
	evalStallFuel = 0.15
	evalDoomed    = 0.5
)

// Evaluate returns a heuristic in [-1, 1] for seat p: the outcome once the
// game is over (1 for a sole win, 0.5 shared, −0.5 when nobody wins, −1 for
// a loss); otherwise it weighs
//
//   - holding the seal (and being its previous holder, who wins if the
//     holder collapses the villa), where a seal that the side to move can
//     take at once with a safe column move counts mostly as theirs;
//   - the score lead on the top level;
//   - the reserve lead: the points of the columns each player can still take
//     without a wobble, which are both future points and tempo, since
//     a player without safe moves must freeze a column or propose a floor;
//   - how steady the villa is: a calm villa keeps the seal where it is,
//     which is good for its holder and bad for the others.
func (s *State) Evaluate(p game.Player) float64 {
	if o, over := s.Outcome(); over {
		switch {
		case o.Won(p) && len(o.Winners) == 1:
			return 1
		case o.Won(p):
			return 0.5
		case len(o.Winners) == 0:
			return -evalDoomed
		}
		return -1
	}
	stall, doomed := s.stall()
	if doomed {
		return -evalDoomed
	}
	r := s.reserves()
	var seal [4]float64
	if s.holder != noPlayer {
		seal[s.holder] = 1
	}
	if q := s.threat(&r); q != noPlayer {
		if s.holder != noPlayer {
			seal[s.holder] -= evalThreat
		}
		seal[q] += evalThreat
	}
	others := float64(s.n - 1)
	v := 0.0
	bestScore, bestRes := math.MinInt, math.MinInt
	for q := range s.n {
		if game.Player(q) == p {
			v += evalSeal * seal[q]
			continue
		}
		v -= evalSeal * seal[q] / others
		bestScore = max(bestScore, s.Score(game.Player(q)))
		bestRes = max(bestRes, r.points[q])
	}
	if game.Player(s.prev) == p {
		v += evalPrev
	}
	v += evalScore * math.Tanh(float64(s.Score(p)-bestScore)/4)
	v += evalReserve * math.Tanh(float64(r.points[p]-bestRes)/6)
	if s.holder != noPlayer {
		a := s.structure().MinAngle()
		calm := math.Tanh(max(a, 0) / 15)
		if game.Player(s.holder) == p {
			v += evalCalm * (calm - 0.5)
		} else {
			v -= evalCalm * (calm - 0.5) / others
		}
	}
	v -= stall
	return max(-1, min(1, v))
}

// stall is what every seat loses while the contest has not started (only
// the blue floor is laid; see evalStall): nothing after the green floor.
// Once the columns on blue leave no room for green anywhere, more columns
// only take more room, so the game can only end with nobody holding the
// seal: every seat loses evalDoomed, what Evaluate gives a game everyone
// lost.
func (s *State) stall() (loss float64, doomed bool) {
	if s.floors != 1 {
		return 0, false
	}
	fuel, onBlue := 0, 0 // columns that can still leave the foundation; columns on blue
	for c := range s.cols {
		switch {
		case s.cols[c].level == 0 && !s.cols[c].frozen:
			fuel++
		case s.cols[c].level == 1:
			onBlue++
		}
	}
	if onBlue >= GreenFloor.MinSupports() && !s.floorPossible(s.surface()) {
		return evalDoomed, true
	}
	return evalStall + evalStallFuel*(1-float64(fuel)/NumColumns), false
}

// PlayoutDepth makes Monte Carlo playouts stop after two random plies and
// score the villa with Evaluate (game.Horizon): random columns soon topple
// the villa, so whole random playouts mostly measure who is holding the
// seal when a random player collapses it, and cost ~0.3 ms a ply. Measured
// with four players at 300 ms a move: bot:hard with 2-ply playouts scored
// 0.72 against bot:hard with 8-ply ones, 1-ply 0.66, 4-ply 0.36
// (docs/strength.md).
func (s *State) PlayoutDepth() int { return 2 }

// reserve is, per seat, what its columns below the top level can still do.
type reserve struct {
	points [4]int // points of the seat's columns that can be taken without a wobble
	best   [4]int // the most valuable of them (0: none)
}

// reserves computes, for every seat, the columns it could take without a
// wobble if a target is free for their kind.
func (s *State) reserves() reserve {
	var r reserve
	if s.floors == 0 {
		return r
	}
	var st *Statics
	var scratch Statics
	e := s.newEligibility()
	for c := range Column(NumColumns) {
		q := s.Owner(c.Colour())
		if q < 0 || !s.eligible(e, c) {
			continue
		}
		if st == nil {
			st = s.structure()
		}
		if wob, _ := st.lift(&scratch, c); wob {
			continue
		}
		pts := c.Kind().Points()
		r.points[q] += pts
		r.best[q] = max(r.best[q], pts)
	}
	return r
}

// threat returns the seat to move when it can take the seal with one own
// column move that does not wobble, or noPlayer.
func (s *State) threat(r *reserve) int8 {
	if s.phase != phaseTurn && s.phase != phaseOwn {
		return noPlayer
	}
	q := s.turn
	if s.floors < 2 || s.holder == q || r.best[q] == 0 {
		return noPlayer
	}
	if !s.claimed || s.holder == noPlayer || s.Score(game.Player(q))+r.best[q] > s.Score(game.Player(s.holder)) {
		return q
	}
	return noPlayer
}
