package palagonia

import (
	"github.com/tabula-games/tabula/games/palago"
)

// MinPoints is the smallest value that scores: creatures worth 1 or 2,
// the virus among them, do not count.
const MinPoints = 3

// Birth is a creature born by an action, with its value and whether it
// scores.
type Birth struct {
	Creature palago.Group
	Value    palago.CreatureValue
	// Eligible is false when the body rule or the rotation rule
	// excludes it; it scores when Eligible and Value.Points() >= MinPoints.
	Eligible bool
}

// Scores reports whether the birth earns points.
func (b Birth) Scores() bool { return b.Eligible && b.Value.Points() >= MinPoints }

func points(births []Birth) []int {
	var out []int
	for _, b := range births {
		if b.Scores() {
			out = append(out, b.Value.Points())
		}
	}
	return out
}

// hasPiece reports whether g holds a piece of its colour on c.
func hasPiece(g *palago.Group, c palago.Cell) bool {
	return g.Has(palago.Piece{Cell: c, Colour: g.Colour, Kind: palago.Tip}) ||
		g.Has(palago.Piece{Cell: c, Colour: g.Colour, Kind: palago.Arch})
}

// bornByPlacement returns the creatures born by the number action just
// completed: those holding a piece of one of its tiles (placing never opens
// a group, so every other creature existed before). Each is eligible when
// every tile of the action is part of its body.
func (s *State) bornByPlacement() []int {
	var pbuf [MaxPlace]palago.Cell
	if !s.creatureThrough(s.actionCells(pbuf[:0])) {
		return nil // the common case, found without listing the groups
	}
	return points(s.placementBirths())
}

// creatureThrough reports whether a piece of a tile on one of cells is in
// a creature (a closed group with an arch), by the board's incremental
// group status.
func (s *State) creatureThrough(cells []palago.Cell) bool {
	for _, c := range cells {
		for col := palago.A; col <= palago.B; col++ {
			for kind := palago.Tip; kind <= palago.Arch; kind++ {
				key, ok := s.board.GroupKey(palago.Piece{Cell: c, Colour: col, Kind: kind})
				if !ok {
					continue
				}
				if missing, arches := s.board.GroupStatus(key); missing == 0 && arches > 0 {
					return true
				}
			}
		}
	}
	return false
}

func (s *State) placementBirths() []Birth {
	var pbuf [MaxPlace]palago.Cell
	cells := s.actionCells(pbuf[:0])
	var out []Birth
	for _, g := range s.board.Creatures() {
		in := 0
		for _, c := range cells {
			if hasPiece(&g, c) {
				in++
			}
		}
		if in == 0 {
			continue
		}
		out = append(out, Birth{Creature: g, Value: s.board.Value(&g), Eligible: in == len(cells)})
	}
	return out
}

// rotate turns a tile and returns the points of the creatures it gives
// birth to. The turned tile's pieces are new pieces, so the
// creatures born are those holding one of them. Under newOnly a birth is
// eligible when none of its other pieces was in a creature before; under
// mergeOnly when they come from at most one earlier creature.
func (s *State) rotate(t palago.Tile) []int {
	old, _ := s.board.At(t.Cell)
	_ = s.board.Rotate(t.Cell, t.O)
	if !s.creatureThrough([]palago.Cell{t.Cell}) {
		// No birth (the common case): the creatures before the turn,
		// which rotateBirths needs, are never listed.
		s.tiles ^= palago.TileHash(palago.Tile{Cell: t.Cell, O: old}) ^ palago.TileHash(t)
		return nil
	}
	_ = s.board.Rotate(t.Cell, old)
	return points(s.rotateBirths(t))
}

func (s *State) rotateBirths(t palago.Tile) []Birth {
	owner := map[palago.Piece]int{}
	for i, g := range s.board.Creatures() {
		for _, p := range g.Pieces {
			if p.Cell != t.Cell {
				owner[p] = i
			}
		}
	}
	old, _ := s.board.At(t.Cell)
	_ = s.board.Rotate(t.Cell, t.O)
	s.tiles ^= palago.TileHash(palago.Tile{Cell: t.Cell, O: old}) ^ palago.TileHash(t)
	var out []Birth
	for _, g := range s.board.Creatures() {
		if !hasPiece(&g, t.Cell) {
			continue
		}
		var earlier []int
		for _, p := range g.Pieces {
			if i, ok := owner[p]; ok && !containsInt(earlier, i) {
				earlier = append(earlier, i)
			}
		}
		eligible := len(earlier) == 0
		if s.set.mergeOnly {
			eligible = len(earlier) < 2
		}
		out = append(out, Birth{Creature: g, Value: s.board.Value(&g), Eligible: eligible})
	}
	return out
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
