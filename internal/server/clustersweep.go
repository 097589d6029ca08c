package server

import (
	"errors"

	"github.com/tabula-games/tabula/internal/protocol"
)

// errOwnedElsewhere: another live node of the cluster owns the match, so
// this node must not load it. The expiry sweep, which every node runs
// over the whole database, skips such a match silently: its owner sweeps
// it (a match nobody owns is swept by whichever node claims it first).
var errOwnedElsewhere = errors.New("server: another node owns the match")

// ownedElsewhere is clusterClaim's refusal: the wire error a client sees
// (unavailable: retry, and find the owner) that is also
// errOwnedElsewhere.
type ownedElsewhere struct{ wire *protocol.Error }

func (e ownedElsewhere) Error() string   { return e.wire.Error() }
func (e ownedElsewhere) Unwrap() []error { return []error{e.wire, errOwnedElsewhere} }

// SweepPasses returns how many expiry sweeps the server has completed
// (for monitoring, and for tests that wait for one).
func (s *Server) SweepPasses() int64 { return s.sweep.passes.Load() }
