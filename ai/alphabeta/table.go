package alphabeta

import (
	"math/bits"
	"sync/atomic"
	"unsafe"

	"github.com/tabula-games/tabula/game"
)

// TT entry bounds.
const (
	boundExact uint8 = iota + 1
	boundLower
	boundUpper
)

// entry is a transposition table entry as the search reads it.
type entry struct {
	key     uint64
	move    game.Move
	score   int32
	depth   int8
	bound   uint8
	gen     uint8
	hasMove bool
}

// slot holds one entry in three words, each written and read atomically:
// data packs score, depth, bound, generation and hasMove, and check is
// key^move^data. Threads of a parallel search write slots without locks;
// a slot torn by two writes at once no longer matches its key and reads
// as a miss (lockless hashing), so no thread ever trusts a mixed entry.
type slot struct{ check, move, data uint64 }

// table is a transposition table shared by the threads of one search.
type table struct {
	buckets [][bucketSize]slot
	// gen counts searches; entries of earlier ones are stale. The main
	// search changes it before its helpers start.
	gen uint8
	// shared is set while helper threads search: only then are the
	// stores atomic (a locked instruction each on amd64; a plain store
	// is enough for one thread, and atomic loads cost nothing there).
	shared bool
}

// newTable returns a table of mib MiB.
func newTable(mib int) *table {
	n := max(1, mib<<20/int(unsafe.Sizeof([bucketSize]slot{})))
	return &table{buckets: make([][bucketSize]slot, n)}
}

func pack(e entry) uint64 {
	d := uint64(uint32(e.score)) | uint64(uint8(e.depth))<<32 | uint64(e.bound)<<40 | uint64(e.gen)<<48
	if e.hasMove {
		d |= 1 << 56
	}
	return d
}

func (sl *slot) load() entry {
	d := atomic.LoadUint64(&sl.data)
	m := atomic.LoadUint64(&sl.move)
	c := atomic.LoadUint64(&sl.check)
	return entry{key: c ^ m ^ d, move: game.Move(m), score: int32(uint32(d)), depth: int8(uint8(d >> 32)),
		bound: uint8(d >> 40), gen: uint8(d >> 48), hasMove: d>>56&1 != 0}
}

func (sl *slot) put(e entry, shared bool) {
	d := pack(e)
	if !shared {
		sl.data, sl.move, sl.check = d, uint64(e.move), e.key^uint64(e.move)^d
		return
	}
	atomic.StoreUint64(&sl.data, d)
	atomic.StoreUint64(&sl.move, uint64(e.move))
	atomic.StoreUint64(&sl.check, e.key^uint64(e.move)^d)
}

// bucket returns the bucket of hash h: the high half of h times the number
// of buckets, so every table size is usable, not only powers of two.
func (t *table) bucket(h uint64) *[bucketSize]slot {
	i, _ := bits.Mul64(h, uint64(len(t.buckets)))
	return &t.buckets[i]
}

func (s *Searcher) probe(h uint64) (entry, bool) {
	b := s.tt.bucket(h)
	for i := range b {
		if e := b[i].load(); e.key == h && e.bound != 0 {
			return e, true
		}
	}
	return entry{}, false
}

// store writes a result to the table. Replacement: each bucket has a
// depth-preferred slot (0) and an always-replaced slot (1). A result goes
// to slot 0 when that holds the same position, is empty or from an earlier
// search (stale), or was searched no deeper; the entry it displaces moves
// to slot 1 when it is for another position. Otherwise the result goes to
// slot 1. So the deepest results of the current search survive the flood
// of shallow ones, while the newest shallow result is always kept too.
func (s *Searcher) store(h uint64, depth, score int, bound uint8, m game.Move, ply int) {
	b := s.tt.bucket(h)
	gen, shared := s.tt.gen, s.tt.shared
	e := entry{key: h, move: m, score: int32(toTT(score, ply)), depth: int8(min(depth, 127)), bound: bound, gen: gen, hasMove: true}
	d := b[0].load()
	if d.bound == 0 || d.key == h || d.gen != gen || int(d.depth) <= depth {
		if d.bound != 0 && d.key != h {
			b[1].put(d, shared)
		} else if b[1].load().key == h {
			b[1].put(entry{}, shared) // one copy per position
		}
		b[0].put(e, shared)
		return
	}
	b[1].put(e, shared)
}
