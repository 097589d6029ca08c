package villapaletti

import (
	"github.com/tabula-games/tabula/game"
)

// SafeMoves appends the listed column moves of the player to act that
// neither wobble nor collapse the villa under the deterministic model:
// one removal test per column, then one incremental placement
// test per candidate target. It is meant for bots; humans never see it.
// With unsteady hands the verdicts are those of steady hands.
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
		if ok, _ := lifted.Place(m.col.Kind(), p, s.depthOn(base)); ok {
			dst = append(dst, gm)
		}
	}
	return dst
}

var _ game.Candidates = (*State)(nil)
