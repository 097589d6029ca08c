package cluster

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

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
