package server

import (
	"context"
	"crypto/subtle"
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

const (
	// historySize is how many past events a room keeps for reconnecting
	// clients (events only, tens of bytes each: full states would cost
	// megabytes per room); a client further behind gets a full state,
	// which ends in the same place. 64 events are minutes of a game; 256
	// were 8 KiB per room, ~80 MB for the collector to mark at 10 000
	// matches.
	historySize = 64
	// ackMemory is how many command IDs per seat a room remembers for
	// de-duplication (moves are remembered for ever through the store).
	// A client has a command or two in flight; an older resend also
	// carries a version that is no longer current and is refused as
	// stale, so 16 is plenty (64 were 3 KiB per room).
	ackMemory = 16
	// roomIdle is how long a finished match's room stays with no
	// connection before it stops (a rematch needs it for a while); it is
	// checked every roomIdle/2.
	roomIdle = time.Minute
	// saveTimeout bounds one commit; a store slower than this is broken.
	saveTimeout = 30 * time.Second
)

// room owns one match. It has no goroutine: whoever has something for it
// runs it on its own goroutine with mu held (do) — a connection's read
// loop its hello and commands, a timer's callback a flag fall or a bot
// retry, the bot pool a search's result, an HTTP handler a join or a
// view, the server's Close the shutdown — so its work is ordered by mu.
// (A goroutine per room, with its queue and done channel, was 10 000
// stacks and ~600 bytes of pointers per match for every garbage
// collection to mark.) The fields below "owned" are touched only with mu
// held. Others read snap, version and stopped.
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
	// movers are the seats that made the moves (-2 for chance), for
	// takebacks; texts are the moves' notations (see moveTexts). (The
	// stored moves themselves, kept here before, were ~90 bytes of
	// pointers per move for the collector to scan, for nothing the room
	// reads.)
	movers   []int8
	texts    moveTexts
	legalBuf []game.Move // LegalMoves scratch for view
	last     lastPlay    // the last move for board views (board.go; web, issue 24)
	clocks   clock.Clocks
	subs     []subEntry // the subscribed connections, in no order
	history  history    // the last historySize events
	acked    []ackRing  // per seat, grown to the highest seat that commanded
	draw     seatSet    // the seats offering a draw
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
	// updateSize is the length of the last update sent, to size the
	// next one's buffer in one allocation.
	updateSize int
	// ackTo is the command being applied, nil between commands; it
	// points to ack, the room's one pendingAck (a command at a time).
	ackTo *pendingAck
	ack   pendingAck
	// deltaBuf and ackBuf are the room's buffers for a move's delta
	// update and its ack: a frame is copied into the socket (or its
	// pending bytes) before sendFrame returns, so they are reused for
	// every move rather than allocated (~250 bytes a move).
	deltaBuf, ackBuf []byte
	// spareTimes is the clock times of the row before r.m, reused for the
	// next commit's row: the room reads r.m.Clock only when it loads a
	// match, and the store has encoded a row's times once Save returns
	// nil, so two arrays take turns where a clone per commit was 16 bytes
	// a move.
	spareTimes []time.Duration
	// save bounds the room's commits by saveTimeout: one context and
	// timer per room, re-armed per commit (a context.WithTimeout per
	// commit was a timer and three allocations per move, ~2 % of the
	// server's CPU). nil until the first commit, and again after a commit
	// timed out.
	save *saveDeadline
}

// saveDeadline is a room's reusable commit deadline: ctx is cancelled
// once a commit has run for timeout. Its timer is not re-armed per commit
// (a Reset and a Stop per move were ~1 % of the server's CPU): a commit
// records when it began (begin) and that it ended (end), and the timer,
// armed by the first commit after it went idle, looks at the commit in
// progress when it fires: none, it goes idle; one younger than timeout,
// it is re-armed for the rest of that commit's time; else the context is
// cancelled (and a new deadline replaces this one). So a room moving
// every second sees the timer fire once per timeout, not twice per move.
type saveDeadline struct {
	ctx     context.Context
	cancel  context.CancelFunc
	timer   *time.Timer
	timeout time.Duration
	base    time.Time    // the monotonic origin of started
	started atomic.Int64 // when the commit in progress began, ns since base plus 1; 0: none
	armed   atomic.Bool  // the timer is pending or firing
	expired atomic.Bool  // ctx was cancelled for a commit that ran too long
}

func newSaveDeadline(parent context.Context, timeout time.Duration) *saveDeadline {
	ctx, cancel := context.WithCancel(context.WithoutCancel(parent))
	d := &saveDeadline{ctx: ctx, cancel: cancel, timeout: timeout, base: time.Now()}
	d.armed.Store(true)
	d.timer = time.AfterFunc(timeout, d.fire)
	return d
}

// begin records that a commit begins now, and arms the timer if idle.
func (d *saveDeadline) begin() {
	d.started.Store(int64(time.Since(d.base)) + 1)
	if !d.armed.Load() && !d.armed.Swap(true) {
		d.timer.Reset(d.timeout)
	}
}

// end records that the commit in progress ended.
func (d *saveDeadline) end() { d.started.Store(0) }

// fire runs on the timer's goroutine; it never takes the room's mutex
// (a commit holds it while it waits for the store).
func (d *saveDeadline) fire() {
	for {
		if s := d.started.Load(); s != 0 {
			left := d.timeout - (time.Since(d.base) - time.Duration(s-1))
			if left <= 0 {
				d.expired.Store(true)
				d.cancel()
				return
			}
			d.timer.Reset(left)
			return
		}
		d.armed.Store(false)
		// A commit that began between the load and the store found the
		// timer armed and left it: arm it again for that commit, unless
		// a later one did.
		if d.started.Load() == 0 || d.armed.Swap(true) {
			return
		}
	}
}

// saveContext returns the context for one commit, its deadline running;
// the caller calls r.save.end() once the commit returns.
func (r *room) saveContext(parent context.Context) context.Context {
	if r.save == nil || r.save.expired.Load() {
		r.save = newSaveDeadline(parent, saveTimeout)
	}
	r.save.begin()
	return r.save.ctx
}

// stopSave releases the commit deadline when the room stops.
func (r *room) stopSave() {
	if r.save != nil {
		r.save.timer.Stop()
		r.save.cancel()
		r.save = nil
	}
}

// sub is a subscribed connection: the seats it holds and the updates it
// asked for.
type sub struct {
	seats seatSet
	delta bool // compact updates for moves (protocol.Delta)
}

// subEntry is a subscribed connection. A room has one or two: a slice
// of them is 16 bytes each, where a map was ~200 bytes of pointers per
// room for the collector to mark.
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

type update struct {
	version int64
	event   protocol.Event
}

// ackRing is a seat's last ackMemory acknowledged command IDs, newest
// at next-1, as hashes: it holds no pointers, so the garbage collector
// never scans it (the IDs' strings and a map of slices per room were ~1.5
// KiB to mark per match). Two IDs of one seat with the same 64-bit hash
// among its last ackMemory would make the second look like a resend of the
// first (about 2⁻⁶⁰ per command); only that seat's client chooses its IDs,
// so only it could arrange one.
type ackRing struct {
	e    [ackMemory]ackEntry
	n    uint8 // entries in use
	next uint8 // where the next goes
}

type ackEntry struct {
	sum     uint64 // maphash of the ID with the server's seed
	version int64
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
		m: m, st: st, movers: movers(moves), texts: newMoveTexts(moves),
		takeback: -1,
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
			r.remember(mv.Seat, mv.CmdID, m.Version)
		}
	}
	r.publish()
	return r, nil
}

// moveTexts are a match's move notations, back to back in one byte
// slice, and where each ends: no pointers for the garbage collector to
// scan (a []string was 16 bytes to mark per move, and a string kept alive
// per move; ~18 MB of the live heap at 10 000 matches with its spare
// capacity). Views get them as strings (list).
type moveTexts struct {
	text []byte
	end  []uint32
	// strs are the notations as strings for views, kept while every
	// change builds a view (a client reads full states) and extended by
	// add, so such a view costs no copy of the moves; nil otherwise
	// (broadcast drops it when an update needs no view), so a room of
	// delta clients holds no pointers here. Published views share its
	// array: truncate drops it rather than overwrite what they hold.
	strs []string
}

// newMoveTexts returns the notations of moves.
func newMoveTexts(moves []store.Move) moveTexts {
	var t moveTexts
	for _, mv := range moves {
		t.add(mv.Text)
	}
	return t
}

func (t *moveTexts) len() int { return len(t.end) }

func (t *moveTexts) start(i int) uint32 {
	if i == 0 {
		return 0
	}
	return t.end[i-1]
}

// at returns move i's notation.
func (t *moveTexts) at(i int) string { return string(t.text[t.start(i):t.end[i]]) }

func (t *moveTexts) add(text string) {
	t.text = append(t.text, text...)
	t.end = append(t.end, uint32(len(t.text)))
	if t.strs != nil {
		t.strs = append(t.strs, text)
	}
}

// truncate keeps the first n moves.
func (t *moveTexts) truncate(n int) {
	t.text = t.text[:t.start(n)]
	t.end = t.end[:n]
	t.strs = nil
}

// list returns the notations as strings, never nil; the caller must not
// modify it. The first call after dropStrings copies them (sharing one
// allocation of their bytes).
func (t *moveTexts) list() []string {
	if t.strs == nil {
		all := string(t.text)
		t.strs = make([]string, len(t.end))
		for i := range t.strs {
			t.strs[i] = all[t.start(i):t.end[i]]
		}
	}
	return t.strs[:len(t.strs):len(t.strs)]
}

// dropStrings lets go of the strings list keeps.
func (t *moveTexts) dropStrings() { t.strs = nil }

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
	var missed []update
	if since := msg.since; since != nil && *since <= r.m.Version {
		if *since == r.m.Version {
			missed = []update{}
		} else {
			missed = r.history.since(*since)
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
		m := protocol.ServerMessage{Type: protocol.TypeUpdate, Version: u.version, Event: &u.event}
		if i == len(missed)-1 {
			m.State = r.greeting()
		}
		if !msg.c.send(encode(m)) {
			r.drop(msg.c)
			return
		}
	}
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
	if v, ok := r.recall(seat, cmd.msg.ID); ok {
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
	r.remember(seat, cmd.msg.ID, r.m.Version)
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

func (r *room) recall(seat int, id string) (int64, bool) {
	if seat < 0 || seat >= len(r.acked) {
		return 0, false
	}
	a := &r.acked[seat]
	sum := maphash.String(r.s.ackSeed, id)
	for _, e := range a.e[:a.n] {
		if e.sum == sum {
			return e.version, true
		}
	}
	return 0, false
}

// remember records command id of seat, acknowledged at version v,
// overwriting the oldest beyond ackMemory.
func (r *room) remember(seat int, id string, v int64) {
	if seat < 0 {
		return
	}
	if seat >= len(r.acked) {
		r.acked = append(r.acked, make([]ackRing, seat+1-len(r.acked))...)
	}
	a := &r.acked[seat]
	a.e[a.next] = ackEntry{maphash.String(r.s.ackSeed, id), v}
	a.next = (a.next + 1) % ackMemory
	if a.n < ackMemory {
		a.n++
	}
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
// change of seats, join, copies it first): cloning it for every move was
// 64 bytes a move.
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
	saved := r.saveClocks()
	mv := store.Move{Ply: r.m.Ply + 1, Seat: seat, Text: text, At: now, CmdID: cmdID}
	nextSeat := int(st.ToMove())
	if nextSeat < 0 {
		nextSeat = -1
	}
	left := r.clocks.Switch(nextSeat, now)
	if r.clocks.Timed() && seat >= 0 {
		// Its own variable: &left escaped for every move, timed or not.
		kept := left
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
		r.restoreClocks(&saved)
		return err
	}
	r.s.metrics.moves.Inc()
	return nil
}

// savedClocks is the room's clocks before a move, restored if its commit
// fails: the seats' times are copied into an array on the stack, where a
// clone of Remaining was an allocation per move.
type savedClocks struct {
	c     clock.Clocks
	times [maxSeats]time.Duration
}

// maxSeats bounds the seats of a game whose clocks saveClocks copies into
// an array (no game has more than five); more are cloned.
const maxSeats = 8

func (r *room) saveClocks() savedClocks {
	s := savedClocks{c: r.clocks}
	if len(r.clocks.Remaining) > maxSeats {
		s.c.Remaining = slices.Clone(r.clocks.Remaining)
	} else {
		copy(s.times[:], r.clocks.Remaining)
	}
	return s
}

// restoreClocks puts back the clocks saveClocks saved; the room's
// Remaining slice is kept and its times restored in place.
func (r *room) restoreClocks(s *savedClocks) {
	rem := r.clocks.Remaining
	r.clocks = s.c
	if len(rem) <= maxSeats && len(rem) == len(s.c.Remaining) {
		copy(rem, s.times[:len(rem)])
		r.clocks.Remaining = rem
	}
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
	saved := r.clocks
	saved.Remaining = slices.Clone(r.clocks.Remaining)
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
		r.clocks = saved
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
		if st, err = playText(st, r.texts.at(i)); err != nil {
			return fmt.Errorf("server: match %s: replay: %w", r.id, err)
		}
	}
	undone := r.texts.at(to)
	saved := r.clocks
	saved.Remaining = slices.Clone(r.clocks.Remaining)
	// The clocks keep the times used; the seat to move now runs.
	now := r.s.clock.Now()
	r.clocks.Stop(now)
	if ts := int(st.ToMove()); ts >= 0 {
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
	saved := r.clocks
	saved.Remaining = slices.Clone(r.clocks.Remaining)
	if allTaken(next.Seats) {
		next.Status = store.StatusLive
		if ts := int(r.st.ToMove()); ts >= 0 {
			r.clocks.Switch(ts, r.s.clock.Now())
		}
	}
	names := r.names
	if h != nil {
		r.setName(seat, h.name) // in the update the join sends
	}
	if err := r.commit(ctx, next, r.st, -1, nil, protocol.Event{Kind: protocol.EventJoined, Seat: seat}); err != nil {
		r.clocks, r.names = saved, names
		return -1, err
	}
	r.bind(ctx, seat, h)
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
	ch := store.Change{Match: next, Prev: r.m.Version, Truncate: truncate, Append: add}
	if r.m.Rated && next.Status == store.StatusFinished && r.m.Status != store.StatusFinished && next.Players >= 2 {
		ch.Ratings = ratingUpdate(next) // with the result, in its transaction
	}
	err := r.s.cfg.Store.Save(r.saveContext(ctx), ch)
	r.save.end()
	r.s.metrics.save.Observe(r.s.clock.Now().Sub(now).Seconds())
	if err != nil {
		r.spareTimes = nil // the store may not be done with it
		r.s.log.Error("save", "match", r.id, "version", next.Version, "err", err)
		return fmt.Errorf("server: save match %s: %w", r.id, err)
	}
	r.spareTimes = r.m.Clock.Remaining
	if r.m.Status != next.Status {
		r.s.usage.changed(r.id, r.m.Status, next.Status)
	}
	r.m, r.st = next, st
	r.version.Store(next.Version)
	if truncate >= 0 {
		r.movers = r.movers[:truncate]
		r.texts.truncate(truncate)
	}
	for _, mv := range add {
		r.movers = append(r.movers, int8(mv.Seat))
		r.texts.add(mv.Text)
	}
	r.broadcast(ev)
	return nil
}

// broadcast sends the update for ev to every connection, dropping those
// that cannot keep up. Connections that asked for deltas get a move as a
// Delta; everything else carries the full state, built (and published)
// only if some connection needs it.
func (r *room) broadcast(ev protocol.Event) {
	r.history.add(update{r.m.Version, ev})
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
				r.deltaBuf = keepSmall(delta)
			}
			data = delta
		default:
			if full == nil {
				msg := protocol.ServerMessage{Type: protocol.TypeUpdate, Version: r.m.Version, Event: &ev, State: r.publish()}
				full = msg.AppendJSON(make([]byte, 0, r.updateSize+r.updateSize/8))
				r.updateSize = len(full)
			}
			data = full
		}
		f := frame{data: data}
		if a := r.ackTo; a != nil && a.c == c && !a.sent {
			// The change is durable and applied: the command is done.
			msg := protocol.ServerMessage{Type: protocol.TypeAck, ID: a.id, Version: r.m.Version}
			f.then = msg.AppendJSON(r.ackBuf[:0])
			r.ackBuf = keepSmall(f.then)
			a.sent = true
		}
		if !c.sendFrame(f) {
			r.drop(c)
		}
	}
	if full == nil {
		r.dropStaleSnap()
		r.texts.dropStrings()
	}
}

// dropStaleSnap forgets the published view once it is out of date: with
// delta clients only, no view is rebuilt per move, and an old one (its
// legal moves and their cell forms, ~4 KB) would stay reachable for the
// room's life — 50 MB of the live heap at 10 000 matches, scanned by every
// garbage collection. A reader that needs a view has the room build one
// (snapshot).
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
	buf := r.deltaBuf[:0]
	if buf == nil {
		buf = make([]byte, 0, smallMessage)
	}
	return msg.AppendJSON(buf)
}

// keepSmall returns b emptied for reuse, or nil when it grew beyond
// frameKeep (a rare long message's buffer is not kept by every room).
func keepSmall(b []byte) []byte {
	if cap(b) > frameKeep {
		return nil
	}
	return b[:0]
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

// view builds the protocol state of the match.
func (r *room) view() *protocol.State {
	v := &protocol.State{
		Match: r.id, Game: r.m.Game, Variant: r.m.Variant, Players: r.m.Players, Rated: r.m.Rated, Version: r.m.Version,
		Status: r.m.Status, Position: r.st.String(), ToMove: r.toMove(), Legal: []protocol.Move{},
		Moves: r.texts.list(), Seats: seats(r.info, r.m, r.names, r.subs), Rematch: r.m.Rematch,
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
	v.Board = r.boardView(len(v.Legal)) // board forms (board.go; web, issue 24)
	return v
}

// toMove is the protocol's seat to act: -1 once the match has ended.
func (r *room) toMove() int {
	p := int(r.st.ToMove())
	if p == int(game.NoPlayer) || r.ended() {
		return -1
	}
	return p
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
	return m.AppendJSON(make([]byte, 0, smallMessage))
}

// smallMessage is the initial buffer of an encoded message: an ack or an
// error fits; an update grows it (broadcast sizes it from the last one).
const smallMessage = 128
