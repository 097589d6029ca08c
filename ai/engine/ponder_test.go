package engine_test

import (
	"context"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai/engine"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// session is a running engine fed line by line.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *syncBuffer
	done chan error
}

func start(t *testing.T, sv *engine.Server) *session {
	t.Helper()
	inR, inW := io.Pipe()
	ss := &session{t: t, in: inW, out: new(syncBuffer), done: make(chan error, 1)}
	go func() { ss.done <- sv.Serve(context.Background(), inR, ss.out) }()
	t.Cleanup(func() {
		inW.Close()
		if err := <-ss.done; err != nil {
			t.Error(err)
		}
	})
	return ss
}

func (ss *session) send(lines ...string) {
	ss.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(ss.in, l+"\n"); err != nil {
			ss.t.Fatal(err)
		}
	}
}

// await waits for the n-th output line starting with prefix and returns it.
func (ss *session) await(prefix string, n int) string {
	ss.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var found []string
		for _, l := range strings.Split(ss.out.String(), "\n") {
			if strings.HasPrefix(l, prefix) {
				found = append(found, l)
			}
		}
		if len(found) >= n {
			return found[n-1]
		}
		time.Sleep(time.Millisecond)
	}
	ss.t.Fatalf("no %q line number %d within 30 s:\n%s", prefix, n, ss.out.String())
	return ""
}

func (ss *session) count(prefix string) int {
	n := 0
	for _, l := range strings.Split(ss.out.String(), "\n") {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}

// A ponder search writes no bestmove, even once it has nothing left to
// search, until ponderhit (then the move's own limits apply) or stop; with
// the Ponder option on, bestmove names the expected reply.
func TestPonder(t *testing.T) {
	ss := start(t, &engine.Server{Game: tictactoe.Info, Level: "bot:max"})
	ss.send("tabula")
	ss.await("tabulaok", 1)
	if ss.count("option name Ponder type check default false") != 1 {
		t.Fatalf("the handshake announces no Ponder option:\n%s", ss.out.String())
	}
	ss.send("setoption name Ponder value true", "position startpos moves 4", "go ponder depth 9")
	time.Sleep(300 * time.Millisecond) // tic-tac-toe is solved in far less
	if n := ss.count("bestmove"); n != 0 {
		t.Fatalf("bestmove while pondering:\n%s", ss.out.String())
	}
	ss.send("isready", "position startpos")
	ss.await("readyok", 1)
	ss.await("info string error: position: searching", 1)
	ss.send("ponderhit")
	best := ss.await("bestmove", 1)
	if !regexp.MustCompile(`^bestmove \d ponder \d$`).MatchString(best) {
		t.Fatalf("after ponderhit: %q, want bestmove M ponder R", best)
	}
	if ss.count("bestmove") != 1 {
		t.Fatalf("the ponder search wrote a bestmove of its own:\n%s", ss.out.String())
	}

	ss.send("position startpos moves 4 0", "go ponder movetime 50", "stop")
	ss.await("bestmove", 2)
	ss.send("ponderhit")
	ss.await("info string error: ponderhit: not pondering", 1)

	ss.send("setoption name Ponder value false", "go depth 3")
	if best := ss.await("bestmove", 3); strings.Contains(best, "ponder") {
		t.Fatalf("Ponder off: %q names a reply", best)
	}
}

// What pondering is for: after ponderhit the search finds the table the
// ponder search filled, so reaching the same depth costs a fraction of the
// nodes a cold engine needs.
func TestPonderFillsTable(t *testing.T) {
	const depth = "4"
	nodes := func(line string) int64 {
		t.Helper()
		m := regexp.MustCompile(` depth (\d+) .* nodes (\d+) `).FindStringSubmatch(line)
		if m == nil || m[1] != depth {
			t.Fatalf("info line %q: want depth %s and a node count", line, depth)
		}
		n, _ := strconv.ParseInt(m[2], 10, 64)
		return n
	}
	cold := start(t, &engine.Server{Game: abalone.Info, Level: "bot:max"})
	cold.send("setoption name OwnBook value false", "position startpos", "go depth "+depth)
	coldNodes := nodes(cold.await("info depth", 1))

	warm := start(t, &engine.Server{Game: abalone.Info, Level: "bot:max"})
	warm.send("setoption name OwnBook value false", "position startpos", "go ponder depth "+depth)
	time.Sleep(time.Second)
	warm.send("ponderhit")
	warmNodes := nodes(warm.await("info depth", 1))
	if warmNodes*2 > coldNodes {
		t.Fatalf("after a second of pondering, depth %s took %d nodes; a cold engine %d", depth, warmNodes, coldNodes)
	}
	t.Logf("depth %s: %d nodes cold, %d after pondering", depth, coldNodes, warmNodes)
}
