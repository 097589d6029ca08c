package server

import "github.com/tabula-games/tabula/internal/protocol"

// history is a room's last historySize events, for reconnecting clients:
// a ring that grows to historySize entries and then overwrites its oldest,
// of compact entries. It was a slice re-sliced from the front and appended
// to, which kept up to twice historySize entries of two strings each
// (up to ~24 KiB of pointers per room after a few minutes of play, up to
// ~240 MB at 10 000 matches, for every collection to mark); a full ring
// of 32-byte entries is 2 KiB.
type history struct {
	ring  []historyEntry // oldest at start once full
	start int
}

// historyEntry is an update with its event kind as an index into
// eventKinds (the kinds are the protocol's constants).
type historyEntry struct {
	version int64
	move    string
	seat    int32
	kind    uint8
}

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
	e := historyEntry{version: u.version, move: u.event.Move, seat: int32(u.event.Seat), kind: kindIndex(u.event.Kind)}
	if len(h.ring) < historySize {
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
		out = append(out, update{e.version, protocol.Event{Kind: eventKinds[e.kind], Seat: int(e.seat), Move: e.move}})
	}
	return out
}
