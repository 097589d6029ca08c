package main

import (
	"context"
	"errors"
	"net/url"
	"strings"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tabula-games/tabula/internal/server"
	"github.com/tabula-games/tabula/internal/store/postgres"
	"github.com/tabula-games/tabula/internal/store/sqlite"
)

// storeDB is a store serve runs on: what the server uses, the store's own
// metrics, and Close.
type storeDB interface {
	server.Store
	Collector() prometheus.Collector
	Close() error
}

// openStore opens the store serve's --db names: a PostgreSQL database for
// a postgres:// or postgresql:// URL (which must not hold a password: a
// command line is visible to every user of the machine, and serve logs
// --db; PGPASSWORD or a password file gives it), else the SQLite file at
// that path, created if missing.
func openStore(ctx context.Context, db string) (storeDB, error) {
	if !strings.HasPrefix(db, "postgres://") && !strings.HasPrefix(db, "postgresql://") {
		s, err := sqlite.Open(ctx, db)
		if err != nil {
			return nil, err // not a nil *sqlite.DB in a non-nil interface
		}
		return s, nil
	}
	u, err := url.Parse(db)
	if err != nil {
		return nil, errors.New("--db: not a valid postgres:// URL")
	}
	if _, ok := u.User.Password(); ok || u.Query().Has("password") {
		return nil, errors.New("--db: the URL holds a password; give it in PGPASSWORD or a password file (PGPASSFILE, ~/.pgpass) instead")
	}
	s, err := postgres.Open(ctx, db)
	if err != nil {
		return nil, err
	}
	return s, nil
}
