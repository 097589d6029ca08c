package server

import (
	"errors"
	"net"
	"os"
	"sync"
	"time"
)

// sock is the socket under a server WebSocket. Its writes never block:
// bytes go to the kernel at once as far as its socket buffer takes them
// (a non-blocking write, see tryWrite), and the rest wait in pending for
// a flusher goroutine that runs only while there are any. A peer that
// owes more than maxPending bytes, or takes nothing for writeTimeout, is
// too slow: the write fails, the connection closes, and nobody waited for
// it. While corked, writes collect in buf; uncork sends them as one.
type sock struct {
	net.Conn
	nb nonblocking // the non-blocking write of this platform and socket

	mu       sync.Mutex // guards the fields below; never held across a blocking call
	corked   bool
	buf      []byte // corked bytes
	pending  []byte // bytes the kernel did not take yet, in order
	spare    []byte // the flusher's other buffer
	flushing bool   // a flusher goroutine owns the bytes in flight
	err      error  // the first write failure; every later write fails with it
}

func newSock(nc net.Conn) *sock {
	s := &sock{Conn: nc}
	s.nb = newNonblocking(nc)
	return s
}

func (s *sock) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.err != nil {
		return 0, s.err
	}
	if s.corked {
		s.buf = append(s.buf, p...)
		return len(p), nil
	}
	if err := s.writeLocked(p); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (s *sock) cork() {
	s.mu.Lock()
	s.corked = true
	s.mu.Unlock()
}

// uncork sends what collected since cork.
func (s *sock) uncork() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.corked = false
	if s.err != nil {
		s.buf = s.buf[:0]
		return s.err
	}
	if len(s.buf) == 0 {
		return nil
	}
	err := s.writeLocked(s.buf)
	if cap(s.buf) > corkKeep {
		s.buf = nil
	} else {
		s.buf = s.buf[:0]
	}
	return err
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
		s.Conn.Close()
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
