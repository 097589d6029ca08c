package server

import (
	"github.com/coder/websocket"
)

// maxHandlers bounds the goroutines that handle connections' messages
// (internal/handoff): enough for the messages in flight while the store
// stalls at the load test's scale; past it a read loop handles its
// message itself.
const maxHandlers = 512

// message is one frame a read loop hands to a handler, and the answer:
// the read loop owns it (and data's buffer) again once the handler is
// done.
type message struct {
	c      *conn
	r      *room
	bearer string
	typ    websocket.MessageType
	data   []byte
	err    error // the read's error: the handler ends the connection's loop
	hello  bool  // the client has said hello
	ok     bool  // set by the handling: false ends the read loop
}
