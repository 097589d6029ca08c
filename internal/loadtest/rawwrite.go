package main

import (
	"context"
	"encoding/binary"
	"math/rand/v2"
	"net"
	"net/http"
	"sync"
	"time"
)

// The load generator writes its messages straight to the socket, framed
// here, instead of through the WebSocket library's writer: a message
// through the library cost a lock taken with a three-way select, its frame
// writer's bookkeeping and a buffered write flushed at once (~3.5 µs a
// move of the load generator's ~43 µs, its mutex and select alone 11 % of
// its CPU). Each frame goes out in one Write on the connection, which the
// runtime never interleaves with another Write, so the library's own
// frames (pongs, the close handshake), each also one Write, stay whole.
// Reads stay the library's.

// dialedConn is the context key under which dial leaves a slot for the
// connection its WebSocket handshake dials.
type dialedConn struct{}

// dialDeadline bounds dialing one connection.
const dialDeadline = 30 * time.Second

// newWSClient returns the HTTP client the WebSocket handshakes go through:
// a transport of its own that dials a new connection for every handshake
// (no keep-alive pool: an upgraded connection is handed over, never
// pooled) and records it in the request context's dialedConn slot.
func newWSClient() *http.Client {
	d := &net.Dialer{Timeout: dialDeadline}
	return &http.Client{Transport: &http.Transport{
		DisableKeepAlives: true,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := d.DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			if slot, ok := ctx.Value(dialedConn{}).(*connSlot); ok {
				slot.set(c)
			}
			return c, nil
		},
	}}
}

// connSlot receives the connection a handshake dialed (the transport
// dials on a goroutine of its own).
type connSlot struct {
	mu sync.Mutex
	c  net.Conn
	n  int // connections dialed for the handshake
}

func (s *connSlot) set(c net.Conn) {
	s.mu.Lock()
	s.c = c
	s.n++
	s.mu.Unlock()
}

// get returns the connection dialed, nil unless exactly one was.
func (s *connSlot) get() net.Conn {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n != 1 {
		return nil
	}
	return s.c
}

// frameWriter writes text messages to a client connection's socket.
type frameWriter struct {
	conn net.Conn
	mu   sync.Mutex // guards buf: the scheduler sends moves, the reader a resync hello
	buf  []byte
}

// write sends msg as one masked text frame in one Write.
func (w *frameWriter) write(msg []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = appendClientFrame(w.buf[:0], msg, rand.Uint32())
	_, err := w.conn.Write(w.buf)
	if cap(w.buf) > frameKeep {
		w.buf = nil
	}
	return err
}

// frameKeep is the largest frame buffer a connection keeps between
// writes: a move command fits many times over.
const frameKeep = 1 << 10

// appendClientFrame appends p as one final text frame from a client (RFC
// 6455 §5.2, §5.3): opcode 1 with FIN, the mask bit with the payload
// length in 7 bits, or 126 and 16 bits, or 127 and 64 bits (network
// order), the 4-byte masking key, then the payload XORed with the key.
func appendClientFrame(b, p []byte, key uint32) []byte {
	b = append(b, 0x81)
	switch n := len(p); {
	case n <= 125:
		b = append(b, 0x80|byte(n))
	case n <= 0xFFFF:
		b = append(b, 0x80|126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b = append(b, 0x80|127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	var k [4]byte
	binary.BigEndian.PutUint32(k[:], key)
	b = append(b, k[:]...)
	start := len(b)
	b = append(b, p...)
	for i := range p {
		b[start+i] ^= k[i&3]
	}
	return b
}
