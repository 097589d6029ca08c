package palagonia

import "github.com/tabula-games/tabula/game"

// Mutable returns a private copy of the state with in-place Apply and Undo
// for search.
func (s *State) Mutable() game.Mutable { return s.clone() }

// Apply plays a legal move in place (a move from LegalMoves; anything else
// is undefined behaviour).
func (s *State) Apply(m game.Move) {
	a, _ := Decode(m)
	snap := *s
	snap.hist = nil
	s.hist = append(s.hist, snap)
	s.apply(a)
}

// Undo takes back the most recent Apply.
func (s *State) Undo() {
	hist := s.hist[:len(s.hist)-1]
	*s = s.hist[len(s.hist)-1]
	s.hist = hist
}

// Evaluate returns a heuristic value in [-1, 1] for seat p: the final
// result once the game is over, else p's lead over the best other seat,
// squashed.
func (s *State) Evaluate(p game.Player) float64 {
	if o, over := s.Outcome(); over {
		if !o.Won(p) {
			return -1
		}
		if len(o.Winners) == 1 {
			return 1
		}
		return 0
	}
	best := 0
	for q := range s.set.players {
		if game.Player(q) != p {
			best = max(best, s.scores[q])
		}
	}
	d := float64(s.scores[p] - best)
	return d / (abs(d) + 10)
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
