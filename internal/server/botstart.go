package server

import (
	"context"
	"errors"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// gameStartOf returns the gameStart event an account's event stream
// opens with for match id (nil unless the match is live): from its room
// when it runs here, else, when another node of the cluster runs it,
// from the store, with the account's seats as its refs say (seats).
func (s *Server) gameStartOf(ctx context.Context, id, name string, seats []int) *protocol.BotEvent {
	rm, err := s.room(ctx, id)
	if errors.Is(err, errOwnedElsewhere) {
		m, _, err := s.cfg.Store.Load(ctx, id)
		if err != nil || m.Status != store.StatusLive {
			return nil
		}
		g := &protocol.BotGame{ID: m.ID, Game: m.Game, Variant: m.Variant, Players: m.Players, Rated: m.Rated,
			TimeControl: wireTC(m.TimeControl), Seats: append([]int{}, seats...), Status: m.Status}
		return &protocol.BotEvent{Type: protocol.EventGameStart, Game: g}
	}
	if err != nil {
		return nil
	}
	var ev *protocol.BotEvent
	rm.do(func() {
		if rm.m.Status == store.StatusLive {
			ev = rm.botEvent(protocol.EventGameStart, name)
		}
	})
	return ev
}

// seatsIn returns the seats refs hold in match id.
func seatsIn(refs []store.SeatRef, id string) []int {
	var seats []int
	for _, r := range refs {
		if r.Match == id {
			seats = append(seats, r.Seat)
		}
	}
	return seats
}
