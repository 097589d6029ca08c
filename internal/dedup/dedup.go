// Package dedup remembers the last few command IDs of each seat with the
// version each was acknowledged at, as keyed hashes holding no pointers,
// so a resent command is answered with its first ack instead of applied
// twice.
package dedup

import "hash/maphash"

// Memory is how many command IDs per seat are remembered: a client has a
// command or two in flight, and an older resend carries a version that is
// no longer current, so it is refused as stale anyway.
const Memory = 16

// Seats remembers the IDs of each seat, grown to the highest seat that
// commanded. The zero value is not usable: make one with New.
//
// Two IDs of one seat with the same 64-bit hash among its last Memory
// would make the second look like a resend of the first (about 2⁻⁶⁰ per
// command); only that seat's client chooses its IDs, so only it could
// arrange one, and the seed (New) is the server's secret.
type Seats struct {
	seed maphash.Seed
	seat []ring
}

// ring is a seat's last Memory IDs, newest at next-1.
type ring struct {
	e    [Memory]entry
	n    uint8 // entries in use
	next uint8 // where the next goes
}

type entry struct {
	sum     uint64 // maphash of the ID
	version int64
}

// New returns an empty memory hashing with seed.
func New(seed maphash.Seed) Seats { return Seats{seed: seed} }

// Recall returns the version id of seat was acknowledged at, if it is
// among the seat's last Memory.
func (s *Seats) Recall(seat int, id string) (int64, bool) {
	if seat < 0 || seat >= len(s.seat) {
		return 0, false
	}
	a := &s.seat[seat]
	sum := maphash.String(s.seed, id)
	for _, e := range a.e[:a.n] {
		if e.sum == sum {
			return e.version, true
		}
	}
	return 0, false
}

// Remember records command id of seat, acknowledged at version v,
// overwriting the seat's oldest beyond Memory. A negative seat (a
// spectator) is not remembered.
func (s *Seats) Remember(seat int, id string, v int64) {
	if seat < 0 {
		return
	}
	if seat >= len(s.seat) {
		s.seat = append(s.seat, make([]ring, seat+1-len(s.seat))...)
	}
	a := &s.seat[seat]
	a.e[a.next] = entry{maphash.String(s.seed, id), v}
	a.next = (a.next + 1) % Memory
	if a.n < Memory {
		a.n++
	}
}
