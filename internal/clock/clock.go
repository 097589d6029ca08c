// Package clock keeps match time: an injected wall clock (Clock, with a
// Fake for tests) and the time controls the server enforces (Clocks):
// Fischer (base time plus an increment per move) and correspondence (a fixed
// time per move). The server is authoritative: clients only display.
package clock

import (
	"fmt"
	"sort"
	"sync"
	"time"
)

// Clock is the source of time and timers. The server takes one; tests pass
// a Fake.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f in its own goroutine after d.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc.
type Timer interface {
	// Stop cancels the call; it reports whether it stopped it before it ran.
	Stop() bool
}

// Real returns the system clock.
func Real() Clock { return realClock{} }

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }
func (realClock) AfterFunc(d time.Duration, f func()) Timer {
	return time.AfterFunc(d, f)
}

// Fake is a clock that moves only when Advance is called. It is safe for
// concurrent use.
type Fake struct {
	mu     sync.Mutex
	now    time.Time
	timers []*fakeTimer
}

// NewFake returns a fake clock reading start.
func NewFake(start time.Time) *Fake { return &Fake{now: start} }

type fakeTimer struct {
	f    *Fake
	at   time.Time
	fn   func()
	done bool
}

func (t *fakeTimer) Stop() bool {
	t.f.mu.Lock()
	defer t.f.mu.Unlock()
	was := !t.done
	t.done = true
	return was
}

// Now returns the fake time.
func (f *Fake) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// AfterFunc schedules fn at Now()+d; it runs (in its own goroutine, like
// time.AfterFunc) during the Advance that reaches that time, or at once
// when d <= 0.
func (f *Fake) AfterFunc(d time.Duration, fn func()) Timer {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := &fakeTimer{f: f, at: f.now.Add(d), fn: fn}
	if d <= 0 {
		t.done = true
		go fn()
		return t
	}
	f.timers = append(f.timers, t)
	return t
}

// Advance moves the clock forward by d and starts every timer now due, in
// time order.
func (f *Fake) Advance(d time.Duration) {
	f.mu.Lock()
	f.now = f.now.Add(d)
	var due []*fakeTimer
	keep := f.timers[:0]
	for _, t := range f.timers {
		switch {
		case t.done:
		case !t.at.After(f.now):
			t.done = true
			due = append(due, t)
		default:
			keep = append(keep, t)
		}
	}
	f.timers = keep
	f.mu.Unlock()
	sort.SliceStable(due, func(i, j int) bool { return due[i].at.Before(due[j].at) })
	for _, t := range due {
		go t.fn()
	}
}

// Pending returns how many timers are scheduled and not stopped.
func (f *Fake) Pending() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, t := range f.timers {
		if !t.done {
			n++
		}
	}
	return n
}

// Time control kinds.
const (
	None           = "none"
	Fischer        = "fischer"
	Correspondence = "correspondence"
)

// Limits on time controls, so a typo cannot create a match that never ends
// or one lost before the first move.
const (
	MinBase      = time.Second
	MaxBase      = 24 * time.Hour
	MaxIncrement = time.Hour
	MaxDays      = 30
)

// Control is a time control.
type Control struct {
	Kind      string
	Base      time.Duration // Fischer: each seat's starting time
	Increment time.Duration // Fischer: added after each of the seat's moves
	Days      int           // correspondence: days per move
}

// Check validates c against the limits.
func (c Control) Check() error {
	switch c.Kind {
	case None, "":
	case Fischer:
		if c.Base < MinBase || c.Base > MaxBase {
			return fmt.Errorf("clock: base %v outside %v..%v", c.Base, MinBase, MaxBase)
		}
		if c.Increment < 0 || c.Increment > MaxIncrement {
			return fmt.Errorf("clock: increment %v outside 0..%v", c.Increment, MaxIncrement)
		}
	case Correspondence:
		if c.Days < 1 || c.Days > MaxDays {
			return fmt.Errorf("clock: %d days per move outside 1..%d", c.Days, MaxDays)
		}
	default:
		return fmt.Errorf("clock: unknown time control %q", c.Kind)
	}
	return nil
}

// perMove is a correspondence move's time.
func (c Control) perMove() time.Duration { return time.Duration(c.Days) * 24 * time.Hour }

// Clocks are the seats' clocks under a control. The zero Running is a seat;
// use New. Clocks is a value: the room owns one and copies it to store it.
type Clocks struct {
	Control   Control
	Remaining []time.Duration // at Since; correspondence: time left for this move
	Running   int             // the seat whose clock runs, -1 none
	Since     time.Time       // when Remaining was read
}

// New returns stopped clocks for n seats.
func New(c Control, n int) Clocks {
	cl := Clocks{Control: c, Remaining: make([]time.Duration, n), Running: -1}
	for i := range cl.Remaining {
		switch c.Kind {
		case Fischer:
			cl.Remaining[i] = c.Base
		case Correspondence:
			cl.Remaining[i] = c.perMove()
		}
	}
	return cl
}

// Timed reports whether the control has a clock at all.
func (c Clocks) Timed() bool { return c.Control.Kind == Fischer || c.Control.Kind == Correspondence }

// Left returns seat's time left at now (never negative).
func (c Clocks) Left(seat int, now time.Time) time.Duration {
	if seat < 0 || seat >= len(c.Remaining) {
		return 0
	}
	left := c.Remaining[seat]
	if seat == c.Running {
		left -= now.Sub(c.Since)
	}
	return max(left, 0)
}

// Flagged reports whether the running seat has run out of time at now.
func (c Clocks) Flagged(now time.Time) bool {
	return c.Timed() && c.Running >= 0 && c.Left(c.Running, now) <= 0
}

// Deadline returns when the running seat's time runs out; ok is false when
// no clock runs.
func (c Clocks) Deadline() (t time.Time, ok bool) {
	if !c.Timed() || c.Running < 0 {
		return time.Time{}, false
	}
	return c.Since.Add(c.Remaining[c.Running]), true
}

// Switch ends the running seat's turn at now (charging its time and adding
// the increment) and starts next's clock (-1: none, the game is over). It
// returns the time the mover has left after the move, with increment. Call
// Flagged first: Switch does not check for a flag.
func (c *Clocks) Switch(next int, now time.Time) time.Duration {
	var moverLeft time.Duration
	if !c.Timed() {
		c.Running, c.Since = next, now
		return 0
	}
	if r := c.Running; r >= 0 {
		moverLeft = c.Left(r, now)
		switch c.Control.Kind {
		case Fischer:
			moverLeft += c.Control.Increment
		case Correspondence:
			moverLeft = c.Control.perMove()
		}
		c.Remaining[r] = moverLeft
	}
	if c.Control.Kind == Correspondence && next >= 0 {
		c.Remaining[next] = c.Control.perMove()
	}
	c.Running, c.Since = next, now
	return moverLeft
}

// Stop charges the running seat up to now and stops every clock (the game
// ended without a move: resignation, agreement, a flag).
func (c *Clocks) Stop(now time.Time) {
	if c.Running >= 0 && c.Timed() {
		c.Remaining[c.Running] = c.Left(c.Running, now)
	}
	c.Running, c.Since = -1, now
}

// Resume restarts the clocks after the server was down: time between the
// last reading (Since) and now is not charged to anyone.
func (c *Clocks) Resume(now time.Time) { c.Since = now }
