package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/cluster"
	"github.com/tabula-games/tabula/internal/server"
)

// clusterFlags checks serve's cluster flags before anything is opened.
func clusterFlags(natsURL, db string, botWorkers int) error {
	if natsURL == "" && botWorkers < 0 {
		return fmt.Errorf("%w: --bot-workers %d (negative only with --nats)", errUsage, botWorkers)
	}
	if natsURL != "" && !strings.HasPrefix(db, "postgres://") && !strings.HasPrefix(db, "postgresql://") {
		return fmt.Errorf("%w: --nats needs a shared PostgreSQL database (--db postgres://...)", errUsage)
	}
	return nil
}

// joinCluster makes srv a node of the cluster on the NATS server at
// natsURL (serve --nats): it returns the handler to serve (the server's,
// relaying requests for matches other nodes own) and a stop function to
// call after srv.Close (the rooms release their matches first). The
// database is PostgreSQL (clusterFlags): the nodes share it. Bots run on
// the cluster's work queue, which botWorkers of its own consume (0: one
// per core; -1: none, tabula worker processes do).
func joinCluster(ctx context.Context, natsURL string, replicas int, srv *server.Server, games []*game.Info, botWorkers int, log *slog.Logger) (http.Handler, func(), error) {
	cfg := cluster.Config{URL: natsURL, Local: srv.Handler(), Logger: log, BotWorkers: botWorkers, Replicas: replicas}
	if botWorkers >= 0 {
		cfg.Games = games
	}
	node, err := cluster.Join(ctx, cfg, srv)
	if err != nil {
		return nil, nil, err
	}
	srv.SetCluster(node)
	srv.SetBotQueue(node)
	if err := node.Start(ctx); err != nil {
		node.Close()
		return nil, nil, err
	}
	log.Info("joined the cluster", "node", node.ID(), "nats", natsURL)
	return node.Handler(), node.Close, nil
}

// runWorker is "tabula worker --nats URL": it runs the built-in bots'
// searches from a cluster's work queue until interrupted, so search CPU
// can live on machines apart from the nodes that hold the sockets.
func runWorker(ctx context.Context, e *env) error {
	fs := e.newFlagSet()
	natsURL := fs.String("nats", "", "the cluster's NATS JetStream server (nats://host:port); required")
	workers := fs.Int("workers", 0, "searches at once (0: one per core)")
	if err := fs.Parse(e.args); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	if *natsURL == "" {
		return fmt.Errorf("%w: --nats is required", errUsage)
	}
	if *workers < 0 {
		return fmt.Errorf("%w: --workers %d", errUsage, *workers)
	}
	log := slog.New(slog.NewTextHandler(e.stderr, nil))
	nc, err := nats.Connect(*natsURL, nats.Name("tabula worker"), nats.MaxReconnects(-1), nats.ReconnectWait(250*time.Millisecond))
	if err != nil {
		return fmt.Errorf("connect %s: %w", *natsURL, err)
	}
	defer nc.Close()
	fmt.Fprintf(e.stdout, "working for %s\n", *natsURL)
	return cluster.RunWorkers(ctx, nc, cluster.WorkerConfig{Games: e.games, Workers: *workers, Logger: log})
}
