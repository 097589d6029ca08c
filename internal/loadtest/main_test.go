package main

import (
	"encoding/json"
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
