package postgres

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/internal/account"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/server"
)

// The store is what the server needs, accounts included (a store without
// them would serve guests only) and its health.
var (
	_ server.Store        = (*DB)(nil)
	_ server.AccountStore = (*DB)(nil)
	_ interface {
		Health(context.Context) error
	} = (*DB)(nil)
)

// serve runs a server on db at a random loopback port until t ends.
func serve(t *testing.T, db *DB) string {
	t.Helper()
	srv, err := server.New(server.Config{
		Games: []*game.Info{race.NewInfo()}, Store: db, BotWorkers: 1,
		// Cheap hashes: the test is about the store.
		Accounts: server.AccountConfig{Params: account.Params{Time: 1, MemoryKiB: 64, Threads: 1, SaltLen: 16, KeyLen: 32}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := srv.Recover(context.Background()); err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() { ts.CloseClientConnections(); ts.Close(); srv.Close() })
	return ts.URL
}

// call sends a request with a JSON body (nil: none) and returns the
// status and the body.
func call(t *testing.T, method, url string, body any) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, data
}

// errorCode is the code of an error answer's body.
func errorCode(data []byte) protocol.Code {
	var e protocol.ErrorBody
	json.Unmarshal(data, &e)
	return e.Error.Code
}

// A server on PostgreSQL has accounts; while its database is away its
// /healthz answers 503 with the reason, and a create, a join and a signup
// are answered unavailable (503), not internal; once the database is
// back /healthz answers ok with no other request, and creates succeed.
func TestServerOutage(t *testing.T) {
	t.Parallel()
	o := newOutage(t)
	url := serve(t, openAt(t, o.URL))
	creds := protocol.Credentials{Username: "alice", Password: "a long enough password"}
	if st, body := call(t, "POST", url+"/api/account/signup", creds); st != http.StatusCreated {
		t.Fatalf("signup: %d %s; want 201 (accounts on)", st, body)
	}
	zero := 0
	create := protocol.CreateRequest{Game: "race", Join: &zero}
	st, body := call(t, "POST", url+"/api/matches", create)
	if st != http.StatusCreated {
		t.Fatalf("create: %d %s", st, body)
	}
	var created protocol.CreateResponse
	if err := json.Unmarshal(body, &created); err != nil {
		t.Fatal(err)
	}
	if st, body := call(t, "GET", url+"/healthz", nil); st != http.StatusOK || string(body) != "ok\n" {
		t.Fatalf("healthz before the outage: %d %q", st, body)
	}

	outages[0].cut(o) // connections refused
	for _, r := range []struct {
		name, path string
		body       any
	}{
		{"create", "/api/matches", create},
		{"join", "/api/matches/" + created.Match.ID + "/join", protocol.JoinRequest{}},
		{"signup", "/api/account/signup", protocol.Credentials{Username: "bob", Password: creds.Password}},
	} {
		st, body := call(t, "POST", url+r.path, r.body)
		if st != http.StatusServiceUnavailable || errorCode(body) != protocol.CodeUnavailable {
			t.Errorf("%s while the database is away: %d %s; want 503 %q", r.name, st, body, protocol.CodeUnavailable)
		}
	}
	if st, body := call(t, "GET", url+"/healthz", nil); st != http.StatusServiceUnavailable || string(body) != "unavailable\n" {
		t.Errorf("healthz while the database is away: %d %q; want 503 and no reason (it names the database's host and user)", st, body)
	} else {
		t.Logf("healthz while the database is away: %d %q", st, body)
	}

	outages[0].restore(o)
	deadline := time.Now().Add(10 * probeEvery)
	for {
		st, body := call(t, "GET", url+"/healthz", nil)
		if st == http.StatusOK && string(body) == "ok\n" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("healthz %v after the database came back: %d %q", 10*probeEvery, st, body)
		}
		time.Sleep(probeEvery / 10)
	}
	if st, body := call(t, "POST", url+"/api/matches", create); st != http.StatusCreated {
		t.Errorf("create after the database came back: %d %s", st, body)
	}
	if st, body := call(t, "POST", url+"/api/matches/"+created.Match.ID+"/join", protocol.JoinRequest{}); st != http.StatusOK {
		t.Errorf("join after the database came back: %d %s", st, body)
	}
}
