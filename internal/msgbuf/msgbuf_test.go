package msgbuf

import "testing"

// TestBuf checks a buffer is reused while small, let go once a message
// grew it beyond Keep, and fresh with capacity First at first.
func TestBuf(t *testing.T) {
	var b Buf
	p := b.Get()
	if len(p) != 0 || cap(p) != First {
		t.Fatalf("first buffer len %d cap %d, want 0 %d", len(p), cap(p), First)
	}
	p = append(p, "hello"...)
	b.Put(p)
	if q := b.Get(); len(q) != 0 || &q[:1][0] != &p[0] {
		t.Error("a small buffer was not reused")
	}
	big := make([]byte, Keep+1)
	b.Put(big)
	if q := b.Get(); cap(q) != First {
		t.Errorf("after a long message: cap %d, want a fresh %d", cap(q), First)
	}
	var s Sized
	s.Done(make([]byte, 800))
	if q := s.Get(); cap(q) != 900 {
		t.Errorf("sized buffer cap %d, want 900", cap(q))
	}
}
