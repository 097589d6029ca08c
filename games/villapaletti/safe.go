package villapaletti

import (
	"github.com/tabula-games/tabula/game"
)

// SafeMoves appends the listed column moves of the player to act that
// neither wobble nor collapse the villa under the deterministic model
// (§6.4–§6.5): one removal test per column, then one incremental placement
// test per candidate target. It is meant for bots; humans never see it
// (§6.7). With unsteady hands the verdicts are those of steady hands.
func (s *State) SafeMoves(dst []game.Move) []game.Move {
	moves := s.LegalMoves(nil)
	st := s.structure()
	var lifted *Statics
	last := NoColumn
	safe := false
	sf := s.surface()
	for _, gm := range moves {
		m, _ := decode(gm)
		if m.kind != kindTake && m.kind != kindOnto {
			continue
		}
		if m.col != last {
			var wob bool
			lifted, wob, _ = st.Lift(m.col)
			last, safe = m.col, !wob
		}
		if !safe {
			continue
		}
		p, base, _ := s.resolve(sf, m)
		depth := 0
		if base != NoColumn {
			depth = s.depth(base) + 1
		}
		if ok, _ := lifted.Place(m.col.Kind(), p, depth); ok {
			dst = append(dst, gm)
		}
	}
	return dst
}

// SearchMoves implements game.Candidates: the safe column moves (see
// SafeMoves) and every move that is not a column move (floor proposals,
// objections, removals, passing), in LegalMoves order; every legal move
// when none of those exists, so a bot forced to take a risk still has moves.
func (s *State) SearchMoves(dst []game.Move) []game.Move {
	n := len(dst)
	safe := s.SafeMoves(nil)
	isSafe := make(map[game.Move]bool, len(safe))
	for _, m := range safe {
		isSafe[m] = true
	}
	all := s.LegalMoves(nil)
	for _, gm := range all {
		m, _ := decode(gm)
		if isSafe[gm] || (m.kind != kindTake && m.kind != kindOnto) {
			dst = append(dst, gm)
		}
	}
	if len(dst) == n {
		return append(dst, all...)
	}
	return dst
}

var _ game.Candidates = (*State)(nil)
