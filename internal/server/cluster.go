package server

import (
	"context"
	"fmt"

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
		return protocol.Errorf(protocol.CodeUnavailable, "match %s is served by another node; retry", id)
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

// Adopt starts the room of match id if it is live and nobody else owns
// it (its owner died, or let it go): it is rebuilt from the store, its
// clocks resumed as after a restart (newRoom). It reports whether the
// match is live; a match that is not is left in the store.
func (s *Server) Adopt(ctx context.Context, id string) (bool, error) {
	m, _, err := s.cfg.Store.Load(ctx, id)
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
