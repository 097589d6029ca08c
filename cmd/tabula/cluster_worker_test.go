package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
)

// workerRetryBound is how long the bot may take to move after its worker
// was killed mid-search: the lost search's budget plus the queue's
// botSlack (10 s, internal/cluster) before its room asks again, and the
// retried search, with room for a busy shared machine.
const workerRetryBound = 25 * time.Second

// startWorker starts "tabula worker" on the cluster at natsURL and waits
// until it says it works.
func startWorker(t *testing.T, bin, natsURL string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, "worker", "--nats", natsURL, "--workers", "1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = &syncBuffer{}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "working for ") {
		t.Fatalf("worker printed %q (%v)", line, err)
	}
	return cmd
}

// TestClusterWorker runs two tabula serve nodes that leave the bots'
// searches to tabula worker processes (--bot-workers -1), and a human
// against a bot:max created on one node and played through the other:
// with no worker the bot does not move; a worker process makes its
// moves; killed with SIGKILL in the middle of a search, the match stalls
// (nobody else consumes the queue) until a second worker starts, which
// takes the search its room asks again: the match goes on, and its
// record holds every acknowledged move at its ply.
func TestClusterWorker(t *testing.T) {
	pg := pgtest.URL(t)
	dir := t.TempDir()
	bin := buildTabula(t, dir)
	natsURL := startNATS(t)
	flags := []string{"--nats", natsURL, "--no-client-limits", "--host", "127.0.0.1", "--bot-workers", "-1", "--bot-time", "400ms"}
	a := startServe(t, bin, pg, flags...)
	b := startServe(t, bin, pg, flags...)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("node a:\n%s\nnode b:\n%s", tail(a.stderr.String(), 3000), tail(b.stderr.String(), 3000))
		}
	})
	var created protocol.CreateResponse
	zero := 0
	postJSON(t, a.url+"/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero,
		Seats:   []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "bot:max"}},
		Options: map[string]string{"plyCap": "0", "repetitionDraw": "false"}}, &created)
	id := created.Match.ID
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	c, err := dialSince(ctx, b.url, id, created.Token, nil) // b relays to a
	if err != nil {
		t.Fatal(err)
	}
	defer c.ws.CloseNow()
	acked := map[int]string{} // ply → the human's acknowledged move
	n := 0
	// human makes the human's move and returns its acknowledged version.
	human := func() int64 {
		t.Helper()
		if c.state.Status != "live" || c.state.ToMove != 0 || len(c.state.Legal) == 0 {
			t.Fatalf("not the human's turn: status %s, to move %d", c.state.Status, c.state.ToMove)
		}
		n++
		m := protocol.ClientMessage{Type: protocol.TypeMove, ID: fmt.Sprintf("h%d", n), Version: c.state.Version, Move: c.state.Legal[n*7%len(c.state.Legal)].Text}
		ply := len(c.state.Moves) + 1
		data, _ := json.Marshal(m)
		if err := c.ws.Write(ctx, websocket.MessageText, data); err != nil {
			t.Fatal(err)
		}
		ack, err := awaitAck(ctx, c, m.ID)
		if err != nil || ack.Type != protocol.TypeAck {
			t.Fatalf("move %s: %v %+v", m.Move, err, ack.Error)
		}
		acked[ply] = m.Move
		for c.state.Version < ack.Version {
			if _, err := c.next(ctx); err != nil {
				t.Fatal(err)
			}
		}
		return ack.Version
	}
	// botMoves waits up to within for the bot's reply.
	botMoves := func(within time.Duration) time.Duration {
		t.Helper()
		start := time.Now()
		rctx, rcancel := context.WithTimeout(ctx, within)
		defer rcancel()
		for c.state.ToMove != 0 && c.state.Status == "live" {
			if _, err := c.next(rctx); err != nil {
				t.Fatalf("the bot did not move within %v: %v", within, err)
			}
		}
		return time.Since(start)
	}
	// noBotMove checks that the bot stays silent for d.
	noBotMove := func(d time.Duration, why string) {
		t.Helper()
		v := c.state.Version
		time.Sleep(d)
		if got := matchState(t, a.url, id).Version; got != v {
			t.Fatalf("the bot moved (version %d, was %d) %s", got, v, why)
		}
	}

	human()
	noBotMove(2*time.Second, "with no worker on the queue (the nodes must not consume it)")
	w1 := startWorker(t, bin, natsURL)
	t.Logf("first bot move, by worker 1: %v after it started", botMoves(15*time.Second))
	for range 2 {
		human()
		botMoves(15 * time.Second)
	}
	// Kill the worker in the middle of the bot's next search (its
	// budget is 400 ms, bot:max uses all of it).
	human()
	time.Sleep(150 * time.Millisecond)
	if err := w1.Process.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	_ = w1.Wait()
	killed := time.Now()
	noBotMove(time.Second, "after its only worker was killed mid-search")
	startWorker(t, bin, natsURL)
	botMoves(workerRetryBound)
	t.Logf("the bot moved %v after its worker was killed", time.Since(killed).Round(100*time.Millisecond))
	for range 2 {
		if c.state.Status != "live" {
			break
		}
		human()
		botMoves(15 * time.Second)
	}
	final := matchState(t, b.url, id)
	for ply, mv := range acked {
		if ply > len(final.Moves) || final.Moves[ply-1] != mv {
			t.Errorf("ply %d: acknowledged %q, record has %v", ply, mv, final.Moves)
		}
	}
	if len(final.Moves) < 2*n-1 {
		t.Errorf("record has %d moves after %d human moves", len(final.Moves), n)
	}
}
