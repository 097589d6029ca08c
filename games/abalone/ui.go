package abalone

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
)

// UIPosition implements ui.Describer: every marble with its cell and owner
// (Black 0, White 1) in reading order from row A, and the marbles of each
// colour pushed off.
func (s *State) UIPosition() ui.Position {
	p := ui.Position{Pieces: make([]ui.Piece, 0, 28), Off: []int{int(s.off[Black]), int(s.off[White])}}
	for _, c := range Cells() {
		for _, side := range []game.Player{Black, White} {
			if s.bb[side]>>c&1 != 0 {
				p.Pieces = append(p.Pieces, ui.Piece{Cell: c.String(), Owner: int(side)})
			}
		}
	}
	return p
}

// UIMove implements ui.Describer. Kind is "inline" or "broadside"; Pieces
// are the mover's marbles that move (in-line: from the trailing marble
// forward; broadside: from the lower end along the line); Dir is the
// direction of motion; Targets are the cells a click names the move by (the
// cell the front marble enters for an in-line move, every cell the group
// enters for a broadside); Off is the enemy marble pushed off, if any;
// Slides are every marble that moves, the mover's first.
func (s *State) UIMove(m game.Move) ui.Move {
	from, d, size := moveFrom(m), moveDir(m), moveSize(m)
	me, them := int(s.side), 1-int(s.side)
	f := ui.Move{Dir: d.String()}
	if isBroadside(m) {
		f.Kind = "broadside"
		axis := axes[moveAxis(m)]
		for i := range size {
			c := walk(from, axis, i)
			to := walk(c, d, 1)
			f.Pieces = append(f.Pieces, c.String())
			f.Targets = append(f.Targets, to.String())
			f.Slides = append(f.Slides, ui.Slide{From: c.String(), To: to.String(), Owner: me})
		}
		return f
	}
	f.Kind = "inline"
	for i := range size {
		c := walk(from, d, i)
		f.Pieces = append(f.Pieces, c.String())
		f.Slides = append(f.Slides, ui.Slide{From: c.String(), To: cellName(walk(c, d, 1)), Owner: me})
	}
	f.Targets = []string{walk(from, d, size).String()}
	for j := range movePushed(m) {
		c := walk(from, d, size+j)
		to := walk(c, d, 1)
		if to == NoCell {
			f.Off = append(f.Off, c.String())
		}
		f.Slides = append(f.Slides, ui.Slide{From: c.String(), To: cellName(to), Owner: them})
	}
	return f
}

// cellName is c's name, "" for NoCell (a marble leaving the board).
func cellName(c Cell) string {
	if c == NoCell {
		return ""
	}
	return c.String()
}
