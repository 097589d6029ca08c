package palagonia

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// This file is the placement rule and the completability check
// that keeps a partial "place k" from ever being offered when it cannot be
// finished. Each tile of an action is one move and must touch the table
// (the palago or the tiles placed before it): any legal final layout can
// be laid in such an order, so no layout is lost. When the last tile is
// down, the action's tiles must touch one another (form one connected set),
// unless a creature whose body holds all of them is born.

// setSize is the slot count of a stampSet: the frontier of 96 tiles has
// at most 2·96+4 cells, so 512 slots keep probing short.
const setSize = 512

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
		// An empty table: the first tile goes on (0,0), and a
		// chain outwards always completes the action.
		for o := range palago.Orientation(palago.NumOrientations) {
			dst = append(dst, PlaceMove(palago.Tile{O: o}))
		}
		return dst
	}
	var fr palago.CellSet
	s.board.Frontier(&fr)
	w := s.completer()
	r := int(s.left) - 1
	w.prepare(r)
	for _, c := range fr.Cells() {
		// Connection does not depend on orientations: test it once a cell.
		var conn bool
		if s.placed == 0 && r == 0 {
			conn = true // a lone tile is connected
		} else {
			w.mark(c)
			conn = w.connect(r)
			w.unmark()
		}
		if !conn && !w.mayGrow(c, r) {
			continue
		}
		for o := range palago.Orientation(palago.NumOrientations) {
			t := palago.Tile{Cell: c, O: o}
			if conn {
				dst = append(dst, PlaceMove(t))
				continue
			}
			if !w.mayGrowAs(t, r) {
				continue
			}
			w.push(t)
			ok := w.creatureAt(c, r)
			w.pop()
			if ok {
				dst = append(dst, PlaceMove(t))
			}
		}
	}
	return dst
}

// completer returns a completer on the table with the action's tiles so
// far: on the state's own board, which it leaves as it found it, in a
// Mutable copy, else on a clone.
func (s *State) completer() *completer {
	var w *completer
	if s.work != nil {
		w = &s.work.w
		w.b = &s.board
	} else {
		w = &completer{b: s.board.Clone()}
	}
	w.p = s.actionCells(w.pbuf[:0])
	return w
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
	w := s.completer()
	if !w.try(t, int(s.left)-1) {
		return illegal("%v: the action's %d tiles could not all be placed after it", t, s.left+s.placed)
	}
	return nil
}

// completer decides whether the current number action can be completed:
// b holds the table with the action's tiles so far, whose cells are p.
type completer struct {
	b *palago.Board
	// p holds the cells of the action's tiles: those on b, then the
	// last virtual ones, marked for connect but not laid.
	p       []palago.Cell
	virtual int
	pbuf    [MaxPlace + 1]palago.Cell // p's storage
	seen    stampSet                  // scratch for joinable
	// far holds, for each of the four pieces of the action's first tile
	// (when it is already down), what prepare found about its group.
	far   [4]farGroup
	nfar  int                         // 4 when far is filled, else 0
	obufs [4][2 * maxCand]palago.Cell // far's storage
}

// farGroup is what a creature through one piece of the action's first tile
// needs before the next tile is laid: the empty cells round its group's
// open vertices, and whether the remaining tiles could still close the
// group without the next tile touching it.
type farGroup struct {
	open    []palago.Cell
	missing int
	outside bool
}

// prepare readies mayGrow for the next tile of an action that has r tiles
// left after it. It looks at the groups of the pieces of the action's first
// tile, which is down unless the next tile is the first.
func (w *completer) prepare(r int) {
	w.nfar = 0
	if len(w.p) == 0 {
		return
	}
	for i, target := range w.firstPieces() {
		key, _ := w.b.GroupKey(target)
		missing, _ := w.b.GroupStatus(key)
		open := w.b.OpenCells(target, w.obufs[i][:0])
		w.far[i] = farGroup{open: open, missing: missing, outside: missing > 0 && (missing+2)/3 <= r && len(open) <= r}
	}
	w.nfar = 4
}

// firstPieces returns the four pieces of the action's first tile, the
// targets a creature born by the action grows from, in prepare's order:
// A tip, A arch, B tip, B arch.
func (w *completer) firstPieces() [4]palago.Piece {
	c := w.p[0]
	return [4]palago.Piece{
		{Cell: c, Colour: palago.A, Kind: palago.Tip},
		{Cell: c, Colour: palago.A, Kind: palago.Arch},
		{Cell: c, Colour: palago.B, Kind: palago.Tip},
		{Cell: c, Colour: palago.B, Kind: palago.Arch},
	}
}

// mayGrow reports whether a tile on c can be part of a creature born by
// the action, as far as prepare can tell without laying it. A tile on an
// open cell of a target group leaves the group's other open cells open. A
// tile off
// every open cell of a target group leaves that group as it is, so the
// remaining r tiles must fill the group's open cells and also the empty
// cells round the piece of the new tile that is to join it: a piece of the
// target's colour has a corner of that colour, and every empty neighbour
// of c round that corner must be filled too (grow's and reachable's tests,
// made before the tile is laid). It reports true when prepare saw no
// action tile.
func (w *completer) mayGrow(c palago.Cell, r int) bool {
	return w.mayJoin(c, r, func(f *farGroup, col palago.Colour) bool {
		for k := int(col); k < 6; k += 2 {
			// Corner k of c is shared with its neighbours across sides k
			// and k+1.
			if w.outsideCells(f, c, k, -1) <= r {
				return true
			}
		}
		return false
	})
}

// mayGrowAs is mayGrow for the tile t in its orientation: the piece of
// the target's colour that is to join the group is the tip, with one
// corner, or the arch, with two, and the empty neighbours round its
// corners must be filled too.
func (w *completer) mayGrowAs(t palago.Tile, r int) bool {
	return w.mayJoin(t.Cell, r, func(f *farGroup, col palago.Colour) bool {
		k1, k2 := t.O.ArchCorners(col)
		return w.outsideCells(f, t.Cell, t.O.TipCorner(col), -1) <= r || w.outsideCells(f, t.Cell, k1, k2) <= r
	})
}

// mayJoin is mayGrow and mayGrowAs: whether, with r tiles left, a tile on
// c can join some far group, where piece tells whether the tile's piece
// of colour col can join the group f from outside it.
func (w *completer) mayJoin(c palago.Cell, r int, piece func(f *farGroup, col palago.Colour) bool) bool {
	if w.nfar == 0 {
		return true
	}
	for i := range w.nfar {
		f := &w.far[i]
		if containsCell(f.open, c) {
			// A tile on an open cell of the group can join it; the group's
			// other open cells stay open and must be filled.
			if len(f.open)-1 <= r {
				return true
			}
			continue
		}
		// firstPieces' order: A tip, A arch, B tip, B arch.
		if f.outside && piece(f, palago.Colour(i/2)) {
			return true
		}
	}
	return false
}

// outsideCells counts the cells the remaining tiles must fill for a piece
// of the tile on c with corners k1 and k2 (-1: none) to join the far group
// f: f's open cells and the empty neighbours of c round those corners.
func (w *completer) outsideCells(f *farGroup, c palago.Cell, k1, k2 int) int {
	var extra [4]palago.Cell
	n := 0
	for _, k := range [2]int{k1, k2} {
		if k < 0 {
			continue
		}
		for _, d := range [2]palago.Cell{c.Neighbour(k), c.Neighbour(k + 1)} {
			if !w.b.Occupied(d) && !containsCell(f.open, d) && !containsCell(extra[:n], d) {
				extra[n] = d
				n++
			}
		}
	}
	return len(f.open) + n
}

// try places t, asks whether r more tiles can complete the action, and
// takes t back.
func (w *completer) try(t palago.Tile, r int) bool {
	w.push(t)
	ok := w.ok(r)
	w.pop()
	return ok
}

func (w *completer) push(t palago.Tile) {
	_ = w.b.Place(t)
	w.p = append(w.p, t.Cell)
}

// mark adds c to the action's cells without laying a tile: connect looks
// at cells only, and a tile on the board costs a union–find update.
func (w *completer) mark(c palago.Cell) {
	w.p = append(w.p, c)
	w.virtual++
}

func (w *completer) unmark() {
	w.p = w.p[:len(w.p)-1]
	w.virtual--
}

// occupied reports whether a tile lies on c or c is marked.
func (w *completer) occupied(c palago.Cell) bool {
	return w.b.Occupied(c) || containsCell(w.p[len(w.p)-w.virtual:], c)
}

func (w *completer) pop() {
	w.p = w.p[:len(w.p)-1]
	w.b.Undo()
}

// maxCand bounds the candidate cells of one search node: the empty
// neighbours of the action's tiles, or the open cells of 4 groups with at
// most MaxPlace each.
const maxCand = 6 * (MaxPlace + 1)

// ok reports whether r more tiles, each touching the table, can complete
// the action: the action's tiles end up connected (connect), or all of them
// lie in the body of a creature born by it (creature). Both searches
// are exact.
func (w *completer) ok(r int) bool { return w.connect(r) || w.creature(r) }

// connect reports whether r more tiles can leave the action's tiles
// connected. Orientations do not matter here, only cells:
//   - connected tiles with r empty cells reachable from them through empty
//     cells complete by a chain (a breadth-first prefix is connected), and
//     without that room they can never connect new tiles;
//   - scattered tiles must all lie within r empty cells of the first
//     component, and every component needs a new neighbour, so some
//     completion lays first an empty neighbour of the component with the
//     fewest: those are the only steps tried.
func (w *completer) connect(r int) bool {
	comps, label := w.components()
	if comps == 1 {
		return r == 0 || w.roomy(r)
	}
	if r == 0 || !w.joinable(r, label) {
		return false
	}
	var buf, best [maxCand]palago.Cell
	var cand []palago.Cell
	for comp := range int8(comps) {
		nb := buf[:0]
		for i, c := range w.p {
			if label[i] != comp {
				continue
			}
			for k := range 6 {
				if d := c.Neighbour(k); !w.occupied(d) && !containsCell(nb, d) {
					nb = append(nb, d)
				}
			}
		}
		if cand == nil || len(nb) < len(cand) {
			cand = append(best[:0], nb...)
		}
	}
	for _, c := range cand {
		w.mark(c)
		ok := w.connect(r - 1)
		w.unmark()
		if ok {
			return true
		}
	}
	return false
}

// creature reports whether r more tiles can give birth to a creature whose
// body holds every action tile. Such a creature contains the
// group of one of the four pieces of the first action tile (two colours,
// tip or arch); for each choice of that target piece, every empty cell
// round its group's open vertices must be filled, so the first of them can
// be laid first and only its three orientations are tried.
func (w *completer) creature(r int) bool {
	for _, target := range w.firstPieces() {
		if w.grow(target, r) {
			return true
		}
	}
	return false
}

// creatureAt is creature for the tile just laid on c, the action's second
// tile or later: for a target group whose open cells c is not among, the
// group is still the one prepare saw, so its open cells and missing slots
// are taken from there.
func (w *completer) creatureAt(c palago.Cell, r int) bool {
	if w.nfar == 0 {
		return w.creature(r)
	}
	for i, target := range w.firstPieces() {
		f := &w.far[i]
		if containsCell(f.open, c) {
			if w.grow(target, r) {
				return true
			}
			continue
		}
		if !f.outside {
			continue
		}
		key, _ := w.b.GroupKey(target)
		if w.reachable(target.Colour, key, f.missing, f.open, r) && w.growOn(target, f.open[0], r) {
			return true
		}
	}
	return false
}

// grow reports whether r more tiles can close the group of target into a
// creature holding a piece of its colour of every action tile.
func (w *completer) grow(target palago.Piece, r int) bool {
	key, _ := w.b.GroupKey(target)
	missing, arches := w.b.GroupStatus(key)
	if r == 0 {
		return missing == 0 && arches > 0 && w.holdsAll(target.Colour, key)
	}
	// A new tile fills at most 3 of a group's missing slots, one per
	// corner of its colour; a closed group takes no new tile.
	if missing == 0 || (missing+2)/3 > r {
		return false
	}
	var buf [maxCand]palago.Cell
	open := w.b.OpenCells(target, buf[:0])
	if len(open) > r || !w.reachable(target.Colour, key, missing, open, r) {
		return false
	}
	return w.growOn(target, open[0], r)
}

// growOn reports whether a tile on c, an empty cell round the open
// vertices of target's group (every one of them must be filled), in some
// orientation, and then r-1 more tiles can close that group as grow asks.
func (w *completer) growOn(target palago.Piece, c palago.Cell, r int) bool {
	for o := range palago.Orientation(palago.NumOrientations) {
		w.push(palago.Tile{Cell: c, O: o})
		ok := w.grow(target, r-1)
		w.pop()
		if ok {
			return true
		}
	}
	return false
}

// reachable reports whether every action tile could still join the group
// with key (missing slots, empty cells open round it) within r tiles: a
// tile not in it yet must have a piece of its colour in an open group that
// the r tiles could merge with it and close, which needs both groups'
// missing slots, at most 3 filled per tile, and the empty cells round both,
// each taking a tile. It is a necessary condition only.
func (w *completer) reachable(col palago.Colour, key, missing int, open []palago.Cell, r int) bool {
	for _, c := range w.p {
		ok := false
		for kind := palago.Tip; kind <= palago.Arch && !ok; kind++ {
			p := palago.Piece{Cell: c, Colour: col, Kind: kind}
			k, _ := w.b.GroupKey(p)
			if k == key {
				ok = true
				break
			}
			m, _ := w.b.GroupStatus(k)
			if m == 0 || (missing+m+2)/3 > r {
				continue // closed apart, or too far from closing together
			}
			var buf [maxCand]palago.Cell
			n := len(open)
			for _, d := range w.b.OpenCells(p, buf[:0]) {
				if !containsCell(open, d) {
					n++
				}
			}
			ok = n <= r
		}
		if !ok {
			return false
		}
	}
	return true
}

// holdsAll reports whether the group with key holds a piece of colour col
// of every action tile.
func (w *completer) holdsAll(col palago.Colour, key int) bool {
	for _, c := range w.p {
		k1, _ := w.b.GroupKey(palago.Piece{Cell: c, Colour: col, Kind: palago.Tip})
		k2, _ := w.b.GroupKey(palago.Piece{Cell: c, Colour: col, Kind: palago.Arch})
		if k1 != key && k2 != key {
			return false
		}
	}
	return true
}

// stampSet is a reusable set of cells cleared in O(1) by a new stamp.
type stampSet struct {
	keys  [setSize]uint32
	stamp [setSize]uint32
	cur   uint32
}

func (s *stampSet) reset() { s.cur++ }

// add inserts c and reports whether it was new.
func (s *stampSet) add(c palago.Cell) bool {
	k := uint32(uint16(c.Q))<<16 | uint32(uint16(c.R))
	i := (k * 2654435761) >> 23 & (setSize - 1)
	for s.stamp[i] == s.cur {
		if s.keys[i] == k {
			return false
		}
		i = (i + 1) & (setSize - 1)
	}
	s.keys[i], s.stamp[i] = k, s.cur
	return true
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
				if label[j] < 0 && w.p[x].Adjacent(w.p[j]) {
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
			if d := c.Neighbour(k); !w.occupied(d) && !has(d) {
				seen[n] = d
				if n++; n >= r {
					return true
				}
			}
		}
	}
	for i := 0; i < n; i++ {
		for k := range 6 {
			if d := seen[i].Neighbour(k); !w.occupied(d) && !has(d) {
				seen[n] = d
				if n++; n >= r {
					return true
				}
			}
		}
	}
	return false
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
// within r empty cells of the first one (breadth first through empty
// cells), a necessary condition for r tiles to connect them all.
func (w *completer) joinable(r int, label [MaxPlace + 1]int8) bool {
	var all, reached uint8 = 0, 1
	for i := range w.p {
		all |= 1 << label[i]
	}
	w.seen.reset()
	var buf [2][64]palago.Cell
	level := buf[0][:0]
	for i, c := range w.p {
		if label[i] != 0 {
			continue
		}
		for k := range 6 {
			if d := c.Neighbour(k); !w.occupied(d) && w.seen.add(d) {
				level = append(level, d)
			}
		}
	}
	for d := 1; len(level) > 0; d++ {
		for _, e := range level {
			for i, c := range w.p {
				if label[i] != 0 && e.Adjacent(c) {
					reached |= 1 << label[i]
				}
			}
		}
		if reached == all {
			return true
		}
		if d == r {
			return false
		}
		next := buf[d&1][:0]
		for _, e := range level {
			for k := range 6 {
				if f := e.Neighbour(k); !w.occupied(f) && w.seen.add(f) {
					next = append(next, f)
				}
			}
		}
		level = next
	}
	return false
}
