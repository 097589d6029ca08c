package pathagon

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
)

// UIPosition implements ui.Describer. Cells are named as in the notation
// ("d4"); Owner is the seat (0 Light, 1 Dark). Pathagon's pieces have no
// kinds: Kind is "locked" on the piece its owner may not relocate this turn
// (lastRelocated, §5). Reserve is, per seat, one "piece" for each piece in
// hand; Closed lists the cells the side to move may not enter this ply
// (the cells of the pieces captured last ply, §4).
func (s *State) UIPosition() ui.Position {
	p := ui.Position{Pieces: []ui.Piece{}, Reserve: make([][]string, 2)}
	for c := range Cell(NumCells) {
		if who := s.At(c); who != game.NoPlayer {
			pc := ui.Piece{Cell: c.String(), Owner: int(who)}
			if s.pos.last[who] == c {
				pc.Kind = "locked"
			}
			p.Pieces = append(p.Pieces, pc)
		}
		if s.Forbidden(c) {
			p.Closed = append(p.Closed, c.String())
		}
	}
	for seat := range 2 {
		p.Reserve[seat] = []string{}
		for range s.pos.reserve[seat] {
			p.Reserve[seat] = append(p.Reserve[seat], "piece")
		}
	}
	return p
}

// UIMove implements ui.Describer. Kind is "place" (To the cell entered) or
// "step" (a relocation: From and To); Captures are the cells of the
// opponent's pieces the move removes, in the order N, W, E, S from To.
func (s *State) UIMove(m game.Move) ui.Move {
	to, from, caps := decode(m)
	f := ui.Move{Kind: "place", To: to.String()}
	if from != NoCell {
		f.Kind, f.From = "step", from.String()
	}
	for d := N; d <= S; d++ {
		if caps&(1<<d) != 0 {
			f.Captures = append(f.Captures, (to + d.delta()).String())
		}
	}
	return f
}
