package server

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
)

// serveLimited serves h's server through HTTPServer and Listener on a
// random loopback port, with the timeouts shortened to short so a test
// can watch them act, and returns its address.
func serveLimited(t *testing.T, h *harness, short time.Duration, maxConns int) string {
	t.Helper()
	hs := HTTPServer(h.srv.Handler(), h.srv.log)
	// The production limits are set, and bounded.
	for name, d := range map[string]time.Duration{"ReadHeaderTimeout": hs.ReadHeaderTimeout, "ReadTimeout": hs.ReadTimeout,
		"WriteTimeout": hs.WriteTimeout, "IdleTimeout": hs.IdleTimeout} {
		if d <= 0 || d > 5*time.Minute {
			t.Errorf("%s %v: want a bound of at most 5 minutes", name, d)
		}
	}
	if hs.MaxHeaderBytes <= 0 || hs.MaxHeaderBytes > 64<<10 {
		t.Errorf("MaxHeaderBytes %d", hs.MaxHeaderBytes)
	}
	hs.ReadHeaderTimeout, hs.ReadTimeout, hs.WriteTimeout, hs.IdleTimeout = short, short, short, short
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go hs.Serve(h.srv.Listener(ln, maxConns))
	t.Cleanup(func() { hs.Close() })
	return ln.Addr().String()
}

// closedWithin reports whether the server closes c within d (reading
// whatever it sends first). A close shows as EOF, or as a reset when the
// server closed with bytes of ours unread (a trickled body); only the
// read deadline passing means it is still open.
func closedWithin(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return err == nil || !(errors.As(err, &ne) && ne.Timeout())
}

// TestSlowAndIdleConnectionsCut checks that a body trickled at a byte a
// tick and a keep-alive connection left idle are closed by the server,
// and that a WebSocket outlives both timeouts.
func TestSlowAndIdleConnectionsCut(t *testing.T) {
	const short = 400 * time.Millisecond
	h := start(t, "")
	addr := serveLimited(t, h, short, 100)

	slow, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer slow.Close()
	io.WriteString(slow, "POST /api/matches HTTP/1.1\r\nHost: "+addr+"\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n")
	stop := make(chan struct{})
	go func() { // one byte every 100 ms, as long as the socket takes them
		for {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
				if _, err := slow.Write([]byte(" ")); err != nil {
					return
				}
			}
		}
	}()
	start := time.Now()
	if !closedWithin(slow, 10*short) {
		t.Errorf("a trickled body held its connection for %v", time.Since(start))
	}
	close(stop)

	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	io.WriteString(idle, "GET /healthz HTTP/1.1\r\nHost: "+addr+"\r\n\r\n")
	resp, err := http.ReadResponse(bufio.NewReader(idle), nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("healthz: %v %v", resp, err)
	}
	resp.Body.Close()
	if !closedWithin(idle, 10*short) {
		t.Errorf("an idle keep-alive connection was not closed")
	}

	// A WebSocket is not a request: it lives past the timeouts.
	zero := 0
	m := h.create(protocol.CreateRequest{Game: "race", Join: &zero})
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws://"+addr+"/ws/matches/"+m.Match.ID, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	for i := range 2 {
		if i == 1 {
			time.Sleep(3 * short)
		}
		if err := ws.Write(ctx, websocket.MessageText, []byte(`{"type":"ping"}`)); err != nil {
			t.Fatalf("write %d: %v", i, err)
		}
		if _, data, err := ws.Read(ctx); err != nil || !strings.Contains(string(data), `"pong"`) {
			t.Fatalf("read %d: %s %v", i, data, err)
		}
	}
}

// TestConnectionsPerClientCapped opens more connections from one address
// than the cap: the one past it is closed at once, and a place freed is
// taken again.
func TestConnectionsPerClientCapped(t *testing.T) {
	const max = 3
	h := start(t, "")
	addr := serveLimited(t, h, 5*time.Second, max)
	get := func(c net.Conn) error {
		if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: "+addr+"\r\n\r\n"); err != nil {
			return err
		}
		c.SetReadDeadline(time.Now().Add(testTimeout))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			return err
		}
		resp.Body.Close()
		return nil
	}
	var conns []net.Conn
	for i := range max + 1 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		conns = append(conns, c)
		err = get(c)
		if i < max && err != nil {
			t.Fatalf("connection %d: %v", i, err)
		}
		if i == max && err == nil {
			t.Fatalf("connection %d past the cap of %d was served", i, max)
		}
	}
	conns[0].Close()
	deadline := time.Now().Add(testTimeout)
	for {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		err = get(c)
		c.Close()
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a freed place was not given back: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
