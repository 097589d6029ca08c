package eventlog

import (
	"reflect"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/internal/protocol"
)

// TestRing fills a ring past its size with events of every
// kind and checks what a client reconnecting after each version gets: the
// updates after it, in order and as recorded, while the history reaches
// back that far; nothing (a full state) beyond, or past an event of an
// unknown kind.
func TestRing(t *testing.T) {
	var h Ring
	var all []Update
	const n = Size + 44
	for v := int64(1); v <= n; v++ {
		ev := protocol.Event{Kind: kinds[int(v)%len(kinds)], Seat: int(v % 3)}
		if ev.Kind == protocol.EventMove || ev.Kind == protocol.EventTakeback {
			ev.Move = string(rune('a' + v%26))
		}
		u := Update{v, ev}
		h.Add(u)
		all = append(all, u)
	}
	if len(h.ring) != Size {
		t.Fatalf("ring holds %d entries, want %d", len(h.ring), Size)
	}
	oldest := int64(n - Size + 1)
	for _, tc := range []struct {
		name  string
		since int64
		want  []Update
	}{
		{"too far behind", oldest - 2, nil},
		{"just reachable", oldest - 1, all[oldest-1:]},
		{"in the middle", oldest + Size/2, all[oldest+Size/2:]},
		{"one behind", n - 1, all[n-1:]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := h.Since(tc.since); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("since(%d) = %d updates, want %d (first %v)", tc.since, len(got), len(tc.want), got[:min(1, len(got))])
			}
		})
	}
	t.Run("move too long to keep", func(t *testing.T) {
		long := strings.Repeat("x", maxText+1)
		h.Add(Update{n + 1, protocol.Event{Kind: protocol.EventMove, Move: long}})
		h.Add(Update{n + 2, protocol.Event{Kind: protocol.EventMove, Move: long[:maxText]}})
		if got := h.Since(n + 1); len(got) != 1 || got[0].Event.Move != long[:maxText] {
			t.Errorf("since(%d) = %v, want the move of %d bytes after the long one", n+1, got, maxText)
		}
		if got := h.Since(n); got != nil {
			t.Errorf("since(%d) = %v, want nil: a move longer than %d bytes is not kept", n, got, maxText)
		}
	})
	t.Run("no pointers", func(t *testing.T) {
		if hasPointers(reflect.TypeFor[entry]()) {
			t.Error("entry holds pointers: every collection scans the ring")
		}
	})
	t.Run("unknown kind", func(t *testing.T) {
		h.Add(Update{n + 3, protocol.Event{Kind: "no-such-kind"}})
		h.Add(Update{n + 4, protocol.Event{Kind: protocol.EventMove, Move: "x"}})
		if got := h.Since(n + 3); len(got) != 1 || got[0].Event.Move != "x" {
			t.Errorf("since(%d) = %v, want the move after the unknown event", n+3, got)
		}
		if got := h.Since(n + 2); got != nil {
			t.Errorf("since(%d) = %v, want nil: the unknown event cannot be replayed", n+2, got)
		}
	})
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

// TestRingAllocations checks the ring is allocated in two steps over
// a match's first Size events (first, then whole), one for
// a match that has not started, and never after.
func TestRingAllocations(t *testing.T) {
	ev := protocol.Event{Kind: protocol.EventMove, Seat: 1, Move: "c4-d5"}
	for _, tc := range []struct {
		events int
		want   float64
	}{
		{1, 1}, {first, 1}, {first + 1, 2}, {3 * Size, 2},
	} {
		allocs := testing.AllocsPerRun(20, func() {
			var h Ring
			for v := range int64(tc.events) {
				h.Add(Update{v, ev})
			}
		})
		if allocs != tc.want {
			t.Errorf("%v allocations for %d events, want %v", allocs, tc.events, tc.want)
		}
	}
}
