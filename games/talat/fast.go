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

// evalScale converts a lead in points into the evaluation: a lead of one
// captured tower (5 points) is worth about tanh(0.5).
const evalScale = 10

// Evaluate returns a heuristic in [-1, 1] for seat p: its points plus the
// promise of its towers (material and advancement toward the far line on
// open boards) against the best other seat's.
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
		for c := range Cell(NumCells) {
			x := s.cells[b][c]
			if x == 0 {
				continue
			}
			sd, _ := b.SideOf(Tower(x - 1).Colour())
			r := rho(c, sd)
			if r == Size-1 {
				continue // already counted by Score
			}
			// Material: a tower on an open board may still score; the
			// closer to the far line, the likelier its 3 points.
			v[s.Controller(b, sd)] += 0.5 + 2*float64(r)/float64(Size-1)
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
