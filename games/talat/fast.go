package talat

import (
	"math"

	"github.com/tabula-games/tabula/game"
)

// ChanceOutcomes returns nil: Talat has no chance events (the first player
// is drawn from the seed at New).
func (s *State) ChanceOutcomes() []game.ChanceOutcome { return nil }

// Mutable returns a private copy for search with Apply and Undo.
func (s *State) Mutable() game.Mutable {
	c := *s
	c.history = nil
	return &c
}

// Apply plays a legal move in place; the move is not checked.
func (s *State) Apply(m game.Move) {
	saved := *s
	saved.history = nil
	s.history = append(s.history, saved)
	s.apply(m)
}

// Undo takes back the last Apply.
func (s *State) Undo() {
	h := s.history
	*s = h[len(h)-1]
	s.history = h[:len(h)-1]
}

// Noisy reports whether m is a capture: alpha-beta searches captures past
// its horizon, and MCTS playouts prefer them (a capture is 5 points).
func (s *State) Noisy(m game.Move) bool { return m&3 == moveCapture }

// Evaluation weights, in points (a capture is 5, a tower home 3).
const (
	// evalScale converts a lead in points into the evaluation: a lead of
	// one captured tower (5 points) is worth about tanh(0.5).
	evalScale = 10
	// threatNow is what a capture possible right now is worth to the
	// attacker's controller: less than the 5 points, since the target's
	// side may move first, defend or recapture.
	threatNow = 1.5
	// threatLater weighs a capture that is geometrically still possible
	// (the closing prefilter), divided by 1 + the row gap: the closing test is
	// about these, and in setup they are what a placement changes.
	threatLater = 0.4
)

// Evaluate returns a heuristic in [-1, 1] for seat p: its points plus the
// promise of its towers against the best other seat's. The promise of a
// tower on an open board is its material and advancement toward the far
// line, plus the captures it threatens now or may still make (weighted by
// distance), so placements and steps that face a tower it can take, and
// away from towers that can take it, score better.
func (s *State) Evaluate(p game.Player) float64 {
	n := s.NumPlayers()
	var v [NumColours]float64
	for q := range n {
		v[q] = float64(s.Score(game.Player(q)))
	}
	for b := range Board(NumBoards) {
		if s.Closed(b) {
			continue
		}
		cells := &s.cells[b]
		var ctl [2]game.Player
		for sd := Low; sd <= High; sd++ {
			ctl[sd] = s.Controller(b, sd)
		}
		// The board's towers by side: at most 5 each (one start line).
		var pos [2][Size]Cell
		var kind [2][Size]Kind
		var cnt [2]int
		low := b.Colour(Low)
		for c := range Cell(NumCells) {
			x := cells[c]
			if x == 0 {
				continue
			}
			t := Tower(x - 1)
			sd := High
			if t.Colour() == low {
				sd = Low
			}
			if cnt[sd] < len(pos[sd]) {
				pos[sd][cnt[sd]], kind[sd][cnt[sd]] = c, t.Kind()
				cnt[sd]++
			}
			r := rho(c, sd)
			if r == Size-1 {
				continue // already counted by Score
			}
			// Material: a tower on an open board may still score; the
			// closer to the far line, the likelier its 3 points.
			v[ctl[sd]] += 0.5 + 2*float64(r)/float64(Size-1)
		}
		for sd := Low; sd <= High; sd++ {
			o := sd.Other()
			for i := range cnt[sd] {
				for j := range cnt[o] {
					if !CanCapture(kind[sd][i], kind[o][j]) {
						continue
					}
					switch reach(pos[sd][i], pos[o][j], sd) {
					case 2:
						v[ctl[sd]] += threatNow
					case 1:
						g := rho(pos[o][j], sd) - rho(pos[sd][i], sd)
						v[ctl[sd]] += threatLater / float64(1+g)
					}
				}
			}
		}
	}
	best := math.Inf(-1)
	for q := range n {
		if game.Player(q) != p {
			best = max(best, v[q])
		}
	}
	return math.Tanh((v[p] - best) / evalScale)
}
