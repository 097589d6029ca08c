package palago

// cellSetSlots is a CellSet's slot count: the largest set the family needs
// is the frontier of 96 tiles, at most 2·96+4 = 196 cells, and 512 slots
// keep probing short at that load.
const cellSetSlots = 512

// MaxCellSet is the most cells a CellSet holds: half its slots, so that
// probing stays short.
const MaxCellSet = cellSetSlots / 2

// CellSet is a set of cells that keeps their insertion order, in fixed
// arrays (an open-addressing table and the order), so it never allocates.
// The zero value is empty and ready to use.
type CellSet struct {
	keys  [cellSetSlots]uint32
	vals  [cellSetSlots]uint16 // position in order + 1; 0 marks a free slot
	order [MaxCellSet]Cell
	n     int
}

func (s *CellSet) slot(k uint32) uint32 { return (k * 2654435761) >> 23 & (cellSetSlots - 1) }

// Add inserts c and reports whether it was new. It panics when the set
// already holds MaxCellSet cells.
func (s *CellSet) Add(c Cell) bool {
	k := cellKey(c)
	i := s.slot(k)
	for s.vals[i] != 0 {
		if s.keys[i] == k {
			return false
		}
		i = (i + 1) & (cellSetSlots - 1)
	}
	if s.n >= MaxCellSet {
		panic("palago: CellSet is full")
	}
	s.keys[i], s.vals[i] = k, uint16(s.n+1)
	s.order[s.n] = c
	s.n++
	return true
}

// Index returns the position of c in insertion order, or -1.
func (s *CellSet) Index(c Cell) int {
	k := cellKey(c)
	for i := s.slot(k); s.vals[i] != 0; i = (i + 1) & (cellSetSlots - 1) {
		if s.keys[i] == k {
			return int(s.vals[i]) - 1
		}
	}
	return -1
}

// Has reports whether c is in the set.
func (s *CellSet) Has(c Cell) bool { return s.Index(c) >= 0 }

// Cells returns the cells in insertion order; the slice is the set's own.
func (s *CellSet) Cells() []Cell { return s.order[:s.n] }

// Len returns the number of cells.
func (s *CellSet) Len() int { return s.n }

// Frontier adds to fr the empty cells next to the tiles, in placement order
// of the tiles and side order 0..5 round each.
func (b *Board) Frontier(fr *CellSet) {
	for i := range b.n {
		for k := range 6 {
			if c := b.tiles[i].Cell.Neighbour(k); !b.Occupied(c) {
				fr.Add(c)
			}
		}
	}
}
