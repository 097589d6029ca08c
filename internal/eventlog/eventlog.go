// Package eventlog keeps a match's last Size events for clients that
// reconnect, in a ring of fixed-size entries holding no pointers, so the
// garbage collector never scans it.
package eventlog

import "github.com/tabula-games/tabula/internal/protocol"

// Size is how many past events a ring keeps: minutes of a game. A client
// further behind gets a full state, which ends in the same place.
const Size = 64

// first is the ring's first capacity: the events of a match before its
// first move (created, the joins, a few offers) fit, so a match that never
// starts holds a small ring.
const first = 8

// maxText is the longest move text an entry holds: the longest move of
// the seven games is 27 bytes (a Villa Paletti move). An event with a
// longer move is recorded as unknownKind, so a client that missed it gets
// the full state instead.
const maxText = 29

// Update is one recorded event and the version it made.
type Update struct {
	Version int64
	Event   protocol.Event
}

// Ring is the last Size updates: it grows to Size entries (in two steps,
// first then Size) and then overwrites its oldest. The zero value is
// empty and ready.
type Ring struct {
	ring  []entry // oldest at start once full
	start int
}

// entry is an update with its event kind as an index into kinds and its
// move's text inline.
type entry struct {
	version int64
	seat    int8
	kind    uint8
	n       uint8 // len of the move's text
	move    [maxText]byte
}

// kinds are the protocol's event kinds, in a fixed order.
var kinds = [...]string{
	protocol.EventCreated, protocol.EventJoined, protocol.EventMove, protocol.EventResign,
	protocol.EventDrawOffered, protocol.EventDrawDeclined, protocol.EventDraw,
	protocol.EventTakebackOffered, protocol.EventTakebackDecline, protocol.EventTakeback,
	protocol.EventAbort, protocol.EventTimeout, protocol.EventRematchOffered, protocol.EventRematch,
}

// unknownKind marks an entry whose kind is not in kinds: it is not
// replayed (the reconnecting client gets the full state instead).
const unknownKind = uint8(len(kinds))

func kindIndex(kind string) uint8 {
	for i, k := range kinds {
		if k == kind {
			return uint8(i)
		}
	}
	return unknownKind
}

// Add records u, dropping the oldest when full.
func (h *Ring) Add(u Update) {
	e := entry{version: u.Version, seat: int8(u.Event.Seat), kind: kindIndex(u.Event.Kind), n: uint8(len(u.Event.Move))}
	if len(u.Event.Move) > maxText || u.Event.Seat != int(e.seat) {
		e.kind, e.n = unknownKind, 0
	}
	copy(e.move[:], u.Event.Move)
	if len(h.ring) < Size {
		if len(h.ring) == cap(h.ring) {
			// Two sizes, not append's doublings: room for a match that
			// has not started, then the whole ring.
			n := first
			if h.ring != nil {
				n = Size
			}
			ring := make([]entry, len(h.ring), n)
			copy(ring, h.ring)
			h.ring = ring
		}
		h.ring = append(h.ring, e)
		return
	}
	h.ring[h.start] = e
	h.start = (h.start + 1) % Size
}

// Since returns the updates after version v, oldest first, if the ring
// reaches back to v+1; nil when it does not (the client is too far
// behind, or an event it missed cannot be replayed).
func (h *Ring) Since(v int64) []Update {
	n := len(h.ring)
	if n == 0 || h.ring[h.start].version > v+1 {
		return nil
	}
	var out []Update
	for i := range n {
		e := h.ring[(h.start+i)%n]
		if e.version <= v {
			continue
		}
		if e.kind == unknownKind {
			return nil
		}
		out = append(out, Update{e.version, protocol.Event{Kind: kinds[e.kind], Seat: int(e.seat), Move: string(e.move[:e.n])}})
	}
	return out
}
