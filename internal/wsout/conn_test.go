package wsout

import (
	"bytes"
	"errors"
	"io"
	"net"
	"testing"
	"time"
)

// tcpPair returns both ends of a loopback TCP connection.
func tcpPair(t *testing.T) (server, client net.Conn) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	accepted := make(chan net.Conn, 1)
	go func() {
		c, err := l.Accept()
		if err != nil {
			close(accepted)
			return
		}
		accepted <- c
	}()
	client, err = net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	server, ok := <-accepted
	if !ok {
		t.Fatal("accept failed")
	}
	t.Cleanup(func() { server.Close(); client.Close() })
	return server, client
}

// TestConnKeepsOrder writes a stream much larger than the socket buffers
// (small ones, set here) in pieces, raw and framed, while the peer reads
// slowly: the writes never wait, the bytes that did not fit go through the
// flusher, and the peer reads exactly the stream written.
func TestConnKeepsOrder(t *testing.T) {
	for _, tc := range []struct {
		name string
		pair func(*testing.T) (net.Conn, net.Conn)
	}{
		{"tcp", func(t *testing.T) (net.Conn, net.Conn) {
			s, c := tcpPair(t)
			s.(*net.TCPConn).SetWriteBuffer(4 << 10)
			c.(*net.TCPConn).SetReadBuffer(4 << 10)
			return s, c
		}},
		{"pipe", func(t *testing.T) (net.Conn, net.Conn) { // not a socket: the flusher writes everything
			s, c := net.Pipe()
			t.Cleanup(func() { s.Close(); c.Close() })
			return s, c
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			server, client := tc.pair(t)
			s := New(server, testPolicy)
			var want bytes.Buffer
			got := make(chan []byte, 1)
			go func() {
				var b bytes.Buffer
				buf := make([]byte, 1000)
				for {
					time.Sleep(time.Millisecond / 4) // slower than the writer
					n, err := client.Read(buf)
					b.Write(buf[:n])
					if err != nil {
						got <- b.Bytes()
						return
					}
				}
			}()
			start := time.Now()
			for i := range 300 {
				p := bytes.Repeat([]byte{byte(i)}, 100+i)
				if i%3 == 0 {
					if err := s.WriteText(p[:10], p[10:]); err != nil {
						t.Fatalf("writeText %d: %v", i, err)
					}
					want.Write(AppendTextFrame(AppendTextFrame(nil, p[:10]), p[10:]))
					continue
				}
				if _, err := s.Write(p); err != nil {
					t.Fatalf("write %d: %v", i, err)
				}
				want.Write(p)
			}
			if d := time.Since(start); d > 2*time.Second {
				t.Errorf("writes took %v: they waited for the reader", d)
			}
			if want.Len() > testPolicy.MaxPending {
				t.Fatalf("test stream %d bytes, over MaxPending", want.Len())
			}
			// Close once the flusher is done, so the reader sees EOF.
			deadline := time.Now().Add(testTimeout)
			for {
				s.mu.Lock()
				idle := !s.flushing
				s.mu.Unlock()
				if idle || time.Now().After(deadline) {
					break
				}
				time.Sleep(time.Millisecond)
			}
			server.Close()
			b := <-got
			if !bytes.Equal(b, want.Bytes()) {
				t.Fatalf("peer read %d bytes, want the %d written, in order", len(b), want.Len())
			}
		})
	}
}

// TestConnTooSlow checks a peer that reads nothing makes the writes fail
// with ErrSlow once more than MaxPending bytes wait, without any write
// blocking, and that the socket is closed then.
func TestConnTooSlow(t *testing.T) {
	server, client := tcpPair(t)
	server.(*net.TCPConn).SetWriteBuffer(4 << 10)
	client.(*net.TCPConn).SetReadBuffer(4 << 10)
	s := New(server, testPolicy)
	p := make([]byte, 16<<10)
	start := time.Now()
	var err error
	var n int
	for n = 0; n < 1000 && err == nil; n++ {
		_, err = s.Write(p)
	}
	if !errors.Is(err, ErrSlow) {
		t.Fatalf("after %d writes of %d bytes: %v, want ErrSlow", n, len(p), err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("writes took %v: they waited for the peer", d)
	}
	if !s.FailedSlow() {
		t.Error("failedSlow is false")
	}
	if _, err := s.Write(p[:1]); !errors.Is(err, ErrSlow) {
		t.Errorf("write after the failure: %v, want ErrSlow", err)
	}
	client.SetReadDeadline(time.Now().Add(testTimeout))
	if _, err := io.Copy(io.Discard, client); err != nil {
		t.Errorf("peer: %v, want EOF (the socket closed)", err)
	}
}

// TestAppendTextFrame checks the frame header of each payload length form
// (RFC 6455 §5.2): 7 bits up to 125 bytes, 16 bits up to 65 535, 64 bits
// beyond; FIN and opcode 1 (text), no mask.
func TestAppendTextFrame(t *testing.T) {
	for _, tc := range []struct {
		n      int
		header []byte
	}{
		{0, []byte{0x81, 0}},
		{125, []byte{0x81, 125}},
		{126, []byte{0x81, 126, 0, 126}},
		{65535, []byte{0x81, 126, 0xff, 0xff}},
		{65536, []byte{0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0}},
	} {
		p := bytes.Repeat([]byte{'x'}, tc.n)
		got := AppendTextFrame([]byte("prefix"), p)
		want := append(append([]byte("prefix"), tc.header...), p...)
		if !bytes.Equal(got, want) {
			t.Errorf("length %d: header % x, want % x", tc.n, got[6:min(len(got), 6+len(tc.header))], tc.header)
		}
	}
}

// TestConnWriteClose checks the close frame's bytes (FIN and opcode 8,
// the payload's length, the code in network order, the reason, cut to
// fit a control frame) and that nothing is sent after it.
func TestConnWriteClose(t *testing.T) {
	long := string(bytes.Repeat([]byte{'r'}, 200))
	for _, tc := range []struct {
		name   string
		code   uint16
		reason string
		want   []byte
	}{
		{"going away", 1001, "bye", []byte{0x88, 5, 0x03, 0xe9, 'b', 'y', 'e'}},
		{"no reason", 1008, "", []byte{0x88, 2, 0x03, 0xf0}},
		{"reason cut", 1000, long, append([]byte{0x88, 125, 0x03, 0xe8}, long[:MaxCloseReason]...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			server, client := tcpPair(t)
			s := New(server, testPolicy)
			if err := s.WriteClose(tc.code, tc.reason); err != nil {
				t.Fatal(err)
			}
			if err := s.WriteText([]byte("late"), nil); !errors.Is(err, ErrClosing) {
				t.Errorf("text after the close frame: %v, want ErrClosing", err)
			}
			if _, err := s.Write([]byte{0x8a, 0}); !errors.Is(err, ErrClosing) {
				t.Errorf("control frame after the close frame: %v, want ErrClosing", err)
			}
			if err := s.WriteClose(1000, "again"); !errors.Is(err, ErrClosing) {
				t.Errorf("second close frame: %v, want ErrClosing", err)
			}
			server.Close()
			client.SetReadDeadline(time.Now().Add(testTimeout))
			got, err := io.ReadAll(client)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, tc.want) {
				t.Errorf("sent % x, want % x", got, tc.want)
			}
		})
	}
}

// TestCloseFrameBehindPendingBytes fills the peer's socket buffers so that
// frames wait for the flusher, then writes the close frame and closes the
// socket: once the peer reads, it gets every frame and the close frame
// last, and only then the end of the stream.
func TestCloseFrameBehindPendingBytes(t *testing.T) {
	srv, cl := tcpPair(t)
	s := New(srv, testPolicy)
	payload := bytes.Repeat([]byte("x"), 16<<10)
	sent := 0
	for s.pendingLen() == 0 { // until the kernel refuses and the flusher owns bytes
		if err := s.WriteText(payload, nil); err != nil {
			t.Fatal(err)
		}
		sent++
	}
	if err := s.WriteClose(1001, "server shutting down"); err != nil {
		t.Fatal(err)
	}
	if err := s.WriteText([]byte("late"), nil); !errors.Is(err, ErrClosing) {
		t.Errorf("a write after the close frame: %v", err)
	}
	s.Close()
	done := make(chan struct{})
	go func() { s.WaitClosed(); close(done) }()
	cl.SetReadDeadline(time.Now().Add(testTimeout))
	data, err := io.ReadAll(cl)
	if err != nil {
		t.Fatalf("read after %d bytes: %v", len(data), err)
	}
	<-done
	frame := len(payload) + 4 // 0x81, 126, two length bytes
	closeFrame := []byte{0x88, 2 + byte(len("server shutting down")), 0x03, 0xe9}
	closeFrame = append(closeFrame, "server shutting down"...)
	if len(data) != sent*frame+len(closeFrame) || !bytes.HasSuffix(data, closeFrame) {
		t.Fatalf("read %d bytes ending %q; want %d text frames (%d bytes) and the close frame", len(data), data[max(0, len(data)-30):], sent, sent*frame)
	}
}

// pendingLen is how many bytes wait for the flusher.
func (s *Conn) pendingLen() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.pending)
}

// testPolicy is the server's policy (internal/server's conn.go).
var testPolicy = Policy{MaxPending: 256 << 10, WriteTimeout: 10 * time.Second, KeepBuffer: 1 << 10}

// testTimeout bounds a test's waits for the peer.
const testTimeout = 15 * time.Second
