package server

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

const (
	// sweepEvery is how often the server looks for expired waiting
	// matches and abandoned live ones: either ends up to this much later
	// than its time.
	sweepEvery = time.Minute
	// sweepPage is how many expired waiting matches one store query
	// brings: a pass over a flood's matches goes page by page, a room at
	// a time, rather than loading them all.
	sweepPage = 500
)

// Reasons of matches the server ended (store.Result.Reason, with the
// status aborted, or finished when bots win an abandoned match).
const (
	// ReasonExpired: a waiting match nobody joined in time.
	ReasonExpired = "expired"
	// ReasonAbandoned: a live match whose human seats were all
	// disconnected for too long.
	ReasonAbandoned = "abandonment"
)

// sweeper runs the expiry and abandonment pass every sweepEvery on the
// server's clock.
type sweeper struct {
	mu     sync.Mutex
	timer  clock.Timer
	done   bool
	passes atomic.Int64 // passes completed (tests wait for one)
}

// startSweeper arms the first pass.
func (s *Server) startSweeper() {
	s.sweep = &sweeper{}
	s.armSweep()
}

func (s *Server) armSweep() {
	s.sweep.mu.Lock()
	defer s.sweep.mu.Unlock()
	if !s.sweep.done {
		s.sweep.timer = s.clock.AfterFunc(sweepEvery, s.sweepTick)
	}
}

// stopSweeper stops the passes (Close).
func (s *Server) stopSweeper() {
	s.sweep.mu.Lock()
	defer s.sweep.mu.Unlock()
	s.sweep.done = true
	if s.sweep.timer != nil {
		s.sweep.timer.Stop()
	}
}

// sweepTick runs on the sweep timer: a pass, then the next one armed.
// Close waits for a pass in progress.
func (s *Server) sweepTick() {
	s.mu.Lock()
	if s.ctx.Err() != nil {
		s.mu.Unlock()
		return
	}
	s.wg.Add(1) // under mu after the check: Close cancels before it waits
	s.mu.Unlock()
	defer s.wg.Done()
	s.sweepOnce(s.ctx)
	s.armSweep()
	s.sweep.passes.Add(1)
}

// sweepOnce ends the waiting matches nobody joined in time, loaded or
// only in the store, and the live matches abandoned by their humans.
func (s *Server) sweepOnce(ctx context.Context) {
	now := s.clock.Now()
	expired := s.expireWaiting(ctx, now, []string{clock.None, clock.Fischer}, s.limits.WaitingExpiry)
	expired += s.expireWaiting(ctx, now, []string{clock.Correspondence}, s.limits.CorrespondenceExpiry)
	if expired > 0 {
		s.log.Info("expired waiting matches", "count", expired)
	}
	s.sweepSessions(ctx, now)
	s.mu.Lock()
	rooms := make([]*room, 0, len(s.rooms))
	for _, r := range s.rooms {
		rooms = append(rooms, r)
	}
	s.mu.Unlock()
	for _, r := range rooms {
		if ctx.Err() != nil {
			return
		}
		r.do(func() { r.checkAbandoned(r.ctx, now) })
	}
}

// expireWaiting ends the waiting matches of the given time control kinds
// last changed more than after ago, page by page; it returns how many.
func (s *Server) expireWaiting(ctx context.Context, now time.Time, kinds []string, after time.Duration) int {
	f := store.Filter{Statuses: []string{store.StatusWaiting}, Kinds: kinds, UpdatedBefore: now.Add(-after), Limit: sweepPage}
	total := 0
	for ctx.Err() == nil {
		ms, err := s.cfg.Store.List(ctx, f)
		if err != nil {
			s.log.Error("expiry sweep", "err", err)
			break
		}
		ended := 0
		for _, m := range ms {
			if ctx.Err() != nil {
				break
			}
			if s.expire(ctx, m.ID, now) {
				ended++
			}
		}
		total += ended
		if ended == 0 {
			break // nothing left, or nothing that would end: not again
		}
	}
	return total
}

// expire ends waiting match id if it is past its time. A match that was
// not loaded is loaded for it and, with nobody connected, unloaded at
// once.
func (s *Server) expire(ctx context.Context, id string, now time.Time) bool {
	s.mu.Lock()
	_, loaded := s.rooms[id]
	s.mu.Unlock()
	r, err := s.room(ctx, id)
	if errors.Is(err, errOwnedElsewhere) { // cluster2: its owner sweeps it (clustersweep.go)
		return false
	}
	if err != nil {
		s.log.Error("expire match", "match", id, "err", err)
		return false
	}
	ended := false
	r.do(func() { ended = r.expire(r.ctx, now) })
	if loaded {
		return ended
	}
	r.mu.Lock()
	unload := !r.stopped.Load() && r.ended() && len(r.subs) == 0
	if unload {
		r.stop()
	}
	r.mu.Unlock()
	if unload {
		s.forget(r)
	}
	return ended
}

// expire aborts a waiting match nobody has joined for its expiry time
// (reason expired). mu held.
func (r *room) expire(ctx context.Context, now time.Time) bool {
	if r.m.Status != store.StatusWaiting {
		return false
	}
	after := r.s.limits.WaitingExpiry
	if r.m.TimeControl.Kind == clock.Correspondence {
		after = r.s.limits.CorrespondenceExpiry
	}
	if now.Sub(r.m.Updated) < after {
		return false
	}
	return r.abortFor(ctx, ReasonExpired)
}

// noteAbsent records since when no connection holds a human seat of a
// live match (zero while one does). mu held.
func (r *room) noteAbsent() {
	if r.m.Status != store.StatusLive {
		r.absentAt = time.Time{}
		return
	}
	for _, e := range r.subs {
		if e.seats != 0 {
			r.absentAt = time.Time{}
			return
		}
	}
	for _, gs := range r.streams { // botapi: a bot's game stream holds its seats as a connection does
		if gs.seats != 0 {
			r.absentAt = time.Time{}
			return
		}
	}
	if r.absentAt.IsZero() {
		r.absentAt = r.s.clock.Now()
	}
}

// checkAbandoned ends a live match whose human seats have all been
// disconnected for Limits.Abandon (docs/protocol.md, "Expiry and
// abandonment"):
//   - correspondence matches and matches of bots only: never;
//   - before any seat has moved: aborted;
//   - with a running Fischer clock: left to the clock (the flag falls);
//   - otherwise the bots win, or, with no bot, the match is aborted.
//
// mu held.
func (r *room) checkAbandoned(ctx context.Context, now time.Time) {
	if r.m.Status != store.StatusLive || r.absentAt.IsZero() || now.Sub(r.absentAt) < r.s.limits.Abandon {
		return
	}
	if r.m.TimeControl.Kind == clock.Correspondence || len(r.humans()) == 0 {
		return
	}
	switch {
	case !slices.ContainsFunc(r.movers, func(m int8) bool { return m >= 0 }):
		r.abortFor(ctx, ReasonAbandoned)
	case r.m.TimeControl.Kind == clock.Fischer && r.clocks.Running >= 0:
		return
	default:
		var bots []int
		for i, s := range r.m.Seats {
			if s.Bot != "" {
				bots = append(bots, i)
			}
		}
		if len(bots) == 0 {
			r.abortFor(ctx, ReasonAbandoned)
			break
		}
		r.ackTo = nil
		if err := r.finish(ctx, protocol.Event{Kind: protocol.EventAbandoned, Seat: -1}, bots, ReasonAbandoned); err != nil {
			r.s.log.Error("abandoned match", "match", r.id, "err", err)
		}
	}
	r.afterChange(ctx) // disarms the flag timer and the bot
}

// abortFor ends the match as aborted by the server for reason (event
// abort, seat -1); false when the commit failed. mu held.
func (r *room) abortFor(ctx context.Context, reason string) bool {
	r.ackTo = nil // nobody's command: its update carries no ack
	saved := r.clocks.Save()
	r.clocks.Stop(r.s.clock.Now())
	next := r.next()
	next.Status = store.StatusAborted
	next.Result = &store.Result{Winners: []int{}, Reason: reason}
	if err := r.commit(ctx, next, r.st, -1, nil, protocol.Event{Kind: protocol.EventAbort, Seat: -1}); err != nil {
		r.clocks.Restore(&saved)
		r.s.log.Error("abort match", "match", r.id, "reason", reason, "err", err)
		return false
	}
	r.draw, r.takeback = 0, -1
	r.afterChange(ctx)
	return true
}
