package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// Cluster is a node's membership in a cluster of servers sharing one
// PostgreSQL database (internal/cluster implements it over NATS). Only the
// owner of a match runs its room: a room is started only after Claim
// says this node owns the match, and its ownership is given back with
// Release when the room stops. A node that loses ownership (its lease
// lapsed) stops the room at once with Evict. Without a Cluster (the
// default, tabula serve without --nats) every match is the server's own.
type Cluster interface {
	// Claim makes this node the owner of match id, or reports that it
	// already is; false when another live node owns it.
	Claim(ctx context.Context, id string) (bool, error)
	// Release gives up this node's ownership of match id, if it has it.
	Release(id string)
}

// SetCluster makes the server a node of a cluster. Call it once, before
// the server serves or recovers anything.
func (s *Server) SetCluster(c Cluster) { s.cfg.Cluster = c }

// clusterClaim returns an error unless this node may run match id's room.
func (s *Server) clusterClaim(ctx context.Context, id string) error {
	if s.cfg.Cluster == nil {
		return nil
	}
	ok, err := s.cfg.Cluster.Claim(ctx, id)
	if err != nil {
		return fmt.Errorf("server: claim match %s: %w", id, err)
	}
	if !ok {
		return ownedElsewhere{protocol.Errorf(protocol.CodeUnavailable, "match %s is served by another node; retry", id)} // cluster2: the sweep skips it (clustersweep.go)
	}
	return nil
}

// clusterRelease gives back the ownership of a stopped room's match.
func (s *Server) clusterRelease(id string) {
	if s.cfg.Cluster != nil {
		s.cfg.Cluster.Release(id)
	}
}

// Evict stops the room of match id at once, if it runs here, closing its
// connections (they reconnect and find the new owner): the node no longer
// owns the match.
func (s *Server) Evict(id string) {
	s.mu.Lock()
	r := s.rooms[id]
	s.mu.Unlock()
	if r == nil {
		return
	}
	r.shutdown()
	s.forget(r)
}

// ErrClosing is Adopt's answer once the server is closing.
var ErrClosing = errors.New("server: closing")

// Adopt starts the room of match id if it is live and nobody else owns
// it (its owner died, or let it go): it is rebuilt from the store, its
// clocks resumed as after a restart (newRoom). It reports whether the
// match is live; a match that is not is left in the store.
func (s *Server) Adopt(ctx context.Context, id string) (bool, error) {
	if s.ctx.Err() != nil {
		return false, ErrClosing // the other nodes take it
	}
	m, _, err := s.cfg.Store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return false, nil // an owner record of another database, or a deleted match
	}
	if err != nil {
		return false, fmt.Errorf("server: adopt match %s: %w", id, err)
	}
	if m.Status != store.StatusLive {
		return false, nil
	}
	if _, err := s.room(ctx, id); err != nil {
		return true, err
	}
	return true, nil
}

// BotQueue runs bot searches away from the room's node: a JetStream work
// queue consumed by the nodes and by tabula worker processes
// (internal/cluster). Submit hands a search over and reports whether it
// was taken; the answer comes back through Server.BotMove. A nil
// BotQueue (the default) keeps every search in the server's own pool.
type BotQueue interface {
	Submit(job BotJob) bool
}

// BotJob is one bot search, in a form that crosses processes: the worker
// rebuilds the position from the game, its options and the moves.
type BotJob struct {
	Match   string            `json:"match"`
	Version int64             `json:"version"` // the match version the search is for
	Game    string            `json:"game"`
	Variant string            `json:"variant,omitempty"`
	Players int               `json:"players"`
	Seed    uint64            `json:"seed"` // the match's seed, for chance games' rules
	Options map[string]string `json:"options,omitempty"`
	Moves   []string          `json:"moves"`
	Bot     string            `json:"bot"`     // a built-in level (ai.Specs)
	BotSeed uint64            `json:"botSeed"` // the agent's seed, as the room would give it
	Budget  time.Duration     `json:"budget"`  // the most the search may take
	Clock   *ai.Clock         `json:"clock"`   // the game clock at this move, nil untimed
	Human   bool              `json:"human"`   // a human plays in the match
}

// SetBotQueue sends the server's bot searches for built-in levels to q.
// Call it once, before the server serves or recovers anything.
func (s *Server) SetBotQueue(q BotQueue) { s.cfg.BotQueue = q }

// submitBot hands a bot search to the queue when there is one and the
// search can cross processes (a built-in level: an operator's engine is a
// process the room keeps, so its searches stay here), else to the
// server's own pool.
func (s *Server) submitBot(j botJob) bool {
	q := s.cfg.BotQueue
	if q == nil || !slices.Contains(ai.Specs(), j.name) || s.botTab.make != nil {
		return s.bots.submit(j)
	}
	r := j.room
	opts := options(r.m)
	job := BotJob{
		Match: r.id, Version: j.version, Game: r.m.Game, Variant: opts.Variant, Players: opts.Players, Seed: opts.Seed,
		Options: opts.Values, Moves: r.texts.Strings(), Bot: j.name, BotSeed: r.m.Seed ^ uint64(r.m.Ply)*0x9e3779b97f4a7c15,
		Budget: s.cfg.BotBudget.Time, Clock: j.clock, Human: j.human,
	}
	if job.Budget <= 0 {
		job.Budget = defaultBotTime
	}
	return q.Submit(job)
}

// BotMove applies the answer of a queued bot search: move in the game's
// notation, or the search's error. An answer for a version the match has
// left, or for a match whose room is not here, is dropped.
func (s *Server) BotMove(id string, version int64, move string, searchErr error) {
	s.mu.Lock()
	r := s.rooms[id]
	s.mu.Unlock()
	if r == nil {
		return
	}
	r.do(func() {
		if r.m.Version != version || r.botAt != version {
			return
		}
		res := botResult{version: version, err: searchErr}
		if searchErr == nil {
			m, err := r.st.ParseMove(move)
			if err != nil {
				res.err = fmt.Errorf("server: queued bot move %q: %w", move, err)
			}
			res.move = m
		}
		r.onBot(r.ctx, res)
	})
}

// BotPosition rebuilds the position of a queued bot search, for the
// worker that runs it.
func BotPosition(info *game.Info, j BotJob) (game.State, error) {
	st, err := info.New(game.Options{Variant: j.Variant, Players: j.Players, Seed: j.Seed, Values: j.Options})
	if err != nil {
		return nil, fmt.Errorf("server: bot job %s: %w", j.Match, err)
	}
	for i, mv := range j.Moves {
		if st, err = playText(st, mv); err != nil {
			return nil, fmt.Errorf("server: bot job %s ply %d: %w", j.Match, i+1, err)
		}
	}
	return st, nil
}
