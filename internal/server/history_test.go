package server

import (
	"fmt"
	"hash/maphash"
	"reflect"
	"strings"
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
	t.Run("move too long to keep", func(t *testing.T) {
		long := strings.Repeat("x", historyText+1)
		h.add(update{n + 1, protocol.Event{Kind: protocol.EventMove, Move: long}})
		h.add(update{n + 2, protocol.Event{Kind: protocol.EventMove, Move: long[:historyText]}})
		if got := h.since(n + 1); len(got) != 1 || got[0].event.Move != long[:historyText] {
			t.Errorf("since(%d) = %v, want the move of %d bytes after the long one", n+1, got, historyText)
		}
		if got := h.since(n); got != nil {
			t.Errorf("since(%d) = %v, want nil: a move longer than %d bytes is not kept", n, got, historyText)
		}
	})
	t.Run("no pointers", func(t *testing.T) {
		if hasPointers(reflect.TypeFor[historyEntry]()) {
			t.Error("historyEntry holds pointers: every collection scans the ring")
		}
	})
	t.Run("unknown kind", func(t *testing.T) {
		h.add(update{n + 3, protocol.Event{Kind: "no-such-kind"}})
		h.add(update{n + 4, protocol.Event{Kind: protocol.EventMove, Move: "x"}})
		if got := h.since(n + 3); len(got) != 1 || got[0].event.Move != "x" {
			t.Errorf("since(%d) = %v, want the move after the unknown event", n+3, got)
		}
		if got := h.since(n + 2); got != nil {
			t.Errorf("since(%d) = %v, want nil: the unknown event cannot be replayed", n+2, got)
		}
	})
}

// TestRemember checks a seat's acknowledged command IDs keep the newest
// ackMemory, in a ring that holds no pointers for the garbage collector to
// scan.
func TestRemember(t *testing.T) {
	r := &room{s: &Server{ackSeed: maphash.MakeSeed()}}
	const n = 10 * ackMemory
	for i := range n {
		r.remember(1, fmt.Sprintf("c%d", i), int64(i))
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
	if _, ok := r.recall(7, "c99"); ok {
		t.Error("seat 7, which never commanded, recalls a command")
	}
	if hasPointers(reflect.TypeFor[ackRing]()) {
		t.Error("ackRing holds pointers: every collection scans it")
	}
}

// hasPointers reports whether values of t hold pointers the garbage
// collector scans.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Pointer, reflect.String, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		return true
	default:
		return false
	}
}

// TestHistoryAllocations checks the ring is allocated in two steps over
// a match's first historySize events (historyFirst, then whole), one for
// a match that has not started, and never after.
func TestHistoryAllocations(t *testing.T) {
	ev := protocol.Event{Kind: protocol.EventMove, Seat: 1, Move: "c4-d5"}
	for _, tc := range []struct {
		events int
		want   float64
	}{
		{1, 1}, {historyFirst, 1}, {historyFirst + 1, 2}, {3 * historySize, 2},
	} {
		allocs := testing.AllocsPerRun(20, func() {
			var h history
			for v := range int64(tc.events) {
				h.add(update{v, ev})
			}
		})
		if allocs != tc.want {
			t.Errorf("%v allocations for %d events, want %v", allocs, tc.events, tc.want)
		}
	}
}
