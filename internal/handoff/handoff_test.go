package handoff

import (
	"sync"
	"testing"
)

// message is a test job: the handling sets ok.
type message struct {
	inline bool // the test expects it run on its caller
	ok     bool
	done   chan struct{}
}

// handle runs m on h with m's own done channel.
func handle(h *Pool[*message], m *message) { h.Run(m, m.done) }

// TestWarmReuse checks that messages handled one after another
// (one read loop, or several taking turns) all run on the one goroutine
// that is warm: a collection's mark then meets one allocating handler,
// not one per connection.
func TestWarmReuse(t *testing.T) {
	var wg sync.WaitGroup
	handled := 0
	h := New(func(m *message) { handled++; m.ok = true }, &wg, 4)
	for i := range 100 {
		m := &message{done: make(chan struct{}, 1)}
		handle(h, m)
		if !m.ok {
			t.Fatalf("message %d: not handled when handle returned", i)
		}
	}
	if handled != 100 {
		t.Errorf("handled %d messages, want 100", handled)
	}
	if h.n != 1 {
		t.Errorf("%d handlers started for messages one at a time, want 1", h.n)
	}
	h.Close()
	wg.Wait()
}

// TestBusy checks that messages in flight together each get a
// handler up to the limit, and that past it the caller handles its message
// itself rather than waiting: a read loop never waits for another
// connection's message.
func TestBusy(t *testing.T) {
	const limit = 3
	var wg sync.WaitGroup
	release := make(chan struct{})
	started := make(chan struct{}, limit)
	inline := 0
	var mu sync.Mutex
	h := New(func(m *message) {
		if m.inline {
			mu.Lock()
			inline++
			mu.Unlock()
			m.ok = true
			return
		}
		started <- struct{}{}
		<-release
		m.ok = true
	}, &wg, limit)
	var callers sync.WaitGroup
	msgs := make([]*message, limit)
	for i := range msgs {
		msgs[i] = &message{done: make(chan struct{}, 1)}
		callers.Go(func() { handle(h, msgs[i]) })
		<-started // each takes a new handler: the others are busy
	}
	if h.n != limit {
		t.Fatalf("%d handlers for %d messages in flight, want %d", h.n, limit, limit)
	}
	extra := &message{inline: true, done: make(chan struct{}, 1)}
	handle(h, extra) // all busy: handled here, at once
	if !extra.ok || inline != 1 {
		t.Errorf("with every handler busy: ok %v, handled inline %d times; want true, 1", extra.ok, inline)
	}
	close(release)
	callers.Wait()
	for i, m := range msgs {
		if !m.ok {
			t.Errorf("message %d not handled", i)
		}
	}
	if len(h.idle) != limit {
		t.Errorf("%d idle handlers after the messages, want %d", len(h.idle), limit)
	}
	h.Close()
	wg.Wait() // every handler ended
}

// TestClosed checks that a message after close is still handled
// (on its read loop), so a connection that outlives the server's Close
// for a moment is not left hanging.
func TestClosed(t *testing.T) {
	var wg sync.WaitGroup
	h := New(func(m *message) { m.ok = true }, &wg, 2)
	handle(h, &message{done: make(chan struct{}, 1)})
	h.Close()
	wg.Wait()
	m := &message{done: make(chan struct{}, 1)}
	handle(h, m)
	if !m.ok {
		t.Error("a message after close was not handled")
	}
	if h.n != 1 {
		t.Errorf("%d handlers started, want 1 (none after close)", h.n)
	}
}
