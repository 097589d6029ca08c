package abalone

import (
	"math"
	"math/bits"

	"github.com/tabula-games/tabula/game"
)

// Weights of the heuristic, in units of one marble pushed off.
const (
	weightCentre   = 0.25 // per cell of average distance from the centre that the opponent has more
	weightCohesion = 0.2  // per neighbouring own marble on average, more than the opponent
	evalScale      = 3.0  // raw score at which tanh reaches 0.76: half the way to a win in marbles
)

// Evaluate returns a heuristic value of the position for seat p in [-1, 1]:
// ±1 or 0 once the game is over, otherwise tanh of a weighted sum of the
// marble balance (marbles pushed off by p minus marbles p lost), how much
// closer to the centre p's marbles stand on average than the opponent's,
// and how many more own neighbours p's marbles have on average (cohesion).
func (s *State) Evaluate(p game.Player) float64 {
	if p != Black && p != White {
		return 0
	}
	me, op := uint8(p), uint8(p)^1
	if s.res.why != inProgress {
		switch s.res.winner {
		case game.NoPlayer:
			return 0
		case p:
			return 1
		}
		return -1
	}
	raw := float64(int(s.off[op]) - int(s.off[me]))
	raw += weightCentre * (avgCentreDistance(s.bb[op]) - avgCentreDistance(s.bb[me]))
	raw += weightCohesion * (cohesion(s.bb[me]) - cohesion(s.bb[op]))
	return math.Tanh(raw / evalScale)
}

// avgCentreDistance is the mean distance of the marbles of b from E5.
func avgCentreDistance(b board) float64 {
	n := bits.OnesCount64(b)
	if n == 0 {
		return 0
	}
	sum := 0
	for k := 1; k < len(geo.ring); k++ {
		sum += k * bits.OnesCount64(b&geo.ring[k])
	}
	return float64(sum) / float64(n)
}

// cohesion is the mean number of own neighbours of the marbles of b.
func cohesion(b board) float64 {
	n := bits.OnesCount64(b)
	if n == 0 {
		return 0
	}
	pairs := 0
	for _, a := range axes {
		pairs += bits.OnesCount64(b & shift(b, a))
	}
	return float64(2*pairs) / float64(n)
}
