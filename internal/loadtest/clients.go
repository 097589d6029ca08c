package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/protocol"
)

// The clients: a match's seats, their connections, and what a seat does
// with each message the server sends it (acks, full states, deltas).

// match is one match under load: one client connection per automated seat
// (seat i on seats[i]), or one connection for all of them. The scheduler
// sends its moves; the reader of the connection a move went on takes its
// ack. A finished match is replaced by a new one in place (restart).
type match struct {
	idx int        // the match's place in the run, which picks its nodes (config.node)
	rng *rand.Rand // scheduler only
	n   int        // commands sent; scheduler only
	out []byte     // the move command, reused; scheduler only
	// plies counts the moves sent in the current match, and resignAt is
	// the ply whose mover resigns instead (-resign-within; 0: never). Set
	// by connect, read by the scheduler.
	plies, resignAt int

	mu    sync.Mutex // guards the fields below
	seats []*player
	// last is the seat whose connection saw the last acknowledged move,
	// so its latest state includes that move.
	last int
	// inflight: a move was sent at sentAt by sentSeat and is not yet
	// acknowledged.
	inflight   bool
	sentAt     time.Time
	sentSeat   int
	restarting bool // a replacement match is being created
	dead       bool // failed: no more moves
	lat        []time.Duration
	sent       []int64 // unix µs of each lat's send
}

// conn returns the connection acting for seat.
func (m *match) conn(seat int) *player {
	if len(m.seats) == 1 {
		return m.seats[0]
	}
	return m.seats[seat]
}

// connect creates a match on the server and connects its clients for m,
// returning them: in -mode clients both seats are open human seats, the
// creator joins seat 0 and a second join takes seat 1; in -mode bot seat 1
// is the server's random bot.
func connect(ctx context.Context, cfg config, m *match) ([]*player, error) {
	zero := 0
	req := protocol.CreateRequest{Game: cfg.info.ID, Join: &zero,
		Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "random"}}}
	if cfg.mode == modeClients {
		req.Seats = []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatHuman}}
	}
	var creator, joiner *loadAccount
	m.mu.Lock()
	m.plies, m.resignAt = 0, 0
	if cfg.resignWithin > 0 {
		m.resignAt = 1 + m.rng.IntN(cfg.resignWithin)
	}
	if len(cfg.accounts) > 0 {
		creator, joiner = pair(cfg.accounts, m.rng)
		req.Rated, req.TimeControl = true, ratedControl
	}
	m.mu.Unlock()
	var created protocol.CreateResponse
	lobby := cfg.node(m.idx, false)
	if err := postAs(lobby+"/api/matches", creator.header(), req, http.StatusCreated, &created); err != nil {
		return nil, fmt.Errorf("create: %w", err)
	}
	tokens := []string{created.Token}
	if cfg.mode == modeClients {
		one := 1
		var joined protocol.JoinResponse
		if err := postAs(lobby+"/api/matches/"+created.Match.ID+"/join", joiner.header(), protocol.JoinRequest{Seat: &one}, http.StatusOK, &joined); err != nil {
			return nil, fmt.Errorf("join: %w", err)
		}
		tokens = append(tokens, joined.Token)
	}
	hellos := [][]string{tokens}
	if cfg.connsPerMatch() == 2 {
		hellos = [][]string{tokens[:1], tokens[1:]}
	}
	var seats []*player
	for _, toks := range hellos {
		p, err := dial(ctx, cfg, created.Match.ID, toks, m, creator)
		if err != nil {
			for _, p := range seats {
				p.retire()
			}
			return nil, err
		}
		seats = append(seats, p)
	}
	return seats, nil
}

// player is one client connection holding one seat or several. In full
// mode its reader keeps the raw bytes of the last state it received, in
// buffers it reuses, and the scheduler decodes them only when a move is due;
// in delta mode the reader applies every move to a position kept with the
// rules. The load generator shares the machine with the server, so it must
// stay cheap.
type player struct {
	ws    *websocket.Conn
	m     *match
	stats *stats
	done  chan struct{}
	info  *game.Info
	// retired is set (under m.mu) when the match is done with this
	// connection, before closing it: its end is no failure.
	retired bool
	// delta: the connection asked for deltas; tokens are for a resync.
	delta  bool
	tokens []string

	texts     *interner  // delta mode: the run's move texts and statuses
	positions *positions // delta mode: the run's free positions

	// welcomed is closed by the reader once the first state has arrived:
	// setup waits for it, so no tick finds a player without a position.
	welcomed chan struct{}

	mu     sync.Mutex
	latest []byte       // full mode: the last update or welcome, raw
	pos    game.State   // delta mode: the position at version
	mut    game.Mutable // delta mode: pos itself when the game has the Mutable fast path, else nil
	// applied counts the plies applied to mut since the start of its
	// game (of kind), which rewind takes back.
	applied int
	kind    gameKind
	light   lightState // delta mode: version, status, to move (no legal list)
	desync  int        // delta mode: deltas that did not fit the position
	// closed is why the reader stopped, set before done is closed.
	closed error

	buf     bytes.Buffer // the frame being read; reader goroutine only
	scratch []byte       // a copy of latest being decoded; scheduler only
}

// lightState is the part of a State the client reads.
type lightState struct {
	Version int64       `json:"version"`
	Status  string      `json:"status"`
	ToMove  int         `json:"toMove"`
	Legal   []legalMove `json:"legal"`
}

// legalMove is the part of a protocol.Move the client reads.
type legalMove struct {
	Text string `json:"text"`
}

func dial(ctx context.Context, cfg config, id string, tokens []string, m *match, a *loadAccount) (*player, error) {
	var opts *websocket.DialOptions
	if a != nil {
		opts = &websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {a.cookie}}}
	}
	ws, _, err := websocket.Dial(ctx, strings.Replace(cfg.node(m.idx, true), "http", "ws", 1)+"/ws/matches/"+id, opts)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	p := &player{ws: ws, m: m, stats: cfg.stats, done: make(chan struct{}), welcomed: make(chan struct{}), info: cfg.info, delta: cfg.delta, tokens: tokens, texts: cfg.texts, positions: cfg.positions}
	p.buf.Grow(readBuffer)
	if err := p.hello(ctx); err != nil {
		ws.CloseNow()
		return nil, err
	}
	go p.read(ctx) // until the connection closes
	select {
	case <-p.welcomed:
		return p, nil
	case <-p.done:
		return nil, fmt.Errorf("match %s: connection closed before its welcome: %v", id, p.closed)
	case <-ctx.Done():
		ws.CloseNow()
		return nil, ctx.Err()
	case <-time.After(welcomeTimeout):
		ws.CloseNow()
		return nil, fmt.Errorf("match %s: no welcome in %v", id, welcomeTimeout)
	}
}

// welcomeTimeout bounds setup's wait for a connection's first state: a
// server that greets nobody fails the run instead of hanging it.
const welcomeTimeout = 30 * time.Second

// hello claims the player's seats; it is also the delta client's resync.
func (p *player) hello(ctx context.Context) error {
	msg := protocol.ClientMessage{Type: protocol.TypeHello, Delta: p.delta}
	if len(p.tokens) == 1 {
		msg.Token = p.tokens[0] // the shape every server version reads
	} else {
		msg.Tokens = p.tokens
	}
	hello, _ := json.Marshal(msg)
	return p.ws.Write(ctx, websocket.MessageText, hello)
}

var (
	ackPrefix    = []byte(`{"type":"ack"`)
	errPrefix    = []byte(`{"type":"error"`)
	updatePrefix = []byte(`{"type":"update"`)
	stateMarker  = []byte(`"state":`)
	deltaMarker  = []byte(`,"delta":{`)
)

func (p *player) read(ctx context.Context) {
	defer close(p.done)
	defer p.release() // after ended has marked a failed match dead
	defer p.ended(ctx)
	welcomed := false
	for {
		// Without ctx, as for writes: the connection is closed when
		// the match ends, which ends this loop.
		_, r, err := p.ws.Reader(context.Background())
		if err != nil {
			p.closed = err
			return
		}
		p.buf.Reset()
		if _, err := p.buf.ReadFrom(r); err != nil {
			p.closed = err
			return
		}
		p.handle(ctx, p.buf.Bytes())
		if !welcomed && p.hasState() {
			welcomed = true
			close(p.welcomed)
		}
	}
}

// hasState reports whether a state has arrived (the welcome).
func (p *player) hasState() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.pos != nil || len(p.latest) > 0
}

// handle takes one message from the server: an ack (or error) ends the
// match's move in flight, a delta or state brings the position up to
// date. On the steady path (an ack, a delta) it allocates nothing
// (TestHandleAllocs).
func (p *player) handle(ctx context.Context, data []byte) {
	switch {
	case bytes.HasPrefix(data, ackPrefix), bytes.HasPrefix(data, errPrefix):
		p.acked(time.Now())
	case p.delta:
		if err := p.apply(data); err != nil {
			p.mu.Lock()
			p.desync++
			p.mu.Unlock()
			p.hello(ctx) // a full resync
		}
	case bytes.Contains(data, stateMarker):
		p.mu.Lock()
		p.latest = append(p.latest[:0], data...)
		p.mu.Unlock()
	}
}

// acked ends the match's move in flight if it was sent on this
// connection: its round trip ends at at.
func (p *player) acked(at time.Time) {
	m := p.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if !m.inflight || p.retired || m.conn(m.sentSeat) != p || p.stats.over.Load() {
		return
	}
	m.lat = append(m.lat, at.Sub(m.sentAt))
	m.sent = append(m.sent, m.sentAt.UnixMicro())
	m.last, m.inflight = m.sentSeat, false
	p.stats.moves.Add(1)
}

// ended marks the match failed when a connection it still uses closes
// before the measuring time is over.
func (p *player) ended(ctx context.Context) {
	m := p.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if p.retired || ctx.Err() != nil || m.dead {
		return
	}
	// When the measuring time ends during a write, the websocket
	// library closes the connection for the cancelled context: that is
	// the end of the run, not a failure.
	m.dead = true
	p.stats.fail(p.closeReason())
}

// apply brings a delta player's position up to date with one server
// message: a delta is applied with the rules, a full state replaces the
// position (replayed from its move list).
//
// A delta allocates nothing (TestHandleAllocs): its move text and status
// come from the run's interned texts, and a game with the Mutable fast
// path (Pathagon) plays the move in place, in an undo stack reserved when
// the Mutable was made (and kept: a closed connection's position goes
// back to the run's free list for the next match). Each of the thousands
// of reader goroutines that allocated while a collection was marking owed
// the collector an assist of at least 64 KiB of scan work, more than
// there was, and parked until marking ended: every round trip around a
// collection took its mark time. Only the full-state path (the welcome of
// a new match, a resync) allocates: its decoding, and a new Mutable when
// none is free.
func (p *player) apply(data []byte) error {
	if bytes.HasPrefix(data, updatePrefix) && bytes.Contains(data, deltaMarker) {
		d, err := parseDelta(data, p.texts)
		if err != nil {
			return err
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.pos == nil || d.version != p.light.Version+1 {
			return errVersion
		}
		m, err := p.pos.ParseMove(d.move)
		if err != nil {
			return err
		}
		next := p.pos
		if p.mut != nil {
			p.mut.Apply(m) // legal: ParseMove checked it
			p.applied++
		} else if next, err = p.pos.Play(m); err != nil {
			return err
		}
		if d.toMove >= 0 && int(next.ToMove()) != d.toMove {
			if p.mut != nil {
				p.mut.Undo()
				p.applied--
			}
			return errToMove
		}
		p.pos, p.light.Version, p.light.ToMove = next, d.version, d.toMove
		if d.status != "" {
			p.light.Status = d.status
		}
		return nil
	}
	if !bytes.Contains(data, stateMarker) {
		return nil // a welcome before replayed updates, a pong
	}
	var msg struct {
		State *struct {
			Version int64    `json:"version"`
			Status  string   `json:"status"`
			ToMove  int      `json:"toMove"`
			Variant string   `json:"variant"`
			Players int      `json:"players"`
			Moves   []string `json:"moves"`
		} `json:"state"`
	}
	if err := json.Unmarshal(data, &msg); err != nil || msg.State == nil {
		return fmt.Errorf("state: %v", err)
	}
	kind := gameKind{msg.State.Variant, msg.State.Players}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.mut == nil || p.kind != kind {
		p.releaseLocked()
		p.mut = p.positions.get(kind)
	}
	p.rewind()
	if p.mut == nil {
		st, err := p.info.New(game.Options{Variant: kind.variant, Players: kind.players})
		if err != nil {
			return err
		}
		if p.mut = p.positions.mutable(st, kind); p.mut == nil { // a game without the fast path
			if st, err = game.PlayAll(st, msg.State.Moves); err != nil {
				return err
			}
			p.pos, p.light = st, lightState{Version: msg.State.Version, Status: msg.State.Status, ToMove: msg.State.ToMove}
			return nil
		}
	}
	p.pos, p.kind = p.mut, kind
	for i, text := range msg.State.Moves {
		m, err := p.mut.ParseMove(text)
		if err != nil {
			p.rewind()
			p.pos = nil
			return fmt.Errorf("state: move %d: %w", i+1, err)
		}
		p.mut.Apply(m)
		p.applied++
	}
	p.light = lightState{Version: msg.State.Version, Status: msg.State.Status, ToMove: msg.State.ToMove}
	return nil
}

// rewind takes back every ply applied to p.mut, back to the start of its
// game. p.mu is held.
func (p *player) rewind() {
	for ; p.applied > 0; p.applied-- {
		p.mut.Undo()
	}
}

// release hands the player's position back to the run's free list once
// its connection is closed.
func (p *player) release() {
	p.mu.Lock()
	p.releaseLocked()
	p.mu.Unlock()
}

func (p *player) releaseLocked() {
	if p.mut != nil {
		p.rewind()
		p.positions.put(p.kind, p.mut)
	}
	p.mut, p.pos = nil, nil
}

// Errors of a delta that does not fit the position (each one resyncs).
var (
	errVersion = errors.New("delta: not the next version")
	errToMove  = errors.New("delta: another seat to move than the rules say")
)

// closeReason names why the connection closed, once done is closed: the
// server's close status and reason (a slow client is dropped with a
// policy violation, "too slow", by design), or the transport error.
func (p *player) closeReason() string {
	if code := websocket.CloseStatus(p.closed); code != -1 {
		var ce websocket.CloseError
		errors.As(p.closed, &ce)
		return fmt.Sprintf("connection closed by the server: %v %q", code, ce.Reason)
	}
	return fmt.Sprintf("connection lost: %v", p.closed)
}

// appendMove appends the move command as encoding/json writes a
// protocol.ClientMessage (seat -1: none), without reflection.
func appendMove(b []byte, id int, version int64, move string, seat int) []byte {
	b = append(b, `{"type":"move","id":"m`...)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, `","version":`...)
	b = strconv.AppendInt(b, version, 10)
	b = append(b, `,"move":`...)
	b = strconv.AppendQuote(b, move)
	if seat >= 0 {
		b = append(b, `,"seat":`...)
		b = strconv.AppendInt(b, int64(seat), 10)
	}
	return append(b, '}')
}

// appendResign appends a resignation as encoding/json writes a
// protocol.ClientMessage (seat -1: none).
func appendResign(b []byte, id int, version int64, seat int) []byte {
	b = append(b, `{"type":"resign","id":"m`...)
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, `","version":`...)
	b = strconv.AppendInt(b, version, 10)
	if seat >= 0 {
		b = append(b, `,"seat":`...)
		b = strconv.AppendInt(b, int64(seat), 10)
	}
	return append(b, '}')
}

// retire closes a connection the match no longer uses.
func (p *player) retire() {
	p.m.mu.Lock()
	p.retired = true
	p.m.mu.Unlock()
	p.ws.Close(websocket.StatusNormalClosure, "")
}

// picker is the scheduler's scratch for next, one for all players.
type picker struct {
	// legal holds a position's legal moves: one slice per player grew
	// with every player's longest list (a Pathagon relocation has
	// hundreds), ~4 % of the load generator's CPU in growing and clearing
	// slices.
	legal []game.Move
	// texts holds the text MoveString gave for each move, so that the
	// scheduler sends a move without building its text again.
	texts map[game.Move]string
	// interned is the run's texts, where each new move text goes too:
	// the delta that comes back for the move then finds its text there,
	// and the reader allocates nothing even for a move new to the run
	// (only the scheduler, one goroutine, does).
	interned *interner
}

func newPicker(interned *interner) *picker {
	return &picker{texts: map[game.Move]string{}, interned: interned}
}

// text returns the notation of m, legal in pos: the text kept for m when
// pos reads it as m (the server, in the same position, reads it the
// same; ParseMove(MoveString(m)) == m is the contract's round trip, and
// in Pathagon a move's text does not depend on the position), otherwise
// pos.MoveString(m), which it keeps (up to internLimit moves).
func (k *picker) text(pos game.State, m game.Move) string {
	if t, ok := k.texts[m]; ok {
		if back, err := pos.ParseMove(t); err == nil && back == m {
			return t
		}
	}
	t := k.interned.internString(pos.MoveString(m))
	if len(k.texts) < internLimit {
		k.texts[m] = t
	}
	return t
}

// next returns the player's view of the match and a random legal move for
// the seat to move ("" when there is none), with k's scratch.
func (p *player) next(rng *rand.Rand, k *picker) (lightState, string, error) {
	if p.delta {
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.pos == nil {
			return lightState{}, "", errors.New("no state yet")
		}
		s := p.light
		if s.ToMove < 0 || s.Status != protocol.StatusLive {
			return s, "", nil
		}
		k.legal = p.pos.LegalMoves(k.legal[:0])
		if len(k.legal) == 0 {
			return s, "", nil
		}
		return s, k.text(p.pos, k.legal[rng.IntN(len(k.legal))]), nil
	}
	p.mu.Lock()
	p.scratch = append(p.scratch[:0], p.latest...)
	p.mu.Unlock()
	if len(p.scratch) == 0 {
		return lightState{}, "", errors.New("no state yet")
	}
	s, err := parseState(p.scratch)
	if err != nil || len(s.Legal) == 0 {
		return s, "", err
	}
	return s, s.Legal[rng.IntN(len(s.Legal))].Text, nil
}
