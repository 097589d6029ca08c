package palagonia

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// This file is the placement rule of §C.4 and the completability check
// that keeps a partial "place k" from ever being offered when it cannot be
// finished. Each tile of an action is one move and must touch the table
// (the palago or the tiles placed before it): any legal final layout can
// be laid in such an order, so no layout is lost. When the last tile is
// down, the action's tiles must touch one another (form one connected set),
// unless a creature whose body holds all of them is born.

// setSize is the slot count of a cellSet: the frontier of 96 tiles has at
// most 2·96+4 cells, so 512 slots keep probing short.
const setSize = 512

// cellSet is a small open-addressing set of cells that also keeps their
// insertion order.
type cellSet struct {
	keys  [setSize]uint32
	used  [setSize]bool
	cells []palago.Cell
}

func cellKey(c palago.Cell) uint32 { return uint32(uint16(c.Q))<<16 | uint32(uint16(c.R)) }

// add inserts c and reports whether it was new.
func (s *cellSet) add(c palago.Cell) bool {
	k := cellKey(c)
	i := (k * 2654435761) >> 23 & (setSize - 1)
	for s.used[i] {
		if s.keys[i] == k {
			return false
		}
		i = (i + 1) & (setSize - 1)
	}
	s.keys[i], s.used[i] = k, true
	s.cells = append(s.cells, c)
	return true
}

// actionCells returns the cells of the tiles placed so far by the current
// action: the last s.placed tiles of the board.
func (s *State) actionCells(dst []palago.Cell) []palago.Cell {
	n := s.board.Len()
	for i := n - int(s.placed); i < n; i++ {
		dst = append(dst, s.board.Tile(i).Cell)
	}
	return dst
}

// placements appends the legal placements of the current number action.
func (s *State) placements(dst []game.Move) []game.Move {
	if s.board.Len() == 0 {
		// An empty table: the first tile goes on (0,0) (§C.2), and a
		// chain outwards always completes the action.
		for o := range palago.Orientation(palago.NumOrientations) {
			dst = append(dst, PlaceMove(palago.Tile{O: o}))
		}
		return dst
	}
	b := s.board.Clone()
	var fr cellSet
	fr.cells = make([]palago.Cell, 0, 2*b.Len()+6)
	for i := range b.Len() {
		c := b.Tile(i).Cell
		for k := range 6 {
			if d := c.Neighbour(k); !b.Occupied(d) {
				fr.add(d)
			}
		}
	}
	var pbuf [MaxPlace]palago.Cell
	w := completer{b: b, p: s.actionCells(pbuf[:0])}
	for _, c := range fr.cells {
		for o := range palago.Orientation(palago.NumOrientations) {
			if w.try(palago.Tile{Cell: c, O: o}, int(s.left)-1) {
				dst = append(dst, PlaceMove(palago.Tile{Cell: c, O: o}))
			}
		}
	}
	return dst
}

// checkPlace reports why placing t is not legal now, or nil.
func (s *State) checkPlace(t palago.Tile) error {
	switch {
	case s.board.Occupied(t.Cell):
		return illegal("%v is occupied", t.Cell)
	case s.board.Len() == 0 && t.Cell != palago.Cell{}:
		return illegal("%v: the first tile on an empty table goes on (0,0)", t)
	case s.board.Len() > 0 && !s.board.Touches(t.Cell):
		return illegal("%v does not touch the table", t)
	}
	if s.board.Len() == 0 {
		return nil
	}
	var pbuf [MaxPlace]palago.Cell
	w := completer{b: s.board.Clone(), p: s.actionCells(pbuf[:0])}
	if !w.try(t, int(s.left)-1) {
		return illegal("%v: the action's %d tiles could not all be placed after it", t, s.left+s.placed)
	}
	return nil
}

// completer decides whether the current number action can be completed:
// b holds the table with the action's tiles so far, whose cells are p.
type completer struct {
	b *palago.Board
	p []palago.Cell
}

// try places t, asks whether r more tiles can complete the action, and
// takes t back.
func (w *completer) try(t palago.Tile, r int) bool {
	_ = w.b.Place(t)
	w.p = append(w.p, t.Cell)
	ok := w.ok(r)
	w.p = w.p[:len(w.p)-1]
	w.b.Undo()
	return ok
}

// maxCand bounds the candidate cells of one search node: the empty
// neighbours of at most MaxPlace tiles plus the open cells of 4 groups with
// at most MaxPlace each.
const maxCand = 6*MaxPlace + 4*MaxPlace

// ok reports whether r more tiles, each touching the table, can complete
// the action: the action's tiles end up connected, or all of them lie in
// the body of a creature born by it (§C.4). It is exact, searching depth
// first with early exits:
//   - connected action tiles with r empty cells reachable from them through
//     empty cells complete by a chain (a breadth-first prefix is connected);
//   - connected tiles without that room can never connect new ones, and
//     scattered tiles too far apart to be joined by r tiles cannot connect;
//   - a creature holding every action tile contains a group of the first
//     action tile, and every empty cell round that group's open vertices
//     must be filled: those cells, or the empty neighbours of the action
//     tiles when joining them is possible, are the only first steps worth
//     trying (any completion can lay one of them first).
func (w *completer) ok(r int) bool {
	comps, label := w.components()
	if r == 0 {
		return comps == 1 || w.exception()
	}
	var buf [maxCand]palago.Cell
	cand := buf[:0]
	if comps == 1 {
		if w.roomy(r) {
			return true
		}
	} else if w.joinable(r, label) {
		cand = w.neighbours(cand)
	}
	cand = w.exceptionCells(r, cand)
	for _, c := range cand {
		for o := range palago.Orientation(palago.NumOrientations) {
			if w.try(palago.Tile{Cell: c, O: o}, r-1) {
				return true
			}
		}
	}
	return false
}

// components returns the number of connected components of the action's
// tiles and each tile's component label.
func (w *completer) components() (int, [MaxPlace + 1]int8) {
	var label [MaxPlace + 1]int8
	for i := range label {
		label[i] = -1
	}
	n := 0
	for i := range w.p {
		if label[i] >= 0 {
			continue
		}
		label[i] = int8(n)
		stack := [MaxPlace + 1]int{i}
		top := 1
		for top > 0 {
			top--
			x := stack[top]
			for j := range w.p {
				if label[j] < 0 && adjacent(w.p[x], w.p[j]) {
					label[j] = int8(n)
					stack[top] = j
					top++
				}
			}
		}
		n++
	}
	return n, label
}

func adjacent(a, b palago.Cell) bool {
	dq, dr := a.Q-b.Q, a.R-b.R
	switch {
	case dq == 0:
		return dr == 1 || dr == -1
	case dr == 0:
		return dq == 1 || dq == -1
	}
	return dq == -dr && (dq == 1 || dq == -1)
}

// roomy reports whether at least r empty cells are reachable from the
// action's tiles through empty cells.
func (w *completer) roomy(r int) bool {
	var seen [MaxPlace + 6]palago.Cell
	n := 0
	has := func(c palago.Cell) bool {
		for _, x := range seen[:n] {
			if x == c {
				return true
			}
		}
		return false
	}
	for _, c := range w.p {
		for k := range 6 {
			if d := c.Neighbour(k); !w.b.Occupied(d) && !has(d) {
				seen[n] = d
				if n++; n >= r {
					return true
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		for k := range 6 {
			if d := seen[i].Neighbour(k); !w.b.Occupied(d) && !has(d) {
				seen[n] = d
				if n++; n >= r {
					return true
				}
			}
		}
	}
	return false
}

// neighbours appends the empty neighbours of the action's tiles.
func (w *completer) neighbours(dst []palago.Cell) []palago.Cell {
	for _, c := range w.p {
		for k := range 6 {
			if d := c.Neighbour(k); !w.b.Occupied(d) && !containsCell(dst, d) {
				dst = append(dst, d)
			}
		}
	}
	return dst
}

func containsCell(cs []palago.Cell, c palago.Cell) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// joinable reports whether every component of the action's tiles lies
// within r empty cells of the first one, a necessary condition for r
// tiles to connect them all.
func (w *completer) joinable(r int, label [MaxPlace + 1]int8) bool {
	var reached uint8 = 1
	all := uint8(0)
	for i := range w.p {
		all |= 1 << label[i]
	}
	var level, seen []palago.Cell
	for i, c := range w.p {
		if label[i] == 0 {
			level = w.appendEmptyNeighbours(level, c, &seen)
		}
	}
	for d := 1; d <= r && len(level) > 0; d++ {
		for _, e := range level {
			for i, c := range w.p {
				if adjacent(e, c) {
					reached |= 1 << label[i]
				}
			}
		}
		if reached == all {
			return true
		}
		var next []palago.Cell
		for _, e := range level {
			next = w.appendEmptyNeighbours(next, e, &seen)
		}
		level = next
	}
	return reached == all
}

func (w *completer) appendEmptyNeighbours(dst []palago.Cell, c palago.Cell, seen *[]palago.Cell) []palago.Cell {
	for k := range 6 {
		d := c.Neighbour(k)
		if w.b.Occupied(d) || containsCell(*seen, d) {
			continue
		}
		*seen = append(*seen, d)
		dst = append(dst, d)
	}
	return dst
}

// exception reports whether a closed group with an arch (a creature,
// necessarily born now) holds a piece of its colour of every action tile
// (§C.4, N8).
func (w *completer) exception() bool {
	for col := palago.A; col <= palago.B; col++ {
		for kind := palago.Tip; kind <= palago.Arch; kind++ {
			key, _ := w.b.GroupKey(palago.Piece{Cell: w.p[0], Colour: col, Kind: kind})
			if missing, arches := w.b.GroupStatus(key); missing != 0 || arches == 0 {
				continue
			}
			all := true
			for _, c := range w.p[1:] {
				k1, _ := w.b.GroupKey(palago.Piece{Cell: c, Colour: col, Kind: palago.Tip})
				k2, _ := w.b.GroupKey(palago.Piece{Cell: c, Colour: col, Kind: palago.Arch})
				if k1 != key && k2 != key {
					all = false
					break
				}
			}
			if all {
				return true
			}
		}
	}
	return false
}

// exceptionCells appends the empty cells that some group of the first
// action tile needs filled to close, for the groups that r tiles can still
// close.
func (w *completer) exceptionCells(r int, dst []palago.Cell) []palago.Cell {
	var buf [4 * 6 * palago.MaxTiles / 8]palago.Cell
	for col := palago.A; col <= palago.B; col++ {
		for kind := palago.Tip; kind <= palago.Arch; kind++ {
			key, _ := w.b.GroupKey(palago.Piece{Cell: w.p[0], Colour: col, Kind: kind})
			missing, _ := w.b.GroupStatus(key)
			// A new tile fills at most 3 of a group's missing slots, one
			// per corner of its colour; a closed group takes no new tile.
			if missing == 0 || (missing+2)/3 > r {
				continue
			}
			open := w.b.OpenCells(key, buf[:0])
			if len(open) > r {
				continue
			}
			for _, c := range open {
				if !containsCell(dst, c) {
					dst = append(dst, c)
				}
			}
		}
	}
	return dst
}
