package villapaletti

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
)

var _ ui.Describer = (*State)(nil)

// UIPosition implements ui.Describer.
//
//   - Pieces are the columns that stand in the villa, in column order: Cell
//     is the column's name ("blue-thin-1"), Owner the seat that plays its
//     colour (-1 for the neutral red of 3 players), Kind "thin", "medium"
//     or "thick", Colour its colour, X and Y its centre in mm, Level the surface
//     it stands on, On the column it is stacked on, Frozen after a wobble.
//     Columns out of the game are not listed.
//   - Floors are the floors laid, with their poses [x, y, θ°]; Proposed is
//     a floor waiting for objections.
//   - Scores are the seats' points on the top level; Seal is [holder,
//     previous holder], -1 for none.
//   - Reserve, during a custom setup only, is per colour (blue, yellow,
//     green, red) the names of the columns still in hand.
//   - Phase is the turn section's step: "turn", "own", "proposes",
//     "neutral-objection", "removes", "places", "setup", "lays-blue", and
//     once over "collapse" or "standstill". Turn is the seat whose turn it
//     is (the proposer while another seat is asked to object), or after a
//     collapse the seat that caused it.
func (s *State) UIPosition() ui.Position {
	p := ui.Position{Pieces: []ui.Piece{}, Scores: make([]int, s.n), Seal: []int{int(s.holder), int(s.prev)}}
	for seat := range int(s.n) {
		p.Scores[seat] = s.Score(game.Player(seat))
	}
	setup := false
	for c := range Column(NumColumns) {
		col := &s.cols[c]
		if col.level == inHand {
			setup = true
		}
		if col.level < 0 {
			continue
		}
		pc := ui.Piece{
			Cell: c.String(), Owner: int(s.Owner(c.Colour())), Kind: c.Kind().String(), Colour: c.Colour().String(),
			X: mm(col.x), Y: mm(col.y), Level: int(col.level), Frozen: col.frozen,
		}
		if col.on != NoColumn {
			pc.On = col.on.String()
		}
		p.Pieces = append(p.Pieces, pc)
	}
	if setup {
		p.Reserve = make([][]string, NumColours)
		for colour := range Colour(NumColours) {
			p.Reserve[colour] = []string{}
			for slot := range 5 {
				if c := ColumnOf(colour, slot); s.cols[c].level == inHand {
					p.Reserve[colour] = append(p.Reserve[colour], c.String())
				}
			}
		}
	}
	for f := range Floor(s.floors) {
		p.Floors = append(p.Floors, ui.Floor{Name: f.String(), At: s.poses[f].at()})
	}
	p.Phase, p.Turn = s.uiPhase()
	if s.phase == phaseFloorObjection {
		p.Proposed = &ui.Floor{Name: Floor(s.floors).String(), At: s.prop.at()}
	}
	return p
}

// uiPhase is the phase's name and seat for UIPosition.
func (s *State) uiPhase() (string, int) {
	switch s.phase {
	case phaseOver:
		if s.culprit != noPlayer {
			return "collapse", int(s.culprit)
		}
		return "standstill", 0
	case phaseOwn:
		return "own", int(s.turn)
	case phaseNeutralObjection:
		return "neutral-objection", int(s.turn)
	case phaseFloorObjection:
		return "proposes", int(s.turn)
	case phaseRemove:
		return "removes", int(s.turn)
	case phasePlace:
		return "places", int(s.turn)
	case phaseSetup:
		return "setup", int(s.turn)
	case phaseBlue:
		return "lays-blue", int(s.turn)
	}
	return "turn", int(s.turn)
}

// UIMove implements ui.Describer. Kind is
//
//   - "take": Pieces is the column taken (or placed from hand in a custom
//     setup), Piece its kind, At the target point [x, y] in mm;
//   - "onto": Pieces is the column taken, Piece its kind, Targets the
//     column whose top it is stacked on, centred;
//   - "propose" or "place": Piece is the floor, At its pose [x, y, θ°];
//   - "pass" (no objection), or "remove": Pieces is the objector's column
//     the proposer removes.
//
// In an objection window the column moves are the objection. Under
// unsteady hands the column or floor lands near At, not on it.
func (s *State) UIMove(gm game.Move) ui.Move {
	m, ok := decode(gm)
	if !ok {
		return ui.Move{Kind: "?"}
	}
	switch m.kind {
	case kindTake:
		return ui.Move{Kind: "take", Pieces: []string{m.col.String()}, Piece: m.col.Kind().String(), At: []float64{halves(m.x), halves(m.y)}}
	case kindOnto:
		return ui.Move{Kind: "onto", Pieces: []string{m.col.String()}, Piece: m.col.Kind().String(), Targets: []string{m.base.String()}}
	case kindPropose, kindPlace:
		kind := "propose"
		if m.kind == kindPlace {
			kind = "place"
		}
		return ui.Move{Kind: kind, Piece: Floor(min(s.floors, NumFloors-1)).String(), At: []float64{halves(m.x), halves(m.y), halves(m.th)}}
	case kindPass:
		return ui.Move{Kind: "pass"}
	case kindRemove:
		return ui.Move{Kind: "remove", Pieces: []string{m.col.String()}}
	}
	return ui.Move{Kind: "?"}
}

// at is the pose as a form gives it: [x, y] in mm and θ in degrees.
func (p pose) at() []float64 { return []float64{mm(p.x), mm(p.y), mm(p.th)} }

// mm turns micrometres (or millidegrees) into millimetres (degrees).
func mm(v int32) float64 { return float64(v) / micro }

// halves turns a count of half millimetres (degrees) into millimetres.
func halves(v int32) float64 { return float64(v) / 2 }
