package server

import (
	"context"
	"errors"
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
)

// conn is one WebSocket connection to one match.
type conn struct {
	ws     *websocket.Conn
	out    chan []byte
	cancel context.CancelFunc
	seat   atomic.Int32 // -1 spectator, set by the room at hello

	mu        sync.Mutex // guards closeCode and closeWhy
	closeCode websocket.StatusCode
	closeWhy  string
}

// send queues data without blocking; false when the queue is full.
func (c *conn) send(data []byte) bool {
	select {
	case c.out <- data:
		return true
	default:
		return false
	}
}

func (c *conn) sendError(id string, version int64, e *protocol.Error) {
	c.send(encode(protocol.ServerMessage{Type: protocol.TypeError, ID: id, Version: version, Error: e}))
}

func (c *conn) setSeat(seat int) { c.seat.Store(int32(seat)) }
func (c *conn) seatNow() int     { return int(c.seat.Load()) }

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

// writeLoop sends queued frames and pings until ctx ends. A frame write
// that takes longer than writeTimeout closes the connection: one watchdog
// timer per connection, re-armed per frame, instead of a deadline context
// (and its timer) per frame.
func (c *conn) writeLoop(ctx context.Context) {
	ping := time.NewTicker(pingInterval)
	defer ping.Stop()
	watchdog := time.AfterFunc(writeTimeout, func() { c.ws.CloseNow() })
	watchdog.Stop()
	defer watchdog.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case data := <-c.out:
			watchdog.Reset(writeTimeout)
			err := c.ws.Write(ctx, websocket.MessageText, data)
			watchdog.Stop()
			if err != nil {
				c.cancel()
				return
			}
		case <-ping.C:
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

// handleWS serves GET /ws/matches/{id}.
func (s *Server) handleWS(w http.ResponseWriter, req *http.Request) {
	r, err := s.room(req.Context(), req.PathValue("id"))
	if err != nil {
		s.httpError(w, err)
		return
	}
	ws, err := websocket.Accept(w, req, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		return // Accept has answered
	}
	ws.SetReadLimit(readLimit)
	ctx, cancel := context.WithCancel(s.ctx)
	c := &conn{ws: ws, out: make(chan []byte, sendBuffer), cancel: cancel}
	c.seat.Store(-1)
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

// readLoop reads client messages until the connection fails or ctx ends.
func (s *Server) readLoop(ctx context.Context, c *conn, r *room, bearer string) {
	hello := false
	for {
		typ, data, err := c.ws.Read(ctx)
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
			if !r.post(ctx, subscribe{c: c, token: token, since: msg.Since}) {
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
