// Package deadline bounds a sequence of operations, one at a time, each by
// the same timeout, with one context and one lazily re-armed timer for the
// whole sequence rather than a context.WithTimeout per operation.
package deadline

import (
	"context"
	"sync/atomic"
	"time"
)

// Serial is a reusable deadline for operations that run one at a time:
// Context returns the context of the next operation and records that it
// began; End records that it ended. Its timer is not re-armed per
// operation: armed by the first operation after it went idle, it looks at
// the operation in progress when it fires: none, it goes idle; one younger
// than the timeout, it is re-armed for the rest of that operation's time;
// else the context is cancelled, for good (Expired; make a new Serial).
// So operations every second see the timer fire once per timeout, not
// twice per operation. The zero value is not usable; a nil *Serial is
// (see Next).
type Serial struct {
	ctx     context.Context
	cancel  context.CancelFunc
	timer   *time.Timer
	timeout time.Duration
	base    time.Time    // the monotonic origin of started
	started atomic.Int64 // when the operation in progress began, ns since base plus 1; 0: none
	armed   atomic.Bool  // the timer is pending or firing
	expired atomic.Bool  // ctx was cancelled for an operation that ran too long
}

// New returns a Serial whose contexts carry parent's values but not its
// cancellation, each cancelled once its operation has run for timeout.
func New(parent context.Context, timeout time.Duration) *Serial {
	ctx, cancel := context.WithCancel(context.WithoutCancel(parent))
	d := &Serial{ctx: ctx, cancel: cancel, timeout: timeout, base: time.Now()}
	d.armed.Store(true)
	d.timer = time.AfterFunc(timeout, d.fire)
	return d
}

// Next returns d, or a new Serial (parent, timeout) when d is nil or has
// expired: the way to keep one in a field.
func Next(d *Serial, parent context.Context, timeout time.Duration) *Serial {
	if d == nil || d.expired.Load() {
		return New(parent, timeout)
	}
	return d
}

// Begin records that an operation begins now, arms the timer if idle, and
// returns the operation's context. Call End once it returns.
func (d *Serial) Begin() context.Context {
	d.started.Store(int64(time.Since(d.base)) + 1)
	if !d.armed.Load() && !d.armed.Swap(true) {
		d.timer.Reset(d.timeout)
	}
	return d.ctx
}

// End records that the operation in progress ended.
func (d *Serial) End() { d.started.Store(0) }

// Expired reports whether an operation ran past the timeout (its context
// is cancelled, and so is every later one's).
func (d *Serial) Expired() bool { return d.expired.Load() }

// Stop releases the timer and cancels the context.
func (d *Serial) Stop() {
	d.timer.Stop()
	d.cancel()
}

// fire runs on the timer's goroutine; it takes no lock (the owner may hold
// one while its operation runs).
func (d *Serial) fire() {
	for {
		if s := d.started.Load(); s != 0 {
			left := d.timeout - (time.Since(d.base) - time.Duration(s-1))
			if left <= 0 {
				d.expired.Store(true)
				d.cancel()
				return
			}
			d.timer.Reset(left)
			return
		}
		d.armed.Store(false)
		// An operation that began between the load and the store found
		// the timer armed and left it: arm it again for that operation,
		// unless a later one did.
		if d.started.Load() == 0 || d.armed.Swap(true) {
			return
		}
	}
}
