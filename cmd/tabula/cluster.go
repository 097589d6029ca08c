package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/tabula-games/tabula/internal/cluster"
	"github.com/tabula-games/tabula/internal/server"
)

// joinCluster makes srv a node of the cluster on the NATS server at
// natsURL (serve --nats): it returns the handler to serve (the server's,
// relaying requests for matches other nodes own) and a stop function to
// call after srv.Close (the rooms release their matches first). The
// database must be PostgreSQL: the nodes share it.
func joinCluster(ctx context.Context, natsURL, db string, srv *server.Server, log *slog.Logger) (http.Handler, func(), error) {
	if !strings.HasPrefix(db, "postgres://") && !strings.HasPrefix(db, "postgresql://") {
		return nil, nil, errors.New("--nats needs a shared PostgreSQL database (--db postgres://...)")
	}
	node, err := cluster.Join(ctx, cluster.Config{URL: natsURL, Local: srv.Handler(), Logger: log}, srv)
	if err != nil {
		return nil, nil, err
	}
	srv.SetCluster(node)
	if err := node.Start(ctx); err != nil {
		node.Close()
		return nil, nil, err
	}
	log.Info("joined the cluster", "node", node.ID(), "nats", natsURL)
	return node.Handler(), node.Close, nil
}
