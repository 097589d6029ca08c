package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/tabula-games/tabula/games"
	"github.com/tabula-games/tabula/internal/server"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
)

// TestBotQueueHumanFirst queues searches for matches between bots, then
// one for a match a person plays, while no worker runs; one worker then
// takes the person's search first, as the server's own pool does (a
// plain first-in first-out queue would answer it last). Searches of a
// game no worker knows are answered at once with an error, so the order
// of the answers is the order the worker took them.
func TestBotQueueHumanFirst(t *testing.T) {
	dsn := pgtest.URL(t)
	natsURL := startNATS(t)
	a := startNode(t, dsn, natsURL, 0) // runs no worker
	nc, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	answers := make(chan string, 16)
	sub, err := nc.Subscribe(a.node.prefix+".bots.done."+a.node.ID(), func(m *nats.Msg) {
		var ans botAnswer
		if json.Unmarshal(m.Data, &ans) == nil {
			answers <- ans.Match
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	if err := nc.Flush(); err != nil {
		t.Fatal(err)
	}
	var want []string
	for i := range 4 {
		j := server.BotJob{Match: fmt.Sprintf("bots%d", i), Version: 1, Game: "no-such-game", Players: 2, Bot: "random", Budget: time.Second}
		if i == 3 {
			j.Match, j.Human = "human", true
		}
		if !a.node.Submit(j) {
			t.Fatalf("submit %s", j.Match)
		}
		want = append(want, j.Match)
	}
	want = append([]string{"human"}, want[:3]...)
	waitPending(t, nc, a.node.prefix, map[string]uint64{consumerHuman: 1, consumerBots: 3})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- RunWorkers(ctx, nc, WorkerConfig{Games: games.All(), Workers: 1}) }()
	defer func() { cancel(); <-done }()
	var got []string
	timeout := time.After(10 * time.Second)
	for len(got) < len(want) {
		select {
		case m := <-answers:
			got = append(got, m)
		case <-timeout:
			t.Fatalf("answers %v, want %v", got, want)
		}
	}
	if !slices.Equal(got, want) {
		t.Fatalf("answered in the order %v, want %v", got, want)
	}
}

// TestBotQueueKeepsAWorkerForPeople: with two workers busy-able, two long
// searches for matches between bots take only one of them, so a
// person's search queued after them is answered first, by the worker
// kept free (a plain queue would give both workers to the bots and the
// person would wait for a search to end).
func TestBotQueueKeepsAWorkerForPeople(t *testing.T) {
	dsn := pgtest.URL(t)
	natsURL := startNATS(t)
	a := startNode(t, dsn, natsURL, 0) // runs no worker
	nc, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	answers := make(chan botAnswer, 16)
	sub, err := nc.Subscribe(a.node.prefix+".bots.done."+a.node.ID(), func(m *nats.Msg) {
		var ans botAnswer
		if json.Unmarshal(m.Data, &ans) == nil {
			answers <- ans
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer sub.Unsubscribe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- RunWorkers(ctx, nc, WorkerConfig{Games: games.All(), Workers: 2}) }()
	defer func() { cancel(); <-done }()
	time.Sleep(300 * time.Millisecond) // both workers pulling
	for i := range 2 {
		// bot:max searches for its whole budget.
		j := server.BotJob{Match: fmt.Sprintf("bots%d", i), Version: 1, Game: "pathagon", Players: 2, Moves: []string{}, Bot: "bot:max", Budget: time.Second}
		if !a.node.Submit(j) {
			t.Fatalf("submit %s", j.Match)
		}
	}
	time.Sleep(300 * time.Millisecond) // the bot-only searches are taken
	start := time.Now()
	if !a.node.Submit(server.BotJob{Match: "human", Version: 1, Game: "no-such-game", Players: 2, Bot: "random", Budget: time.Second, Human: true}) {
		t.Fatal("submit human")
	}
	select {
	case ans := <-answers:
		if ans.Match != "human" {
			t.Fatalf("first answer for %s (%+v), want the person's match", ans.Match, ans)
		}
		t.Logf("the person's search was answered after %v", time.Since(start))
	case <-time.After(10 * time.Second):
		t.Fatal("no answer")
	}
	for range 2 {
		select {
		case ans := <-answers:
			if ans.Err != "" || ans.Move == "" {
				t.Errorf("bot-only search %s: %+v", ans.Match, ans)
			}
		case <-time.After(15 * time.Second):
			t.Fatal("a bot-only search was not answered")
		}
	}
}

// waitPending waits until each consumer of the bot queue has the given
// number of jobs pending: a job the stream acknowledged reaches its
// consumer's pending count a moment later, and a worker pulling before
// that would not see it (which the order of answers would then show,
// not the worker's priority).
func waitPending(t *testing.T, nc *nats.Conn, prefix string, want map[string]uint64) {
	t.Helper()
	js, err := jetstream.New(nc)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for name, n := range want {
		for {
			c, err := js.Consumer(ctx, streamName(prefix), name)
			if err != nil {
				t.Fatal(err)
			}
			info, err := c.Info(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if info.NumPending == n {
				break
			}
			select {
			case <-ctx.Done():
				t.Fatalf("consumer %s: %d jobs pending, want %d", name, info.NumPending, n)
			case <-time.After(10 * time.Millisecond):
			}
		}
	}
}
