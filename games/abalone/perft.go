package abalone

import (
	"math/bits"

	"github.com/tabula-games/tabula/game"
)

// maxPerftDepth bounds the move buffers of Perft; deeper runs would take
// years anyway.
const maxPerftDepth = 32

// Perft counts the move sequences of the given depth from s with make/undo
// and bulk counting: at depth 1 it counts the legal moves without listing or
// playing them. It never changes s.
func (s *State) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth > maxPerftDepth {
		panic("abalone: perft depth beyond maxPerftDepth")
	}
	m := s.Mutable().(*State)
	m.stack = make([]undoRec, 0, depth)
	if m.rules.repetition {
		m.hist = append(make([]uint64, 0, len(m.hist)+depth), m.hist...)
	}
	bufs := make([][]game.Move, depth)
	for i := range bufs {
		bufs[i] = make([]game.Move, 0, maxMoves)
	}
	return m.perft(depth, bufs)
}

func (s *State) perft(depth int, bufs [][]game.Move) uint64 {
	if s.res.why != inProgress {
		return 0
	}
	if depth == 1 {
		return uint64(countMoves(s.bb[s.side], s.bb[s.side^1]))
	}
	moves := genMoves(s.bb[s.side], s.bb[s.side^1], bufs[depth-1][:0])
	var n uint64
	for _, m := range moves {
		s.Apply(m)
		n += s.perft(depth-1, bufs)
		s.Undo()
	}
	return n
}

func popcount(b board) int { return bits.OnesCount64(b) }
