package server

import (
	"strings"

	"github.com/tabula-games/tabula/internal/account"
)

// BotEventBus carries the bot API's account events (gameStart,
// gameFinish, challenges) to the event streams open on the other nodes
// of a cluster: a bot's stream may be open on one node while its match
// runs, or its challenge is made, on another. A LobbyBus that also
// implements it is used (internal/cluster's does); without one nothing
// leaves the process.
type BotEventBus interface {
	// BotEvent sends an encoded protocol.BotEvent to the event streams of
	// the account with canonical username canon on the other nodes. It
	// must not block: rooms call it with their mutex held.
	BotEvent(canon string, data []byte)
}

// botEventOut hands an event notifyAccount delivered here to the other
// nodes, when there are any.
func (s *Server) botEventOut(name string, data []byte) {
	if bus, ok := s.lobby.theBus().(BotEventBus); ok {
		bus.BotEvent(account.Canonical(name), data)
	}
}

// DeliverBotEvent delivers an encoded event to this node's event streams
// of the account with username name (any case): this node's own events
// (notifyAccount) and those another node sent. A stream too far behind is
// ended.
func (s *Server) DeliverBotEvent(name string, data []byte) {
	s.bot.mu.Lock()
	defer s.bot.mu.Unlock()
	for sub := range s.bot.events {
		if sub.closed || !strings.EqualFold(sub.name, name) {
			continue
		}
		select {
		case sub.ch <- data:
		default:
			sub.closed = true
			close(sub.ch)
		}
	}
}
