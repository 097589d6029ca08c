// Package wsout writes a server's WebSocket frames to its socket without
// ever blocking the sender: what the kernel does not take at once waits in
// memory for a flusher goroutine, and a peer that falls too far behind
// (Policy) is dropped, never waited for.
//
// A Conn sits under a WebSocket library's connection (see ResponseWriter):
// the library reads through it and writes its control frames (pings,
// pongs, close) through Write, each in one call; the application's text
// messages are framed here (WriteText), so frames never interleave.
package wsout

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"sync"
	"time"
)

// ErrSlow is a write to a peer that owes more than Policy.MaxPending
// bytes, or took nothing for Policy.WriteTimeout.
var ErrSlow = errors.New("wsout: peer too slow")

// ErrClosing is a write after the connection's close frame.
var ErrClosing = errors.New("wsout: connection closing")

// Policy is how much a slow peer is allowed before it is dropped, and
// what a connection keeps between writes.
type Policy struct {
	// MaxPending is how many bytes a peer may owe beyond what the
	// kernel's socket buffer took; a write past it fails with ErrSlow.
	MaxPending int
	// WriteTimeout bounds how long the socket may refuse bytes it owes
	// the peer; past it the connection fails with ErrSlow.
	WriteTimeout time.Duration
	// KeepBuffer is the largest frame buffer kept between writes; a
	// bigger one is let go after use rather than held for the
	// connection's life.
	KeepBuffer int
}

// Conn is the socket under a server WebSocket. Its writes never block:
// bytes go to the kernel at once as far as its socket buffer takes them
// (a non-blocking write, see nonblocking), and the rest wait in pending
// for a flusher goroutine that runs only while there are any. A peer that
// owes more than MaxPending bytes, or takes nothing for WriteTimeout, is
// too slow: the write fails, the socket closes, and nobody waited for it.
type Conn struct {
	net.Conn
	policy Policy
	nb     nonblocking // the non-blocking write of this platform and socket

	mu       sync.Mutex // guards the fields below; never held across a blocking call
	buf      []byte     // the frames being written by WriteText
	pending  []byte     // bytes the kernel did not take yet, in order
	spare    []byte     // the flusher's other buffer
	flushing bool       // a flusher goroutine owns the bytes in flight
	err      error      // the first write failure; every later write fails with it
	// closing is set once the close frame is written (or queued): every
	// later write fails with ErrClosing, but the flusher still delivers
	// what is queued, the close frame last.
	closing bool
	// closeLater is set by a Close that came while the flusher had bytes
	// to deliver: the flusher closes the socket once they are out (or
	// WriteTimeout passed).
	closeLater, closed bool
	// flushed is made with closeLater and closed once the socket is: what
	// WaitClosed waits for. Only a connection closing behind a slow
	// moment pays for it.
	flushed chan struct{}
}

// New returns nc with non-blocking writes under policy.
func New(nc net.Conn, policy Policy) *Conn {
	s := &Conn{Conn: nc, policy: policy}
	s.nb = newNonblocking(nc)
	return s
}

// Write sends p (a whole frame the WebSocket library built) without
// blocking.
func (s *Conn) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.refused(); err != nil {
		return 0, err
	}
	if err := s.writeLocked(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

// WriteText sends a and, unless nil, b as WebSocket text messages, one
// final unmasked frame each (RFC 6455 §5.2, a server's frames), in one
// socket write: a command's update and its ack travel together.
func (s *Conn) WriteText(a, b []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.refused(); err != nil {
		return err
	}
	buf := AppendTextFrame(s.buf[:0], a)
	if b != nil {
		buf = AppendTextFrame(buf, b)
	}
	err := s.writeLocked(buf)
	if cap(buf) > s.policy.KeepBuffer {
		s.buf = nil
	} else {
		s.buf = buf[:0]
	}
	return err
}

// AppendTextFrame appends p as one final, unmasked text frame: opcode 1
// with FIN, then the payload length in 7 bits, or 126 and 16 bits, or 127
// and 64 bits (network order), then the payload.
func AppendTextFrame(b, p []byte) []byte {
	b = append(b, 0x81)
	switch n := len(p); {
	case n <= 125:
		b = append(b, byte(n))
	case n <= 0xFFFF:
		b = append(b, 126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b = append(b, 127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	return append(b, p...)
}

// MaxCloseReason is the longest close reason a close frame carries: a
// control frame's payload is at most 125 bytes, two of them the code.
const MaxCloseReason = 123

// WriteClose sends a close frame with code and reason (RFC 6455 §5.5.1),
// without blocking, as the socket's last frame: every later write fails
// with ErrClosing (the caller closes the socket next). A reason is ASCII
// here; a longer one is cut to MaxCloseReason bytes.
func (s *Conn) WriteClose(code uint16, reason string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.refused(); err != nil {
		return err
	}
	reason = reason[:min(len(reason), MaxCloseReason)]
	b := append(make([]byte, 0, 4+len(reason)), 0x88, byte(2+len(reason)))
	b = binary.BigEndian.AppendUint16(b, code)
	err := s.writeLocked(append(b, reason...))
	if err == nil {
		s.closing = true
	}
	return err
}

// refused is the error of a write that may not go out: the socket failed,
// or its close frame is written. mu held.
func (s *Conn) refused() error {
	if s.err != nil {
		return s.err
	}
	if s.closing {
		return ErrClosing
	}
	return nil
}

// Close closes the socket; while the flusher still has bytes to deliver
// (the close frame among them), it only wakes the readers and leaves the
// close to the flusher, so a close frame queued behind a slow moment is
// not cut off. Closing twice is harmless.
func (s *Conn) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || s.closeLater {
		return nil
	}
	if s.flushing && s.err == nil {
		s.closeLater = true
		s.flushed = make(chan struct{})
		s.Conn.SetReadDeadline(time.Unix(1, 0)) // the read loop returns; the flusher closes
		return nil
	}
	s.closed = true
	return s.Conn.Close()
}

// WaitClosed returns once a Close left to the flusher has happened (at
// most Policy.WriteTimeout after the flusher's last write began); at once when
// none is pending.
func (s *Conn) WaitClosed() {
	s.mu.Lock()
	ch := s.flushed
	s.mu.Unlock()
	if ch != nil {
		<-ch
	}
}

// writeLocked sends p without blocking: what the kernel does not take
// now is queued for the flusher, in order behind anything queued before.
func (s *Conn) writeLocked(p []byte) error {
	n := 0
	if !s.flushing {
		var err error
		if n, err = s.nb.write(p); err != nil {
			return s.fail(err)
		}
		if n == len(p) {
			return nil
		}
	}
	if len(s.pending)+len(p)-n > s.policy.MaxPending {
		return s.fail(ErrSlow)
	}
	s.pending = append(s.pending, p[n:]...)
	if !s.flushing {
		s.flushing = true
		go s.flush()
	}
	return nil
}

// fail records the first write failure and closes the socket (the read
// loop then ends, and with it the connection).
func (s *Conn) fail(err error) error {
	if s.err == nil {
		s.err = err
		s.pending, s.spare = nil, nil
		if !s.closed {
			s.closed = true
			s.Conn.Close()
		}
	}
	return s.err
}

// flush writes the pending bytes with blocking writes, each bounded by
// Policy.WriteTimeout, until none are left; it runs only while there are any.
func (s *Conn) flush() {
	for {
		s.mu.Lock()
		if s.err != nil || len(s.pending) == 0 {
			// The deadline goes before anyone writes without the
			// flusher: an expired one fails non-blocking writes too.
			s.Conn.SetWriteDeadline(time.Time{})
			s.flushing = false
			s.spare = nil // a slow moment need not cost memory for the connection's life
			if s.err == nil {
				s.pending = nil
			}
			if s.closeLater && !s.closed {
				s.closed = true
				s.Conn.Close()
			}
			if s.flushed != nil {
				close(s.flushed)
				s.flushed = nil
			}
			s.mu.Unlock()
			return
		}
		p := s.pending
		s.pending = s.spare[:0]
		s.mu.Unlock()
		s.Conn.SetWriteDeadline(time.Now().Add(s.policy.WriteTimeout))
		_, err := s.Conn.Write(p)
		s.mu.Lock()
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				err = ErrSlow
			}
			s.fail(err)
		} else {
			s.spare = p
		}
		s.mu.Unlock()
	}
}

// FailedSlow reports whether the socket failed because the peer was too
// slow.
func (s *Conn) FailedSlow() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return errors.Is(s.err, ErrSlow)
}

// WaitReadable returns once the socket has bytes to read (or has failed
// or closed), parked in the runtime's poller by a shallow call rather
// than deep in the WebSocket library's read: every garbage collection
// scans a parked goroutine's stack down to its deepest frame. Where the
// platform has no such wait it returns at once.
func (s *Conn) WaitReadable() { s.nb.waitReadable() }

// ResponseWriter hands a WebSocket library a Conn when the library
// hijacks the HTTP connection, with read and write buffers of the given
// sizes (the library reads everything through them but writes only its
// control frames). After the hijack, Conn is the connection, and Reader
// the library's read buffer when it is a fresh one: nil when the HTTP
// server had read ahead, since the library then moves those bytes where
// Reader.Buffered does not see them (and a reader must not wait for the
// socket while they are unread, see WaitReadable).
type ResponseWriter struct {
	http.ResponseWriter
	Policy            Policy
	ReadBuf, WriteBuf int

	Conn   *Conn
	Reader *bufio.Reader
}

// Hijack takes the connection from the HTTP server and wraps it in a Conn.
func (w *ResponseWriter) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	h, ok := w.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, errors.New("wsout: the response writer cannot hijack")
	}
	nc, brw, err := h.Hijack()
	if err != nil {
		return nil, nil, fmt.Errorf("wsout: hijack: %w", err)
	}
	// The HTTP server's read and write timeouts are for requests; a
	// WebSocket lives as long as its peer and has its own (pings,
	// WriteTimeout). net/http clears the deadlines when it hijacks; this
	// says so here too, since an expired one would fail the non-blocking
	// writes and waits.
	if err := nc.SetDeadline(time.Time{}); err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("wsout: hijack: %w", err)
	}
	if err := brw.Writer.Flush(); err != nil {
		nc.Close()
		return nil, nil, fmt.Errorf("wsout: hijack: %w", err)
	}
	w.Conn = New(nc, w.Policy)
	br := brw.Reader
	if br.Buffered() == 0 {
		// Nothing read ahead (the client waits for the handshake's
		// answer): the HTTP server's larger buffer can go.
		br = bufio.NewReaderSize(w.Conn, w.ReadBuf)
		w.Reader = br
	}
	return w.Conn, bufio.NewReadWriter(br, bufio.NewWriterSize(w.Conn, w.WriteBuf)), nil
}
