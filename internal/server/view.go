package server

import (
	"slices"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/msgbuf"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// view builds the protocol state of the match.
func (r *room) view() *protocol.State {
	v := &protocol.State{
		Match: r.id, Game: r.m.Game, Variant: r.m.Variant, Players: r.m.Players, Rated: r.m.Rated, Version: r.m.Version,
		Status: r.m.Status, Position: r.st.String(), ToMove: r.toMove(), Legal: []protocol.Move{},
		Moves: r.texts.Strings(), Seats: seats(r.info, r.m, r.names, r.subs), Rematch: r.m.Rematch,
		Offers: protocol.Offers{Draw: setList(r.draw), Takeback: r.takeback, Rematch: setList(r.rematch)},
	}
	if n := len(v.Moves); n > 0 {
		v.LastMove = v.Moves[n-1]
	}
	if v.ToMove >= 0 && r.m.Status == store.StatusLive {
		r.legalBuf = r.st.LegalMoves(r.legalBuf[:0])
		v.Legal = make([]protocol.Move, len(r.legalBuf))
		for i, m := range r.legalBuf {
			v.Legal[i] = protocol.MoveForm(r.st.MoveString(m))
		}
	}
	v.Clocks = r.clockView()
	v.Result = wireResult(r.info, r.m)
	v.Shake = shakeBand(r.st)
	return v
}

// clockView is the clock reading now, nil without a clock.
func (r *room) clockView() *protocol.Clocks {
	if !r.clocks.Timed() {
		return nil
	}
	now := r.s.clock.Now()
	c := &protocol.Clocks{Kind: r.clocks.Control.Kind, Remaining: make([]int64, len(r.clocks.Remaining)), Running: r.clocks.Running, At: now.UnixMilli()}
	for i := range c.Remaining {
		c.Remaining[i] = r.clocks.Left(i, now).Milliseconds()
	}
	return c
}

// shaker is a game state whose structure can wobble (Villa Paletti): its
// band, 0 calm to 3, drives the board's shake animation.
type shaker interface{ ShakeBand() int }

// shakeBand returns the shake band of st, 0 for games without one.
func shakeBand(st game.State) int {
	if s, ok := st.(shaker); ok {
		return s.ShakeBand()
	}
	return 0
}

// wireResult is m's result for the protocol, nil when it has none. An
// aborted match has one only when the server ended it (a bot's failure):
// no winner, and the reason.
func wireResult(info *game.Info, m store.Match) *protocol.Result {
	res := m.Result
	if res == nil {
		return nil
	}
	text := "aborted: " + res.Reason
	if m.Status != store.StatusAborted {
		o := game.Outcome{Scores: res.Scores, Reason: res.Reason, AllLose: res.AllLose}
		for _, w := range res.Winners {
			o.Winners = append(o.Winners, game.Player(w))
		}
		text = o.Describe(info)
	}
	return &protocol.Result{Winners: slices.Clone(res.Winners), Scores: res.Scores, Reason: res.Reason, Text: text, AllLose: res.AllLose}
}

// seats returns m's seats for the protocol; names are the usernames
// holding them, by seat (nil or "" for none).
func seats(info *game.Info, m store.Match, names []string, subs []subEntry) []protocol.Seat {
	out := make([]protocol.Seat, len(m.Seats))
	for i, s := range m.Seats {
		out[i] = protocol.Seat{Seat: i, Name: info.PlayerName(game.Player(i)), Kind: protocol.SeatHuman, Bot: s.Bot, Taken: s.TokenHash != "" || s.Bot != ""}
		if i < len(names) {
			out[i].Username = names[i]
		}
		if s.Bot != "" {
			out[i].Kind = protocol.SeatBot
			out[i].Connected = true
		}
	}
	for _, e := range subs {
		for i := range out {
			if e.seats.has(i) {
				out[i].Connected = true
			}
		}
	}
	return out
}

// setList returns the seats in ss in order, never nil (the protocol's
// offers are lists, [] when empty).
func setList(ss seatSet) []int {
	out := []int{}
	for s := range 32 {
		if ss.has(s) {
			out = append(out, s)
		}
	}
	return out
}

// encode returns the JSON of a message (the bytes of json.Marshal, built
// without reflection).
func encode(m protocol.ServerMessage) []byte {
	return m.AppendJSON(make([]byte, 0, msgbuf.First))
}
