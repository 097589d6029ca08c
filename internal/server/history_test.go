package server

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/tabula-games/tabula/internal/protocol"
)

// TestHistory fills a room's history past its size with events of every
// kind and checks what a client reconnecting after each version gets: the
// updates after it, in order and as recorded, while the history reaches
// back that far; nothing (a full state) beyond, or past an event of an
// unknown kind.
func TestHistory(t *testing.T) {
	var h history
	var all []update
	const n = historySize + 44
	for v := int64(1); v <= n; v++ {
		ev := protocol.Event{Kind: eventKinds[int(v)%len(eventKinds)], Seat: int(v % 3)}
		if ev.Kind == protocol.EventMove || ev.Kind == protocol.EventTakeback {
			ev.Move = string(rune('a' + v%26))
		}
		u := update{v, ev}
		h.add(u)
		all = append(all, u)
	}
	if len(h.ring) != historySize {
		t.Fatalf("ring holds %d entries, want %d", len(h.ring), historySize)
	}
	oldest := int64(n - historySize + 1)
	for _, tc := range []struct {
		name  string
		since int64
		want  []update
	}{
		{"too far behind", oldest - 2, nil},
		{"just reachable", oldest - 1, all[oldest-1:]},
		{"in the middle", oldest + historySize/2, all[oldest+historySize/2:]},
		{"one behind", n - 1, all[n-1:]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := h.since(tc.since); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("since(%d) = %d updates, want %d (first %v)", tc.since, len(got), len(tc.want), got[:min(1, len(got))])
			}
		})
	}
	t.Run("unknown kind", func(t *testing.T) {
		h.add(update{n + 1, protocol.Event{Kind: "no-such-kind"}})
		h.add(update{n + 2, protocol.Event{Kind: protocol.EventMove, Move: "x"}})
		if got := h.since(n + 1); len(got) != 1 || got[0].event.Move != "x" {
			t.Errorf("since(%d) = %v, want the move after the unknown event", n+1, got)
		}
		if got := h.since(n); got != nil {
			t.Errorf("since(%d) = %v, want nil: the unknown event cannot be replayed", n, got)
		}
	})
}

// TestRemember checks a seat's acknowledged command IDs keep the newest
// ackMemory, and that once full the list is never reallocated (it grew
// to about twice ackMemory entries when it was re-sliced from the front).
func TestRemember(t *testing.T) {
	r := &room{acked: map[int][]ackEntry{}}
	const n = 10 * ackMemory
	var full []ackEntry
	for i := range n {
		r.remember(1, fmt.Sprintf("c%d", i), int64(i))
		switch l := r.acked[1]; {
		case i == ackMemory-1:
			full = l
		case i >= ackMemory && (len(l) != ackMemory || &l[0] != &full[0]):
			t.Fatalf("after %d commands: %d entries, moved from the array it had when full", i+1, len(l))
		}
	}
	for i := range n {
		v, ok := r.recall(1, fmt.Sprintf("c%d", i))
		if want := i >= n-ackMemory; ok != want || ok && v != int64(i) {
			t.Errorf("recall c%d = %d, %v; want %d, %v", i, v, ok, i, want)
		}
	}
	if _, ok := r.recall(0, "c99"); ok {
		t.Error("seat 0 recalls seat 1's command")
	}
}
