package main

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"github.com/tabula-games/tabula/internal/protocol"
)

// TestParseState checks the load generator's shortcut decoder against
// encoding/json on the server's own message type, including strings that
// contain the keys it looks for.
func TestParseState(t *testing.T) {
	tests := []struct {
		name string
		msg  protocol.ServerMessage
	}{
		{"update", protocol.ServerMessage{Type: protocol.TypeUpdate, Version: 7, Event: &protocol.Event{Kind: protocol.EventMove, Move: "d4"},
			State: &protocol.State{Match: "m_1", Game: "pathagon", Version: 7, Status: protocol.StatusLive, Position: `x ,"version":1,"toMove":3 "legal":[]`,
				ToMove: 1, Legal: []protocol.Move{protocol.MoveForm("a1"), protocol.MoveForm("c4xb4"), protocol.MoveForm("a7-g1")},
				Moves: []string{"d4", `,"status":"x"`}, Seats: []protocol.Seat{{Seat: 0, Name: "light"}}, Offers: protocol.Offers{Takeback: -1}}}},
		{"escapes", protocol.ServerMessage{Type: protocol.TypeUpdate, Version: 3,
			State: &protocol.State{Version: 3, Status: protocol.StatusLive, ToMove: 0, Offers: protocol.Offers{Takeback: -1},
				Legal: []protocol.Move{{Text: `a"b\c`, Captures: []string{"}", "]"}}, {Text: "text", From: "text"}, {Text: "é<&>"}}}}},
		{"finished", protocol.ServerMessage{Type: protocol.TypeWelcome, Version: 12,
			State: &protocol.State{Match: "m_2", Version: 12, Status: protocol.StatusFinished, ToMove: -1, Legal: []protocol.Move{}, Offers: protocol.Offers{Takeback: -1}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw, err := json.Marshal(tt.msg)
			if err != nil {
				t.Fatal(err)
			}
			var want struct {
				State lightState `json:"state"`
			}
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			got, err := parseState(raw)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want.State) {
				t.Errorf("parseState = %+v, want %+v", got, want.State)
			}
		})
	}
	if _, err := parseState([]byte(`{"type":"ack","version":3}`)); err == nil {
		t.Error("parseState of an ack: no error")
	}
}

// TestParseDelta checks the delta scanner against encoding/json on the
// server's own encoding, with strings that contain the keys it looks for.
func TestParseDelta(t *testing.T) {
	tests := []struct {
		name string
		msg  protocol.ServerMessage
		want delta
	}{
		{"move", protocol.ServerMessage{Type: protocol.TypeUpdate, Version: 19, Event: &protocol.Event{Kind: protocol.EventMove, Seat: 0, Move: "d4"},
			Delta: &protocol.Delta{Ply: 12, ToMove: 1, Clocks: &protocol.Clocks{Kind: "fischer", Remaining: []int64{1, 2}, Running: 1, At: 5}}},
			delta{version: 19, move: "d4", toMove: 1}},
		{"finishing move", protocol.ServerMessage{Type: protocol.TypeUpdate, Version: 40, Event: &protocol.Event{Kind: protocol.EventMove, Seat: 1, Move: "a7-g1"},
			Delta: &protocol.Delta{Ply: 33, ToMove: -1, Status: protocol.StatusFinished, Result: &protocol.Result{Winners: []int{1}, Reason: "connection", Text: `,"toMove":3 "status":"x"`}}},
			delta{version: 40, move: "a7-g1", toMove: -1, status: protocol.StatusFinished}},
		{"escaped move", protocol.ServerMessage{Type: protocol.TypeUpdate, Version: 2, Event: &protocol.Event{Kind: protocol.EventMove, Seat: -2, Move: `h"<,"move":x`},
			Delta: &protocol.Delta{Ply: 1, ToMove: 0}},
			delta{version: 2, move: `h"<,"move":x`, toMove: 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := tt.msg.AppendJSON(nil)
			var back protocol.ServerMessage
			if err := json.Unmarshal(raw, &back); err != nil {
				t.Fatal(err)
			}
			for _, texts := range []*interner{nil, newInterner()} {
				got, err := parseDelta(raw, texts)
				if err != nil {
					t.Fatal(err)
				}
				if got != tt.want || got.move != back.Event.Move || got.toMove != back.Delta.ToMove || got.status != back.Delta.Status {
					t.Errorf("parseDelta = %+v, want %+v", got, tt.want)
				}
			}
		})
	}
	if _, err := parseDelta([]byte(`{"type":"ack","version":3}`), nil); err == nil {
		t.Error("parseDelta of an ack: no error")
	}
}

// TestAppendMove checks the hand-written move command decodes, through
// the server's own decoder, to the message encoding/json would have sent.
func TestAppendMove(t *testing.T) {
	seat1 := 1
	tests := []struct {
		name    string
		id      int
		version int64
		move    string
		seat    int
		want    protocol.ClientMessage
	}{
		{"one seat", 7, 12, "d4", -1, protocol.ClientMessage{Type: protocol.TypeMove, ID: "m7", Version: 12, Move: "d4"}},
		{"several seats", 1, 0, "c4xb4", 1, protocol.ClientMessage{Type: protocol.TypeMove, ID: "m1", Version: 0, Move: "c4xb4", Seat: &seat1}},
		{"quotes", 3, 99, `a7-g1 "x"\`, -1, protocol.ClientMessage{Type: protocol.TypeMove, ID: "m3", Version: 99, Move: `a7-g1 "x"\`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := appendMove(nil, tt.id, tt.version, tt.move, tt.seat)
			got, err := protocol.Decode(raw)
			if err != nil {
				t.Fatalf("Decode(%s): %v", raw, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Decode(%s) = %+v, want %+v", raw, got, tt.want)
			}
		})
	}
}

// TestQuantile checks percentiles read from the difference of two
// cumulative histogram readings.
func TestQuantile(t *testing.T) {
	before := map[float64]float64{0.001: 10, 0.002: 10, 0.004: 10, math.Inf(1): 10}
	after := map[float64]float64{0.001: 60, 0.002: 100, 0.004: 109, math.Inf(1): 110}
	for _, tc := range []struct {
		name string
		q    float64
		want float64
	}{
		{"median in the first bucket", 0.5, 0.001},
		{"p90 in the second", 0.9, 0.002},
		{"p99 in the third", 0.99, 0.004},
		{"max beyond the last bound", 1, math.Inf(1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, n := quantile(before, after, tc.q)
			if got != tc.want || n != 100 {
				t.Errorf("quantile(%v) = %v of %v, want %v of 100", tc.q, got, n, tc.want)
			}
		})
	}
	if got, n := quantile(nil, nil, 0.5); got != 0 || n != 0 {
		t.Errorf("no readings: %v of %v, want 0 of 0", got, n)
	}
}

// TestJSONInt checks the integer scanner of parseDelta against the
// values the server writes and against what it must refuse.
func TestJSONInt(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int64
		ok   bool
	}{
		{"0,", 0, true},
		{"19}", 19, true},
		{"-1,", -1, true},
		{"123456789012345678,", 123456789012345678, true},
		{"1234567890123456789,", 0, false}, // 19 digits: refused, not overflowed
		{"12", 0, false},                   // unterminated
		{",", 0, false},
		{"-,", 0, false},
		{"1.5,", 0, false},
		{`"3",`, 0, false},
	} {
		got, ok := jsonInt([]byte(tt.in))
		if got != tt.want || ok != tt.ok {
			t.Errorf("jsonInt(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

// BenchmarkParseDelta is the per-move parse of a delta update: no
// allocation, the move's text is interned.
func BenchmarkParseDelta(b *testing.B) {
	msg := protocol.ServerMessage{Type: protocol.TypeUpdate, Version: 19, Event: &protocol.Event{Kind: protocol.EventMove, Seat: 0, Move: "a7-g1"},
		Delta: &protocol.Delta{Ply: 12, ToMove: 1}}
	raw := msg.AppendJSON(nil)
	texts := newInterner()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := parseDelta(raw, texts); err != nil {
			b.Fatal(err)
		}
	}
}
