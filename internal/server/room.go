package server

import (
	"context"
	"crypto/subtle"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/deadline"
	"github.com/tabula-games/tabula/internal/dedup"
	"github.com/tabula-games/tabula/internal/eventlog"
	"github.com/tabula-games/tabula/internal/msgbuf"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/textlist"
)

const (
	// roomIdle is how long a finished match's room stays with no
	// connection before it stops (a rematch needs it for a while); it is
	// checked every roomIdle/2.
	roomIdle = time.Minute
	// saveTimeout bounds one commit; a store slower than this is broken.
	saveTimeout = 30 * time.Second
	// maxSeats bounds the player count a request may name: no game has
	// more than five seats.
	maxSeats = 8
)

// room owns one match. It has no goroutine: whoever has something for it
// runs it on its own goroutine with mu held (do) — a connection's read
// loop its hello and commands, a timer's callback a flag fall or a bot
// retry, the bot pool a search's result, an HTTP handler a join or a
// view, the server's Close the shutdown — so its work is ordered by mu,
// and an idle match costs memory but no goroutine. The fields below
// "owned" are touched only with mu held. Others read snap, version and
// stopped.
type room struct {
	s    *Server
	id   string
	info *game.Info
	ctx  context.Context // the server's: commits outlive the connection that asked

	mu sync.Mutex // guards the fields below
	// stopped is set, with mu held, when the room stops (the server
	// closes, or an ended match was idle for roomIdle): nothing is
	// handled after it. Read without mu by Server.room, which then loads
	// the match again.
	stopped atomic.Bool
	// idle checks an ended match for idleness every roomIdle/2; nil while
	// the match is live (a live room never stops for idleness).
	idle clock.Timer

	// snap is the latest spectator view built, for HTTP readers; it may
	// be older than version (views are built only when someone needs one:
	// see snapshot).
	snap    atomic.Pointer[protocol.State]
	version atomic.Int64

	// owned (see mu)
	m  store.Match
	st game.State
	// names are the usernames of the accounts holding the seats ("" for
	// none), read when the room loads and kept by joins (seatNames, join), so
	// views never read the store.
	names []string
	// binds are the seat bindings the next commit writes in its
	// transaction (a logged-in join's; profiles).
	binds []store.Binding
	// movers are the seats that made the moves (-2 for chance), for
	// takebacks; texts are the moves' notations. The stored moves
	// themselves are not kept: the room never reads them.
	movers   []int8
	texts    textlist.List
	legalBuf []game.Move // LegalMoves scratch for view
	last     lastPlay    // the last move for board views (board.go; web, issue 24)
	clocks   clock.Clocks
	subs     []subEntry    // the subscribed connections, in no order
	history  eventlog.Ring // the last events, for reconnecting clients
	acked    dedup.Seats   // the last command IDs of each seat
	draw     seatSet       // the seats offering a draw
	takeback int
	rematch  seatSet     // the seats asking for a rematch
	timer    clock.Timer // flag-fall timer or bot retry, nil when none
	timerSeq uint64      // counts arm calls: a callback of a replaced timer is ignored
	botAt    int64       // the version a bot search was started for, 0 none
	// botFails counts the failed searches in a row at version botFailAt;
	// the next is not started before botRetryAt (see botFailed).
	botFails   int
	botFailAt  int64
	botRetryAt time.Time
	// agents are the bot seats' kept agents (engines: one process per
	// seat for the match), by seat, nil where none; closed when the match
	// ends or the room stops (closeAgents).
	agents []ai.Agent
	// botCtx is the context of the room's searches, cancelled by
	// closeAgents; nil until the first search.
	botCtx    context.Context
	botCancel context.CancelFunc
	idleAt    time.Time // when the room became empty (finished matches)
	absentAt  time.Time // since when no connection holds a human seat (live matches; see noteAbsent)
	// ackTo is the command being applied, nil between commands; it
	// points to ack, the room's one pendingAck (a command at a time).
	ackTo *pendingAck
	ack   pendingAck
	// update, delta and ackBuf are the buffers of the messages the room
	// encodes: a frame is copied into the socket (or its pending bytes)
	// before sendFrame returns, so they are reused.
	update        msgbuf.Sized
	delta, ackBuf msgbuf.Buf
	// spareTimes is the clock times of the row before r.m, reused for the
	// next commit's row (the store copies what it keeps: see Store).
	spareTimes []time.Duration
	// save bounds each commit by saveTimeout; nil until the first commit.
	save *deadline.Serial
	// chat and streams are the match's chat and its bot API game
	// streams (chat.go, botapi.go).
	chat    *chatRoom
	streams []*gameStream
}

// saveContext returns the context for one commit, its deadline running;
// the caller calls r.save.End() once the commit returns.
func (r *room) saveContext(parent context.Context) context.Context {
	r.save = deadline.Next(r.save, parent, saveTimeout)
	return r.save.Begin()
}

// stopSave releases the commit deadline when the room stops.
func (r *room) stopSave() {
	if r.save != nil {
		r.save.Stop()
		r.save = nil
	}
}

// sub is a subscribed connection: the seats it holds and the updates it
// asked for.
type sub struct {
	seats seatSet
	delta bool // compact updates for moves (protocol.Delta)
}

// subEntry is a subscribed connection. A room has one or two, so a slice
// searched in full serves where a map would cost more.
type subEntry struct {
	c *conn
	sub
}

// subOf returns c's subscription, zero when it has none.
func (r *room) subOf(c *conn) sub {
	for _, e := range r.subs {
		if e.c == c {
			return e.sub
		}
	}
	return sub{}
}

// unsubscribe removes c's subscription, if any.
func (r *room) unsubscribe(c *conn) {
	for i, e := range r.subs {
		if e.c == c {
			last := len(r.subs) - 1
			r.subs[i] = r.subs[last]
			r.subs[last] = subEntry{}
			r.subs = r.subs[:last]
			return
		}
	}
}

// seatSet is a set of seats, bit s for seat s (no game has 32 seats).
type seatSet uint32

func (ss seatSet) has(s int) bool { return s >= 0 && s < 32 && ss&(1<<s) != 0 }

// lowest returns the lowest seat in the set, -1 when empty.
func (ss seatSet) lowest() int {
	for s := range 32 {
		if ss.has(s) {
			return s
		}
	}
	return -1
}

// list returns the seats in order.
func (ss seatSet) list() []int {
	var out []int
	for s := range 32 {
		if ss.has(s) {
			out = append(out, s)
		}
	}
	return out
}

// Messages a connection's read loop hands its room (direct).
type (
	subscribe struct {
		c      *conn
		tokens []string // the seats claimed; none: a spectator
		held   seatSet  // seats held without tokens (an account's)
		since  *int64
		delta  bool
		// greeted is set once the room has taken the hello (a refused
		// one leaves it as it was).
		greeted *bool
	}
	unsubscribe struct{ c *conn }
	command     struct {
		c   *conn
		msg protocol.ClientMessage
		at  time.Time
	}
)

// botResult is a bot search's answer for the match at version.
type botResult struct {
	version int64
	move    game.Move
	err     error
}

// newRoom rebuilds a match from its stored record.
func (s *Server) newRoom(m store.Match, moves []store.Move) (*room, error) {
	info, ok := s.games[m.Game]
	if !ok {
		return nil, fmt.Errorf("server: match %s: unknown game %q", m.ID, m.Game)
	}
	st, err := info.New(options(m))
	if err != nil {
		return nil, fmt.Errorf("server: match %s: %w", m.ID, err)
	}
	for _, mv := range moves {
		if st, err = playText(st, mv.Text); err != nil {
			return nil, fmt.Errorf("server: match %s ply %d: %w", m.ID, mv.Ply, err)
		}
	}
	r := &room{
		s: s, id: m.ID, info: info,
		m: m, st: st, movers: movers(moves), takeback: -1,
		acked: dedup.New(s.ackSeed),
	}
	for _, mv := range moves {
		r.texts.Add(mv.Text)
	}
	r.names = s.seatNames(m.ID, m.Players)
	r.clocks = clock.Clocks{Control: control(m.TimeControl), Remaining: slices.Clone(m.Clock.Remaining), Running: m.Clock.Running, Since: m.Clock.Since}
	if len(r.clocks.Remaining) != m.Players {
		r.clocks = clock.New(r.clocks.Control, m.Players)
	}
	// Time while the server was down is not charged (docs/protocol.md).
	r.clocks.Resume(s.clock.Now())
	for _, mv := range moves {
		if mv.CmdID != "" {
			r.acked.Remember(mv.Seat, mv.CmdID, m.Version)
		}
	}
	r.publish()
	return r, nil
}

// movers returns the seats that made moves.
func movers(moves []store.Move) []int8 {
	out := make([]int8, len(moves))
	for i, mv := range moves {
		out[i] = int8(mv.Seat)
	}
	return out
}

func options(m store.Match) game.Options {
	return game.Options{Variant: m.Variant, Players: m.Players, Seed: m.Seed, Values: m.Options}
}

func control(tc store.TimeControl) clock.Control {
	return clock.Control{Kind: tc.Kind, Base: tc.Base, Increment: tc.Increment, Days: tc.Days}
}

func playText(st game.State, text string) (game.State, error) {
	m, err := st.ParseMove(text)
	if err != nil {
		return nil, err
	}
	return st.Play(m)
}

// do runs f with the room's mutex held, on the caller's goroutine, and
// then the room's bookkeeping (idleness); false, without running f, when
// the room has stopped. Everything that touches a room's match goes
// through do (or direct, its form for a connection's messages), so a
// room's changes happen one at a time, in the order their callers got
// the mutex.
func (r *room) do(f func()) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.locked(f)
}

// locked is do with mu already held: f and the bookkeeping, unless the
// room has stopped.
func (r *room) locked(f func()) bool {
	if r.stopped.Load() {
		return false
	}
	f()
	r.noteIdle()
	r.noteAbsent()
	r.armIdle()
	return true
}

// direct handles a connection's message (hello, command, goodbye) on the
// caller's goroutine, its read loop, in the order the connection sent
// them; false when the room has stopped. A command waits for the room
// only while another of its changes runs.
func (r *room) direct(msg any) bool {
	return r.do(func() {
		switch msg := msg.(type) {
		case subscribe:
			r.subscribe(msg)
		case unsubscribe:
			r.unsubscribe(msg.c)
		case command:
			r.command(r.ctx, msg)
		}
	})
}

// stop ends the room: nothing is handled after it, its timers are
// stopped and its last view is published for HTTP readers that still
// hold it. mu held. The caller removes it from the server's table once
// it has let go of mu (Server.forget).
func (r *room) stop() {
	r.stopped.Store(true)
	r.stopSave()
	r.stopTimer()
	r.closeAgents()
	if r.idle != nil {
		r.idle.Stop()
		r.idle = nil
	}
	r.freshSnap()
}

// shutdown stops the room for the server's Close, closing its
// connections.
func (r *room) shutdown() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped.Load() {
		return
	}
	for _, e := range r.subs {
		e.c.kick(websocket.StatusGoingAway, "server shutting down")
	}
	r.stop()
}

// armIdle starts the idle check once the match has ended. mu held.
func (r *room) armIdle() {
	if r.idle == nil && r.ended() {
		r.idle = r.s.clock.AfterFunc(roomIdle/2, r.idleCheck)
	}
}

// idleCheck runs on the idle timer: an ended match with no connection
// for roomIdle stops its room and leaves the server's table (the next
// request loads it again); otherwise the check is re-armed.
func (r *room) idleCheck() {
	r.mu.Lock()
	if r.stopped.Load() || r.idle == nil {
		r.mu.Unlock()
		return
	}
	gone := r.ended() && len(r.subs) == 0 && !r.idleAt.IsZero() && r.s.clock.Now().Sub(r.idleAt) >= roomIdle
	if gone {
		r.stop()
	} else {
		r.idle = r.s.clock.AfterFunc(roomIdle/2, r.idleCheck)
	}
	r.mu.Unlock()
	if gone {
		r.s.forget(r)
	}
}

// noteIdle records when the room became empty. mu held.
func (r *room) noteIdle() {
	if len(r.subs) == 0 && r.idleAt.IsZero() {
		r.idleAt = r.s.clock.Now()
	} else if len(r.subs) > 0 {
		r.idleAt = time.Time{}
	}
}

func (r *room) ended() bool {
	return r.m.Status == store.StatusFinished || r.m.Status == store.StatusAborted
}

// subscribe answers a hello: it checks the tokens, registers the
// connection and sends the welcome and what the client missed. A refused
// hello leaves the connection as it was.
func (r *room) subscribe(msg subscribe) {
	held := msg.held
	for _, token := range msg.tokens {
		seat := r.seatOf(token)
		if seat < 0 {
			r.s.wrongToken(msg.c, "", r.m.Version, protocol.Errorf(protocol.CodeBadToken, "the token holds no seat of match %s", r.id))
			return
		}
		held |= 1 << seat
	}
	r.unsubscribe(msg.c) // a second hello replaces the first
	r.subs = append(r.subs, subEntry{msg.c, sub{seats: held, delta: msg.delta}})
	*msg.greeted = true
	s := held.lowest()
	w := protocol.ServerMessage{Type: protocol.TypeWelcome, Version: r.m.Version, Seat: &s}
	if l := held.list(); len(l) > 1 {
		w.Seats = l
	}
	var missed []eventlog.Update
	if since := msg.since; since != nil && *since <= r.m.Version {
		if *since == r.m.Version {
			missed = []eventlog.Update{}
		} else {
			missed = r.history.Since(*since)
		}
	}
	if missed == nil {
		w.State = r.greeting()
	}
	if !msg.c.send(encode(w)) {
		r.drop(msg.c)
		return
	}
	// The missed updates carry their events; only the last carries the
	// state, which is the current one.
	for i, u := range missed {
		m := protocol.ServerMessage{Type: protocol.TypeUpdate, Version: u.Version, Event: &u.Event}
		if i == len(missed)-1 {
			m.State = r.greeting()
		}
		if !msg.c.send(encode(m)) {
			r.drop(msg.c)
			return
		}
	}
}

// seatOf returns the seat the token holds, or -1.
func (r *room) seatOf(token string) int {
	h := []byte(hashToken(token))
	for i, s := range r.m.Seats {
		if s.TokenHash != "" && subtle.ConstantTimeCompare(h, []byte(s.TokenHash)) == 1 {
			return i
		}
	}
	return -1
}

// drop removes a connection a send failed on and closes it: a peer too
// slow to take its updates (counted), or one already gone.
func (r *room) drop(c *conn) {
	r.unsubscribe(c)
	c.kick(websocket.StatusPolicyViolation, "too slow")
	if c.tooSlow() {
		r.s.metrics.slowDrops.Inc()
	}
}

// command runs one client command and answers it. The ack travels with
// the command's update to the commanding connection (see broadcast).
func (r *room) command(ctx context.Context, cmd command) {
	seat, perr := r.commandSeat(cmd.c, cmd.msg.Seat)
	if perr != nil {
		r.s.wrongToken(cmd.c, cmd.msg.ID, r.m.Version, perr) // its only error: a seat it holds no token for
		return
	}
	if v, ok := r.acked.Recall(seat, cmd.msg.ID); ok {
		cmd.c.send(encode(protocol.ServerMessage{Type: protocol.TypeAck, ID: cmd.msg.ID, Version: v}))
		return
	}
	r.ack = pendingAck{c: cmd.c, id: cmd.msg.ID}
	r.ackTo = &r.ack
	err := r.apply(ctx, seat, cmd.msg)
	r.ackTo = nil
	sent := r.ack.sent
	r.ack = pendingAck{} // holds no connection between commands
	if err != nil {
		cmd.c.sendError(cmd.msg.ID, r.m.Version, wireError(err))
		return
	}
	r.acked.Remember(seat, cmd.msg.ID, r.m.Version)
	if !sent {
		cmd.c.send(encode(protocol.ServerMessage{Type: protocol.TypeAck, ID: cmd.msg.ID, Version: r.m.Version}))
	}
	if cmd.msg.Type == protocol.TypeMove {
		r.s.metrics.moveLatency.Observe(r.s.clock.Now().Sub(cmd.at).Seconds())
	}
	r.afterChange(ctx)
}

// commandSeat returns the seat a connection's command acts for (-1 for a
// spectator): the one it names, which the connection must hold, or the
// connection's only seat, or, holding several, the seat to move if it
// holds it, else its lowest.
func (r *room) commandSeat(c *conn, want *int) (int, *protocol.Error) {
	held := r.subOf(c).seats
	if held == 0 {
		return -1, nil
	}
	if want != nil {
		if !held.has(*want) {
			return -1, protocol.Errorf(protocol.CodeBadToken, "this connection holds no token for seat %d", *want)
		}
		return *want, nil
	}
	if p := int(r.st.ToMove()); held.has(p) {
		return p, nil
	}
	return held.lowest(), nil
}

// pendingAck is the command being applied: its connection gets the ack
// with the command's update.
type pendingAck struct {
	c    *conn
	id   string
	sent bool
}

// apply checks and applies one command; nil means it changed the match and
// the change is durable.
func (r *room) apply(ctx context.Context, seat int, msg protocol.ClientMessage) error {
	if seat < 0 {
		return protocol.Errorf(protocol.CodeNotAPlayer, "spectators cannot %s", msg.Type)
	}
	if msg.Version != r.m.Version {
		return protocol.Errorf(protocol.CodeStaleVersion, "command based on version %d, match is at %d", msg.Version, r.m.Version)
	}
	if msg.Type == protocol.TypeRematch {
		return r.askRematch(ctx, seat)
	}
	if r.ended() {
		return protocol.Errorf(protocol.CodeGameOver, "match %s is over", r.id)
	}
	switch msg.Type {
	case protocol.TypeMove:
		return r.move(ctx, seat, msg.Move, msg.ID)
	case protocol.TypeResign:
		return r.finish(ctx, protocol.Event{Kind: protocol.EventResign, Seat: seat}, others(seat, r.m.Players), game.ReasonResignation)
	case protocol.TypeAbort:
		// A seat may abort until it has moved itself: the second player
		// (or the player against a bot that moved first) still can.
		if slices.Contains(r.movers, int8(seat)) {
			return protocol.Errorf(protocol.CodeNotAllowed, "abort only before your first move")
		}
		next := r.next()
		next.Status = store.StatusAborted
		r.clocks.Stop(r.s.clock.Now())
		return r.commit(ctx, next, r.st, -1, nil, protocol.Event{Kind: protocol.EventAbort, Seat: seat})
	case protocol.TypeOfferDraw, protocol.TypeAcceptDraw:
		if msg.Type == protocol.TypeAcceptDraw && r.draw == 0 {
			return protocol.Errorf(protocol.CodeNoOffer, "no draw offer to accept")
		}
		return r.offerDraw(ctx, seat)
	case protocol.TypeDeclineDraw:
		if r.draw == 0 || r.draw.has(seat) {
			return protocol.Errorf(protocol.CodeNoOffer, "no draw offer to decline")
		}
		r.draw = 0
		return r.commit(ctx, r.next(), r.st, -1, nil, protocol.Event{Kind: protocol.EventDrawDeclined, Seat: seat})
	case protocol.TypeOfferTakeback:
		return r.offerTakeback(ctx, seat)
	case protocol.TypeAcceptTakeback:
		if r.takeback < 0 || r.takeback == seat {
			return protocol.Errorf(protocol.CodeNoOffer, "no takeback request to accept")
		}
		return r.doTakeback(ctx, seat)
	case protocol.TypeDeclineTakeback:
		if r.takeback < 0 || r.takeback == seat {
			return protocol.Errorf(protocol.CodeNoOffer, "no takeback request to decline")
		}
		r.takeback = -1
		return r.commit(ctx, r.next(), r.st, -1, nil, protocol.Event{Kind: protocol.EventTakebackDecline, Seat: seat})
	}
	return protocol.Errorf(protocol.CodeUnknownType, "unknown command %q", msg.Type)
}

// next returns a copy of the match row to modify for a change. Its Seats
// share the current row's array, which is never written once committed (a
// change of seats, join, copies it first), so a move does not copy them.
func (r *room) next() store.Match {
	return r.m
}

func (r *room) move(ctx context.Context, seat int, text, cmdID string) error {
	if r.m.Status == store.StatusWaiting {
		return protocol.Errorf(protocol.CodeNotAllowed, "waiting for players")
	}
	if game.Player(seat) != r.st.ToMove() {
		return fmt.Errorf("server: seat %d moved while %v is to move: %w", seat, r.st.ToMove(), game.ErrNotYourTurn)
	}
	now := r.s.clock.Now()
	if r.clocks.Flagged(now) {
		r.timeout(ctx)
		return protocol.Errorf(protocol.CodeGameOver, "out of time")
	}
	m, err := r.st.ParseMove(text)
	if err != nil {
		return err
	}
	return r.play(ctx, seat, m, cmdID)
}

// play applies a legal move by seat (a seat, or -2 for chance) and commits.
func (r *room) play(ctx context.Context, seat int, m game.Move, cmdID string) error {
	text := r.st.MoveString(m)
	st, err := r.st.Play(m)
	if err != nil {
		return err
	}
	r.last = lastPlay{before: r.st, move: m, after: r.m.Ply + 1} // board views (board.go; web, issue 24)
	now := r.s.clock.Now()
	saved := r.clocks.Save()
	mv := store.Move{Ply: r.m.Ply + 1, Seat: seat, Text: text, At: now, CmdID: cmdID}
	nextSeat := int(st.ToMove())
	if nextSeat < 0 || seat < 0 && waitsFirstMove(r.clocks.Control.Kind, r.movers) {
		nextSeat = -1 // over, or a chance move before the first move: no clock runs
	}
	r.startFirstMove(seat, now)
	left := r.clocks.Switch(nextSeat, now)
	if r.clocks.Timed() && seat >= 0 {
		kept := left // its own variable: &left would escape for every move
		mv.Clock = &kept
	}
	next := r.next()
	next.Ply++
	if o, over := st.Outcome(); over {
		r.clocks.Stop(now)
		next.Status = store.StatusFinished
		next.Result = result(o)
	}
	r.draw = 0
	r.takeback = -1
	if err := r.commit(ctx, next, st, -1, []store.Move{mv}, protocol.Event{Kind: protocol.EventMove, Seat: seat, Move: text}); err != nil {
		r.clocks.Restore(&saved)
		return err
	}
	r.s.metrics.moves.Inc()
	return nil
}

func result(o game.Outcome) *store.Result {
	res := &store.Result{Winners: []int{}, Scores: o.Scores, Reason: o.Reason, AllLose: o.AllLose}
	for _, w := range o.Winners {
		res.Winners = append(res.Winners, int(w))
	}
	return res
}

// others returns every seat but s.
func others(s, n int) []int {
	var out []int
	for i := range n {
		if i != s {
			out = append(out, i)
		}
	}
	return out
}

// finish ends the match without a move: resignation, timeout, agreement.
func (r *room) finish(ctx context.Context, ev protocol.Event, winners []int, reason string) error {
	saved := r.clocks.Save()
	r.clocks.Stop(r.s.clock.Now())
	next := r.next()
	next.Status = store.StatusFinished
	if winners == nil {
		winners = []int{}
	}
	next.Result = &store.Result{Winners: winners, Reason: reason}
	r.draw = 0
	r.takeback = -1
	if err := r.commit(ctx, next, r.st, -1, nil, ev); err != nil {
		r.clocks.Restore(&saved)
		return err
	}
	return nil
}

func (r *room) timeout(ctx context.Context) {
	r.ackTo = nil // a flag fall is nobody's command: its update carries no ack
	flagged := r.clocks.Running
	if err := r.finish(ctx, protocol.Event{Kind: protocol.EventTimeout, Seat: flagged}, others(flagged, r.m.Players), game.ReasonTimeout); err != nil {
		r.s.log.Error("timeout", "match", r.id, "err", err)
	}
}

// humans returns the human seats.
func (r *room) humans() []int {
	var out []int
	for i, s := range r.m.Seats {
		if s.Bot == "" {
			out = append(out, i)
		}
	}
	return out
}

func (r *room) offerDraw(ctx context.Context, seat int) error {
	if r.draw.has(seat) {
		return protocol.Errorf(protocol.CodeNotAllowed, "draw already offered")
	}
	r.draw |= 1 << seat
	agreed := true
	for _, h := range r.humans() {
		if !r.draw.has(h) {
			agreed = false
		}
	}
	// Bots never agree to draws, so a match with a bot cannot be drawn by
	// agreement.
	if agreed && len(r.humans()) == r.m.Players {
		return r.finish(ctx, protocol.Event{Kind: protocol.EventDraw, Seat: seat}, nil, game.ReasonAgreement)
	}
	if err := r.commit(ctx, r.next(), r.st, -1, nil, protocol.Event{Kind: protocol.EventDrawOffered, Seat: seat}); err != nil {
		r.draw &^= 1 << seat
		return err
	}
	return nil
}

// takebackPly returns the ply count to go back to for seat's takeback: just
// before seat's last move (undoing the others' replies too), or -1.
func (r *room) takebackPly(seat int) int {
	for i := len(r.movers) - 1; i >= 0; i-- {
		if int(r.movers[i]) == seat {
			return i
		}
	}
	return -1
}

func (r *room) offerTakeback(ctx context.Context, seat int) error {
	if r.takebackPly(seat) < 0 {
		return protocol.Errorf(protocol.CodeNotAllowed, "no move of yours to take back")
	}
	if r.takeback >= 0 {
		return protocol.Errorf(protocol.CodeNotAllowed, "a takeback is already requested")
	}
	// Against bots only, a takeback needs nobody's agreement.
	if len(r.humans()) == 1 {
		r.takeback = seat
		return r.doTakeback(ctx, seat)
	}
	r.takeback = seat
	if err := r.commit(ctx, r.next(), r.st, -1, nil, protocol.Event{Kind: protocol.EventTakebackOffered, Seat: seat}); err != nil {
		r.takeback = -1
		return err
	}
	return nil
}

func (r *room) doTakeback(ctx context.Context, by int) error {
	asker := r.takeback
	to := r.takebackPly(asker)
	if to < 0 {
		r.takeback = -1
		return protocol.Errorf(protocol.CodeNotAllowed, "nothing to take back")
	}
	st, err := r.info.New(options(r.m))
	if err != nil {
		return err
	}
	for i := range to {
		if st, err = playText(st, r.texts.At(i)); err != nil {
			return fmt.Errorf("server: match %s: replay: %w", r.id, err)
		}
	}
	undone := r.texts.At(to)
	saved := r.clocks
	saved.Remaining = slices.Clone(r.clocks.Remaining)
	// The clocks keep the times used; the seat to move now runs.
	now := r.s.clock.Now()
	r.clocks.Stop(now)
	if ts := int(st.ToMove()); ts >= 0 && !waitsFirstMove(r.clocks.Control.Kind, r.movers[:to]) {
		r.clocks.Switch(ts, now)
		r.clocks.Remaining[ts] = saved.Left(ts, now) // no increment for a takeback
	}
	next := r.next()
	next.Ply = to
	r.takeback = -1
	r.draw = 0
	if err := r.commit(ctx, next, st, to, nil, protocol.Event{Kind: protocol.EventTakeback, Seat: by, Move: undone}); err != nil {
		r.clocks = saved
		r.takeback = asker
		return err
	}
	return nil
}

func (r *room) askRematch(ctx context.Context, seat int) error {
	if r.m.Status != store.StatusFinished {
		return protocol.Errorf(protocol.CodeNotAllowed, "rematch only after the end")
	}
	if r.m.Rematch != "" {
		return protocol.Errorf(protocol.CodeNotAllowed, "rematch already created: %s", r.m.Rematch)
	}
	if r.rematch.has(seat) {
		return protocol.Errorf(protocol.CodeNotAllowed, "rematch already asked")
	}
	r.rematch |= 1 << seat
	all := true
	for _, h := range r.humans() {
		all = all && r.rematch.has(h)
	}
	if !all {
		if err := r.commit(ctx, r.next(), r.st, -1, nil, protocol.Event{Kind: protocol.EventRematchOffered, Seat: seat}); err != nil {
			r.rematch &^= 1 << seat
			return err
		}
		return nil
	}
	id, err := r.s.rematch(ctx, r.m)
	if err != nil {
		r.rematch &^= 1 << seat
		return err
	}
	next := r.next()
	next.Rematch = id
	return r.commit(ctx, next, r.st, -1, nil, protocol.Event{Kind: protocol.EventRematch, Seat: seat})
}

// joinSeat takes a seat for a token hash (an HTTP join, on the handler's
// goroutine, which waits at most for a commit in progress); a stopped room
// refuses it as unavailable.
func (r *room) joinSeat(want *int, hash string, h *holder) (seat int, err error) {
	if !r.do(func() { seat, err = r.join(r.ctx, want, hash, h) }) {
		return -1, protocol.Errorf(protocol.CodeUnavailable, "match %s has closed", r.id)
	}
	return seat, err
}

// join takes a seat for a token hash, and binds it to h's account when
// h is not nil (a logged-in player; a rated match takes no other). mu
// held.
func (r *room) join(ctx context.Context, want *int, hash string, h *holder) (int, error) {
	if r.ended() {
		return -1, protocol.Errorf(protocol.CodeGameOver, "match %s is over", r.id)
	}
	if r.m.Rated && h == nil {
		return -1, protocol.Errorf(protocol.CodeRatedNeedsAccount, "match %s is rated: log in to join it", r.id)
	}
	if r.m.Rated && slices.Contains(r.names, h.name) {
		return -1, protocol.Errorf(protocol.CodeNotAllowed, "you already hold a seat of rated match %s", r.id)
	}
	seat := -1
	if want != nil {
		seat = *want
		if seat < 0 || seat >= len(r.m.Seats) {
			return -1, protocol.Errorf(protocol.CodeBadRequest, "no seat %d", seat)
		}
		if s := r.m.Seats[seat]; s.Bot != "" || s.TokenHash != "" {
			return -1, protocol.Errorf(protocol.CodeSeatTaken, "seat %d is taken", seat)
		}
	} else {
		for i, s := range r.m.Seats {
			if s.Bot == "" && s.TokenHash == "" {
				seat = i
				break
			}
		}
		if seat < 0 {
			return -1, protocol.Errorf(protocol.CodeSeatTaken, "no open seat")
		}
	}
	next := r.next()
	next.Seats = slices.Clone(next.Seats)
	next.Seats[seat].TokenHash = hash
	saved := r.clocks.Save()
	if allTaken(next.Seats) {
		next.Status = store.StatusLive
		if ts := int(r.st.ToMove()); ts >= 0 && !waitsFirstMove(r.clocks.Control.Kind, r.movers) {
			r.clocks.Switch(ts, r.s.clock.Now())
		}
	}
	names := r.names
	if h != nil {
		r.setName(seat, h.name) // in the update the join sends
		r.bind(seat, h)         // profiles: in the join's transaction
	}
	if err := r.commit(ctx, next, r.st, -1, nil, protocol.Event{Kind: protocol.EventJoined, Seat: seat}); err != nil {
		r.clocks.Restore(&saved)
		r.names = names
		return -1, bindError(err)
	}
	r.afterChange(ctx)
	return seat, nil
}

func allTaken(seats []store.Seat) bool {
	for _, s := range seats {
		if s.Bot == "" && s.TokenHash == "" {
			return false
		}
	}
	return true
}

// commit makes one change durable, then applies it to the room and sends
// the update to every connection. It fills in version, ply, clock and
// update time.
func (r *room) commit(ctx context.Context, next store.Match, st game.State, truncate int, add []store.Move, ev protocol.Event) error {
	now := r.s.clock.Now()
	next.Version = r.m.Version + 1
	next.Updated = now
	next.Clock = store.Clock{Remaining: append(r.spareTimes[:0], r.clocks.Remaining...), Running: r.clocks.Running, Since: r.clocks.Since}
	ch := store.Change{Match: next, Prev: r.m.Version, Truncate: truncate, Append: add, Bind: r.binds}
	r.binds = nil // profiles: written with this change or not at all
	if r.m.Rated && next.Status == store.StatusFinished && r.m.Status != store.StatusFinished && next.Players >= 2 {
		ch.Ratings = ratingUpdate(next) // with the result, in its transaction
	}
	err := r.s.cfg.Store.Save(r.saveContext(ctx), ch)
	r.save.End()
	r.s.metrics.save.Observe(r.s.clock.Now().Sub(now).Seconds())
	if err != nil {
		r.s.log.Error("save", "match", r.id, "version", next.Version, "err", err)
		return fmt.Errorf("server: save match %s: %w", r.id, err)
	}
	r.spareTimes = r.m.Clock.Remaining
	prev := r.m.Status // botapi
	if r.m.Status != next.Status {
		r.s.usage.changed(r.id, r.m.Status, next.Status)
	}
	r.m, r.st = next, st
	r.version.Store(next.Version)
	if truncate >= 0 {
		r.movers = r.movers[:truncate]
		r.texts.Truncate(truncate)
	}
	for _, mv := range add {
		r.movers = append(r.movers, int8(mv.Seat))
		r.texts.Add(mv.Text)
	}
	r.broadcast(ev)
	r.afterCommit(prev, ev)                          // botapi: game and event streams (botapi.go)
	r.s.roomNotice(&r.m, r.st.ToMove(), r.names, ev) // seeks: lobby notifications
	return nil
}

// afterChange plays chance events, starts a bot search when a bot is to
// move, and arms the room's timer for the flag fall or the bot's retry,
// whichever comes first; once the match has ended it closes the bots.
func (r *room) afterChange(ctx context.Context) {
	for r.m.Status == store.StatusLive && r.st.ToMove() == game.Chance {
		if err := r.play(ctx, int(game.Chance), r.chance(), ""); err != nil {
			r.s.log.Error("chance move", "match", r.id, "err", err)
			return
		}
	}
	r.stopTimer()
	if r.m.Status != store.StatusLive {
		if r.ended() {
			r.closeAgents()
		}
		return
	}
	at := r.startBot(ctx)
	if r.ended() { // the bot's seat forfeited
		r.closeAgents()
		return
	}
	wake, ok := r.clocks.Deadline()
	if !at.IsZero() && (!ok || at.Before(wake)) {
		wake, ok = at, true
	}
	if ok {
		r.arm(wake.Sub(r.s.clock.Now()))
	}
}

// chance draws a chance outcome from a generator seeded by the match seed
// and ply, so a restarted server draws the same.
func (r *room) chance() game.Move {
	outs := r.st.ChanceOutcomes()
	rng := rand.New(rand.NewPCG(r.m.Seed, uint64(r.m.Ply)))
	x := rng.Float64()
	for _, o := range outs {
		if x < o.Prob {
			return o.Move
		}
		x -= o.Prob
	}
	return outs[len(outs)-1].Move
}

// arm sets the room's one timer (flag fall or bot retry) to tick after
// d, replacing any. mu held.
func (r *room) arm(d time.Duration) {
	r.stopTimer()
	r.timerSeq++
	seq := r.timerSeq
	r.timer = r.s.clock.AfterFunc(d, func() { r.tick(seq) })
}

func (r *room) stopTimer() {
	if r.timer != nil {
		r.timer.Stop()
		r.timer = nil
	}
}

// tick runs on the timer's goroutine. A timer stopped or replaced after
// it fired (its callback waiting for mu meanwhile) finds its sequence
// number outdated and does nothing, as does one firing after the room
// stopped.
func (r *room) tick(seq uint64) {
	r.do(func() {
		if r.timer == nil || seq != r.timerSeq {
			return
		}
		r.timer = nil
		if r.m.Status == store.StatusLive && r.clocks.Flagged(r.s.clock.Now()) {
			r.timeout(r.ctx)
		}
		r.afterChange(r.ctx)
	})
}

// toMove is the protocol's seat to act: -1 once the match has ended.
func (r *room) toMove() int {
	p := int(r.st.ToMove())
	if p == int(game.NoPlayer) || r.ended() {
		return -1
	}
	return p
}
