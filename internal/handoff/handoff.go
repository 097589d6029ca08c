// Package handoff runs many callers' jobs on a few long-lived goroutines,
// the most recently idle first, each caller waiting for its own job; past
// the pool's size a caller runs its job itself.
//
// Why: the garbage collector charges every goroutine that allocates during
// a mark phase an assist debt of its own, starting from zero at each mark.
// Thousands of connection read loops each allocating while handling a
// message owed the collector far more scan work than the heap held, and
// then waited in the runtime's assist queue until marking ended. A read
// loop that only reads into its own buffer, and hands the handling (which
// allocates) to a warm goroutine of a pool, keeps the goroutines a mark
// meets near the jobs in flight, not the connections
// (docs/benchmarks/server.md has the measurements).
package handoff

import "sync"

// Pool runs jobs of type T with one function on up to max goroutines.
type Pool[T any] struct {
	do  func(T) // runs one job
	wg  *sync.WaitGroup
	max int // at most this many goroutines

	mu     sync.Mutex
	idle   []*worker[T] // last in, first out; capacity max
	n      int          // goroutines started
	closed bool
}

// worker is one goroutine of the pool; jobs holds at most the one job its
// taker gives it.
type worker[T any] struct{ jobs chan job[T] }

type job[T any] struct {
	v    T
	done chan<- struct{}
}

// New returns a pool running do on up to max goroutines, each started on
// wg (which the owner waits for after Close).
func New[T any](do func(T), wg *sync.WaitGroup, max int) *Pool[T] {
	return &Pool[T]{do: do, wg: wg, max: max, idle: make([]*worker[T], 0, max)}
}

// Run has v run on a pool goroutine, or on the caller's own when all are
// busy or the pool is closed, and returns once it ran. done is the
// caller's channel of capacity 1, reused across its calls (a caller has
// one job at a time).
func (p *Pool[T]) Run(v T, done chan struct{}) {
	w := p.take()
	if w == nil {
		p.do(v)
		return
	}
	w.jobs <- job[T]{v, done}
	<-done
}

// take returns an idle worker, a new one while fewer than max exist, or
// nil.
func (p *Pool[T]) take() *worker[T] {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil
	}
	if k := len(p.idle); k > 0 {
		w := p.idle[k-1]
		p.idle = p.idle[:k-1]
		return w
	}
	if p.n == p.max {
		return nil
	}
	p.n++
	w := &worker[T]{jobs: make(chan job[T], 1)}
	p.wg.Go(func() { p.run(w) })
	return w
}

// run runs w's jobs until the pool closes. w goes back to the idle list
// before its job's caller is told, so that the caller's next job usually
// finds this same warm worker.
func (p *Pool[T]) run(w *worker[T]) {
	for j := range w.jobs {
		p.do(j.v)
		back := p.release(w)
		j.done <- struct{}{}
		if !back {
			return
		}
	}
}

// release puts w back on the idle list; false once the pool closed (w is
// then to end).
func (p *Pool[T]) release(w *worker[T]) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	p.idle = append(p.idle, w)
	return true
}

// Close ends the idle goroutines and, as they finish, the busy ones; jobs
// after it run on their callers' goroutines.
func (p *Pool[T]) Close() {
	p.mu.Lock()
	idle := p.idle
	p.idle, p.closed = nil, true
	p.mu.Unlock()
	for _, w := range idle {
		close(w.jobs)
	}
}
