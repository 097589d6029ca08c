// Package msgbuf reuses the buffers messages are encoded into, one message
// at a time, and lets go of a buffer a rare long message grew.
package msgbuf

// Buf is one reusable buffer. The zero value is ready; its first buffer
// has capacity First.
type Buf struct {
	b []byte
}

// First is the capacity of a fresh buffer: an ack, an error or a move's
// delta update fits.
const First = 128

// Keep is the largest buffer kept for reuse: a delta update and its ack
// fit; a full state's is let go after use rather than held.
const Keep = 1 << 10

// Get returns an empty buffer to append one message to; hand it back with
// Put once its bytes are no longer needed.
func (b *Buf) Get() []byte {
	if b.b == nil {
		return make([]byte, 0, First)
	}
	return b.b[:0]
}

// Put keeps p for the next Get, unless it grew beyond Keep.
func (b *Buf) Put(p []byte) {
	if cap(p) > Keep {
		b.b = nil
		return
	}
	b.b = p[:0]
}

// Sized makes buffers for messages of about the same size, one at a time:
// each the size of the last plus an eighth, so a message that grew a
// little still fits in one allocation. The buffers are not kept.
type Sized struct{ last int }

// Get returns an empty buffer for the next message.
func (s *Sized) Get() []byte { return make([]byte, 0, s.last+s.last/8) }

// Done records the length of the message just encoded.
func (s *Sized) Done(p []byte) { s.last = len(p) }
