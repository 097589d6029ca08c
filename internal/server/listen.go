package server

import (
	"errors"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"syscall"
	"time"
)

// The HTTP server's limits (HTTPServer). WebSockets are exempt from the
// read and write timeouts: their deadlines are cleared when the
// connection is hijacked (sockWriter.Hijack), and they have their own
// (pings, writeTimeout).
const (
	// ReadHeaderTimeout stops clients that open connections and send
	// nothing from holding them.
	ReadHeaderTimeout = 10 * time.Second
	// ReadTimeout bounds a whole request, body included: a lobby body is
	// under 1 KiB, so a client still sending after this is trickling
	// bytes to hold the connection.
	ReadTimeout = 30 * time.Second
	// WriteTimeout bounds writing a response (a record of the longest
	// match is well under a second on any link a player can use).
	WriteTimeout = 60 * time.Second
	// IdleTimeout closes keep-alive connections with no request for this
	// long: the web client's requests come seconds apart at most, and
	// an idle connection is a file descriptor.
	IdleTimeout = 2 * time.Minute
	// MaxHeaderBytes bounds a request's headers: the lobby's need well
	// under 4 KiB, and net/http's default (1 MiB) is memory for nothing.
	MaxHeaderBytes = 16 << 10
	// MaxConnsPerClient caps the TCP connections one client (an address,
	// an IPv6 /64, see clientOf) holds at once: several players and tabs
	// behind one home address stay far below it, while one client can
	// no longer take every file descriptor the server has. Connections
	// from Config.TrustedProxies are not counted (they carry everyone).
	MaxConnsPerClient = 256
)

// HTTPServer returns the http.Server that serves h (Handler) with the
// limits above, logging its own errors to log at debug level.
func HTTPServer(h http.Handler, log *slog.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: ReadHeaderTimeout,
		ReadTimeout:       ReadTimeout,
		WriteTimeout:      WriteTimeout,
		IdleTimeout:       IdleTimeout,
		MaxHeaderBytes:    MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelDebug),
	}
}

// Listener wraps ln so that no client holds more than max connections at
// once (MaxConnsPerClient in production): past it, a new connection is
// closed as soon as it is accepted. Clients are named as clientOf names
// them, by their address (X-Forwarded-For cannot be read before a
// request); a trusted proxy's connections are not counted.
func (s *Server) Listener(ln net.Listener, max int) net.Listener {
	return &capListener{Listener: ln, s: s, max: max, open: map[string]int{}}
}

type capListener struct {
	net.Listener
	s   *Server
	max int

	mu   sync.Mutex
	open map[string]int // connections open per client
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr, ok := remoteIP(c.RemoteAddr().String())
		if ok && l.s.trusted(addr) {
			return c, nil
		}
		key := "unknown"
		if ok {
			key = clientKey(addr)
		}
		l.mu.Lock()
		full := l.open[key] >= l.max
		if !full {
			l.open[key]++
		}
		l.mu.Unlock()
		if full {
			l.s.log.Debug("connection refused: too many from one client", "client", key, "max", l.max)
			c.Close()
			continue
		}
		return &cappedConn{Conn: c, l: l, key: key}, nil
	}
}

// cappedConn gives its client's place back when it closes.
type cappedConn struct {
	net.Conn
	l    *capListener
	key  string
	once sync.Once
}

func (c *cappedConn) Close() error {
	c.once.Do(func() {
		c.l.mu.Lock()
		if c.l.open[c.key]--; c.l.open[c.key] <= 0 {
			delete(c.l.open, c.key)
		}
		c.l.mu.Unlock()
	})
	return c.Conn.Close()
}

// SyscallConn hands on the socket's raw connection, so a WebSocket over a
// capped connection keeps its non-blocking writes (see wsout).
func (c *cappedConn) SyscallConn() (syscall.RawConn, error) {
	sc, ok := c.Conn.(syscall.Conn)
	if !ok {
		return nil, errors.New("server: not a socket")
	}
	return sc.SyscallConn()
}
