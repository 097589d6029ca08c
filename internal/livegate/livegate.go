// Package livegate makes background searches step aside for live games:
// the server brackets the handling of each live command with Begin and
// End, and a search calls its Hook at every clock check; the hook pauses
// the search while commands are being handled, while other goroutines
// wait for a processor, and, while live games move, after every slice of
// search, so that the search uses at most a share of one core.
//
// Contract: a hook only ever delays its caller; it never stops a search,
// and it returns within Config.MaxPause, so the search goes on checking
// its context and clock.
package livegate

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

const (
	// DefaultSlice is Config.Slice when zero: 4 ms of search between
	// rests is thousands of nodes, and short beside a move's round trip.
	DefaultSlice = 4 * time.Millisecond
	// DefaultShare is Config.Share when zero: the percentage of one core
	// a search may take while live games move. Half leaves the core a
	// live move's handling lands on free at least every other slice.
	DefaultShare = 50
	// DefaultActive is Config.Active when zero: live games count as
	// moving for a second after the last command, the interval of a fast
	// player's moves.
	DefaultActive = time.Second
	// DefaultMaxPause is Config.MaxPause when zero: the longest one call
	// of a hook blocks, so that a stopped analysis ends within it.
	DefaultMaxPause = 20 * time.Millisecond
	// runnableEvery is how many hook calls pass between two readings of
	// the runtime's count of runnable goroutines and of the clock: a call
	// comes every few microseconds of search, and a reading costs about
	// as much as a dozen nodes' bookkeeping.
	runnableEvery = 8
	// runnableMetric is the runtime's count of goroutines ready to run
	// and waiting for a processor.
	runnableMetric = "/sched/goroutines/runnable:goroutines"
)

// Config shapes a Gate; zero fields take the defaults above.
type Config struct {
	// Off makes every hook a no-op: searches run as without a gate.
	Off bool
	// Slice is how long a search runs between two rests while live games
	// move (DefaultSlice).
	Slice time.Duration
	// Share is the percentage of one core a search may use while live
	// games move, 1 to 100 (DefaultShare): each Slice is followed by a
	// rest of Slice·(100-Share)/Share. 100 rests never.
	Share int
	// Active is how long after the last live command live games count as
	// moving (DefaultActive); the rests stop after it.
	Active time.Duration
	// MaxPause bounds one call of a hook (DefaultMaxPause).
	MaxPause time.Duration
	// Now is the clock of the slices and pauses (default time.Now), and
	// Sleep waits out a rest (default time.Sleep); the wait for a
	// command's End is bounded by a real timer.
	Now   func() time.Time
	Sleep func(time.Duration)
}

// Gate counts the live commands being handled and paces the searches
// that hook into it. Its methods are safe for concurrent use.
type Gate struct {
	cfg  Config
	rest time.Duration

	inflight atomic.Int64 // live commands being handled
	last     atomic.Int64 // the clock at the last Begin, in Unix nanoseconds
	waiters  atomic.Int64 // hooks waiting for inflight to reach 0

	mu   sync.Mutex
	idle chan struct{} // closed (and replaced) when inflight drops to 0 with waiters

	// the time hooks have paused searches, and how many pauses (Pauses)
	paused, pauses atomic.Int64
}

// New returns a gate.
func New(cfg Config) *Gate {
	if cfg.Slice <= 0 {
		cfg.Slice = DefaultSlice
	}
	if cfg.Share <= 0 || cfg.Share > 100 {
		cfg.Share = DefaultShare
	}
	if cfg.Active <= 0 {
		cfg.Active = DefaultActive
	}
	if cfg.MaxPause <= 0 {
		cfg.MaxPause = DefaultMaxPause
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Sleep == nil {
		cfg.Sleep = time.Sleep
	}
	return &Gate{cfg: cfg, rest: cfg.Slice * time.Duration(100-cfg.Share) / time.Duration(cfg.Share), idle: make(chan struct{})}
}

// Begin marks a live command as being handled; End marks it done. The
// server calls them around each command of a player or bot.
func (g *Gate) Begin() {
	g.inflight.Add(1)
	g.last.Store(g.cfg.Now().UnixNano())
}

// End marks a live command done (see Begin).
func (g *Gate) End() {
	if g.inflight.Add(-1) == 0 && g.waiters.Load() > 0 {
		g.mu.Lock()
		close(g.idle)
		g.idle = make(chan struct{})
		g.mu.Unlock()
	}
}

// Pauses returns how many times hooks paused searches and for how long in
// all.
func (g *Gate) Pauses() (n int64, total time.Duration) {
	return g.pauses.Load(), time.Duration(g.paused.Load())
}

// Hook returns the pause hook of one search (alphabeta.Config.Yield,
// mcts.Config.Yield): it returns how long it paused. Each search needs
// its own: a hook keeps the start of its search's slice. Nil when the gate
// is nil or Off.
func (g *Gate) Hook() func() time.Duration {
	if g == nil || g.cfg.Off {
		return nil
	}
	h := &hook{g: g, sample: []metrics.Sample{{Name: runnableMetric}}, slice: g.cfg.Now()}
	return h.yield
}

type hook struct {
	g      *Gate
	sample []metrics.Sample
	calls  int
	slice  time.Time // start of the current slice
}

func (h *hook) yield() time.Duration {
	g := h.g
	if g.inflight.Load() > 0 {
		return h.pause(h.waitIdle, false)
	}
	if h.calls++; h.calls < runnableEvery {
		return 0
	}
	h.calls = 0
	now := g.cfg.Now()
	if now.UnixNano()-g.last.Load() > int64(g.cfg.Active) {
		h.slice = now // no live game moves: search freely
		return 0
	}
	if h.runnable() {
		// Other goroutines wait for a processor: go to the back of the
		// queue behind them.
		return h.pause(runtime.Gosched, false)
	}
	if g.rest > 0 && now.Sub(h.slice) >= g.cfg.Slice {
		return h.pause(func() { g.cfg.Sleep(min(g.rest, g.cfg.MaxPause)) }, true)
	}
	return 0
}

// pause runs wait and counts it. A rest, or any pause as long as one,
// starts a new slice; a shorter pause is not search time, and moves the
// slice's start by its length.
func (h *hook) pause(wait func(), rest bool) time.Duration {
	g := h.g
	start := g.cfg.Now()
	wait()
	end := g.cfg.Now()
	d := end.Sub(start)
	if rest || d >= g.rest {
		h.slice = end
	} else {
		h.slice = h.slice.Add(d)
	}
	g.pauses.Add(1)
	g.paused.Add(int64(d))
	return d
}

// waitIdle blocks until no live command is being handled, or MaxPause.
func (h *hook) waitIdle() {
	g := h.g
	g.waiters.Add(1)
	defer g.waiters.Add(-1)
	g.mu.Lock()
	idle := g.idle
	g.mu.Unlock()
	if g.inflight.Load() == 0 { // End ran before this waiter counted
		return
	}
	t := time.NewTimer(g.cfg.MaxPause)
	defer t.Stop()
	select {
	case <-idle:
	case <-t.C:
	}
}

func (h *hook) runnable() bool {
	metrics.Read(h.sample)
	return h.sample[0].Value.Kind() == metrics.KindUint64 && h.sample[0].Value.Uint64() > 0
}
