//go:build unix

package wsout

import (
	"io"
	"testing"
	"time"
)

// TestWaitReadable checks the read loop's shallow wait: it returns at once
// when bytes are waiting (and takes none of them), waits while there are
// none, returns when some arrive, and returns when the socket is closed
// under it (a cancelled connection).
func TestWaitReadable(t *testing.T) {
	const quiet = 100 * time.Millisecond // long enough to see a wait that should not end
	srv, cli := tcpPair(t)
	s := New(srv, testPolicy)
	waited := func() <-chan struct{} {
		done := make(chan struct{})
		go func() { s.WaitReadable(); close(done) }()
		return done
	}
	wantDone := func(what string, done <-chan struct{}) {
		t.Helper()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: WaitReadable did not return", what)
		}
	}

	if _, err := cli.Write([]byte("ab")); err != nil {
		t.Fatal(err)
	}
	wantDone("bytes waiting", waited())
	b := make([]byte, 2)
	if _, err := io.ReadFull(srv, b); err != nil || string(b) != "ab" {
		t.Fatalf("after the wait the socket reads %q, %v; want the bytes untouched, \"ab\"", b, err)
	}

	done := waited()
	select {
	case <-done:
		t.Fatal("WaitReadable returned with nothing to read")
	case <-time.After(quiet):
	}
	if _, err := cli.Write([]byte("c")); err != nil {
		t.Fatal(err)
	}
	wantDone("a byte arrives", done)
	if _, err := io.ReadFull(srv, b[:1]); err != nil {
		t.Fatal(err)
	}

	done = waited()
	time.Sleep(quiet)
	srv.Close()
	wantDone("socket closed", done)
}
