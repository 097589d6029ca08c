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

// fakeTime is a clock that moves only when told to: by the test (the
// search's work) and by Sleep (a rest).
type fakeTime struct{ ns atomic.Int64 }

func (f *fakeTime) now() time.Time            { return time.Unix(0, f.ns.Load()) }
func (f *fakeTime) sleep(d time.Duration)     { f.ns.Add(int64(d)) }
func (f *fakeTime) advance(d time.Duration)   { f.ns.Add(int64(d)) }
func (f *fakeTime) since(t time.Time) float64 { return float64(f.now().Sub(t)) }

// While live games move, a search rests after each slice: with Share 25
// it is paused three quarters of the time; once no live command has come
// for longer than Active it runs without rests.
func TestHookDutyCycle(t *testing.T) {
	for _, tc := range []struct {
		name     string
		share    int
		quiet    time.Duration // since the last live command
		min, max float64       // the paused share of the time
	}{
		{"share 25", 25, 0, 0.70, 0.80},
		{"share 50", 50, 0, 0.45, 0.55},
		{"share 100", 100, 0, 0, 0},
		{"games quiet", 25, 2 * time.Second, 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ft := &fakeTime{}
			ft.advance(time.Hour)
			g := New(Config{Slice: 2 * time.Millisecond, Share: tc.share, Active: time.Second, Now: ft.now, Sleep: ft.sleep})
			hook := g.Hook()
			g.Begin()
			g.End()
			ft.advance(tc.quiet)
			var paused time.Duration
			start := ft.now()
			for range 200_000 {
				ft.advance(time.Microsecond) // the search's nodes between two checks
				paused += hook()
			}
			// Waiting goroutines (runtime.Gosched) pause for no fake time.
			if share := float64(paused) / ft.since(start); share < tc.min || share > tc.max {
				t.Errorf("paused %.1f%% of the time: want %.0f%% to %.0f%%", 100*share, 100*tc.min, 100*tc.max)
			}
		})
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
