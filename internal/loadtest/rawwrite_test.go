package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestFrameWriter sends messages of every length class (7-bit, 16-bit and
// 64-bit lengths, at their edges) framed by appendClientFrame through a
// socket that a dial recorded, to a WebSocket server of the library, which
// checks the framing and the masking and echoes them; a library write
// (the hello of a resync path) goes between them on the same socket.
func TestFrameWriter(t *testing.T) {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		c.SetReadLimit(1 << 20)
		ctx := context.Background()
		for {
			typ, data, err := c.Read(ctx)
			if err != nil {
				return
			}
			if err := c.Write(ctx, typ, data); err != nil {
				return
			}
		}
	}))
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	slot := &connSlot{}
	ws, _, err := websocket.Dial(context.WithValue(ctx, dialedConn{}, slot), strings.Replace(hs.URL, "http", "ws", 1),
		&websocket.DialOptions{HTTPClient: newWSClient()})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	ws.SetReadLimit(1 << 20)
	c := slot.get()
	if c == nil {
		t.Fatal("the dial recorded no connection")
	}
	fw := &frameWriter{conn: c}
	for _, n := range []int{0, 1, 125, 126, 127, 1000, 0xFFFF, 0x10000, 200_000} {
		msg := bytes.Repeat([]byte("move "), n/5+1)[:n]
		if err := fw.write(msg); err != nil {
			t.Fatalf("%d bytes: %v", n, err)
		}
		if err := ws.Write(ctx, websocket.MessageText, []byte("library")); err != nil {
			t.Fatal(err)
		}
		for _, want := range [][]byte{msg, []byte("library")} {
			typ, got, err := ws.Read(ctx)
			if err != nil {
				t.Fatalf("%d bytes: %v", n, err)
			}
			if typ != websocket.MessageText || !bytes.Equal(got, want) {
				t.Fatalf("%d bytes: echo of %d bytes (type %v), want %d", n, len(got), typ, len(want))
			}
		}
	}
	if cap(fw.buf) > frameKeep {
		t.Errorf("frame buffer of %d bytes kept", cap(fw.buf))
	}
}

// TestAppendClientFrame checks the header bytes of each length class and
// that the payload is masked with the key.
func TestAppendClientFrame(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		header []byte
	}{
		{"empty", 0, []byte{0x81, 0x80}},
		{"7-bit", 125, []byte{0x81, 0x80 | 125}},
		{"16-bit", 126, []byte{0x81, 0x80 | 126, 0, 126}},
		{"16-bit max", 0xFFFF, []byte{0x81, 0x80 | 126, 0xFF, 0xFF}},
		{"64-bit", 0x10000, []byte{0x81, 0x80 | 127, 0, 0, 0, 0, 0, 1, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := bytes.Repeat([]byte{0x5A}, tt.n)
			f := appendClientFrame([]byte("x"), p, 0x01020304)
			if f[0] != 'x' || !bytes.Equal(f[1:1+len(tt.header)], tt.header) {
				t.Fatalf("header % x, want % x", f[1:1+len(tt.header)], tt.header)
			}
			rest := f[1+len(tt.header):]
			if !bytes.Equal(rest[:4], []byte{1, 2, 3, 4}) || len(rest) != 4+tt.n {
				t.Fatalf("key % x, %d payload bytes", rest[:4], len(rest)-4)
			}
			for i, b := range rest[4:] {
				if b^rest[i&3] != 0x5A {
					t.Fatalf("byte %d unmasks to %#x", i, b^rest[i&3])
				}
			}
		})
	}
}
