package server

import "github.com/tabula-games/tabula/internal/protocol"

// history is a room's last historySize events, for reconnecting clients:
// a ring that grows to historySize entries and then overwrites its oldest,
// of compact entries. It was a slice re-sliced from the front and appended
// to, which kept up to twice historySize entries of two strings each
// (up to ~24 KiB of pointers per room after a few minutes of play, up to
// ~240 MB at 10 000 matches, for every collection to mark). The entries
// hold no pointers (the move's text is copied into the entry), so the
// garbage collector never scans the ring: with a string per entry, a full
// ring was 2 KiB to mark per room, ~20 MB at 10 000 matches.
type history struct {
	ring  []historyEntry // oldest at start once full
	start int
}

// historyEntry is an update with its event kind as an index into
// eventKinds (the kinds are the protocol's constants) and its move's text
// inline; 40 bytes.
type historyEntry struct {
	version int64
	seat    int8
	kind    uint8
	n       uint8 // len of the move's text
	move    [historyText]byte
}

// historyText is the longest move text a history entry holds: the longest
// move of the seven games is 27 bytes (a Villa Paletti move). An event
// with a longer move is recorded as unknownKind, so a client that missed
// it gets the full state instead.
const historyText = 29

// historyFirst is the history's first capacity: the events of a match
// before its first move (created, the joins, a few offers) fit, and a
// match that never starts holds 320 bytes of history rather than 2.5 KiB.
const historyFirst = 8

// eventKinds are the protocol's event kinds, in a fixed order.
var eventKinds = [...]string{
	protocol.EventCreated, protocol.EventJoined, protocol.EventMove, protocol.EventResign,
	protocol.EventDrawOffered, protocol.EventDrawDeclined, protocol.EventDraw,
	protocol.EventTakebackOffered, protocol.EventTakebackDecline, protocol.EventTakeback,
	protocol.EventAbort, protocol.EventTimeout, protocol.EventRematchOffered, protocol.EventRematch,
}

// unknownKind marks an entry whose kind is not in eventKinds: it is not
// replayed (the reconnecting client gets the full state instead).
const unknownKind = uint8(len(eventKinds))

func kindIndex(kind string) uint8 {
	for i, k := range eventKinds {
		if k == kind {
			return uint8(i)
		}
	}
	return unknownKind
}

// add records the update u, dropping the oldest when full.
func (h *history) add(u update) {
	e := historyEntry{version: u.version, seat: int8(u.event.Seat), kind: kindIndex(u.event.Kind), n: uint8(len(u.event.Move))}
	if len(u.event.Move) > historyText || u.event.Seat != int(e.seat) {
		e.kind, e.n = unknownKind, 0
	}
	copy(e.move[:], u.event.Move)
	if len(h.ring) < historySize {
		if len(h.ring) == cap(h.ring) {
			// Two sizes, not append's seven: room for a match that has
			// not started (created, joined, a few offers), then the whole
			// ring (2.5 KiB, no pointers). Grown by append it was seven
			// allocations and twice the bytes over a match's first
			// historySize events (~165 bytes a move in a load test's
			// minute of fresh matches).
			n := historyFirst
			if h.ring != nil {
				n = historySize
			}
			ring := make([]historyEntry, len(h.ring), n)
			copy(ring, h.ring)
			h.ring = ring
		}
		h.ring = append(h.ring, e)
		return
	}
	h.ring[h.start] = e
	h.start = (h.start + 1) % historySize
}

// since returns the updates after version v, oldest first, if the history
// reaches back to v+1; nil when it does not (the client is too far
// behind, or an event it missed cannot be replayed).
func (h *history) since(v int64) []update {
	n := len(h.ring)
	if n == 0 || h.ring[h.start].version > v+1 {
		return nil
	}
	var out []update
	for i := range n {
		e := h.ring[(h.start+i)%n]
		if e.version <= v {
			continue
		}
		if e.kind == unknownKind {
			return nil
		}
		out = append(out, update{e.version, protocol.Event{Kind: eventKinds[e.kind], Seat: int(e.seat), Move: string(e.move[:e.n])}})
	}
	return out
}
