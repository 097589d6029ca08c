package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestWSConn checks the load generator's WebSocket client against
// coder/websocket's server (the library the Tabula server uses): text
// messages of every length form both ways (RFC 6455 §5.2: 7-bit, 16-bit
// and 64-bit lengths), the server's pings answered while reading, a
// message the server sends in several fragments, and the server's close
// frame with its status and reason.
func TestWSConn(t *testing.T) {
	sizes := []int{0, 1, 125, 126, 127, 65535, 65536, 200_000}
	done := make(chan error, 1)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			done <- err
			return
		}
		c.SetReadLimit(1 << 20)
		done <- func() error {
			ctx := context.Background()
			for range sizes { // echo
				typ, msg, err := c.Read(ctx)
				if err != nil {
					return err
				}
				if typ != websocket.MessageText {
					return errors.New("not text")
				}
				if err := c.Write(ctx, websocket.MessageText, msg); err != nil {
					return err
				}
			}
			// A ping is answered by the client's reader, which waits in
			// next for the fragmented message below (the library reads
			// the pong in CloseRead's reader).
			c.CloseRead(ctx)
			go func() {
				time.Sleep(10 * time.Millisecond)
				pctx, cancel := context.WithTimeout(ctx, 5*time.Second)
				defer cancel()
				if err := c.Ping(pctx); err != nil {
					t.Errorf("ping: %v", err)
				}
				mw, err := c.Writer(ctx, websocket.MessageText)
				if err != nil {
					t.Error(err)
					return
				}
				for _, part := range []string{"frag", "men", "ted"} {
					mw.Write([]byte(part)) // a frame each, not final
				}
				mw.Close() // an empty final continuation frame
				c.Close(websocket.StatusPolicyViolation, "too slow")
			}()
			return nil
		}()
	}))
	defer hs.Close()
	ws, err := dialWS(context.Background(), "ws"+strings.TrimPrefix(hs.URL, "http"))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range sizes {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = 'a' + byte(rng.IntN(26))
		}
		if err := ws.writeText(msg); err != nil {
			t.Fatal(err)
		}
		got, err := ws.next()
		if err != nil {
			t.Fatalf("size %d: %v", n, err)
		}
		if !bytes.Equal(got, msg) {
			t.Fatalf("size %d: echo differs", n)
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	got, err := ws.next()
	if err != nil || string(got) != "fragmented" {
		t.Fatalf("fragmented message: %q, %v", got, err)
	}
	_, err = ws.next()
	var ce *closeError
	if !errors.As(err, &ce) || ce.code != int(websocket.StatusPolicyViolation) || ce.reason != "too slow" {
		t.Fatalf("close: %v", err)
	}
}

// TestWSConnRejects checks frames the server must never send end the
// connection with an error (and no panic).
func TestWSConnRejects(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   []byte
	}{
		{"reserved bit", []byte{0xC1, 0x00}},
		{"masked", []byte{0x81, 0x80, 1, 2, 3, 4}},
		{"continuation first", []byte{0x80, 0x00}},
		{"text inside a message", []byte{0x01, 0x01, 'a', 0x81, 0x00}},
		{"long ping", append([]byte{0x89, 126, 0, 126}, make([]byte, 126)...)},
		{"fragmented ping", []byte{0x09, 0x00}},
		{"unknown opcode", []byte{0x83, 0x00}},
		{"too long", []byte{0x81, 127, 0, 0, 0, 0, 0x7F, 0, 0, 0}},
		{"close of one byte", []byte{0x88, 0x01, 0x03}},
		{"truncated", []byte{0x81, 0x05, 'a'}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := fakeConn(tc.in)
			if msg, err := w.next(); err == nil {
				t.Fatalf("read %q, want an error", msg)
			}
		})
	}
}

// discard is a net.Conn whose writes go nowhere (a fake connection's
// pongs and close frames).
type discard struct{ net.Conn }

func (discard) Write(p []byte) (int, error) { return len(p), nil }
func (discard) Close() error                { return nil }

func fakeConn(in []byte) *wsConn {
	return &wsConn{c: discard{}, r: bufio.NewReader(bytes.NewReader(in)), rng: rand.NewChaCha8([32]byte{})}
}

// FuzzWSRead feeds arbitrary bytes to the frame reader: it must return
// messages or an error, never panic, and a message it returns is at most
// maxMessage bytes.
func FuzzWSRead(f *testing.F) {
	f.Add([]byte{0x81, 0x02, 'h', 'i'})
	f.Add([]byte{0x01, 0x01, 'a', 0x89, 0x00, 0x80, 0x01, 'b'})
	f.Add([]byte{0x81, 126, 0, 3, 'a', 'b', 'c', 0x88, 0x02, 0x03, 0xE8})
	f.Add([]byte{0x82, 127, 0, 0, 0, 0, 0, 0, 0, 1, 'x'})
	f.Fuzz(func(t *testing.T, in []byte) {
		w := fakeConn(in)
		for range 64 {
			msg, err := w.next()
			if err != nil {
				return
			}
			if len(msg) > maxMessage {
				t.Fatalf("message of %d bytes", len(msg))
			}
		}
	})
}

// FuzzClientFrame checks a frame the client writes decodes (RFC 6455
// §5.2-5.3) to its opcode and payload.
func FuzzClientFrame(f *testing.F) {
	f.Add([]byte("hello"), uint32(0x01020304))
	f.Add(make([]byte, 126), uint32(0))
	f.Add(make([]byte, 70_000), uint32(0xFFFFFFFF))
	f.Fuzz(func(t *testing.T, p []byte, key uint32) {
		b := appendClientFrame(nil, opText, p, key)
		if b[0] != 0x81 || b[1]&0x80 == 0 {
			t.Fatalf("header %#x %#x", b[0], b[1])
		}
		n, rest := uint64(b[1]&0x7F), b[2:]
		switch n {
		case 126:
			n, rest = uint64(binary.BigEndian.Uint16(rest)), rest[2:]
			if n < 126 {
				t.Fatalf("16-bit length %d", n)
			}
		case 127:
			n, rest = binary.BigEndian.Uint64(rest), rest[8:]
			if n <= 0xFFFF {
				t.Fatalf("64-bit length %d", n)
			}
		}
		if n != uint64(len(p)) || len(rest) != 4+len(p) {
			t.Fatalf("length %d, frame rest %d, payload %d", n, len(rest), len(p))
		}
		k, got := rest[:4], bytes.Clone(rest[4:])
		for i := range got {
			got[i] ^= k[i%4]
		}
		if !bytes.Equal(got, p) {
			t.Fatal("payload differs")
		}
	})
}
