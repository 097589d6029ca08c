package server

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/account"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// The lobby stream (GET /ws/lobby): one WebSocket per open lobby or
// page, over which the server sends the seek tables as they change and
// the player's notifications (pairings, challenges, "your turn" in
// correspondence, draw and takeback offers). A seek lives as long as the
// connection it was made for: when it closes, or stops answering pings,
// its seeks leave the book.

const (
	// lobbyPerClient bounds one client's lobby connections: a few tabs.
	lobbyPerClient = 8
	// lobbyTotal bounds the server's lobby connections (a goroutine pair
	// and a small queue each).
	lobbyTotal = 20_000
	// lobbyQueue bounds a connection's unsent notifications; one that
	// falls this far behind is closed (the page reconnects and reloads).
	lobbyQueue = 32
	// lobbyPing is how often a lobby connection is pinged; one that does
	// not answer within lobbyWrite is closed, and its seeks go.
	lobbyPing = 30 * time.Second
	// lobbyWrite bounds one write or ping.
	lobbyWrite = 10 * time.Second
	// lobbyTablesEvery spaces the seek-table updates of one connection:
	// a busy book is sent at most this often, the latest state each time.
	lobbyTablesEvery = 250 * time.Millisecond
	// lobbyTables bounds the seek tables sent and listed: a page's worth.
	lobbyTables = 100
	// lobbyReadLimit bounds a client's message: it sends none but pongs.
	lobbyReadLimit = 512
	// lobbyConnIDLen is a lobby connection ID's random bytes: 128 bits,
	// as it is the proof of owning the connection's seeks.
	lobbyConnIDLen = 16
)

// lobbyConn is one lobby connection.
type lobbyConn struct {
	id, client string
	// account and name are the session's account ID and username ("" for
	// a guest); canon the username's canonical form.
	account, name, canon string
	out                  chan protocol.LobbyMessage // notifications, lobbyQueue
	tables               chan struct{}              // 1: the seek tables changed
	gone                 chan struct{}              // closed when the connection must end
	once                 sync.Once
}

func (c *lobbyConn) end() { c.once.Do(func() { close(c.gone) }) }

// lobby holds the lobby connections.
type lobby struct {
	perClientCap int // lobbyPerClient; 0 when Limits.Off lifts it
	mu           sync.Mutex
	conns        map[string]*lobbyConn
	byName       map[string]map[*lobbyConn]struct{} // canonical username → its connections
	perClient    map[string]int
	bus          LobbyBus // cluster2: the other nodes' streams (lobbybus.go); nil in one process
}

func newLobby(l Limits) *lobby {
	perClient := lobbyPerClient
	if l.Off {
		perClient = 0
	}
	return &lobby{perClientCap: perClient, conns: map[string]*lobbyConn{}, byName: map[string]map[*lobbyConn]struct{}{}, perClient: map[string]int{}}
}

// add registers c, or refuses it past the caps.
func (l *lobby) add(c *lobbyConn) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.conns) >= lobbyTotal {
		return protocol.Errorf(protocol.CodeTooManyConnections, "the server has %d lobby connections, its most", len(l.conns))
	}
	if l.perClientCap > 0 && l.perClient[c.client] >= l.perClientCap {
		return protocol.Errorf(protocol.CodeTooManyConnections, "you have %d lobby connections open, the most allowed", lobbyPerClient)
	}
	l.conns[c.id] = c
	l.perClient[c.client]++
	if c.canon != "" {
		if l.byName[c.canon] == nil {
			l.byName[c.canon] = map[*lobbyConn]struct{}{}
		}
		l.byName[c.canon][c] = struct{}{}
	}
	return nil
}

func (l *lobby) remove(c *lobbyConn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conns[c.id] != c {
		return
	}
	delete(l.conns, c.id)
	if l.perClient[c.client]--; l.perClient[c.client] <= 0 {
		delete(l.perClient, c.client)
	}
	if set := l.byName[c.canon]; set != nil {
		delete(set, c)
		if len(set) == 0 {
			delete(l.byName, c.canon)
		}
	}
}

// get returns the connection with ID id, nil if none.
func (l *lobby) get(id string) *lobbyConn {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.conns[id]
}

// send queues m for c without blocking; a connection whose queue is full
// is ended.
func (c *lobbyConn) send(m protocol.LobbyMessage) {
	select {
	case c.out <- m:
	default:
		c.end()
	}
}

// toConn sends m to connection id, if it is open.
func (l *lobby) toConn(id string, m protocol.LobbyMessage) {
	if c := l.get(id); c != nil {
		c.send(m)
	} else if bus := l.theBus(); bus != nil { // cluster2: open on another node (lobbybus.go)
		bus.Conn(id, m)
	}
}

// toUser sends m to every lobby connection of the username (any case).
// It never blocks: rooms call it with their mutex held.
func (l *lobby) toUser(name string, m protocol.LobbyMessage) {
	canon := account.Canonical(name)
	l.localUser(canon, m) // cluster2: and the other nodes' streams (lobbybus.go)
	if bus := l.theBus(); bus != nil {
		bus.User(canon, m)
	}
}

// tablesChanged tells every connection the seek tables changed.
func (l *lobby) tablesChanged() {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, c := range l.conns {
		select {
		case c.tables <- struct{}{}:
		default: // one is pending already
		}
	}
}

// GET /ws/lobby: the lobby stream. The upgrade's session cookie, if any,
// makes the stream its account's: it then gets the account's challenges
// and notifications.
func (s *Server) handleLobbyWS(w http.ResponseWriter, r *http.Request) {
	if !s.limitHTTP(w, r, limitConnect) {
		return
	}
	var se *session
	if sessionToken(r) != "" && s.acct.st != nil {
		var err error
		if se, err = s.sessionOf(w, r); err != nil {
			s.httpError(w, err)
			return
		}
	}
	var b [lobbyConnIDLen]byte
	if _, err := io.ReadFull(s.cfg.Random, b[:]); err != nil {
		s.httpError(w, fmt.Errorf("server: random: %w", err))
		return
	}
	c := &lobbyConn{id: "l_" + base64.RawURLEncoding.EncodeToString(b[:]), client: s.clientOf(r),
		out: make(chan protocol.LobbyMessage, lobbyQueue), tables: make(chan struct{}, 1), gone: make(chan struct{})}
	if se != nil {
		c.account, c.name, c.canon = se.a.ID, se.a.Name, account.Canonical(se.a.Name)
	}
	if err := s.lobby.add(c); err != nil {
		s.httpError(w, err)
		return
	}
	defer s.dropLobbyConn(c)
	s.mu.Lock()
	closing := s.ctx.Err() != nil
	if !closing {
		s.conns.Add(1)
	}
	s.mu.Unlock()
	if closing {
		s.httpError(w, protocol.Errorf(protocol.CodeUnavailable, "server is shutting down"))
		return
	}
	defer s.conns.Done()
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		return // Accept has answered
	}
	ws.SetReadLimit(lobbyReadLimit)
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	go func() {
		select {
		case <-c.gone:
		case <-ctx.Done():
		}
		cancel()
	}()
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer cancel()
		if err := s.lobbyWriter(ctx, ws, c); err != nil {
			s.log.Debug("lobby stream", "err", err)
		}
	}()
	for {
		if _, _, err := ws.Read(ctx); err != nil {
			break
		}
	}
	cancel()
	<-done
	status := websocket.StatusNormalClosure
	if s.ctx.Err() != nil {
		status = websocket.StatusGoingAway
	}
	ws.Close(status, "")
}

// dropLobbyConn forgets a closed connection and takes its seeks out of
// the book.
func (s *Server) dropLobbyConn(c *lobbyConn) {
	c.end()
	s.lobby.remove(c)
	if s.book.RemoveOwner(c.id) > 0 {
		s.lobby.tablesChanged()
	}
}

// lobbyWriter sends the hello, then the notifications and seek tables,
// and pings, until ctx ends or a write fails.
func (s *Server) lobbyWriter(ctx context.Context, ws *websocket.Conn, c *lobbyConn) error {
	write := func(m protocol.LobbyMessage) error {
		wctx, cancel := context.WithTimeout(ctx, lobbyWrite)
		defer cancel()
		return wsjson.Write(wctx, ws, m)
	}
	hello := protocol.LobbyMessage{Type: protocol.LobbyHello, Conn: c.id, Account: c.name, Tables: s.seekTables(c.id)}
	if c.account != "" {
		hello.Challenges = s.allChallenges(c.account).In // cluster2: and the other nodes' (lobbybus.go)
	}
	if err := write(hello); err != nil {
		return err
	}
	ping := s.after(lobbyPing)
	var last time.Time
	for {
		select {
		case <-ctx.Done():
			return nil
		case m := <-c.out:
			if err := write(m); err != nil {
				return err
			}
		case <-c.tables:
			if wait := lobbyTablesEvery - s.clock.Now().Sub(last); wait > 0 {
				select {
				case <-ctx.Done():
					return nil
				case <-s.after(wait):
				}
			}
			last = s.clock.Now()
			if err := write(protocol.LobbyMessage{Type: protocol.LobbySeeks, Tables: s.seekTables(c.id)}); err != nil {
				return err
			}
		case <-ping:
			pctx, cancel := context.WithTimeout(ctx, lobbyWrite)
			err := ws.Ping(pctx)
			cancel()
			if err != nil {
				return err
			}
			ping = s.after(lobbyPing)
		}
	}
}

// roomNotice is the rooms' hook for notifications: after a committed
// change of a match, the seat to move in a correspondence match hears
// it is its turn, and the other seats hear of a draw or takeback offer.
// Called with the room's mutex held (m is the room's row, read only); it
// never blocks, and costs a few comparisons for a move of a match without
// accounts or a real-time one.
func (s *Server) roomNotice(m *store.Match, toMove game.Player, names []string, ev protocol.Event) {
	if len(names) == 0 || m.Status != store.StatusLive {
		return
	}
	switch ev.Kind {
	case protocol.EventMove, protocol.EventJoined, protocol.EventTakeback:
		seat := int(toMove)
		if m.TimeControl.Kind != clock.Correspondence || seat < 0 || seat >= len(names) || names[seat] == "" || seat == ev.Seat {
			return
		}
		s.lobby.toUser(names[seat], protocol.LobbyMessage{Type: protocol.LobbyYourTurn, Match: m.ID, Game: m.Game, Seat: &seat})
	case protocol.EventDrawOffered, protocol.EventTakebackOffered:
		offer := "draw"
		if ev.Kind == protocol.EventTakebackOffered {
			offer = "takeback"
		}
		for seat, n := range names {
			if n == "" || seat == ev.Seat || seat >= len(m.Seats) || m.Seats[seat].Bot != "" {
				continue
			}
			s.lobby.toUser(n, protocol.LobbyMessage{Type: protocol.LobbyOffer, Match: m.ID, Game: m.Game, Seat: &seat, Offer: offer})
		}
	}
}

// after returns a channel closed once d has passed on the server's clock.
func (s *Server) after(d time.Duration) <-chan struct{} {
	ch := make(chan struct{})
	s.clock.AfterFunc(d, func() { close(ch) })
	return ch
}

// WatchUser subscribes to the notifications of the account with the
// username name (challenges received and answered, pairings of its
// challenges, your turn, offers), as its lobby streams get them, for a
// stream other than /ws/lobby (a bot's event stream). The channel holds
// lobbyQueue messages; a watcher that falls that far behind is dropped:
// the channel is closed. stop ends the subscription. It counts as a lobby
// connection of client.
func (s *Server) WatchUser(name, client string) (<-chan protocol.LobbyMessage, func(), error) {
	id, err := s.randomID("w_")
	if err != nil {
		return nil, nil, err
	}
	c := &lobbyConn{id: id, client: client, name: name, canon: account.Canonical(name),
		out: make(chan protocol.LobbyMessage, lobbyQueue), tables: make(chan struct{}, 1), gone: make(chan struct{})}
	if err := s.lobby.add(c); err != nil {
		return nil, nil, err
	}
	out := make(chan protocol.LobbyMessage)
	done := make(chan struct{})
	var once sync.Once
	stop := func() {
		once.Do(func() {
			close(done)
			s.dropLobbyConn(c)
		})
	}
	go func() {
		defer close(out)
		defer stop()
		for {
			select {
			case <-done:
				return
			case <-c.gone:
				return
			case <-s.ctx.Done():
				return
			case m := <-c.out:
				select {
				case out <- m:
				case <-done:
					return
				case <-c.gone:
					return
				case <-s.ctx.Done():
					return
				}
			}
		}
	}()
	return out, stop, nil
}
