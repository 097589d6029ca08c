package deadline

import (
	"context"
	"testing"
	"time"
)

// TestSerial checks the three cases the timer meets when it fires: no
// operation (it goes idle and a later one re-arms it), a young operation
// (it waits for the rest of its time), and one past the timeout (its
// context is cancelled and the Serial expires).
func TestSerial(t *testing.T) {
	const timeout = 50 * time.Millisecond
	d := New(context.Background(), timeout)
	defer d.Stop()
	for i := range 5 { // short operations across several timer periods
		ctx := d.Begin()
		time.Sleep(timeout / 3)
		if ctx.Err() != nil {
			t.Fatalf("operation %d: cancelled after %v of %v", i, timeout/3, timeout)
		}
		d.End()
	}
	time.Sleep(2 * timeout) // idle: the timer fires with nothing running
	ctx := d.Begin()
	select {
	case <-ctx.Done():
	case <-time.After(20 * timeout):
		t.Fatal("an operation running past the timeout was not cancelled")
	}
	d.End()
	if !d.Expired() {
		t.Error("Expired is false after a cancellation")
	}
	if n := Next(d, context.Background(), timeout); n == d || n.Begin().Err() != nil {
		t.Error("Next kept an expired Serial")
	} else {
		n.Stop()
	}
}

// TestParentCancel checks that cancelling the parent does not cancel the
// operations: a commit outlives the request that asked for it.
func TestParentCancel(t *testing.T) {
	parent, cancel := context.WithCancel(context.Background())
	d := New(parent, time.Minute)
	defer d.Stop()
	cancel()
	if err := d.Begin().Err(); err != nil {
		t.Errorf("operation cancelled with its parent: %v", err)
	}
}

// TestLazyTimer checks the lazy deadline: back-to-back short
// commits, over many times the timeout in all, are never cancelled; a
// commit that runs past the timeout is, not before it; and a deadline
// whose timer went idle (no commit for a while) still catches the next
// long commit.
func TestLazyTimer(t *testing.T) {
	const timeout = 40 * time.Millisecond
	d := New(t.Context(), timeout)
	defer d.Stop()
	for end := time.Now().Add(5 * timeout); time.Now().Before(end); {
		d.Begin()
		time.Sleep(timeout / 8)
		d.End()
	}
	if err := d.ctx.Err(); err != nil {
		t.Fatalf("short commits cancelled: %v", err)
	}
	long := func(what string) {
		t.Helper()
		start := time.Now()
		d.Begin()
		select {
		case <-d.ctx.Done():
		case <-time.After(100 * timeout):
			t.Fatalf("%s: a commit running %v was not cancelled", what, time.Since(start))
		}
		if took := time.Since(start); took < timeout {
			t.Errorf("%s: cancelled %v into the commit, before the timeout %v", what, took, timeout)
		}
		if !d.expired.Load() {
			t.Errorf("%s: cancelled but not marked expired", what)
		}
	}
	long("after short commits")

	d = New(t.Context(), timeout)
	defer d.Stop()
	d.Begin()
	d.End()
	for deadline := time.Now().Add(100 * timeout); d.armed.Load(); {
		if time.Now().After(deadline) {
			t.Fatal("the timer never went idle")
		}
		time.Sleep(timeout / 4)
	}
	long("after an idle timer")
}
