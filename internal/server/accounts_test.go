package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/account"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
)

// cheapHashes makes password hashes cheap: the tests check the logic,
// BenchmarkHash the cost.
func cheapHashes(c *Config) {
	c.Accounts.Params = account.Params{Time: 1, MemoryKiB: 64, Threads: 1, SaltLen: 16, KeyLen: 32}
}

// device is a browser: its own cookie (set by the server's answers, sent
// back by hand as a browser would), CSRF token and client address (sent
// as X-Forwarded-For, believed under behindProxy).
type device struct {
	h      *harness
	url    string
	hc     *http.Client
	cookie string // the session cookie's value
	csrf   string
	addr   string
	// last are the Set-Cookie headers of the last answer.
	last []*http.Cookie
}

func (h *harness) device(addr string) *device {
	return &device{h: h, url: h.http.URL, hc: http.DefaultClient, addr: addr}
}

// call sends a request (with the cookie, the CSRF token when set, and
// the address) and decodes the answer into out; it returns the status and
// the error code of an error answer.
func (d *device) call(method, path string, body, out any) (int, protocol.Code) {
	d.h.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, d.url+path, rd)
	if method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
	}
	if d.cookie != "" {
		req.AddCookie(&http.Cookie{Name: sessionCookie, Value: d.cookie})
	}
	if d.csrf != "" {
		req.Header.Set(csrfHeader, d.csrf)
	}
	if d.addr != "" {
		req.Header.Set("X-Forwarded-For", d.addr)
	}
	resp, err := d.hc.Do(req)
	if err != nil {
		d.h.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	d.last = resp.Cookies()
	for _, c := range d.last {
		if c.Name == sessionCookie {
			d.cookie = c.Value
			if c.MaxAge < 0 {
				d.cookie = ""
			}
		}
	}
	if resp.StatusCode >= 400 {
		var e protocol.ErrorBody
		if err := json.Unmarshal(data, &e); err != nil {
			d.h.t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, data)
		}
		return resp.StatusCode, e.Error.Code
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			d.h.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	if info, ok := out.(*protocol.AccountInfo); ok {
		d.csrf = info.CSRF
	}
	return resp.StatusCode, ""
}

// must is call that fails the test unless the answer has status want.
func (d *device) must(want int, method, path string, body, out any) {
	d.h.t.Helper()
	if st, code := d.call(method, path, body, out); st != want {
		d.h.t.Fatalf("%s %s: %d %s, want %d", method, path, st, code, want)
	}
}

// whoami returns the device's account name, "" when logged out.
func (d *device) whoami() string {
	d.h.t.Helper()
	var info protocol.AccountInfo
	d.must(http.StatusOK, "GET", "/api/account", nil, &info)
	if info.Account == nil {
		return ""
	}
	return info.Account.Username
}

func (d *device) signup(name, password string) {
	d.h.t.Helper()
	d.must(http.StatusCreated, "POST", "/api/account/signup", protocol.Credentials{Username: name, Password: password}, &protocol.AccountInfo{})
}

func (d *device) login(name, password string) {
	d.h.t.Helper()
	d.must(http.StatusOK, "POST", "/api/account/login", protocol.Credentials{Username: name, Password: password}, &protocol.AccountInfo{})
}

// dial opens a WebSocket to match id with the device's cookie (no token).
func (d *device) dial(id string) *client {
	d.h.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	hdr := http.Header{}
	if d.cookie != "" {
		hdr.Set("Cookie", sessionCookie+"="+d.cookie)
	}
	ws, _, err := websocket.Dial(ctx, strings.Replace(d.url, "http", "ws", 1)+"/ws/matches/"+id, &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		d.h.t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	d.h.t.Cleanup(func() { ws.CloseNow() })
	return &client{t: d.h.t, ws: ws, seat: -1}
}

func TestAccountLifecycle(t *testing.T) {
	h := start(t, "", cheapHashes)
	a := h.device("")
	if a.whoami() != "" {
		t.Fatal("a new device is logged in")
	}
	a.signup("Alice", "correct horse")
	if got := a.whoami(); got != "Alice" {
		t.Fatalf("after signup: %q", got)
	}
	// Logout ends the session on the server: its token, replayed, is
	// nobody's.
	stolen := a.cookie
	a.must(http.StatusOK, "POST", "/api/account/logout", struct{}{}, &protocol.AccountInfo{})
	if a.cookie != "" {
		t.Error("logout did not clear the cookie")
	}
	replay := h.device("")
	replay.cookie = stolen
	if got := replay.whoami(); got != "" {
		t.Errorf("the logged-out session's token still logs in as %q", got)
	}

	// Wrong password and unknown user: one answer.
	for _, c := range []protocol.Credentials{{Username: "alice", Password: "wrong horse"}, {Username: "nobody", Password: "correct horse"}} {
		if st, code := a.call("POST", "/api/account/login", c, nil); st != http.StatusUnauthorized || code != protocol.CodeWrongCredentials {
			t.Errorf("login %+v: %d %s, want 401 wrong-credentials", c, st, code)
		}
	}
	a.login("ALICE", "correct horse") // any case
	if got := a.whoami(); got != "Alice" {
		t.Fatalf("after login: %q", got)
	}

	// Password change: the old password is checked, the new one's rule
	// too; a change ends the other sessions and rotates this one.
	b := h.device("")
	b.login("alice", "correct horse")
	before := a.cookie
	for _, tt := range []struct {
		req  protocol.PasswordChange
		st   int
		code protocol.Code
	}{
		{protocol.PasswordChange{Old: "wrong horse", New: "battery staple"}, http.StatusUnauthorized, protocol.CodeWrongCredentials},
		{protocol.PasswordChange{Old: "correct horse", New: "short"}, http.StatusBadRequest, protocol.CodeBadPassword},
	} {
		if st, code := a.call("POST", "/api/account/password", tt.req, nil); st != tt.st || code != tt.code {
			t.Errorf("password %+v: %d %s, want %d %s", tt.req, st, code, tt.st, tt.code)
		}
	}
	a.must(http.StatusOK, "POST", "/api/account/password", protocol.PasswordChange{Old: "correct horse", New: "battery staple"}, &protocol.AccountInfo{})
	if a.cookie == before || a.whoami() != "Alice" {
		t.Errorf("after a password change the session is %q (was %q), logged in as %q", a.cookie, before, a.whoami())
	}
	if got := b.whoami(); got != "" {
		t.Errorf("another session survived the password change as %q", got)
	}
	if st, code := b.call("POST", "/api/account/login", protocol.Credentials{Username: "alice", Password: "correct horse"}, nil); code != protocol.CodeWrongCredentials {
		t.Errorf("login with the old password: %d %s", st, code)
	}
	b.login("alice", "battery staple")
}

func TestSignupRules(t *testing.T) {
	eng, _ := withEngine("Stockfish", "true")
	h := start(t, "", cheapHashes, eng)
	h.device("").signup("Alice", "correct horse")
	for _, tt := range []struct {
		name, password string
		code           protocol.Code
	}{
		{"alice", "correct horse", protocol.CodeUsernameTaken},
		{"ALICE", "correct horse", protocol.CodeUsernameTaken},
		{"random", "correct horse", protocol.CodeBadUsername},
		{"Bot7", "correct horse", protocol.CodeBadUsername},
		{"admin", "correct horse", protocol.CodeBadUsername},
		{"Guest", "correct horse", protocol.CodeBadUsername},
		{"tabula", "correct horse", protocol.CodeBadUsername},
		{"stockfish", "correct horse", protocol.CodeBadUsername},
		{"ab", "correct horse", protocol.CodeBadUsername},
		{"1abc", "correct horse", protocol.CodeBadUsername},
		{"a b c", "correct horse", protocol.CodeBadUsername},
		{"carol", "seven77", protocol.CodeBadPassword},
		{"carol", strings.Repeat("p", 257), protocol.CodeBadPassword},
	} {
		st, code := h.device("").call("POST", "/api/account/signup", protocol.Credentials{Username: tt.name, Password: tt.password}, nil)
		if code != tt.code || st != tt.code.HTTPStatus() {
			t.Errorf("signup %q/%d bytes: %d %s, want %s", tt.name, len(tt.password), st, code, tt.code)
		}
	}
	// Only accounts made count against a client's signups (3 at once):
	// the refusals above cost nothing.
	h.device("").signup("carol", "eight888")
	h.device("").signup("dave", "eight888")
	if st, code := h.device("").call("POST", "/api/account/signup", protocol.Credentials{Username: "erin", Password: "eight888"}, nil); st != http.StatusTooManyRequests || code != protocol.CodeRateLimited {
		t.Errorf("a client's 4th account: %d %s, want 429 rate-limited", st, code)
	}
}

// sessionCookieOf returns the session cookie of d's last answer.
func sessionCookieOf(t *testing.T, d *device) *http.Cookie {
	t.Helper()
	for _, c := range d.last {
		if c.Name == sessionCookie {
			return c
		}
	}
	t.Fatal("no session cookie set")
	return nil
}

func TestSessionCookieFlags(t *testing.T) {
	h := start(t, "", cheapHashes)
	d := h.device("")
	d.signup("alice", "correct horse")
	c := sessionCookieOf(t, d)
	if !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Secure || len(c.Value) != sessionTokenLen {
		t.Errorf("cookie over plain HTTP: %+v; want HttpOnly, SameSite=Lax, Path=/, not Secure", c)
	}
	if c.MaxAge < int(account.SessionIdle.Seconds())-5 {
		t.Errorf("cookie Max-Age %d, want the session's %v", c.MaxAge, account.SessionIdle)
	}

	tls := httptest.NewTLSServer(h.srv.Handler())
	defer tls.Close()
	s := &device{h: h, url: tls.URL, hc: tls.Client()}
	s.login("alice", "correct horse")
	if c := sessionCookieOf(t, s); !c.Secure || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode {
		t.Errorf("cookie over TLS: %+v; want Secure, HttpOnly, SameSite=Lax", c)
	}
	s.must(http.StatusOK, "POST", "/api/account/logout", struct{}{}, nil)
	if c := sessionCookieOf(t, s); !c.Secure || c.MaxAge >= 0 {
		t.Errorf("logout over TLS: %+v; want a Secure cookie cleared", c)
	}
}

// TestSessionCookieBehindTLSProxy: a trusted proxy's X-Forwarded-Proto
// https makes the cookie Secure; the header from anyone else does not.
func TestSessionCookieBehindTLSProxy(t *testing.T) {
	h := start(t, "", cheapHashes)
	signup := func(name string) *http.Cookie {
		req, _ := http.NewRequest("POST", h.http.URL+"/api/account/signup", strings.NewReader(`{"username":"`+name+`","password":"correct horse"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-Proto", "https")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		for _, c := range resp.Cookies() {
			if c.Name == sessionCookie {
				return c
			}
		}
		t.Fatalf("signup: %d, no cookie", resp.StatusCode)
		return nil
	}
	if c := signup("direct"); c.Secure {
		t.Error("X-Forwarded-Proto from an untrusted peer made the cookie Secure")
	}
	behindProxy(&h.srv.cfg)
	if c := signup("proxied"); !c.Secure {
		t.Error("X-Forwarded-Proto https from a trusted proxy: cookie not Secure")
	}
}

func TestCSRF(t *testing.T) {
	h := start(t, "", cheapHashes)
	d := h.device("")
	d.signup("alice", "correct horse")
	csrf := d.csrf
	zero := 0
	create := protocol.CreateRequest{Game: "race", Join: &zero}
	for _, tt := range []struct {
		name, token string
		st          int
		code        protocol.Code
	}{
		{"no token", "", http.StatusForbidden, protocol.CodeCsrf},
		{"another session's token", account.CSRF(strings.Repeat("A", sessionTokenLen)), http.StatusForbidden, protocol.CodeCsrf},
		{"the session's token", csrf, http.StatusCreated, ""},
	} {
		d.csrf = tt.token
		if st, code := d.call("POST", "/api/matches", create, nil); st != tt.st || code != tt.code {
			t.Errorf("create with %s: %d %s, want %d %s", tt.name, st, code, tt.st, tt.code)
		}
		if st, code := d.call("POST", "/api/account/logout", struct{}{}, nil); tt.code != "" && (st != tt.st || code != tt.code) {
			t.Errorf("logout with %s: %d %s, want %d %s", tt.name, st, code, tt.st, tt.code)
		}
		if tt.code != "" && d.whoami() != "alice" {
			t.Fatalf("a logout with %s ended the session", tt.name)
		}
	}
	// A guest (no cookie) needs no token, as before accounts; nor does a
	// cookie that is no session token (it gives no authority), and
	// GET /api/account clears it.
	if st, code := h.device("").call("POST", "/api/matches", create, nil); st != http.StatusCreated {
		t.Errorf("guest create: %d %s", st, code)
	}
	junk := h.device("")
	junk.cookie = "junk"
	if st, code := junk.call("POST", "/api/matches", create, nil); st != http.StatusCreated {
		t.Errorf("create with a junk cookie: %d %s", st, code)
	}
	if junk.whoami() != "" || junk.cookie != "" {
		t.Errorf("GET /api/account left the junk cookie: %q", junk.cookie)
	}
}

func TestLoginRateLimits(t *testing.T) {
	h := start(t, "", cheapHashes, behindProxy)
	h.device("10.0.0.1").signup("alice", "correct horse")
	h.device("10.0.0.2").signup("bob", "correct horse")
	for i := range 8 { // right passwords do not count against the account
		h.device("10.3.0."+string(rune('1'+i))).login("bob", "correct horse")
	}
	// Per account: guesses at alice from many addresses stop after the
	// account's burst (5), even with the right password, and bob is
	// untouched.
	for i := range 5 {
		d := h.device("10.1.0." + string(rune('1'+i)))
		if st, code := d.call("POST", "/api/account/login", protocol.Credentials{Username: "alice", Password: "wrong horse"}, nil); code != protocol.CodeWrongCredentials {
			t.Fatalf("guess %d: %d %s", i, st, code)
		}
	}
	d := h.device("10.1.1.1")
	if st, code := d.call("POST", "/api/account/login", protocol.Credentials{Username: "alice", Password: "correct horse"}, nil); st != http.StatusTooManyRequests || code != protocol.CodeRateLimited {
		t.Errorf("login to alice after 5 wrong guesses: %d %s, want 429 rate-limited", st, code)
	}
	d.login("bob", "correct horse")

	// Per client: one address's attempts stop after its burst (10),
	// whatever names it tries.
	c := h.device("10.2.0.1")
	for i := range 10 {
		if st, code := c.call("POST", "/api/account/login", protocol.Credentials{Username: "nobody" + string(rune('a'+i)), Password: "correct horse"}, nil); code != protocol.CodeWrongCredentials {
			t.Fatalf("attempt %d: %d %s", i, st, code)
		}
	}
	if st, code := c.call("POST", "/api/account/login", protocol.Credentials{Username: "bob", Password: "correct horse"}, nil); st != http.StatusTooManyRequests || code != protocol.CodeRateLimited {
		t.Errorf("the client's 11th login: %d %s, want 429 rate-limited", st, code)
	}
	h.device("10.2.0.2").login("bob", "correct horse")
}

// TestGuestKeepsSeatAcrossDevices: a guest holding a seat by token signs
// up and claims it; another device, logged in with only the cookie, lists
// the match and plays the seat; a device without the cookie only watches.
func TestGuestKeepsSeatAcrossDevices(t *testing.T) {
	h := start(t, "", cheapHashes)
	id, tokens := h.twoPlayers(protocol.TimeControl{})
	phone := h.device("")
	phone.signup("alice", "correct horse")
	if st, code := phone.call("POST", "/api/account/claim", protocol.ClaimRequest{Seats: []protocol.SeatClaim{{Match: id, Token: "wrong"}}}, nil); code != protocol.CodeBadToken {
		t.Errorf("claim with a wrong token: %d %s", st, code)
	}
	var claimed protocol.ClaimResponse
	phone.must(http.StatusOK, "POST", "/api/account/claim", protocol.ClaimRequest{Seats: []protocol.SeatClaim{{Match: id, Token: tokens[0]}}}, &claimed)
	if len(claimed.Seats) != 1 || claimed.Seats[0] != (protocol.SeatRef{Match: id, Seat: 0}) {
		t.Fatalf("claimed %+v", claimed)
	}
	// Another account cannot take the seat over, even with its token.
	other := h.device("")
	other.signup("mallory", "correct horse")
	if st, code := other.call("POST", "/api/account/claim", protocol.ClaimRequest{Seats: []protocol.SeatClaim{{Match: id, Token: tokens[0]}}}, nil); code != protocol.CodeSeatTaken {
		t.Errorf("claim of another account's seat: %d %s", st, code)
	}

	laptop := h.device("")
	laptop.login("alice", "correct horse")
	var mine protocol.AccountMatches
	laptop.must(http.StatusOK, "GET", "/api/account/matches", nil, &mine)
	if len(mine.Matches) != 1 || mine.Matches[0].Match.ID != id || len(mine.Matches[0].Seats) != 1 || mine.Matches[0].Seats[0] != 0 {
		t.Fatalf("account matches: %+v", mine)
	}
	c := laptop.dial(id)
	if w := c.hello("", nil); w.Type != protocol.TypeWelcome || w.Seat == nil || *w.Seat != 0 {
		t.Fatalf("hello with the cookie only: %+v", w)
	}
	wantAck(t, c.do(protocol.TypeMove, c.state.Legal[0].Text))

	// Without the cookie the same hello only watches.
	watcher := h.device("").dial(id)
	if w := watcher.hello("", nil); w.Seat == nil || *w.Seat != -1 {
		t.Fatalf("hello without cookie: seat %v", w.Seat)
	}
	if m := watcher.do(protocol.TypeResign, ""); m.Type != protocol.TypeError {
		t.Errorf("a spectator resigned: %+v", m)
	}
	// The other account's cookie holds no seat here.
	if w := other.dial(id).hello("", nil); w.Seat == nil || *w.Seat != -1 {
		t.Errorf("another account's hello: seat %v", w.Seat)
	}
	if st, _ := h.device("").call("GET", "/api/account/matches", nil, nil); st != http.StatusUnauthorized {
		t.Errorf("matches without a session: %d", st)
	}
}

// TestLoggedInSeatsFollowTheAccount: a seat a logged-in player creates or
// joins is the account's at once.
func TestLoggedInSeatsFollowTheAccount(t *testing.T) {
	h := start(t, "", cheapHashes)
	a := h.device("")
	a.signup("alice", "correct horse")
	zero, one := 0, 1
	var created protocol.CreateResponse
	a.must(http.StatusCreated, "POST", "/api/matches", protocol.CreateRequest{Game: "race", Join: &zero}, &created)
	b := h.device("")
	b.signup("bob", "correct horse")
	b.must(http.StatusOK, "POST", "/api/matches/"+created.Match.ID+"/join", protocol.JoinRequest{Seat: &one}, &protocol.JoinResponse{})
	// Each plays from a device with the cookie only, and they agree on
	// a rematch: its seats, rotated, are theirs too.
	var conns [2]*client
	match := created.Match.ID
	for round := range 2 {
		for i, name := range []string{"alice", "bob"} {
			seat := (i + round) % 2
			d := h.device("")
			d.login(name, "correct horse")
			var mine protocol.AccountMatches
			d.must(http.StatusOK, "GET", "/api/account/matches", nil, &mine)
			if len(mine.Matches) != 1 || mine.Matches[0].Match.ID != match || mine.Matches[0].Seats[0] != seat || mine.Matches[0].Match.Status != protocol.StatusLive {
				t.Fatalf("round %d: %s's matches: %+v", round, name, mine)
			}
			c := d.dial(match)
			if w := c.hello("", nil); w.Seat == nil || *w.Seat != seat {
				t.Fatalf("round %d: %s's hello: seat %v, want %d", round, name, w.Seat, seat)
			}
			conns[seat] = c
		}
		if round == 1 {
			break
		}
		wantAck(t, conns[0].do(protocol.TypeResign, ""))
		conns[1].untilVersion(conns[0].version)
		wantAck(t, conns[1].do(protocol.TypeRematch, ""))
		conns[0].untilVersion(conns[1].version)
		wantAck(t, conns[0].do(protocol.TypeRematch, ""))
		if match = conns[0].state.Rematch; match == "" {
			t.Fatal("no rematch")
		}
	}
}

// TestSessionExpiry: a session used within SessionIdle slides on; one
// idle longer is refused, and deleted.
func TestSessionExpiry(t *testing.T) {
	fake := clock.NewFake(epoch)
	h := start(t, "", cheapHashes, func(c *Config) { c.Clock = fake })
	d := h.device("")
	d.signup("alice", "correct horse")
	for range 3 { // 87 days in all, never idle a whole SessionIdle
		fake.Advance(account.SessionIdle - 24*time.Hour)
		if d.whoami() != "alice" {
			t.Fatal("a session used every 29 days expired")
		}
	}
	token := d.cookie
	fake.Advance(account.SessionIdle + time.Second)
	if got := d.whoami(); got != "" {
		t.Fatalf("a session idle past SessionIdle is still %q", got)
	}
	if d.cookie != "" {
		t.Error("the expired session's cookie was not cleared")
	}
	if _, _, err := h.db.SessionAccount(context.Background(), account.HashToken(token)); err == nil {
		t.Error("the expired session is still stored")
	}
}

// TestSweepDeletesExpiredSessions: the sweep pass deletes sessions idle
// past SessionIdle that nobody presents again.
func TestSweepDeletesExpiredSessions(t *testing.T) {
	fake := clock.NewFake(epoch)
	h := start(t, "", cheapHashes, func(c *Config) { c.Clock = fake })
	d := h.device("")
	d.signup("alice", "correct horse")
	hash := account.HashToken(d.cookie)
	h.sweepAfter(fake, account.SessionIdle-time.Minute)
	if _, _, err := h.db.SessionAccount(context.Background(), hash); err != nil {
		t.Fatalf("a session not yet expired was deleted: %v", err)
	}
	h.sweepAfter(fake, 2*time.Minute)
	if _, _, err := h.db.SessionAccount(context.Background(), hash); err == nil {
		t.Error("the sweep left an expired session")
	}
}

// TestPasswordFloodOverloaded: past the hash bound (1 at once, none
// waiting long) logins are refused as overloaded, not queued.
func TestPasswordFloodOverloaded(t *testing.T) {
	h := start(t, "", func(c *Config) {
		c.Accounts = AccountConfig{Params: account.Params{Time: 3, MemoryKiB: 16 << 10, Threads: 1, SaltLen: 16, KeyLen: 32},
			Concurrent: 1, Queue: 1, Wait: time.Millisecond}
	})
	const n = 6
	codes := make(chan protocol.Code, n)
	for i := range n {
		go func() {
			_, code := h.device("").call("POST", "/api/account/login", protocol.Credentials{Username: "nobody" + string(rune('a'+i)), Password: "correct horse"}, nil)
			codes <- code
		}()
	}
	got := map[protocol.Code]int{}
	for range n {
		got[<-codes]++
	}
	if got[protocol.CodeOverloaded] == 0 || got[protocol.CodeWrongCredentials] == 0 || got[protocol.CodeOverloaded]+got[protocol.CodeWrongCredentials] != n {
		t.Errorf("%d logins at once with one hash slot: %v; want some overloaded, the rest wrong-credentials", n, got)
	}
}
