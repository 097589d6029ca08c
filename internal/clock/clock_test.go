package clock

import (
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

func TestFischer(t *testing.T) {
	c := New(Control{Kind: Fischer, Base: time.Minute, Increment: 2 * time.Second}, 2)
	c.Switch(0, t0) // the match goes live: seat 0 to move
	if d, ok := c.Deadline(); !ok || !d.Equal(t0.Add(time.Minute)) {
		t.Fatalf("Deadline = %v, %v; want %v", d, ok, t0.Add(time.Minute))
	}
	now := t0.Add(10 * time.Second)
	if got := c.Left(0, now); got != 50*time.Second {
		t.Errorf("Left(0) after 10s = %v, want 50s", got)
	}
	if got := c.Left(1, now); got != time.Minute {
		t.Errorf("Left(1) while 0 runs = %v, want 1m", got)
	}
	if left := c.Switch(1, now); left != 52*time.Second {
		t.Errorf("Switch: mover left %v, want 52s (50s + 2s increment)", left)
	}
	now = now.Add(61 * time.Second)
	if !c.Flagged(now) {
		t.Errorf("seat 1 not flagged after 61s of a 60s clock")
	}
	if got := c.Left(1, now); got != 0 {
		t.Errorf("Left of a flagged seat = %v, want 0", got)
	}
	c.Stop(now)
	if c.Running != -1 || c.Flagged(now.Add(time.Hour)) {
		t.Errorf("after Stop: running %d, flagged %v", c.Running, c.Flagged(now.Add(time.Hour)))
	}
}

func TestCorrespondence(t *testing.T) {
	c := New(Control{Kind: Correspondence, Days: 2}, 2)
	c.Switch(0, t0)
	now := t0.Add(47 * time.Hour)
	if c.Flagged(now) {
		t.Fatal("flagged after 47h of 48h")
	}
	c.Switch(1, now)
	if got := c.Left(1, now); got != 48*time.Hour {
		t.Errorf("next seat's time = %v, want a fresh 48h", got)
	}
	if !c.Flagged(now.Add(48 * time.Hour)) {
		t.Error("not flagged after 48h")
	}
}

func TestNoneNeverFlags(t *testing.T) {
	c := New(Control{Kind: None}, 2)
	c.Switch(0, t0)
	if c.Flagged(t0.Add(1000 * time.Hour)) {
		t.Error("untimed clocks flagged")
	}
	if _, ok := c.Deadline(); ok {
		t.Error("untimed clocks have a deadline")
	}
}

// TestResumeDoesNotChargeDowntime checks the documented ruling: time while
// the server was down is not charged.
func TestResumeDoesNotChargeDowntime(t *testing.T) {
	c := New(Control{Kind: Fischer, Base: time.Minute}, 2)
	c.Switch(0, t0)
	c.Switch(1, t0.Add(20*time.Second)) // the last stored reading
	restart := t0.Add(time.Hour)
	c.Resume(restart)
	if got := c.Left(1, restart); got != time.Minute {
		t.Errorf("after downtime Left(1) = %v, want 1m", got)
	}
	if got := c.Left(0, restart); got != 40*time.Second {
		t.Errorf("after downtime Left(0) = %v, want 40s", got)
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name string
		c    Control
		ok   bool
	}{
		{"none", Control{Kind: None}, true},
		{"empty", Control{}, true},
		{"blitz", Control{Kind: Fischer, Base: 3 * time.Minute, Increment: 2 * time.Second}, true},
		{"base too small", Control{Kind: Fischer, Base: time.Millisecond}, false},
		{"negative increment", Control{Kind: Fischer, Base: time.Minute, Increment: -1}, false},
		{"correspondence", Control{Kind: Correspondence, Days: 3}, true},
		{"zero days", Control{Kind: Correspondence}, false},
		{"unknown", Control{Kind: "hourglass"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.c.Check(); (err == nil) != tt.ok {
				t.Errorf("Check(%+v) = %v, want ok %v", tt.c, err, tt.ok)
			}
		})
	}
}

func TestFakeTimers(t *testing.T) {
	f := NewFake(t0)
	var fired atomic.Int32
	done := make(chan struct{}, 2)
	f.AfterFunc(time.Second, func() { fired.Add(1); done <- struct{}{} })
	stopped := f.AfterFunc(time.Second, func() { fired.Add(10) })
	if !stopped.Stop() {
		t.Fatal("Stop of a pending timer = false")
	}
	f.Advance(999 * time.Millisecond)
	if f.Pending() != 1 {
		t.Fatalf("Pending = %d, want 1", f.Pending())
	}
	f.Advance(time.Millisecond)
	<-done
	if fired.Load() != 1 {
		t.Fatalf("fired %d, want 1", fired.Load())
	}
	if !f.Now().Equal(t0.Add(time.Second)) {
		t.Errorf("Now = %v", f.Now())
	}
	// A timer already due runs without an Advance, like time.AfterFunc.
	f.AfterFunc(-time.Second, func() { done <- struct{}{} })
	<-done
}

// TestSaveRestore checks Restore puts back every field and time Save saw,
// in the same Remaining array, for few seats and many, after the clocks
// changed in place.
func TestSaveRestore(t *testing.T) {
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, n := range []int{2, 5, maxInline + 2} {
		c := New(Control{Kind: Fischer, Base: time.Minute}, n)
		c.Switch(0, at)
		want := c
		want.Remaining = slices.Clone(c.Remaining)
		rem := c.Remaining
		s := c.Save()
		c.Switch(1, at.Add(3*time.Second))
		c.Remaining[1] = 0
		c.Restore(&s)
		if c.Running != want.Running || !c.Since.Equal(want.Since) || !slices.Equal(c.Remaining, want.Remaining) {
			t.Errorf("%d seats: restored %+v, want %+v", n, c, want)
		}
		if n <= maxInline && &c.Remaining[0] != &rem[0] {
			t.Errorf("%d seats: Restore replaced the Remaining array", n)
		}
	}
}
