package server

import (
	"encoding/binary"
	"errors"
	"net"
	"os"
	"sync"
	"time"
)

// sock is the socket under a server WebSocket. Its writes never block:
// bytes go to the kernel at once as far as its socket buffer takes them
// (a non-blocking write, see nonblocking), and the rest wait in pending
// for a flusher goroutine that runs only while there are any. A peer that
// owes more than maxPending bytes, or takes nothing for writeTimeout, is
// too slow: the write fails, the connection closes, and nobody waited for
// it. The server's messages are framed here (writeText); the WebSocket
// library writes only its control frames (pings, pongs, close), each in
// one Write, so frames never interleave.
type sock struct {
	net.Conn
	nb nonblocking // the non-blocking write of this platform and socket

	mu       sync.Mutex // guards the fields below; never held across a blocking call
	buf      []byte     // the frames being written by writeText
	pending  []byte     // bytes the kernel did not take yet, in order
	spare    []byte     // the flusher's other buffer
	flushing bool       // a flusher goroutine owns the bytes in flight
	err      error      // the first write failure; every later write fails with it
	// closing is set once the close frame is written (or queued): every
	// later write fails with errClosing, but the flusher still delivers
	// what is queued, the close frame last.
	closing bool
	// closeLater is set by a Close that came while the flusher had bytes
	// to deliver: the flusher closes the socket once they are out (or
	// writeTimeout passed).
	closeLater, closed bool
	// flushed is made with closeLater and closed once the socket is: what
	// waitClosed waits for. Only a connection closing behind a slow
	// moment pays for it.
	flushed chan struct{}
}

func newSock(nc net.Conn) *sock {
	s := &sock{Conn: nc}
	s.nb = newNonblocking(nc)
	return s
}

func (s *sock) Write(p []byte) (int, error) {
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

// writeText sends a and, unless nil, b as WebSocket text messages, one
// final unmasked frame each (RFC 6455 §5.2, a server's frames), in one
// write. Through the library, a message cost a lock taken with a select,
// its frame writer's bookkeeping and a buffered write; a command's update
// and ack were two of them, and a flush each into a coalescing buffer.
func (s *sock) writeText(a, b []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.refused(); err != nil {
		return err
	}
	buf := appendTextFrame(s.buf[:0], a)
	if b != nil {
		buf = appendTextFrame(buf, b)
	}
	err := s.writeLocked(buf)
	if cap(buf) > frameKeep {
		s.buf = nil
	} else {
		s.buf = buf[:0]
	}
	return err
}

// appendTextFrame appends p as one final, unmasked text frame: opcode 1
// with FIN, then the payload length in 7 bits, or 126 and 16 bits, or 127
// and 64 bits (network order), then the payload.
func appendTextFrame(b, p []byte) []byte {
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

// maxCloseReason is the longest close reason a close frame carries: a
// control frame's payload is at most 125 bytes, two of them the code.
const maxCloseReason = 123

// writeClose sends a close frame with code and reason (RFC 6455 §5.5.1),
// without blocking, as the socket's last frame: every later write fails
// with errClosing (the caller closes the socket next, see conn.kick). A
// reason is ASCII here; a longer one is cut to maxCloseReason bytes.
func (s *sock) writeClose(code uint16, reason string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.refused(); err != nil {
		return err
	}
	reason = reason[:min(len(reason), maxCloseReason)]
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
func (s *sock) refused() error {
	if s.err != nil {
		return s.err
	}
	if s.closing {
		return errClosing
	}
	return nil
}

// Close closes the socket; while the flusher still has bytes to deliver
// (the close frame among them), it only wakes the readers and leaves the
// close to the flusher, so a close frame queued behind a slow moment is
// not cut off. Closing twice is harmless.
func (s *sock) Close() error {
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

// waitClosed returns once a Close left to the flusher has happened (at
// most writeTimeout after the flusher's last write began); at once when
// none is pending.
func (s *sock) waitClosed() {
	s.mu.Lock()
	ch := s.flushed
	s.mu.Unlock()
	if ch != nil {
		<-ch
	}
}

// writeLocked sends p without blocking: what the kernel does not take
// now is queued for the flusher, in order behind anything queued before.
func (s *sock) writeLocked(p []byte) error {
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
	if len(s.pending)+len(p)-n > maxPending {
		return s.fail(errSlow)
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
func (s *sock) fail(err error) error {
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
// writeTimeout, until none are left; it runs only while there are any.
func (s *sock) flush() {
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
		s.Conn.SetWriteDeadline(time.Now().Add(writeTimeout))
		_, err := s.Conn.Write(p)
		s.mu.Lock()
		if err != nil {
			if errors.Is(err, os.ErrDeadlineExceeded) {
				err = errSlow
			}
			s.fail(err)
		} else {
			s.spare = p
		}
		s.mu.Unlock()
	}
}

// failedSlow reports whether the socket failed because the peer was too
// slow.
func (s *sock) failedSlow() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return errors.Is(s.err, errSlow)
}
