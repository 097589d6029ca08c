package livegate

import (
	"sync/atomic"
	"testing"
	"time"
)

// spin calls hook in a loop, as a search at its clock checks, counting
// the calls that returned, until stop is closed.
func spin(hook func() time.Duration, calls *atomic.Int64, stop <-chan struct{}) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-stop:
				return
			default:
			}
			hook()
			calls.Add(1)
		}
	}()
	return done
}

// progress reports whether calls grows within d.
func progress(calls *atomic.Int64, d time.Duration) bool {
	n := calls.Load()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if calls.Load() > n {
			return true
		}
		time.Sleep(time.Millisecond)
	}
	return false
}

// A hook blocks while a live command is being handled and lets the
// search go on at its End.
func TestHookPausesWhileCommandHandled(t *testing.T) {
	// MaxPause far beyond the test: the pause ends with End alone.
	g := New(Config{MaxPause: time.Minute, Share: 100})
	hook := g.Hook()
	var calls atomic.Int64
	stop := make(chan struct{})
	g.Begin()
	done := spin(hook, &calls, stop)
	// The first call finds the command in flight and blocks.
	time.Sleep(50 * time.Millisecond)
	if progress(&calls, 200*time.Millisecond) {
		t.Fatalf("the search went on (%d calls) while a live command was being handled", calls.Load())
	}
	g.End()
	if !progress(&calls, 5*time.Second) {
		t.Fatal("the search did not go on after the command's End")
	}
	// Several commands at once: paused until the last ends.
	g.Begin()
	g.Begin()
	time.Sleep(50 * time.Millisecond)
	g.End()
	if progress(&calls, 200*time.Millisecond) {
		t.Error("the search went on with one of two commands still being handled")
	}
	g.End()
	if !progress(&calls, 5*time.Second) {
		t.Error("the search did not go on after both commands ended")
	}
	close(stop)
	<-done
	if n, d := g.Pauses(); n < 2 || d < 300*time.Millisecond {
		t.Errorf("Pauses() = %d, %v: want the two pauses of 250 ms and more", n, d)
	}
}

// A pause ends after MaxPause even while a command stays in flight, so
// the search can see its context end.
func TestHookPauseBounded(t *testing.T) {
	g := New(Config{MaxPause: 20 * time.Millisecond, Share: 100})
	hook := g.Hook()
	g.Begin()
	defer g.End()
	start := time.Now()
	d := hook()
	if el := time.Since(start); el < 20*time.Millisecond || el > 2*time.Second {
		t.Errorf("one call blocked %v: want MaxPause (20 ms), give or take the scheduler", el)
	}
	if d <= 0 {
		t.Errorf("the hook returned %v: want the pause", d)
	}
}

// While live games move, a search rests after each slice: with Share 25
// it is paused about three quarters of the time; with no live command
// for longer than Active it runs without rests.
func TestHookDutyCycle(t *testing.T) {
	g := New(Config{Slice: 2 * time.Millisecond, Share: 25, Active: time.Hour})
	hook := g.Hook()
	g.Begin()
	g.End() // live games moved just now
	var paused time.Duration
	start := time.Now()
	for time.Since(start) < 300*time.Millisecond {
		paused += hook()
	}
	if share := float64(paused) / float64(time.Since(start)); share < 0.5 {
		t.Errorf("paused %.0f%% of the time with Share 25: want about 75%%", 100*share)
	}

	idle := New(Config{Slice: 2 * time.Millisecond, Share: 25, Active: time.Millisecond})
	ih := idle.Hook()
	idle.Begin()
	idle.End()
	time.Sleep(5 * time.Millisecond) // past Active: the games went quiet
	paused = 0
	start = time.Now()
	for time.Since(start) < 100*time.Millisecond {
		paused += ih()
	}
	// Only waiting goroutines (runtime.Gosched) may pause it now.
	if share := float64(paused) / float64(time.Since(start)); share > 0.3 {
		t.Errorf("paused %.0f%% of the time with no live game moving: want no rests", 100*share)
	}
}

// An Off gate, or none, hooks nothing: the searchers' nil fast path.
func TestHookOff(t *testing.T) {
	if New(Config{Off: true}).Hook() != nil {
		t.Error("an Off gate returned a hook")
	}
	var g *Gate
	if g.Hook() != nil {
		t.Error("a nil gate returned a hook")
	}
}
