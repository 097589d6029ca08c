package server

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
)

// raw sends a request with the given headers (Host among them) to the
// harness's server and returns the status, the error code (if any) and the
// response headers.
func (h *harness) raw(method, path, body string, header map[string]string) (int, protocol.Code, http.Header) {
	h.t.Helper()
	req, err := http.NewRequest(method, h.http.URL+path, strings.NewReader(body))
	if err != nil {
		h.t.Fatal(err)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
			continue
		}
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var e protocol.ErrorBody
	json.Unmarshal(data, &e)
	return resp.StatusCode, e.Error.Code, resp.Header
}

// matchCount is how many matches the store holds, whatever their status.
func (h *harness) matchCount() int {
	h.t.Helper()
	var list protocol.MatchList
	if st := h.api("GET", "/api/matches?status=all&limit=200", nil, &list); st != http.StatusOK {
		h.t.Fatalf("list: %d", st)
	}
	return len(list.Matches)
}

// TestForeignRequestsRefused sends the lobby's state-changing requests as
// another site's page (or a DNS-rebound name) would: each is refused
// before any handler runs, and nothing is created; the server's own
// origin, a listed one and a client that sends no Origin get through.
func TestForeignRequestsRefused(t *testing.T) {
	const listed = "http://localhost:5173"
	h := start(t, "", func(c *Config) {
		c.OriginPatterns = []string{listed, "*.friends.example"}
	})
	u, _ := url.Parse(h.http.URL)
	host, port := u.Host, u.Port()
	h.srv.cfg.Hosts = []string{host, "games.example"} // the test server's port is known only now
	create := `{"game":"race"}`
	tests := []struct {
		name   string
		method string
		path   string
		body   string
		header map[string]string
		status int
		code   protocol.Code
	}{
		{"cross-origin text/plain (a CORS simple request)", "POST", "/api/matches", create,
			map[string]string{"Content-Type": "text/plain", "Origin": "http://evil.example"}, 403, protocol.CodeForbiddenOrigin},
		{"text/plain without Origin", "POST", "/api/matches", create,
			map[string]string{"Content-Type": "text/plain;charset=UTF-8"}, 415, protocol.CodeBadContentType},
		{"form", "POST", "/api/matches", "game=race",
			map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, 415, protocol.CodeBadContentType},
		{"multipart", "POST", "/api/matches", "--x\r\n\r\n--x--",
			map[string]string{"Content-Type": "multipart/form-data; boundary=x"}, 415, protocol.CodeBadContentType},
		{"no content type", "POST", "/api/matches", create, nil, 415, protocol.CodeBadContentType},
		{"JSON from a foreign origin", "POST", "/api/matches", create,
			map[string]string{"Content-Type": "application/json", "Origin": "http://evil.example"}, 403, protocol.CodeForbiddenOrigin},
		{"JSON from the right host with the wrong scheme", "POST", "/api/matches", create,
			map[string]string{"Content-Type": "application/json", "Origin": "https://" + host}, 403, protocol.CodeForbiddenOrigin},
		{"opaque origin", "POST", "/api/matches", create,
			map[string]string{"Content-Type": "application/json", "Origin": "null"}, 403, protocol.CodeForbiddenOrigin},
		{"Sec-Fetch-Site cross-site", "POST", "/api/matches", create,
			map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403, protocol.CodeForbiddenOrigin},
		{"join from a foreign origin", "POST", "/api/matches/m_x/join", `{}`,
			map[string]string{"Content-Type": "application/json", "Origin": "http://evil.example"}, 403, protocol.CodeForbiddenOrigin},
		{"foreign Host (DNS rebinding), POST", "POST", "/api/matches", create,
			map[string]string{"Content-Type": "application/json", "Host": "evil.example:" + port}, 403, protocol.CodeForbiddenOrigin},
		{"foreign Host, GET", "GET", "/api/games", "", map[string]string{"Host": "evil.example"}, 403, protocol.CodeForbiddenOrigin},
		{"foreign Host, web client", "GET", "/", "", map[string]string{"Host": "rebound.example"}, 403, protocol.CodeForbiddenOrigin},
		// Let through.
		{"same origin", "POST", "/api/matches", create,
			map[string]string{"Content-Type": "application/json", "Origin": "http://" + host}, 201, ""},
		{"listed origin", "POST", "/api/matches", create,
			map[string]string{"Content-Type": "application/json; charset=utf-8", "Origin": listed}, 201, ""},
		{"listed origin pattern", "POST", "/api/matches", create,
			map[string]string{"Content-Type": "application/json", "Origin": "https://a.friends.example"}, 201, ""},
		{"no Origin (not a browser)", "POST", "/api/matches", create,
			map[string]string{"Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}, 201, ""},
		{"listed Host on any port", "GET", "/api/games", "", map[string]string{"Host": "games.example:8443"}, 200, ""},
		{"health probe by another name", "GET", "/healthz", "", map[string]string{"Host": "10.0.0.7:8080"}, 200, ""},
	}
	created := 0
	for _, tt := range tests {
		st, code, _ := h.raw(tt.method, tt.path, tt.body, tt.header)
		if st != tt.status || code != tt.code {
			t.Errorf("%s: %d %q, want %d %q", tt.name, st, code, tt.status, tt.code)
		}
		if st == http.StatusCreated {
			created++
		}
		if n := h.matchCount(); n != created {
			t.Fatalf("%s: %d matches stored, want %d", tt.name, n, created)
		}
	}
}

// TestForeignWebSocketRefused opens the match WebSocket from a foreign
// origin and through a foreign Host: both are refused with 403 before
// the upgrade; the server's own origin and a listed one connect.
func TestForeignWebSocketRefused(t *testing.T) {
	h := start(t, "", func(c *Config) { c.OriginPatterns = []string{"localhost:5173"} })
	host := strings.TrimPrefix(h.http.URL, "http://")
	h.srv.cfg.Hosts = []string{host}
	zero := 0
	m := h.create(protocol.CreateRequest{Game: "race", Join: &zero})
	wsURL := strings.Replace(h.http.URL, "http", "ws", 1) + "/ws/matches/" + m.Match.ID
	tests := []struct {
		name   string
		header http.Header
		host   string
		ok     bool
	}{
		{"foreign origin", http.Header{"Origin": {"http://evil.example"}}, "", false},
		{"cross-site fetch metadata", http.Header{"Sec-Fetch-Site": {"cross-site"}}, "", false},
		{"foreign Host", nil, "evil.example", false},
		{"own origin", http.Header{"Origin": {"http://" + host}}, "", true},
		{"listed origin", http.Header{"Origin": {"http://localhost:5173"}}, "", true},
		{"no origin", nil, "", true},
	}
	for _, tt := range tests {
		ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
		opts := &websocket.DialOptions{HTTPHeader: tt.header}
		if tt.host != "" {
			opts.HTTPHeader = http.Header{"Host": {tt.host}}
			opts.HTTPClient = &http.Client{Transport: hostTransport{tt.host}}
		}
		ws, resp, err := websocket.Dial(ctx, wsURL, opts)
		cancel()
		switch {
		case tt.ok && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case !tt.ok && err == nil:
			t.Errorf("%s: connected", tt.name)
		case !tt.ok && (resp == nil || resp.StatusCode != http.StatusForbidden):
			t.Errorf("%s: %v %v, want 403", tt.name, resp, err)
		}
		if ws != nil {
			ws.CloseNow()
		}
	}
}

// hostTransport sends every request with the given Host header.
type hostTransport struct{ host string }

func (t hostTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Host = t.host
	return http.DefaultTransport.RoundTrip(r)
}

// TestSecurityHeaders checks the headers on an API answer, the web
// client, an error and a refusal.
func TestSecurityHeaders(t *testing.T) {
	h := start(t, "")
	h.srv.cfg.Hosts = []string{strings.TrimPrefix(h.http.URL, "http://")}
	want := map[string]string{
		"X-Content-Type-Options": "nosniff",
		"X-Frame-Options":        "DENY",
		"Referrer-Policy":        "no-referrer",
	}
	cspParts := []string{"default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"}
	for _, tt := range []struct {
		name, method, path string
		header             map[string]string
		status             int
	}{
		{"API", "GET", "/api/games", nil, 200},
		{"web client", "GET", "/", nil, 200},
		{"static file", "GET", "/app.js", nil, 200},
		{"API error", "GET", "/api/nope", nil, 404},
		{"missing file", "GET", "/missing.js", nil, 404},
		{"refused host", "GET", "/", map[string]string{"Host": "evil.example"}, 403},
		{"refused content type", "POST", "/api/matches", map[string]string{"Content-Type": "text/plain"}, 415},
		{"health", "GET", "/healthz", map[string]string{"Host": "probe;script-src *"}, 200},
	} {
		st, _, hd := h.raw(tt.method, tt.path, "", tt.header)
		if st != tt.status {
			t.Errorf("%s: status %d, want %d", tt.name, st, tt.status)
		}
		for k, v := range want {
			if got := hd.Get(k); got != v {
				t.Errorf("%s: %s %q, want %q", tt.name, k, got, v)
			}
		}
		csp := hd.Get("Content-Security-Policy")
		if strings.Count(csp, "script-src") != 1 {
			t.Errorf("%s: CSP %q", tt.name, csp)
		}
		for _, p := range cspParts {
			if !strings.Contains(csp, p) {
				t.Errorf("%s: CSP %q lacks %q", tt.name, csp, p)
			}
		}
		if hd.Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("%s: a CORS header", tt.name)
		}
		if hd.Get("Strict-Transport-Security") != "" {
			t.Errorf("%s: HSTS without TLS", tt.name)
		}
	}
}

// TestBadCreateBodies sends create requests the server must refuse and
// checks nothing was stored: time controls whose fields overflow a
// duration or pass their limits, and a body with data after its value.
func TestBadCreateBodies(t *testing.T) {
	h := start(t, "", func(c *Config) { c.Limits = Limits{Off: true} }) // more creates than one client's burst
	tests := []struct {
		name string
		body string
		code protocol.Code
	}{
		{"increment overflows", `{"game":"race","timeControl":{"kind":"fischer","baseMs":60000,"incrementMs":4611686018427387904}}`, protocol.CodeBadRequest},
		{"base overflows", `{"game":"race","timeControl":{"kind":"fischer","baseMs":9223372036854775807}}`, protocol.CodeBadRequest},
		{"base wraps to a valid one", `{"game":"race","timeControl":{"kind":"fischer","baseMs":18446744073709,"incrementMs":0}}`, protocol.CodeBadRequest},
		{"negative increment", `{"game":"race","timeControl":{"kind":"fischer","baseMs":60000,"incrementMs":-1}}`, protocol.CodeBadRequest},
		{"increment past its limit on an untimed match", `{"game":"race","timeControl":{"kind":"none","incrementMs":4611686018427387904}}`, protocol.CodeBadRequest},
		{"days overflow", `{"game":"race","timeControl":{"kind":"correspondence","days":9223372036854775807}}`, protocol.CodeBadRequest},
		{"days past the limit", `{"game":"race","timeControl":{"kind":"correspondence","days":31}}`, protocol.CodeBadRequest},
		{"trailing value", `{"game":"race"}{"game":"x"}`, protocol.CodeBadJSON},
		{"trailing garbage", `{"game":"race"} x`, protocol.CodeBadJSON},
		{"trailing bracket", `{"game":"race"}]`, protocol.CodeBadJSON},
	}
	for _, tt := range tests {
		st, code, _ := h.raw("POST", "/api/matches", tt.body, map[string]string{"Content-Type": "application/json"})
		if st != http.StatusBadRequest || code != tt.code {
			t.Errorf("%s: %d %q, want 400 %q", tt.name, st, code, tt.code)
		}
	}
	if n := h.matchCount(); n != 0 {
		t.Fatalf("%d matches stored, want none", n)
	}
	// The limits themselves and trailing white space are fine.
	for _, body := range []string{
		`{"game":"race","timeControl":{"kind":"fischer","baseMs":86400000,"incrementMs":3600000}}` + " \n",
		`{"game":"race","timeControl":{"kind":"correspondence","days":30}}`,
	} {
		if st, code, _ := h.raw("POST", "/api/matches", body, map[string]string{"Content-Type": "application/json"}); st != http.StatusCreated {
			t.Errorf("%s: %d %q, want 201", body, st, code)
		}
	}
}

// TestInvalidUTF8Closes sends a text frame that is not UTF-8: the
// connection is closed with 1007 (RFC 6455 §8.1).
func TestInvalidUTF8Closes(t *testing.T) {
	h := start(t, "")
	zero := 0
	m := h.create(protocol.CreateRequest{Game: "race", Join: &zero})
	c := h.connect(m.Match.ID, m.Token)
	c.write([]byte("{\"type\":\"ping\",\"id\":\"\xff\xfe\"}"))
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	for {
		_, data, err := c.ws.Read(ctx)
		if err != nil {
			if st := websocket.CloseStatus(err); st != websocket.StatusInvalidFramePayloadData {
				t.Fatalf("closed with %d (%v), want 1007", st, err)
			}
			return
		}
		t.Logf("before the close: %s", data)
	}
}

// TestRefusedHelloLeavesUngreeted says hello with a token that holds no
// seat: the hello is refused, and the connection may not send commands
// as if it had been greeted.
func TestRefusedHelloLeavesUngreeted(t *testing.T) {
	h := start(t, "")
	id, _ := h.twoPlayers(protocol.TimeControl{})
	c := h.dial(id)
	wantCode(t, c.hello("not-a-token", nil), protocol.CodeBadToken)
	wantCode(t, c.do(protocol.TypeMove, "+1"), protocol.CodeNeedHello)
	wantCode(t, c.do(protocol.TypeResign, ""), protocol.CodeNeedHello)
}

// TestTLSAndProxiedOrigins checks HSTS over TLS and which scheme the
// Origin check expects: https on a TLS connection, or when a trusted
// proxy says so in X-Forwarded-Proto; the header from anyone else is
// ignored.
func TestTLSAndProxiedOrigins(t *testing.T) {
	h := start(t, "")
	tls := httptest.NewTLSServer(h.srv.Handler())
	defer tls.Close()
	resp, err := tls.Client().Get(tls.URL + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("Strict-Transport-Security"); !strings.HasPrefix(got, "max-age=") {
		t.Errorf("HSTS over TLS: %q", got)
	}
	req, _ := http.NewRequest("POST", tls.URL+"/api/matches", strings.NewReader(`{"game":"race"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "https://"+strings.TrimPrefix(tls.URL, "https://"))
	if resp, err := tls.Client().Do(req); err != nil || resp.StatusCode != http.StatusCreated {
		t.Errorf("same origin over TLS: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}

	host := strings.TrimPrefix(h.http.URL, "http://")
	post := map[string]string{"Content-Type": "application/json", "Origin": "https://" + host, "X-Forwarded-Proto": "https"}
	if st, code, _ := h.raw("POST", "/api/matches", `{"game":"race"}`, post); st != http.StatusForbidden {
		t.Errorf("X-Forwarded-Proto from an untrusted peer believed: %d %q", st, code)
	}
	h.srv.cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	if st, code, _ := h.raw("POST", "/api/matches", `{"game":"race"}`, post); st != http.StatusCreated {
		t.Errorf("X-Forwarded-Proto from a trusted proxy: %d %q", st, code)
	}
}
