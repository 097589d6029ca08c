package server

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/wsout"
)

const (
	// readLimit is the largest frame read at all; frames above
	// protocol.MaxMessageBytes but below this get a too-large error and
	// the connection lives on, bigger ones close it (status 1009).
	readLimit = 64 << 10
	// writeTimeout bounds how long the socket may refuse bytes it owes
	// the peer (see wsout.Policy): a peer that takes nothing in this time
	// is gone.
	writeTimeout = 10 * time.Second
	// pingInterval keeps idle connections alive through proxies and finds
	// dead peers; pingTimeout is how long a pong may take.
	pingInterval = 30 * time.Second
	pingTimeout  = 60 * time.Second
	// frameKeep is the largest frame buffer a connection keeps between
	// sends: a delta update and its ack fit; a bigger one (a full state) is
	// dropped after use rather than held by every connection.
	frameKeep = 1 << 10
	// maxPending is how many bytes a connection may owe its peer beyond
	// what the kernel's socket buffer took: dozens of full states,
	// thousands of deltas. A peer this far behind is too slow and is
	// dropped, never waited for.
	maxPending = 256 << 10
	// readBufSize and writeBufSize are the WebSocket library's buffers
	// per connection, smaller than net/http's since every live connection
	// holds them: client frames are small, larger ones are read in
	// several calls, and a write larger than the buffer goes around it.
	readBufSize  = 1 << 10
	writeBufSize = 1 << 10
)

// sendPolicy is how far a connection's peer may fall behind before it is
// dropped (see wsout).
var sendPolicy = wsout.Policy{MaxPending: maxPending, WriteTimeout: writeTimeout, KeepBuffer: frameKeep}

// conn is one WebSocket connection to one match. It has no goroutine for
// writing: whoever sends (the room, the read loop) writes the frame into
// the socket at once, and the socket never blocks (wsout): what the kernel
// does not take waits in memory for a flusher goroutine that exists only
// while the peer is behind. So a move costs no wake-up of a writer, and an
// idle connection is one goroutine (its read loop).
type conn struct {
	ws   *websocket.Conn
	sock *wsout.Conn   // the socket under ws
	br   *bufio.Reader // the library's read buffer over sock; nil if it may hide bytes (see wsout.ResponseWriter)
	// heard is set by the read loop for every frame and cleared by the
	// ping timer: a peer heard from since the last tick is alive, so it
	// is not pinged.
	heard atomic.Bool
	ping  *time.Timer

	// client names the peer (clientOf), for its wrong-token rate.
	client string
	// account is the seats of the match the session's account holds
	// (the upgrade's cookie): a hello holds them without tokens.
	account seatSet
	// user is the session's account, nil for a guest (chat.go; botapi).
	user *holder

	mu        sync.Mutex // guards the fields below
	closeCode websocket.StatusCode
	closeWhy  string
	// reading is set while the read loop runs; cancelled once the
	// connection is to end (see cancel).
	reading, cancelled bool
}

// cancel ends the connection: the socket is closed under a running read
// loop, which then returns, and serve closes the connection. A flag, not
// a context per connection: every live connection would hold one, for the
// collector to mark. The socket is closed on a goroutine of its own:
// CloseNow waits for the library's goroutines, and the caller may hold
// the room the read loop is waiting for.
func (c *conn) cancel() {
	c.mu.Lock()
	first, reading := !c.cancelled, c.reading
	c.cancelled = true
	c.mu.Unlock()
	if first && reading {
		go c.ws.CloseNow()
	}
}

// isCancelled reports whether cancel was called.
func (c *conn) isCancelled() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cancelled
}

// frame is one or two messages to send: a command's update and its ack
// travel together, in one socket write.
type frame struct {
	data, then []byte // then is nil for a single message
}

// send writes data without blocking; false when the connection is too
// slow or broken (it is then closed).
func (c *conn) send(data []byte) bool { return c.sendFrame(frame{data: data}) }

// sendFrame writes f without blocking: both messages go out in one socket
// write (a system call per message is most of a move's cost), framed by
// wsout rather than the WebSocket library (see wsout.Conn.WriteText).
// False when the connection is too slow or broken; it is then closed.
func (c *conn) sendFrame(f frame) bool {
	if err := c.sock.WriteText(f.data, f.then); err != nil {
		c.cancel()
		return false
	}
	return true
}

// tooSlow reports whether the connection failed for falling behind.
func (c *conn) tooSlow() bool { return c.sock.FailedSlow() }

func (c *conn) sendError(id string, version int64, e *protocol.Error) {
	c.send(encode(protocol.ServerMessage{Type: protocol.TypeError, ID: id, Version: version, Error: e}))
}

// kick closes the connection with status code and reason why, without
// blocking the caller: the close frame goes out first if the socket takes
// it (not when it failed for falling behind), then the socket closes.
func (c *conn) kick(code websocket.StatusCode, why string) {
	c.mu.Lock()
	first := c.closeCode == 0
	if first {
		c.closeCode, c.closeWhy = code, why
	}
	c.mu.Unlock()
	if first {
		c.sock.WriteClose(uint16(code), why)
	}
	c.cancel()
}

// goingAway kicks the connection as the server closes.
func (c *conn) goingAway() { c.kick(websocket.StatusGoingAway, "server shutting down") }

// pingTick runs on the ping timer: a peer not heard from for a ping
// interval is pinged (on the timer's own goroutine, which the pong
// releases); one that does not answer is closed.
func (c *conn) pingTick(ctx context.Context) {
	if ctx.Err() != nil || c.isCancelled() {
		return
	}
	if !c.heard.Swap(false) {
		pctx, cancel := context.WithTimeout(ctx, pingTimeout)
		err := c.ws.Ping(pctx)
		cancel()
		if err != nil {
			c.cancel()
			return
		}
	}
	c.ping.Reset(pingInterval)
}

// handleWS serves GET /ws/matches/{id}.
func (s *Server) handleWS(w http.ResponseWriter, req *http.Request) {
	if !s.limitHTTP(w, req, limitConnect) {
		return
	}
	r, err := s.room(req.Context(), req.PathValue("id"))
	if err != nil {
		s.httpError(w, err)
		return
	}
	held, user, err := s.wsAccount(w, req, r.id) // botapi: and the account, for chat (chat.go)
	if err != nil {
		s.httpError(w, err)
		return
	}
	cw := &wsout.ResponseWriter{ResponseWriter: w, Policy: sendPolicy, ReadBuf: readBufSize, WriteBuf: writeBufSize}
	ws, err := websocket.Accept(cw, req, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		return // Accept has answered
	}
	ws.SetReadLimit(readLimit)
	c := &conn{client: s.clientOf(req), account: held, ws: ws, sock: cw.Conn, br: cw.Reader, reading: true}
	c.user = user // botapi
	bearer := strings.TrimPrefix(req.Header.Get("Authorization"), "Bearer ")
	// The handler returns and the connection is served on a goroutine of
	// its own: net/http's connection (its reader and writer, the
	// request, the handler's deep stack) is then garbage instead of
	// living, and being scanned by every collection, as long as the
	// WebSocket does. Hijacked connections are the handler's to close,
	// and serve closes it.
	// Counted under mu while the server is live: Close takes mu after
	// cancelling, so every Add comes before its Wait.
	s.mu.Lock()
	closing := s.ctx.Err() != nil
	if !closing {
		s.conns.Add(1)
	}
	s.mu.Unlock()
	if closing {
		c.sock.WriteClose(uint16(websocket.StatusGoingAway), "server shutting down")
		c.ws.CloseNow()
		return
	}
	go func() {
		defer s.conns.Done()
		s.serve(c, r, bearer)
	}()
}

// serve runs a WebSocket connection's read loop until the peer goes, is
// dropped, or the server closes, then leaves the room and closes the
// connection with the status a kick chose.
func (s *Server) serve(c *conn, r *room, bearer string) {
	c.ping = time.AfterFunc(pingInterval, func() { c.pingTick(s.ctx) })
	s.metrics.conns.Inc()
	defer s.metrics.conns.Dec()
	// A cancelled connection (kicked, too slow, server closing) stops its
	// read loop by closing the socket (see cancel): a context passed to
	// every read would make the library register and remove a
	// context.AfterFunc per frame. The
	// server's closing kicks every connection, greeted or not, through
	// one registration each: close 1001 first, then the socket (a plain
	// cancel here closed sockets before the rooms' kicks wrote their close
	// frames, and clients saw a bare end of stream).
	stop := context.AfterFunc(s.ctx, c.goingAway)
	s.readLoop(c, r, bearer)
	stop()
	c.mu.Lock()
	// The loop is over: a cancel need not close the socket under the
	// close handshake below.
	c.reading, c.cancelled = false, true
	c.mu.Unlock()
	c.ping.Stop()
	r.direct(unsubscribe{c})
	code, why := websocket.StatusNormalClosure, ""
	c.mu.Lock()
	if c.closeCode != 0 {
		code, why = c.closeCode, c.closeWhy
	}
	c.mu.Unlock()
	c.ws.Close(code, why)
	c.sock.WaitClosed() // a close frame still being flushed is out (Server.Close waits for this)
}

// keepBuffer is the largest frame buffer a connection keeps between
// frames; a larger frame's buffer (up to readLimit) is let go.
const keepBuffer = 4 << 10

// readFrame reads one message into buf (emptied first) and returns its
// bytes, valid until the next call.
func readFrame(ws *websocket.Conn, buf *bytes.Buffer) (websocket.MessageType, []byte, error) {
	if buf.Cap() > keepBuffer {
		*buf = bytes.Buffer{}
	}
	buf.Reset()
	// No context: a cancelled connection closes its socket (see serve).
	typ, r, err := ws.Reader(context.Background())
	if err != nil {
		return 0, nil, err
	}
	_, err = buf.ReadFrom(r)
	return typ, buf.Bytes(), err
}

// readLoop reads client messages until the connection fails or is
// cancelled, and has each handled by the server's handlers, one at a time
// and in order. Between frames it waits for the socket in a shallow call
// (wsout.Conn.WaitReadable) when the library's buffer is empty: a parked
// read loop is most of the server's goroutines, and every collection
// scans each one's stack down to its deepest frame, which would be deep
// inside the library's frame reader. Neither the wait nor the read
// allocates, so a read loop owes the collector no assist (see
// internal/handoff).
func (s *Server) readLoop(c *conn, r *room, bearer string) {
	// buf holds one frame at a time, reused (ws.Read allocates a fresh
	// buffer per frame). Decoded messages
	// copy what they keep, so nothing refers to buf after its frame is
	// handled.
	var buf bytes.Buffer
	m := &message{c: c, r: r, bearer: bearer}
	done := make(chan struct{}, 1)
	for {
		if c.br != nil && c.br.Buffered() == 0 {
			c.sock.WaitReadable()
		}
		m.typ, m.data, m.err = readFrame(c.ws, &buf)
		if !c.heard.Load() {
			// A load first: the flag is nearly always set already (the
			// ping timer clears it every pingInterval), and an atomic
			// store is a locked instruction on a line the timer shares.
			c.heard.Store(true)
		}
		s.handlers.Run(m, done)
		if !m.ok {
			return
		}
	}
}

// handleMessage handles one frame a read loop read (or the error reading
// it), setting m.ok to whether the read loop goes on.
func (s *Server) handleMessage(m *message) { m.ok = s.handleFrame(m) }

// handleFrame is handleMessage's work: false when the read loop is to end.
func (s *Server) handleFrame(m *message) bool {
	c, r, data, err := m.c, m.r, m.data, m.err
	if err != nil {
		var ce websocket.CloseError
		if errors.As(err, &ce) || c.isCancelled() {
			return false
		}
		if websocket.CloseStatus(err) == -1 && strings.Contains(err.Error(), "read limited") {
			c.sendError("", r.version.Load(), protocol.Errorf(protocol.CodeTooLarge, "frame larger than %d bytes", readLimit))
		}
		return false
	}
	if m.typ != websocket.MessageText {
		c.sendError("", r.version.Load(), protocol.Errorf(protocol.CodeBadJSON, "binary frames are not accepted"))
		return true
	}
	if !utf8.Valid(data) {
		// RFC 6455 §8.1: a text frame that is not UTF-8 fails the
		// connection with 1007.
		c.kick(websocket.StatusInvalidFramePayloadData, "text frame is not UTF-8")
		return false
	}
	msg, err := protocol.Decode(data)
	if err != nil {
		var pe *protocol.Error
		errors.As(err, &pe)
		c.sendError(msg.ID, r.version.Load(), pe)
		return true
	}
	switch {
	case msg.Type == protocol.TypePing:
		c.send(encode(protocol.ServerMessage{Type: protocol.TypePong, Version: r.version.Load()}))
	case msg.Type == protocol.TypeHello:
		token := msg.Token
		if token == "" {
			token = m.bearer
		}
		var tokens []string
		if token != "" {
			tokens = append(tokens, token)
		}
		tokens = append(tokens, msg.Tokens...)
		if !r.direct(subscribe{c: c, held: c.account, tokens: tokens, since: msg.Since, delta: msg.Delta, greeted: &m.hello}) {
			return false
		}
	case protocol.IsChat(msg.Type): // botapi: chat (chat.go)
		s.handleChat(c, r, msg, m.hello)
	case !m.hello:
		c.sendError(msg.ID, r.version.Load(), protocol.Errorf(protocol.CodeNeedHello, "send hello first"))
	default:
		s.live.Begin() // issue 23: analyses pause while a live command is handled (livegate.go)
		ok := r.direct(command{c: c, msg: msg, at: s.clock.Now()})
		s.live.End() // issue 23
		if !ok {
			c.sendError(msg.ID, r.version.Load(), protocol.Errorf(protocol.CodeUnavailable, "match %s has closed", r.id))
			return false
		}
	}
	return true
}
