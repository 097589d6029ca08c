package main

import (
	"context"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
)

// Timing: one scheduler for every match makes each move when it is due,
// and a finished match is replaced.

// tickSlack is how early the scheduler makes a move rather than sleep
// until it is due: sleeping per move was a timer and a wake-up per move;
// moves due within this slack go out together.
const tickSlack = time.Millisecond

// schedule makes every match's moves until ctx ends, on one goroutine:
// match i ticks at start + i·interval/games + k·interval. At a tick, the
// seat to move (if it is a client's) sends a random legal move; the
// reader of its connection takes the ack. A tick that finds the last move
// unacknowledged (or the match being replaced) is skipped and counted. A
// finished match is replaced on a goroutine of its own.
//
// One goroutine for all matches, instead of one per match waking on its
// own timer and again on each ack: a move costs the load generator one
// wake-up (the reader's), where it was three.
func schedule(ctx context.Context, matches []*match, cfg config, start time.Time, st *stats) {
	n := len(matches)
	if n == 0 {
		return
	}
	timer := time.NewTimer(time.Hour)
	pick := newPicker(cfg.texts) // next's scratch
	defer timer.Stop()
	for k := 0; ; k++ {
		i := k % n
		due := start.Add(time.Duration(k/n)*cfg.interval + time.Duration(int64(cfg.interval)*int64(i)/int64(n)))
		if d := time.Until(due); d > tickSlack {
			timer.Reset(d)
			select {
			case <-timer.C:
			case <-ctx.Done():
				return
			}
		} else if ctx.Err() != nil {
			return
		}
		tick(ctx, matches[i], cfg, st, pick)
	}
}

// tick makes match m's move for one tick, if one is due.
func tick(ctx context.Context, m *match, cfg config, st *stats, k *picker) {
	m.mu.Lock()
	if m.dead {
		m.mu.Unlock()
		return
	}
	if m.inflight || m.restarting {
		m.mu.Unlock()
		st.skipped.Add(1)
		return
	}
	p := m.conn(m.last)
	m.mu.Unlock()
	s, text, err := p.next(m.rng, k)
	switch {
	case err != nil:
		st.fail("no state")
	case s.Status != protocol.StatusLive:
		m.mu.Lock()
		m.restarting = true
		m.mu.Unlock()
		go restart(ctx, m, cfg, st)
	case s.ToMove >= 0 && s.ToMove < seatsHeld(cfg) && text != "":
		st.ticks.Add(1)
		m.mu.Lock()
		q := m.conn(s.ToMove)
		m.inflight, m.sentAt, m.sentSeat = true, time.Now(), s.ToMove
		m.mu.Unlock()
		m.n++
		seat := -1
		if len(q.tokens) > 1 {
			seat = s.ToMove
		}
		m.plies++
		if m.plies == m.resignAt {
			m.out = appendResign(m.out[:0], m.n, s.Version, seat)
		} else {
			m.out = appendMove(m.out[:0], m.n, s.Version, text, seat)
		}
		// Without ctx: a cancellable context costs the library a
		// context.AfterFunc per frame, and cancelling it mid-write
		// would close the connection.
		if err := q.ws.Write(context.Background(), websocket.MessageText, m.out); err != nil {
			m.mu.Lock()
			if !m.dead && ctx.Err() == nil {
				st.fail("write")
			}
			m.dead = true
			m.mu.Unlock()
		}
	default:
		// The bot has not answered yet; try at the next tick.
	}
}

// restart replaces finished match m with a new one.
func restart(ctx context.Context, m *match, cfg config, st *stats) {
	seats, err := connect(ctx, cfg, m)
	m.mu.Lock()
	if err != nil {
		if ctx.Err() == nil {
			st.fail("restart")
		}
		m.dead = true
		m.mu.Unlock()
		return
	}
	old := m.seats
	m.seats, m.last, m.inflight, m.restarting = seats, 0, false, false
	m.mu.Unlock()
	st.restarts.Add(1)
	for _, p := range old {
		p.retire()
	}
}
