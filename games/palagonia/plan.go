package palagonia

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// This file finds the tiles of a number action that begin a placement
// scoring for the mover. A scoring action lays every tile into the body of
// the creature it gives birth to, and that creature holds a piece of the
// action's first tile; so once the first tile is down, the rest of the
// action can only close the group of one of its four pieces, and every
// empty cell round that group's open vertices must take a tile. The search
// fills the first of those cells in each orientation, as the completer's
// grow does, and scores the finished action by the rules themselves.

// scoringNext keeps, of the placements moves (the legal moves of a number
// action with more than one tile still to lay, on a Mutable s), those after
// which the rest of the action can score for the mover, and returns how
// many it kept at the front of moves.
func (s *State) scoringNext(moves []game.Move) int {
	p := s.turn
	n := 0
	// The layouts already scored: every order of a layout's tiles that
	// keeps them touching the table ends in the same one.
	seen := map[uint64]bool{}
	for _, mv := range moves {
		s.Apply(mv)
		ok := s.canScore(p, int(s.left), seen)
		s.Undo()
		if ok {
			moves[n] = mv
			n++
		}
	}
	return n
}

// canScore reports whether r more tiles of the current action, the first
// already down, can end it with seat p scoring.
func (s *State) canScore(p game.Player, r int, seen map[uint64]bool) bool {
	first := s.board.Tile(s.board.Len() - int(s.placed)).Cell
	var keys [4]int
	nk := 0
	for col := palago.A; col <= palago.B; col++ {
		for kind := palago.Tip; kind <= palago.Arch; kind++ {
			target := palago.Piece{Cell: first, Colour: col, Kind: kind}
			key, _ := s.board.GroupKey(target)
			if containsInt(keys[:nk], key) {
				continue
			}
			keys[nk] = key
			nk++
			if s.closeScoring(target, p, r, seen) {
				return true
			}
		}
	}
	return false
}

// closeScoring reports whether r more tiles, each on an empty cell round
// the open vertices of target's group, can close that group and end the
// action with seat p scoring. seen holds the scored layouts by hash.
func (s *State) closeScoring(target palago.Piece, p game.Player, r int, seen map[uint64]bool) bool {
	key, _ := s.board.GroupKey(target)
	missing, _ := s.board.GroupStatus(key)
	// A new tile fills at most 3 missing slots; a closed group takes no
	// new tile, and every empty cell round the group needs one.
	if missing == 0 || (missing+2)/3 > r {
		return false
	}
	var buf [maxCand]palago.Cell
	open := s.board.OpenCells(target, buf[:0])
	if len(open) == 0 || len(open) > r {
		return false
	}
	before := s.scores[p]
	for o := range palago.Orientation(palago.NumOrientations) {
		t := palago.Tile{Cell: open[0], O: o}
		if r == 1 {
			if !s.closes(t, target) {
				continue
			}
			h := s.tiles ^ palago.TileHash(t)
			ok, done := seen[h]
			if !done {
				s.Apply(PlaceMove(t))
				ok = s.scores[p] > before
				s.Undo()
				seen[h] = ok
			}
			if ok {
				return true
			}
			continue
		}
		s.Apply(PlaceMove(t))
		ok := s.closeScoring(target, p, r-1, seen)
		s.Undo()
		if ok {
			return true
		}
	}
	return false
}

// closes reports whether laying t, the action's last tile, closes the
// group of target into a creature (a closed group with an arch) with every
// tile of the action in its body, on the board alone: scoring the action
// lists every creature of the board, so it is left to the few that pass.
func (s *State) closes(t palago.Tile, target palago.Piece) bool {
	_ = s.board.Place(t)
	defer s.board.Undo()
	key, _ := s.board.GroupKey(target)
	if missing, arches := s.board.GroupStatus(key); missing != 0 || arches < 2 {
		return false
	}
	n := s.board.Len()
	for i := n - int(s.placed) - 1; i < n; i++ {
		c := s.board.Tile(i).Cell
		k1, _ := s.board.GroupKey(palago.Piece{Cell: c, Colour: target.Colour, Kind: palago.Tip})
		k2, _ := s.board.GroupKey(palago.Piece{Cell: c, Colour: target.Colour, Kind: palago.Arch})
		if k1 != key && k2 != key {
			return false
		}
	}
	return true
}
