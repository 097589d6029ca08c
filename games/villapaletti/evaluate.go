package villapaletti

import (
	"math"

	"github.com/tabula-games/tabula/game"
)

// Evaluate returns a heuristic in [-1, 1] for seat p: the outcome once the
// game is over (1 for a sole win, 0.5 shared, −0.5 when nobody wins, −1 for
// a loss); otherwise it weighs holding the seal (and being its previous
// holder, who wins if the holder collapses the villa), the score lead on the
// top level, and how steady the villa is: a calm villa keeps the seal where
// it is, which is good for its holder and bad for the others.
func (s *State) Evaluate(p game.Player) float64 {
	if o, over := s.Outcome(); over {
		switch {
		case o.Won(p) && len(o.Winners) == 1:
			return 1
		case o.Won(p):
			return 0.5
		case len(o.Winners) == 0:
			return -0.5
		}
		return -1
	}
	v := 0.0
	switch game.Player(s.holder) {
	case p:
		v += 0.4
	case game.NoPlayer:
	default:
		v -= 0.4 / float64(s.n-1)
	}
	if game.Player(s.prev) == p {
		v += 0.1
	}
	best := 0
	for q := range game.Player(s.n) {
		if q != p {
			best = max(best, s.Score(q))
		}
	}
	v += 0.3 * math.Tanh(float64(s.Score(p)-best)/4)
	// Steadiness: a calm villa keeps the present order.
	if s.holder != noPlayer {
		a := s.structure().MinAngle()
		calm := math.Tanh(max(a, 0) / 15)
		if game.Player(s.holder) == p {
			v += 0.2 * (calm - 0.5)
		} else {
			v -= 0.2 * (calm - 0.5) / float64(s.n-1)
		}
	}
	return max(-1, min(1, v))
}
