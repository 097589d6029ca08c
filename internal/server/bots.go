package server

import (
	"context"
	"fmt"

	"github.com/tabula-games/tabula/game"
)

// botJob is one bot search.
type botJob struct {
	room    *room
	version int64
	state   game.State
	spec    string
	seed    uint64
}

// botPool runs bot searches on a fixed number of workers, so searches
// never take the cores the rooms need and a burst of bot moves queues
// instead of piling up goroutines.
type botPool struct {
	jobs chan botJob
}

func newBotPool(queue int) *botPool { return &botPool{jobs: make(chan botJob, queue)} }

// submit queues j without blocking; false when the queue is full.
func (p *botPool) submit(j botJob) bool {
	select {
	case p.jobs <- j:
		return true
	default:
		return false
	}
}

func (p *botPool) depth() int { return len(p.jobs) }

// work runs jobs until ctx ends.
func (p *botPool) work(ctx context.Context, s *Server) {
	for {
		select {
		case <-ctx.Done():
			return
		case j := <-p.jobs:
			res := botResult{version: j.version}
			res.move, res.err = s.think(ctx, j)
			j.room.botDone(res)
		}
	}
}

// botDone applies a search's result to its room on the bot worker's
// goroutine when the room is free, or else on a goroutine of its own
// (tracked by the server's wait group: the worker that starts it is
// still counted), so a worker never waits for one room's commit while
// other rooms' searches queue.
func (r *room) botDone(res botResult) {
	apply := func() { r.onBot(r.ctx, res) }
	if r.mu.TryLock() {
		r.locked(apply)
		r.mu.Unlock()
		return
	}
	r.s.wg.Go(func() { r.do(apply) })
}

func (s *Server) think(ctx context.Context, j botJob) (game.Move, error) {
	agent, err := s.cfg.NewAgent(j.spec, j.seed)
	if err != nil {
		return 0, fmt.Errorf("server: bot %q: %w", j.spec, err)
	}
	if s.cfg.BotBudget.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 2*s.cfg.BotBudget.Time) // a grace period over the budget for agents that overrun
		defer cancel()
	}
	start := s.clock.Now()
	rep, err := agent.Choose(ctx, j.state, s.cfg.BotBudget)
	s.metrics.botTime.Observe(s.clock.Now().Sub(start).Seconds())
	if err != nil {
		return 0, fmt.Errorf("server: bot %q: %w", j.spec, err)
	}
	return rep.Move, nil
}
