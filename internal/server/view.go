// What a room shows and sends: the protocol views of its match, kept for
// HTTP readers, and the updates it broadcasts after each change.

package server

import (
	"slices"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/eventlog"
	"github.com/tabula-games/tabula/internal/msgbuf"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// view builds the protocol state of the match.
func (r *room) view() *protocol.State {
	v := &protocol.State{
		Match: r.id, Game: r.m.Game, Variant: r.m.Variant, Players: r.m.Players, Rated: r.m.Rated, Version: r.m.Version,
		Status: r.m.Status, Position: positionText(r.st, r.m), ToMove: r.toMove(), Legal: []protocol.Move{},
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
	v.Board = r.boardView(len(v.Legal)) // board forms (board.go)
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

// greeting is the state a connecting client gets: the published view with
// the clock read now. The view's reading dates from when it was published
// (the last change, or the room's load after a restart), and a client
// counts the running clock down from when it receives the state, so an old
// reading would show it the time left back then.
func (r *room) greeting() *protocol.State {
	v := r.freshSnap()
	if v.Clocks == nil || v.Clocks.Running < 0 {
		return v
	}
	g := *v
	g.Clocks = r.clockView()
	return &g
}

// broadcast sends the update for ev to every connection, dropping those
// that cannot keep up. Connections that asked for deltas get a move as a
// Delta; everything else carries the full state, built (and published)
// only if some connection needs it.
func (r *room) broadcast(ev protocol.Event) {
	r.history.Add(eventlog.Update{Version: r.m.Version, Event: ev})
	var full, delta []byte
	// Backwards: a connection dropped on the way is replaced by the last,
	// which has been sent to.
	for i := len(r.subs) - 1; i >= 0; i-- {
		c, sb := r.subs[i].c, r.subs[i].sub
		var data []byte
		switch {
		case sb.delta && ev.Kind == protocol.EventMove:
			if delta == nil {
				delta = r.deltaUpdate(ev)
				r.delta.Put(delta)
			}
			data = delta
		default:
			if full == nil {
				msg := protocol.ServerMessage{Type: protocol.TypeUpdate, Version: r.m.Version, Event: &ev, State: r.publish()}
				full = msg.AppendJSON(r.update.Get())
				r.update.Done(full)
			}
			data = full
		}
		f := frame{data: data}
		if a := r.ackTo; a != nil && a.c == c && !a.sent {
			// The change is durable and applied: the command is done.
			msg := protocol.ServerMessage{Type: protocol.TypeAck, ID: a.id, Version: r.m.Version}
			f.then = msg.AppendJSON(r.ackBuf.Get())
			r.ackBuf.Put(f.then)
			a.sent = true
		}
		if !c.sendFrame(f) {
			r.drop(c)
		}
	}
	if full == nil {
		r.dropStaleSnap()
		r.texts.DropStrings()
	}
}

// dropStaleSnap forgets the published view once it is out of date: with
// delta clients only, no view is rebuilt per move, and an old one (its
// legal moves and their cell forms) would otherwise stay reachable for
// the room's life, for every garbage collection to scan. A reader that
// needs a view has the room build one (snapshot).
func (r *room) dropStaleSnap() {
	if v := r.snap.Load(); v != nil && v.Version != r.m.Version {
		r.snap.Store(nil)
	}
}

// deltaUpdate encodes the compact update for the move event ev.
func (r *room) deltaUpdate(ev protocol.Event) []byte {
	d := &protocol.Delta{Ply: r.m.Ply, ToMove: r.toMove(), Clocks: r.clockView()}
	if r.m.Status != store.StatusLive {
		d.Status, d.Result = r.m.Status, wireResult(r.info, r.m)
	}
	msg := protocol.ServerMessage{Type: protocol.TypeUpdate, Version: r.m.Version, Event: &ev, Delta: d}
	return msg.AppendJSON(r.delta.Get())
}

// publish builds the current view and makes it visible to HTTP readers.
func (r *room) publish() *protocol.State {
	v := r.view()
	r.snap.Store(v)
	r.version.Store(r.m.Version)
	return v
}

// freshSnap returns the published view if it is current, else publishes
// a new one. mu held.
func (r *room) freshSnap() *protocol.State {
	if v := r.snap.Load(); v != nil && v.Version == r.m.Version {
		return v
	}
	return r.publish()
}

// snapshot returns the current spectator view for a reader outside the
// room (HTTP): the published one if current, else one it builds with the
// room's mutex held (a stopped room's last view otherwise).
func (r *room) snapshot() *protocol.State {
	if v := r.snap.Load(); v != nil && v.Version == r.version.Load() {
		return v
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped.Load() {
		return r.snap.Load() // published when the room stopped
	}
	return r.freshSnap()
}
