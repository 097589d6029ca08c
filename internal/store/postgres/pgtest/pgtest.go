// Package pgtest gives tests a PostgreSQL database of their own: a fresh
// schema, with a random name, in the server TABULA_PG names (a postgres://
// URL; scripts/pg.sh starts a throwaway server and sets it), dropped when
// the test ends, so tests run in parallel and again on one server.
//
// Without TABULA_PG a test skips, with a message saying how to run it;
// when CI is set too it fails instead, so a CI run cannot pass by
// skipping the PostgreSQL tests.
package pgtest

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

// NoDatabase is why a test cannot run without TABULA_PG.
const NoDatabase = "TABULA_PG is not set: set it to a PostgreSQL URL, or run the tests in a throwaway cluster: bash scripts/pg.sh run go test ./..."

// Target returns the server URL tests use (TABULA_PG in getenv), or why
// there is none and whether that is a skip (the default) or a failure
// (CI set).
func Target(getenv func(string) string) (dsn, why string, skip bool) {
	if dsn = getenv("TABULA_PG"); dsn != "" {
		return dsn, "", false
	}
	if getenv("CI") != "" {
		return "", NoDatabase + " (CI is set, so this fails instead of skipping)", false
	}
	return "", NoDatabase, true
}

// Server returns TABULA_PG, or skips or fails t without it (see Target).
func Server(t testing.TB) string {
	t.Helper()
	dsn, why, skip := Target(os.Getenv)
	if skip {
		t.Skip(why)
	}
	if why != "" {
		t.Fatal(why)
	}
	return dsn
}

// URL returns the URL of a new, empty schema in TABULA_PG's database
// (its search_path parameter names the schema), dropped when t ends; it
// skips or fails t without TABULA_PG.
func URL(t testing.TB) string {
	t.Helper()
	dsn := Server(t)
	u, err := url.Parse(dsn)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatal("TABULA_PG is not a postgres:// URL")
	}
	ctx := context.Background()
	schema := "test_" + strings.ToLower(rand.Text())
	ident := pgx.Identifier{schema}.Sanitize()
	exec := func(q string) error {
		conn, err := pgx.Connect(ctx, dsn)
		if err != nil {
			return err
		}
		defer conn.Close(ctx)
		_, err = conn.Exec(ctx, q)
		return err
	}
	if err := exec("CREATE SCHEMA " + ident); err != nil {
		t.Fatalf("create schema %s in TABULA_PG: %v", schema, err)
	}
	t.Cleanup(func() {
		if err := exec("DROP SCHEMA " + ident + " CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
