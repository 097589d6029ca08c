package talat

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
)

// UIPosition implements ui.Describer. Cells are named "B01:c3" (board, then
// cell). Each tower is a piece with its colour as Owner (2 is the spirit in
// Palat) and its kind ("S3"); Reserve is per colour (Talat's three, or
// Palat's two seats and the spirit), Captured per seat, Scores per seat as
// Score counts them, and Closed lists the closed boards. Phase is
// "spirit-setup" (Palat's seats place the spirit's towers), "setup" (each
// seat places its own), "play", or "over".
func (s *State) UIPosition() ui.Position {
	n := s.NumPlayers()
	p := ui.Position{Pieces: []ui.Piece{}, Scores: make([]int, n), Reserve: make([][]string, NumColours), Captured: make([][]ui.Piece, n)}
	switch {
	case s.turn == game.NoPlayer:
		p.Phase = "over"
	case s.palat && s.reserve&colourMask(spirit) != 0:
		p.Phase = "spirit-setup"
	case s.inSetup():
		p.Phase = "setup"
	default:
		p.Phase = "play"
	}
	for b := range Board(NumBoards) {
		for c := range Cell(NumCells) {
			if t, ok := s.At(b, c); ok {
				p.Pieces = append(p.Pieces, ui.Piece{Cell: b.String() + ":" + c.String(), Owner: int(t.Colour()), Kind: t.Kind().String()})
			}
		}
		if s.Closed(b) {
			p.Closed = append(p.Closed, b.String())
		}
	}
	for c := range Colour(NumColours) {
		p.Reserve[c] = []string{}
		for k := range Kind(NumKinds) {
			if s.reserve&(1<<(uint(c)*NumKinds+uint(k))) != 0 {
				p.Reserve[c] = append(p.Reserve[c], k.String())
			}
		}
	}
	for seat := range n {
		p.Scores[seat] = s.Score(game.Player(seat))
		p.Captured[seat] = []ui.Piece{}
		for t := range Tower(NumColours * NumKinds) {
			if s.taken[seat]&(1<<t) != 0 {
				p.Captured[seat] = append(p.Captured[seat], ui.Piece{Owner: int(t.Colour()), Kind: t.Kind().String()})
			}
		}
	}
	return p
}

// UIMove implements ui.Describer. Kind is "place" (To the start cell,
// Piece the kind placed and Owner its colour), "step" (From and To) or
// "capture" (From, To and Captures the tower taken, on To); cells as in
// UIPosition.
func (s *State) UIMove(m game.Move) ui.Move {
	typ, b, from, to, k := decode(m)
	at := func(c Cell) string { return b.String() + ":" + c.String() }
	switch typ {
	case movePlace:
		return ui.Move{Kind: "place", To: at(from), Piece: k.String(), Owner: int(s.placingColour())}
	case moveCapture:
		return ui.Move{Kind: "capture", From: at(from), To: at(to), Captures: []string{at(to)}}
	}
	return ui.Move{Kind: "step", From: at(from), To: at(to)}
}
