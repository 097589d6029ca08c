package server

import (
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/seek"
)

// LobbyBus carries lobby notifications between the nodes of a cluster
// (internal/cluster implements it over NATS): a player's lobby streams
// may be open on any node, and a pairing, a challenge or a "your turn"
// is made on whichever node served the request or runs the match. The
// server delivers to its own streams first, then hands the message to
// the bus for the others. Without a bus (one process) nothing leaves the
// process.
type LobbyBus interface {
	// User sends m to the lobby streams of the username with canonical
	// form canon on the other nodes. It must not block: rooms call it
	// with their mutex held.
	User(canon string, m protocol.LobbyMessage)
	// Conn sends m to lobby connection id, which is not open here.
	Conn(id string, m protocol.LobbyMessage)
	// Challenges returns the account's pending challenges that the other
	// nodes hold (each node holds the challenges made through it), as
	// many as answer in time.
	Challenges(acct string) protocol.ChallengeList
}

// LocalChallenges returns the account's pending challenges this node
// holds, for another node listing them.
func (s *Server) LocalChallenges(acct string) protocol.ChallengeList {
	return s.challenges.list(acct, s.clock.Now())
}

// allChallenges returns the account's pending challenges, on every node.
func (s *Server) allChallenges(acct string) protocol.ChallengeList {
	out := s.LocalChallenges(acct)
	if bus := s.lobby.theBus(); bus != nil {
		more := bus.Challenges(acct)
		out.In = append(out.In, more.In...)
		out.Out = append(out.Out, more.Out...)
	}
	return out
}

// SetLobby makes the server's lobby a cluster's: notifications go
// through bus to the other nodes, and seeks into book, the book the nodes
// share. Call it once, before the server serves.
func (s *Server) SetLobby(bus LobbyBus, book seek.Book) {
	s.lobby.mu.Lock()
	s.lobby.bus = bus
	s.lobby.mu.Unlock()
	if book != nil {
		s.book = book
	}
}

// SeekLimits are the caps of the server's seek book (seeks.go), for a
// book kept outside the server.
func (s *Server) SeekLimits() seek.Limits { return seekLimits(s.limits) }

// LobbyUser delivers m, sent by another node, to this node's lobby
// streams of the username with canonical form canon.
func (s *Server) LobbyUser(canon string, m protocol.LobbyMessage) { s.lobby.localUser(canon, m) }

// LobbyConn delivers m, sent by another node, to lobby connection id if
// it is open here.
func (s *Server) LobbyConn(id string, m protocol.LobbyMessage) {
	if c := s.lobby.get(id); c != nil {
		c.send(m)
	}
}

// SeeksChanged tells this node's lobby streams the shared seek book
// changed (another node added, paired or removed seeks).
func (s *Server) SeeksChanged() { s.lobby.tablesChanged() }

// localUser sends m to this node's lobby connections of canon.
func (l *lobby) localUser(canon string, m protocol.LobbyMessage) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for c := range l.byName[canon] {
		c.send(m)
	}
}

// challengePrefix is the prefix of a new challenge's ID: in a cluster it
// names the node that holds the challenge, so an answer reaching another
// node is relayed there (internal/cluster).
func (s *Server) challengePrefix() string {
	if n, ok := s.cfg.Cluster.(interface{ ID() string }); ok {
		return "c_" + n.ID() + "_"
	}
	return "c_"
}

// theBus returns the lobby's bus, nil in one process. (A room may notify
// while SetLobby runs, before the server serves.)
func (l *lobby) theBus() LobbyBus {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.bus
}
