package cluster

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
)

const (
	// maxRelayBody bounds a relayed lobby request's or answer's body: the
	// server's own bodies are far smaller (a match's record is the
	// largest), and a NATS message is at most 1 MiB by default.
	maxRelayBody = 512 << 10
	// chunkSize is the most bytes of a relayed WebSocket one NATS message
	// carries.
	chunkSize = 32 << 10
	// tunnelQueue is how many chunks a relayed connection may have
	// waiting to be written; a peer further behind is cut (it reconnects
	// and resyncs), as the server cuts a slow WebSocket peer.
	tunnelQueue = 256
	// watchdogEvery is how often a relayed connection checks that both
	// its nodes live and the match's owner has not changed.
	watchdogEvery = 500 * time.Millisecond
)

// Handler wraps the server's handler: a request about a match another
// live node owns is relayed to that node; everything else is served here.
func (n *Node) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if node := challengeNode(r.URL.Path); node != "" && node != n.id && n.isAlive(node) {
			n.relayHTTP(w, r, node) // an answer to a challenge another node holds (lobby.go)
			return
		}
		id := matchOf(r.URL.Path)
		if id == "" {
			n.local.ServeHTTP(w, r)
			return
		}
		owner := n.ownerOf(r.Context(), id)
		if owner == "" {
			n.local.ServeHTTP(w, r)
			return
		}
		if streamed(r.URL.Path) {
			n.relayWS(w, r, owner, id)
			return
		}
		n.relayHTTP(w, r, owner)
	})
}

// matchOf returns the match a request is about: /api/matches/{id}[/...],
// /ws/matches/{id}, and the bot API's /api/bot/matches/{id}/...,
// /api/bot/game/{id}/... and /api/bot/game/stream/{id}; "" for any other
// path.
func matchOf(path string) string {
	for _, p := range []string{"/api/matches/", "/ws/matches/", "/api/bot/matches/", "/api/bot/game/stream/", "/api/bot/game/"} {
		if rest, ok := strings.CutPrefix(path, p); ok {
			id, _, _ := strings.Cut(rest, "/")
			return id
		}
	}
	return ""
}

// streamed reports whether a request about a match holds its connection
// open (a WebSocket, a bot's game stream): it is relayed as a byte stream,
// not by request/reply.
func streamed(path string) bool {
	return strings.HasPrefix(path, "/ws/") || strings.HasPrefix(path, "/api/bot/game/stream/")
}

// ownerOf returns the live node other than this one that owns match id,
// or "" when this node owns it or nobody live does (then this node serves,
// claiming it when its room loads).
func (n *Node) ownerOf(ctx context.Context, id string) string {
	n.mu.Lock()
	_, mine := n.owned[id]
	rec, ok := n.index[id]
	alive := n.alive[rec.node]
	n.mu.Unlock()
	if mine {
		return ""
	}
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	if !ok {
		// The watch may not have the newest record yet.
		e, err := n.owners.Get(ctx, id)
		if err != nil {
			return ""
		}
		rec.node = string(e.Value())
	}
	if !alive && rec.node != n.id {
		// The poll may not have seen a node that just joined.
		alive, _ = n.leaseAlive(ctx, rec.node)
	}
	if !alive || rec.node == n.id {
		return ""
	}
	return rec.node
}

// relayedRequest is a lobby request relayed to the owner, and its answer.
type relayedRequest struct {
	Method string      `json:"method"`
	URI    string      `json:"uri"`
	Host   string      `json:"host"`
	Remote string      `json:"remote"`
	Header http.Header `json:"header"`
	Body   []byte      `json:"body,omitempty"`
}

type relayedAnswer struct {
	Status int         `json:"status"`
	Header http.Header `json:"header"`
	Body   []byte      `json:"body,omitempty"`
}

func (n *Node) relayHTTP(w http.ResponseWriter, r *http.Request, owner string) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxRelayBody+1))
	if err != nil || len(body) > maxRelayBody {
		http.Error(w, "request body too large", http.StatusRequestEntityTooLarge)
		return
	}
	req, err := json.Marshal(relayedRequest{r.Method, r.RequestURI, r.Host, r.RemoteAddr, r.Header, body})
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), opTimeout)
	defer cancel()
	msg, err := n.nc.RequestWithContext(ctx, n.subject("node", owner, "http"), req)
	if err != nil {
		n.log.Warn("relay request", "owner", owner, "err", err)
		w.Header().Set("Retry-After", "1")
		http.Error(w, "the match's node did not answer; retry", http.StatusServiceUnavailable)
		return
	}
	var ans relayedAnswer
	if err := json.Unmarshal(msg.Data, &ans); err != nil {
		http.Error(w, "internal error", http.StatusBadGateway)
		return
	}
	for k, v := range ans.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(ans.Status)
	_, _ = w.Write(ans.Body)
}

// serveHTTP answers a lobby request another node relayed here.
func (n *Node) serveHTTP(m *nats.Msg) {
	n.wg.Go(func() {
		var rr relayedRequest
		if err := json.Unmarshal(m.Data, &rr); err != nil {
			return
		}
		req, err := http.NewRequestWithContext(n.ctx, rr.Method, rr.URI, bytes.NewReader(rr.Body))
		if err != nil {
			return
		}
		req.RequestURI, req.Host, req.RemoteAddr, req.Header = rr.URI, rr.Host, rr.Remote, rr.Header
		rec := &recorder{header: http.Header{}, status: http.StatusOK}
		n.local.ServeHTTP(rec, req)
		body := rec.body.Bytes()
		if len(body) > maxRelayBody {
			rec.status, body = http.StatusBadGateway, nil
		}
		data, err := json.Marshal(relayedAnswer{rec.status, rec.header, body})
		if err == nil {
			_ = m.Respond(data)
		}
	})
}

// recorder is the ResponseWriter of a relayed lobby request.
type recorder struct {
	header http.Header
	status int
	wrote  bool
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(s int) {
	if !r.wrote {
		r.status, r.wrote = s, true
	}
}
func (r *recorder) Write(p []byte) (int, error) {
	r.wrote = true
	return r.body.Write(p)
}

// tunnelOpen asks the owner to take a relayed WebSocket.
type tunnelOpen struct {
	Tunnel string `json:"tunnel"`
	From   string `json:"from"`
	Match  string `json:"match"`
	Remote string `json:"remote"`
}

// relayWS carries a WebSocket for a match the owner runs: the client's
// connection is taken over (hijacked) and its bytes, the upgrade request
// first, go to the owner and back unchanged.
func (n *Node) relayWS(w http.ResponseWriter, r *http.Request, owner, id string) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		http.Error(w, "cannot relay this connection", http.StatusInternalServerError)
		return
	}
	c, brw, err := hj.Hijack()
	if err != nil {
		return
	}
	var head bytes.Buffer
	r.RequestURI = ""
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		r.Close = true // a stream: the owner closes the connection after it, so no next request follows it there
	}
	if err := r.Write(&head); err != nil {
		c.Close()
		return
	}
	if k := brw.Reader.Buffered(); k > 0 {
		b, _ := brw.Reader.Peek(k)
		head.Write(b)
	}
	n.mu.Lock()
	n.tunSeq++
	tid := n.id + "-" + strconv.FormatUint(n.tunSeq, 36)
	n.mu.Unlock()
	t := n.newTunnel(tid, owner, id, c)
	open, _ := json.Marshal(tunnelOpen{Tunnel: tid, From: n.id, Match: id, Remote: r.RemoteAddr})
	ctx, cancel := context.WithTimeout(n.ctx, opTimeout)
	_, err = n.nc.RequestWithContext(ctx, n.subject("node", owner, "ws"), open)
	cancel()
	if err != nil {
		_, _ = io.WriteString(c, "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 1\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
		t.close()
		return
	}
	t.send(head.Bytes())
	n.wg.Go(t.writeLoop)
	n.wg.Go(t.readLoop)
	n.wg.Go(t.watchdog)
}

// serveOpen takes a WebSocket another node relays here: a pipe whose far
// end the server serves as a connection from the client's address.
func (n *Node) serveOpen(m *nats.Msg) {
	var o tunnelOpen
	if err := json.Unmarshal(m.Data, &o); err != nil || o.Tunnel == "" || o.From == "" {
		return
	}
	near, far := net.Pipe()
	t := n.newTunnel(o.Tunnel, o.From, o.Match, near)
	n.wg.Go(t.writeLoop)
	n.wg.Go(t.readLoop)
	n.wg.Go(t.watchdog)
	n.wg.Go(func() {
		serveOne(n.ctx, &remoteConn{Conn: far, remote: addr(o.Remote)}, n.local)
	})
	_ = m.Respond([]byte("ok"))
}

// serveOne serves HTTP on one connection until it closes.
func serveOne(ctx context.Context, c net.Conn, h http.Handler) {
	ln := &oneListener{c: make(chan net.Conn, 1), done: make(chan struct{})}
	ln.c <- c
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second, ConnState: func(_ net.Conn, s http.ConnState) {
		if s == http.StateClosed || s == http.StateHijacked {
			ln.Close()
		}
	}}
	stop := context.AfterFunc(ctx, func() { ln.Close() })
	defer stop()
	_ = hs.Serve(ln)
}

// oneListener hands out one connection, then waits until closed.
type oneListener struct {
	c    chan net.Conn
	once sync.Once
	done chan struct{}
}

func (l *oneListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.c:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}
func (l *oneListener) Close() error   { l.once.Do(func() { close(l.done) }); return nil }
func (l *oneListener) Addr() net.Addr { return addr("relay") }

// remoteConn is a relayed connection that reports the client's address,
// so the server's per-client limits see the client, not the relay.
type remoteConn struct {
	net.Conn
	remote net.Addr
}

func (c *remoteConn) RemoteAddr() net.Addr { return c.remote }

type addr string

func (a addr) Network() string { return "tcp" }
func (a addr) String() string  { return string(a) }

// tunnel is one relayed WebSocket at one end: conn is the client's
// connection (at the relaying node) or the pipe to the server (at the
// owner); chunks go to peer's node, numbered, and come in numbered.
type tunnel struct {
	n     *Node
	id    string
	peer  string // the node at the other end
	match string
	conn  net.Conn
	in    chan []byte // chunks to write to conn
	out   uint64      // the next outgoing chunk's number
	next  uint64      // the next incoming chunk's number
	once  sync.Once
	done  chan struct{}
	outMu sync.Mutex
}

func (n *Node) newTunnel(id, peer, match string, conn net.Conn) *tunnel {
	t := &tunnel{n: n, id: id, peer: peer, match: match, conn: conn, in: make(chan []byte, tunnelQueue), done: make(chan struct{})}
	n.mu.Lock()
	n.tunnels[id] = t
	n.mu.Unlock()
	return t
}

// Chunk kinds, the byte after a chunk's number.
const (
	chunkData = 0
	chunkEnd  = 1
)

// send publishes data to the peer, in chunks.
func (t *tunnel) send(data []byte) {
	for len(data) > 0 {
		k := min(len(data), chunkSize)
		t.publish(chunkData, data[:k])
		data = data[k:]
	}
}

func (t *tunnel) publish(kind byte, data []byte) {
	t.outMu.Lock()
	defer t.outMu.Unlock()
	msg := make([]byte, 9+len(data))
	binary.BigEndian.PutUint64(msg, t.out)
	msg[8] = kind
	copy(msg[9:], data)
	t.out++
	_ = t.n.nc.Publish(t.n.subject("tun", t.peer, t.id), msg)
}

// serveChunk takes an incoming chunk of a tunnel: in order, or the tunnel
// is cut (a lost chunk would corrupt the stream).
func (n *Node) serveChunk(m *nats.Msg) {
	tid := m.Subject[strings.LastIndexByte(m.Subject, '.')+1:]
	n.mu.Lock()
	t := n.tunnels[tid]
	n.mu.Unlock()
	if t == nil || len(m.Data) < 9 {
		return
	}
	seq := binary.BigEndian.Uint64(m.Data)
	if seq != t.next || m.Data[8] == chunkEnd {
		t.close()
		return
	}
	t.next++
	select {
	case t.in <- m.Data[9:]:
	default:
		t.close() // the far end is too slow
	}
}

// writeLoop writes incoming chunks to conn.
func (t *tunnel) writeLoop() {
	for {
		select {
		case <-t.done:
			return
		case b := <-t.in:
			_ = t.conn.SetWriteDeadline(time.Now().Add(10 * time.Second))
			if _, err := t.conn.Write(b); err != nil {
				t.close()
				return
			}
		}
	}
}

// readLoop sends what conn reads to the peer.
func (t *tunnel) readLoop() {
	br := bufio.NewReaderSize(t.conn, chunkSize)
	buf := make([]byte, chunkSize)
	for {
		k, err := br.Read(buf)
		if k > 0 {
			t.publish(chunkData, buf[:k])
		}
		if err != nil {
			t.close()
			return
		}
	}
}

// watchdog cuts the tunnel when the peer's node dies, this node's lease
// lapses, or the match's owner changes (the client reconnects and finds
// the new owner).
func (t *tunnel) watchdog() {
	tick := time.NewTicker(watchdogEvery)
	defer tick.Stop()
	bad := 0 // checks failed in a row: a node that just joined is not in alive until the next poll
	for {
		select {
		case <-t.done:
			return
		case <-t.n.ctx.Done():
			t.close()
			return
		case <-tick.C:
		}
		n := t.n
		n.mu.Lock()
		ok := n.alive[t.peer] && n.leaseRev != 0
		if rec, has := n.index[t.match]; ok && has {
			ok = rec.node == t.peer || rec.node == n.id
		}
		n.mu.Unlock()
		if ok {
			bad = 0
		} else if bad++; bad >= 2 {
			t.close()
			return
		}
	}
}

// close ends the tunnel at this end and tells the peer.
func (t *tunnel) close() {
	t.once.Do(func() {
		close(t.done)
		t.publish(chunkEnd, nil)
		t.conn.Close()
		t.n.mu.Lock()
		delete(t.n.tunnels, t.id)
		t.n.mu.Unlock()
	})
}
