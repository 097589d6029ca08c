package server

import (
	"sync"

	"github.com/coder/websocket"
)

// maxHandlers bounds the goroutines that handle connections' messages:
// at 10,000 moves a second each move spends ~4 ms waiting for its commit,
// so ~40 are busy; 512 rides out a 50-ms stall of the store. Past it a
// read loop handles its message itself, as before handlers existed.
const maxHandlers = 512

// handlers runs the connections' messages on a few long-lived goroutines
// instead of on each connection's read loop.
//
// Why: the garbage collector starts every goroutine's assist credit at
// zero when a mark phase begins, and a goroutine's first allocation
// during the mark owes at least 64 KiB of scan work (the runtime's
// gcOverAssistWork). With 10,000 read loops each allocating while it
// handled its next message, a mark met ~640 MB of demanded scan work
// against ~60 MB of heap to mark; once the work ran out, every move
// parked in the runtime's assist queue until marking ended (100-ms slots
// with p50 80–250 ms, 0.2–0.3 s per collection). A read loop now only
// waits for its socket and reads the frame into its own buffer, which
// does not allocate; the handling (decoding, the rules, the store, the
// answers) runs on a handler. Idle handlers are taken last in, first out,
// so a few warm ones do nearly all the work and a mark meets about as
// many allocating goroutines as there are messages in flight, not
// connections.
type handlers struct {
	do  func(*message) // handles one message
	wg  *sync.WaitGroup
	max int // at most this many handlers

	mu     sync.Mutex
	idle   []*handler // last in, first out; capacity max
	n      int        // handlers started
	closed bool
}

// handler is one handling goroutine; jobs holds at most the one message
// its taker gives it.
type handler struct{ jobs chan *message }

// message is one frame a read loop hands over, and the answer: the read
// loop owns it (and data's buffer) again once done has a value.
type message struct {
	c      *conn
	r      *room
	bearer string
	typ    websocket.MessageType
	data   []byte
	err    error // the read's error: the handler ends the connection's loop
	hello  bool  // the client has said hello
	ok     bool  // set by the handling: false ends the read loop
	done   chan struct{}
}

// newHandlers returns up to max handlers running do, each started on wg.
func newHandlers(do func(*message), wg *sync.WaitGroup, max int) *handlers {
	return &handlers{do: do, wg: wg, max: max, idle: make([]*handler, 0, max)}
}

// handle has m handled on a handler, or on the caller's goroutine when
// all are busy or the server is closing, and returns once it was.
func (h *handlers) handle(m *message) {
	w := h.take()
	if w == nil {
		h.do(m)
		return
	}
	w.jobs <- m
	<-m.done
}

// take returns an idle handler, a new one while fewer than max exist, or
// nil.
func (h *handlers) take() *handler {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil
	}
	if k := len(h.idle); k > 0 {
		w := h.idle[k-1]
		h.idle = h.idle[:k-1]
		return w
	}
	if h.n == h.max {
		return nil
	}
	h.n++
	w := &handler{jobs: make(chan *message, 1)}
	h.wg.Go(func() { h.run(w) })
	return w
}

// run handles w's messages until the handlers close. w goes back to the
// idle list before its message is answered, so that the read loop's next
// message usually finds this same warm handler.
func (h *handlers) run(w *handler) {
	for m := range w.jobs {
		h.do(m)
		back := h.release(w)
		m.done <- struct{}{}
		if !back {
			return
		}
	}
}

// release puts w back on the idle list; false once the handlers closed
// (w is then to end).
func (h *handlers) release(w *handler) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	h.idle = append(h.idle, w)
	return true
}

// close ends the idle handlers and, as they finish, the busy ones;
// messages after it are handled on their read loops.
func (h *handlers) close() {
	h.mu.Lock()
	idle := h.idle
	h.idle, h.closed = nil, true
	h.mu.Unlock()
	for _, w := range idle {
		close(w.jobs)
	}
}
