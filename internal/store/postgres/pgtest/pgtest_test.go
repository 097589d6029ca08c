package pgtest

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestTarget(t *testing.T) {
	tests := []struct {
		name     string
		env      map[string]string
		wantDSN  string
		wantSkip bool
		wantWhy  bool
	}{
		{"set", map[string]string{"TABULA_PG": "postgres://x/y"}, "postgres://x/y", false, false},
		{"set in CI", map[string]string{"TABULA_PG": "postgres://x/y", "CI": "1"}, "postgres://x/y", false, false},
		{"unset: skip", nil, "", true, true},
		{"unset in CI: fail", map[string]string{"CI": "true"}, "", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dsn, why, skip := Target(func(k string) string { return tt.env[k] })
			if dsn != tt.wantDSN || skip != tt.wantSkip || (why != "") != tt.wantWhy {
				t.Errorf("Target() = %q, %q, %v; want %q, a reason %v, skip %v", dsn, why, skip, tt.wantDSN, tt.wantWhy, tt.wantSkip)
			}
		})
	}
}

// TestURL checks each URL is a schema of its own, current for its
// connections, and gone after its test.
func TestURL(t *testing.T) {
	ctx := context.Background()
	schemaOf := func(t *testing.T, u string) string {
		t.Helper()
		conn, err := pgx.Connect(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		var s string
		if err := conn.QueryRow(ctx, `SELECT current_schema()`).Scan(&s); err != nil {
			t.Fatal(err)
		}
		return s
	}
	var a, b string
	t.Run("two schemas", func(t *testing.T) {
		a, b = schemaOf(t, URL(t)), schemaOf(t, URL(t))
		if a == "" || a == b || !strings.HasPrefix(a, "test_") {
			t.Fatalf("current schemas %q and %q; want two test_ schemas", a, b)
		}
	})
	conn, err := pgx.Connect(ctx, Server(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, `SELECT count(*) FROM pg_namespace WHERE nspname IN ($1, $2)`, a, b).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("%d of schemas %s, %s left after their test", n, a, b)
	}
}
