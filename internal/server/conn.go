package server

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
)

const (
	// sendBuffer is each connection's outgoing queue: a full match's worth
	// of bursts (an update per move plus acks). A connection this far
	// behind is dropped, never waited for.
	sendBuffer = 64
	// readLimit is the largest frame read at all; frames above
	// protocol.MaxMessageBytes but below this get a too-large error and
	// the connection lives on, bigger ones close it (status 1009).
	readLimit = 64 << 10
	// writeTimeout bounds one frame write: a peer that does not take a
	// frame in this time is gone.
	writeTimeout = 10 * time.Second
	// pingInterval keeps idle connections alive through proxies and finds
	// dead peers; pingTimeout is how long a pong may take.
	pingInterval = 30 * time.Second
	pingTimeout  = 60 * time.Second
	// corkKeep is the largest coalescing buffer a connection keeps between
	// bursts; a bigger one (a burst of full states) is dropped after use.
	corkKeep = 16 << 10
)

// conn is one WebSocket connection to one match.
type conn struct {
	ws     *websocket.Conn
	tcp    *corkConn // the socket under ws; nil in tests without one
	out    chan frame
	cancel context.CancelFunc
	// heard is set by the read loop for every frame and cleared by the
	// ping tick: a peer heard from since the last tick is alive, so it is
	// not pinged (a ping holds the write loop until its pong).
	heard atomic.Bool

	mu        sync.Mutex // guards closeCode and closeWhy
	closeCode websocket.StatusCode
	closeWhy  string
}

// frame is one or two messages to send: a command's update and its ack
// travel together, so the writer sends both in one socket write.
type frame struct {
	data, then []byte // then is nil for a single message
}

// send queues data without blocking; false when the queue is full.
func (c *conn) send(data []byte) bool { return c.sendFrame(frame{data: data}) }

// sendFrame queues f without blocking; false when the queue is full.
func (c *conn) sendFrame(f frame) bool {
	select {
	case c.out <- f:
		return true
	default:
		return false
	}
}

func (c *conn) sendError(id string, version int64, e *protocol.Error) {
	c.send(encode(protocol.ServerMessage{Type: protocol.TypeError, ID: id, Version: version, Error: e}))
}

// kick closes the connection with a policy-violation status, without
// blocking the caller.
func (c *conn) kick(why string) {
	c.mu.Lock()
	if c.closeCode == 0 {
		c.closeCode, c.closeWhy = websocket.StatusPolicyViolation, why
	}
	c.mu.Unlock()
	c.cancel()
}

// writeLoop sends queued frames, and pings to peers it has not heard from
// for a ping interval, until ctx ends. A frame write
// that takes longer than writeTimeout closes the connection: one watchdog
// timer per connection, re-armed per frame, instead of a deadline context
// (and its timer) per frame. Messages that are ready together (an update
// and its ack, a burst) go out in one socket write: a write on loopback
// costs tens of microseconds, most of the server's time per move.
func (c *conn) writeLoop(ctx context.Context) {
	ping := time.NewTicker(pingInterval)
	defer ping.Stop()
	watchdog := time.AfterFunc(writeTimeout, func() { c.ws.CloseNow() })
	watchdog.Stop()
	defer watchdog.Stop()
	// Frames are written without ctx: the watchdog bounds a write, and a
	// cancellable context costs the library a context.AfterFunc
	// registration (three allocations and a lock) per frame. A cancelled
	// connection stops after the frame being written.
	write := func(data []byte) bool {
		if c.ws.Write(context.Background(), websocket.MessageText, data) != nil {
			c.cancel()
			return false
		}
		return true
	}
	for {
		select {
		case <-ctx.Done():
			return
		case f := <-c.out:
			watchdog.Reset(writeTimeout)
			more := len(c.out)
			corked := c.tcp != nil && (f.then != nil || more > 0)
			if corked {
				c.tcp.cork()
			}
			ok := write(f.data) && (f.then == nil || write(f.then))
			for ; ok && more > 0; more-- {
				f = <-c.out
				ok = write(f.data) && (f.then == nil || write(f.then))
			}
			if corked && c.tcp.uncork() != nil && ok {
				c.cancel()
				ok = false
			}
			watchdog.Stop()
			if !ok {
				return
			}
		case <-ping.C:
			if c.heard.Swap(false) {
				continue
			}
			pctx, cancel := context.WithTimeout(ctx, pingTimeout)
			err := c.ws.Ping(pctx)
			cancel()
			if err != nil {
				c.cancel()
				return
			}
		}
	}
}

// corkConn is the socket under a server WebSocket. While corked, writes
// collect in a buffer; uncork sends them in one write.
type corkConn struct {
	net.Conn
	mu     sync.Mutex // guards corked and buf; held during a write
	corked bool
	buf    []byte
}

func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.corked {
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	return c.Conn.Write(p)
}

func (c *corkConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// uncork sends what collected since cork.
func (c *corkConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	if len(c.buf) == 0 {
		return nil
	}
	_, err := c.Conn.Write(c.buf)
	if cap(c.buf) > corkKeep {
		c.buf = nil
	} else {
		c.buf = c.buf[:0]
	}
	return err
}

// corkWriter hands the WebSocket library a corkConn when it hijacks the
// HTTP connection.
type corkWriter struct {
	http.ResponseWriter
	conn *corkConn
}

func (w *corkWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h, ok := w.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("server: the response writer cannot hijack")
	}
	nc, brw, err := h.Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := brw.Writer.Flush(); err != nil {
		nc.Close()
		return nil, nil, err
	}
	w.conn = &corkConn{Conn: nc}
	brw.Writer.Reset(w.conn)
	return w.conn, brw, nil
}

// handleWS serves GET /ws/matches/{id}.
func (s *Server) handleWS(w http.ResponseWriter, req *http.Request) {
	r, err := s.room(req.Context(), req.PathValue("id"))
	if err != nil {
		s.httpError(w, err)
		return
	}
	cw := &corkWriter{ResponseWriter: w}
	ws, err := websocket.Accept(cw, req, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		return // Accept has answered
	}
	ws.SetReadLimit(readLimit)
	ctx, cancel := context.WithCancel(s.ctx)
	c := &conn{ws: ws, tcp: cw.conn, out: make(chan frame, sendBuffer), cancel: cancel}
	s.metrics.conns.Inc()
	defer s.metrics.conns.Dec()
	bearer := strings.TrimPrefix(req.Header.Get("Authorization"), "Bearer ")

	done := make(chan struct{})
	go func() { // exits when ctx ends: peer gone, kicked, or server closing
		defer close(done)
		c.writeLoop(ctx)
	}()
	s.readLoop(ctx, c, r, bearer)
	cancel()
	<-done
	r.post(context.Background(), unsubscribe{c})
	code, why := websocket.StatusNormalClosure, ""
	c.mu.Lock()
	if c.closeCode != 0 {
		code, why = c.closeCode, c.closeWhy
	}
	c.mu.Unlock()
	ws.Close(code, why)
}

// keepBuffer is the largest frame buffer a connection keeps between
// frames; a larger frame's buffer (up to readLimit) is let go.
const keepBuffer = 4 << 10

// readFrame reads one message into buf (emptied first) and returns its
// bytes, valid until the next call.
func readFrame(ctx context.Context, ws *websocket.Conn, buf *bytes.Buffer) (websocket.MessageType, []byte, error) {
	if buf.Cap() > keepBuffer {
		*buf = bytes.Buffer{}
	}
	buf.Reset()
	typ, r, err := ws.Reader(ctx)
	if err != nil {
		return 0, nil, err
	}
	_, err = buf.ReadFrom(r)
	return typ, buf.Bytes(), err
}

// readLoop reads client messages until the connection fails or ctx ends.
func (s *Server) readLoop(ctx context.Context, c *conn, r *room, bearer string) {
	hello := false
	// buf holds one frame at a time, reused: ws.Read allocated a fresh
	// buffer per frame (io.ReadAll, 512 bytes or more). Decoded messages
	// copy what they keep, so nothing refers to buf after its frame is
	// handled.
	var buf bytes.Buffer
	for {
		typ, data, err := readFrame(ctx, c.ws, &buf)
		c.heard.Store(true)
		if err != nil {
			var ce websocket.CloseError
			if errors.As(err, &ce) || ctx.Err() != nil {
				return
			}
			if websocket.CloseStatus(err) == -1 && strings.Contains(err.Error(), "read limited") {
				c.sendError("", r.version.Load(), protocol.Errorf(protocol.CodeTooLarge, "frame larger than %d bytes", readLimit))
			}
			return
		}
		if typ != websocket.MessageText {
			c.sendError("", r.version.Load(), protocol.Errorf(protocol.CodeBadJSON, "binary frames are not accepted"))
			continue
		}
		msg, err := protocol.Decode(data)
		if err != nil {
			var pe *protocol.Error
			errors.As(err, &pe)
			c.sendError(msg.ID, r.version.Load(), pe)
			continue
		}
		switch {
		case msg.Type == protocol.TypePing:
			c.send(encode(protocol.ServerMessage{Type: protocol.TypePong, Version: r.version.Load()}))
		case msg.Type == protocol.TypeHello:
			token := msg.Token
			if token == "" {
				token = bearer
			}
			var tokens []string
			if token != "" {
				tokens = append(tokens, token)
			}
			tokens = append(tokens, msg.Tokens...)
			if !r.post(ctx, subscribe{c: c, tokens: tokens, since: msg.Since, delta: msg.Delta}) {
				return
			}
			hello = true
		case !hello:
			c.sendError(msg.ID, r.version.Load(), protocol.Errorf(protocol.CodeNeedHello, "send hello first"))
		default:
			if !r.tryPost(command{c: c, msg: msg, at: s.clock.Now()}) {
				c.sendError(msg.ID, r.version.Load(), protocol.Errorf(protocol.CodeOverloaded, "match queue full"))
			}
		}
	}
}
