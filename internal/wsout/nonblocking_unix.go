//go:build unix

package wsout

import (
	"net"
	"syscall"
)

// nonblocking writes to a socket without waiting: the runtime keeps its
// sockets non-blocking, and a write through the raw connection's callback
// that never asks to wait takes what the kernel buffer has room for.
type nonblocking struct {
	raw syscall.RawConn // nil: not a socket, everything goes to the flusher
	// The callback and its arguments live here, so a write allocates
	// nothing (a closure would escape per call). Guarded by Conn.mu.
	fn  func(fd uintptr) bool
	p   []byte
	n   int
	err error
	// waitReadable's callback and state, used by the read loop only.
	peek   func(fd uintptr) bool
	peeked bool
}

func newNonblocking(nc net.Conn) nonblocking {
	var nb nonblocking
	if sc, ok := nc.(syscall.Conn); ok {
		if raw, err := sc.SyscallConn(); err == nil {
			nb.raw = raw
		}
	}
	return nb
}

// write writes what of p the kernel takes now and returns how much; an
// error only when the socket failed (a full buffer is n < len(p), nil).
func (nb *nonblocking) write(p []byte) (int, error) {
	if nb.raw == nil {
		return 0, nil
	}
	if nb.fn == nil {
		nb.fn = nb.once
	}
	nb.p, nb.n, nb.err = p, 0, nil
	err := nb.raw.Write(nb.fn)
	n, werr := nb.n, nb.err
	nb.p, nb.err = nil, nil
	if err != nil {
		return n, err
	}
	return n, werr
}

// once is the raw write callback: it writes until the kernel refuses and
// never asks the runtime to wait (returns true).
func (nb *nonblocking) once(fd uintptr) bool {
	for nb.n < len(nb.p) {
		k, err := syscall.Write(int(fd), nb.p[nb.n:])
		if k > 0 {
			nb.n += k
		}
		switch {
		case err == syscall.EINTR:
			continue
		case err == syscall.EAGAIN:
			return true
		case err != nil:
			nb.err = err
			return true
		case k <= 0:
			return true
		}
	}
	return true
}

// waitReadable returns once the socket has bytes to read (or has failed
// or closed), parked in the runtime's poller by a shallow call instead of
// deep in the WebSocket library's read: a parked goroutine's stack is
// scanned by every collection up to its deepest frame.
func (nb *nonblocking) waitReadable() {
	if nb.raw == nil {
		return
	}
	if nb.peek == nil {
		nb.peek = nb.peekOnce
	}
	nb.peeked = false
	nb.raw.Read(nb.peek)
}

// peekOnce is waitReadable's callback: the first call peeks at the socket
// without taking a byte and asks the runtime to wait only if there is
// nothing (EAGAIN); after a wake-up it returns at once (a spurious wake-up
// is harmless: the library's read waits again).
func (nb *nonblocking) peekOnce(fd uintptr) bool {
	if nb.peeked {
		return true
	}
	nb.peeked = true
	var b [1]byte
	_, _, err := syscall.Recvfrom(int(fd), b[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
	return err != syscall.EAGAIN
}
