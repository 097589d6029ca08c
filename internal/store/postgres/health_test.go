package postgres

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
	"github.com/tabula-games/tabula/internal/store/storetest"
)

// outage is a database of its own in TABULA_PG's server, which a test
// can take away from its stores and give back, leaving the other tests'
// database alone.
type outage struct {
	t     testing.TB
	admin string // TABULA_PG: where the ALTERs run
	name  string // the database's name
	URL   string // the database's URL
}

// newOutage creates the database, dropped when t ends.
func newOutage(t testing.TB) *outage {
	t.Helper()
	o := &outage{t: t, admin: pgtest.Server(t), name: "test_" + strings.ToLower(rand.Text())}
	u, err := url.Parse(o.admin)
	if err != nil {
		t.Fatal("TABULA_PG is not a URL")
	}
	u.Path = "/" + o.name
	o.URL = u.String()
	o.exec("CREATE DATABASE " + o.ident())
	t.Cleanup(func() { o.exec("DROP DATABASE " + o.ident() + " WITH (FORCE)") })
	return o
}

func (o *outage) ident() string { return pgx.Identifier{o.name}.Sanitize() }

// exec runs statements on the admin connection.
func (o *outage) exec(stmts ...string) {
	o.t.Helper()
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, o.admin)
	if err != nil {
		o.t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, s := range stmts {
		if _, err := conn.Exec(ctx, s); err != nil {
			o.t.Fatalf("%s: %v", s, err)
		}
	}
}

// terminate ends every connection to the database, as a restart of the
// server does.
func (o *outage) terminate() {
	o.t.Helper()
	o.exec("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '" + o.name + "' AND pid <> pg_backend_pid()")
}

// The ways a database goes away under a running store, and comes back.
var outages = []struct {
	name string
	// cut takes the database away; restore gives it back.
	cut, restore func(o *outage)
	// reads says whether reads still work while it is away.
	reads bool
}{
	{
		name: "connections refused",
		cut: func(o *outage) {
			o.exec("ALTER DATABASE " + o.ident() + " ALLOW_CONNECTIONS false")
			o.terminate()
		},
		restore: func(o *outage) { o.exec("ALTER DATABASE " + o.ident() + " ALLOW_CONNECTIONS true") },
	},
	{
		name: "read-only",
		cut: func(o *outage) {
			o.exec("ALTER DATABASE " + o.ident() + " SET default_transaction_read_only = on")
			o.terminate()
		},
		restore: func(o *outage) {
			o.exec("ALTER DATABASE " + o.ident() + " RESET default_transaction_read_only")
			o.terminate()
		},
		reads: true,
	},
}

// While the database is away every write fails with an error wrapping
// store.ErrUnavailable (as do reads, unless it is only read-only), and
// Health reports it; once it is back, Health's own probe finds out with
// no other write, and writes succeed. Refusals of the request (a
// conflict) stay what they are.
func TestOutage(t *testing.T) {
	t.Parallel()
	for _, tc := range outages {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			o := newOutage(t)
			db := openAt(t, o.URL)
			m1 := storetest.NewMatch("m1", 0)
			if err := db.Create(ctx, m1); err != nil {
				t.Fatal(err)
			}
			if err := db.Create(ctx, m1); !errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrUnavailable) {
				t.Fatalf("duplicate Create = %v; want ErrConflict only", err)
			}
			if err := db.Health(ctx); err != nil {
				t.Fatalf("Health before the outage: %v", err)
			}

			tc.cut(o)
			next := m1
			next.Version, next.Ply, next.Updated = 2, 1, m1.Updated.Add(time.Second)
			change := store.Change{Match: next, Prev: 1, Truncate: -1, Append: []store.Move{{Ply: 1, Text: "+1", At: next.Updated}}}
			writes := []struct {
				name string
				do   func() error
			}{
				{"Create", func() error { return db.Create(ctx, storetest.NewMatch("m2", 1)) }},
				{"Save", func() error { return db.Save(ctx, change) }},
				{"CreateAccount", func() error { return db.CreateAccount(ctx, storetest.NewAccount("a_1", "alice", 0)) }},
			}
			for _, w := range writes {
				if err := w.do(); !errors.Is(err, store.ErrUnavailable) {
					t.Errorf("%s while the database is away: %v; want store.ErrUnavailable", w.name, err)
				} else {
					t.Logf("%s: %v", w.name, err)
				}
			}
			if _, _, err := db.Load(ctx, "m1"); tc.reads != (err == nil) || (err != nil && !errors.Is(err, store.ErrUnavailable)) {
				t.Errorf("Load while the database is away: %v; want it to work: %v, else store.ErrUnavailable", err, tc.reads)
			}
			err := db.Health(ctx)
			if !errors.Is(err, store.ErrUnavailable) || !strings.Contains(err.Error(), "since ") {
				t.Errorf("Health while the database is away: %v; want store.ErrUnavailable since the first failure", err)
			}

			tc.restore(o)
			checkRecovered(t, db, change, "after the database came back")
		})
	}
}

// cluster is a PostgreSQL cluster of a test's own (scripts/pg.sh start),
// which the test stops and starts again on the same port.
type cluster struct {
	t   testing.TB
	dir string // the cluster's directory (pg.sh's)
	bin string // PostgreSQL's programs
	URL string
}

// pgBin is where PostgreSQL's programs are, as scripts/pg.sh finds them:
// PG_BIN, else the newest /usr/lib/postgresql/*/bin; "" for none.
func pgBin() string {
	if d := os.Getenv("PG_BIN"); d != "" {
		return d
	}
	ds, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(ds, func(i, j int) bool { // by version: 9 before 15
		a, b := filepath.Base(filepath.Dir(ds[i])), filepath.Base(filepath.Dir(ds[j]))
		return len(a) < len(b) || (len(a) == len(b) && a < b)
	})
	for i := len(ds) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(ds[i], "pg_ctl")); err == nil {
			return ds[i]
		}
	}
	return ""
}

// newCluster starts a cluster with scripts/pg.sh, removed when t ends.
// Without PostgreSQL's programs it skips t, or fails it when CI is set.
func newCluster(t *testing.T) *cluster {
	t.Helper()
	pgtest.Server(t) // the PostgreSQL tests run at all
	c := &cluster{t: t, bin: pgBin()}
	if c.bin == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("no PostgreSQL programs to start a cluster of the test's own (set PG_BIN)")
		}
		t.Skip("no PostgreSQL programs to start a cluster of the test's own (set PG_BIN)")
	}
	script, err := filepath.Abs("../../../scripts/pg.sh")
	if err != nil {
		t.Fatal(err)
	}
	// In the system's temporary directory, which the cluster's user (not
	// root) can enter, unlike t.TempDir's parent.
	if c.dir, err = os.MkdirTemp("", "tabula-pg-test-"); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("bash", script, "start", c.dir).Output()
	if err != nil {
		os.RemoveAll(c.dir)
		t.Fatalf("pg.sh start: %v", err)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("bash", script, "stop", c.dir).CombinedOutput(); err != nil {
			t.Errorf("pg.sh stop: %v\n%s", err, out)
		}
	})
	c.URL = strings.TrimSpace(string(out))
	// The cluster's settings, so pg_ctl start needs none of pg.sh's.
	u, err := url.Parse(c.URL)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, c.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	for _, set := range [][2]string{{"port", u.Port()}, {"listen_addresses", "127.0.0.1"}, {"unix_socket_directories", c.dir}} {
		if _, err := conn.Exec(ctx, "ALTER SYSTEM SET "+set[0]+" = "+pgx.Identifier{set[1]}.Sanitize()); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// pgCtl runs pg_ctl on the cluster as its owner (pg.sh's: as root, the
// user postgres, else nobody).
func (c *cluster) pgCtl(args ...string) {
	c.t.Helper()
	args = append([]string{filepath.Join(c.bin, "pg_ctl"), "-D", filepath.Join(c.dir, "data"), "-w"}, args...)
	if os.Getuid() == 0 {
		owner := "nobody"
		if _, err := user.Lookup("postgres"); err == nil {
			owner = "postgres"
		}
		args = append([]string{"runuser", "-u", owner, "--"}, args...)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = c.dir
	if out, err := cmd.CombinedOutput(); err != nil {
		c.t.Fatalf("pg_ctl %s: %v\n%s", args, err, out)
	}
}

// A store whose database server stops (its connections end, new ones are
// refused) answers store.ErrUnavailable and reports it; once the server
// is started again Health finds out with no other write, and writes
// succeed on new connections.
func TestClusterStopped(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	c := newCluster(t)
	db := openAt(t, c.URL)
	m1 := storetest.NewMatch("m1", 0)
	if err := db.Create(ctx, m1); err != nil {
		t.Fatal(err)
	}

	c.pgCtl("-m", "fast", "stop")
	next := m1
	next.Version, next.Ply = 2, 1
	change := store.Change{Match: next, Prev: 1, Truncate: -1, Append: []store.Move{{Ply: 1, Text: "+1", At: m1.Created}}}
	if err := db.Save(ctx, change); !errors.Is(err, store.ErrUnavailable) {
		t.Errorf("Save with the server stopped: %v; want store.ErrUnavailable", err)
	} else {
		t.Logf("Save: %v", err)
	}
	if err := db.Create(ctx, storetest.NewMatch("m2", 1)); !errors.Is(err, store.ErrUnavailable) {
		t.Errorf("Create with the server stopped: %v; want store.ErrUnavailable", err)
	} else {
		t.Logf("Create: %v", err)
	}
	if err := db.Health(ctx); !errors.Is(err, store.ErrUnavailable) {
		t.Errorf("Health with the server stopped: %v; want store.ErrUnavailable", err)
	}

	c.pgCtl("-l", filepath.Join(c.dir, "server.log"), "start")
	checkRecovered(t, db, change, "after the server started again")
}

// checkRecovered checks that db's Health, by its own probe, turns healthy
// within ten probe periods once its database is back (when says how it
// came back), and that the change and a new match "m2" are then written.
func checkRecovered(t *testing.T, db *DB, change store.Change, when string) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(10 * probeEvery)
	for {
		err := db.Health(ctx)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Health %v %s: %v", 10*probeEvery, when, err)
		}
		time.Sleep(probeEvery / 10)
	}
	if err := db.Save(ctx, change); err != nil {
		t.Errorf("Save %s: %v", when, err)
	}
	if err := db.Create(ctx, storetest.NewMatch("m2", 1)); err != nil {
		t.Errorf("Create %s: %v", when, err)
	}
}

// A database that cannot be written is refused at start: Open fails with
// store.ErrUnavailable, saying why.
func TestOpenRefusesReadOnly(t *testing.T) {
	t.Parallel()
	o := newOutage(t)
	db := openAt(t, o.URL) // migrated while writable
	db.Close()
	o.exec("ALTER DATABASE " + o.ident() + " SET default_transaction_read_only = on")
	db, err := Open(context.Background(), o.URL)
	if err == nil {
		db.Close()
		t.Fatal("Open of a read-only database succeeded")
	}
	if !errors.Is(err, store.ErrUnavailable) || !strings.Contains(err.Error(), "cannot write") {
		t.Errorf("Open of a read-only database: %v; want store.ErrUnavailable, cannot write", err)
	}
	t.Logf("Open: %v", err)
}

// Which errors are storage failures (wrapped in store.ErrUnavailable),
// including those a test cannot cause on a real server (a full disk), and
// which stay errors of the request.
func TestStorageFailure(t *testing.T) {
	pg := func(code string) error { return &pgconn.PgError{Severity: "ERROR", Code: code} }
	for _, tc := range []struct {
		name string
		err  error
		want bool
	}{
		{"disk full", pg("53100"), true},
		{"out of memory", pg("53200"), true},
		{"too many connections", pg("53300"), true},
		{"admin shutdown", pg("57P01"), true},
		{"crash shutdown", pg("57P02"), true},
		{"cannot connect now", pg("57P03"), true},
		{"statement timeout", pg("57014"), true},
		{"connection failure", pg("08006"), true},
		{"I/O error", pg("58030"), true},
		{"data corrupted", pg("XX001"), true},
		{"read-only transaction", pg("25006"), true},
		{"lock timeout", pg("55P03"), true},
		{"connection lost", fmt.Errorf("postgres: save: %w", io.ErrUnexpectedEOF), true},
		{"connection closed", fmt.Errorf("postgres: save: %w", pgconn.ErrConnClosed), true},
		{"deadline", fmt.Errorf("postgres: save: %w", context.DeadlineExceeded), true},
		{"unique violation", pg("23505"), false},
		{"foreign key violation", pg("23503"), false},
		{"check violation", pg("23514"), false},
		{"undefined table", pg("42P01"), false},
		{"serialization failure", pg("40001"), false},
		{"cancelled by the caller", fmt.Errorf("postgres: save: %w", context.Canceled), false},
		{"conflict", fmt.Errorf("postgres: save: %w", store.ErrConflict), false},
		{"no error", nil, false},
	} {
		err := unavailable(tc.err)
		if got := errors.Is(err, store.ErrUnavailable); got != tc.want {
			t.Errorf("%s (%v): unavailable %v, want %v", tc.name, tc.err, got, tc.want)
		}
		if tc.err != nil && !errors.Is(err, tc.err) {
			t.Errorf("%s: %v does not wrap %v", tc.name, err, tc.err)
		}
	}
}
