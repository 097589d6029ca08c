package server

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/internal/protocol"
)

// raw sends body as it is (no JSON encoding) with the device's cookie and
// CSRF token and the extra headers, and returns the status, the error
// code of an error answer and the body.
func (d *device) raw(method, path, body string, hdr map[string]string) (int, protocol.Code, string) {
	d.h.t.Helper()
	req, _ := http.NewRequest(method, d.url+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if d.cookie != "" {
		req.AddCookie(&http.Cookie{Name: sessionCookie, Value: d.cookie})
	}
	if d.csrf != "" {
		req.Header.Set(csrfHeader, d.csrf)
	}
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	resp, err := d.hc.Do(req)
	if err != nil {
		d.h.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	var e protocol.ErrorBody
	if resp.StatusCode >= 400 && json.Unmarshal(data, &e) == nil {
		return resp.StatusCode, e.Error.Code, string(data)
	}
	return resp.StatusCode, "", string(data)
}

// settingsOf returns the device's account settings as GET answers them.
func settingsOf(t *testing.T, d *device) string {
	t.Helper()
	st, code, body := d.raw("GET", "/api/account/settings", "", nil)
	if st != http.StatusOK {
		t.Fatalf("GET /api/account/settings: %d %s", st, code)
	}
	return strings.TrimSpace(body)
}

// TestAccountSettingsRoundTrip: settings stored from one browser are what
// another browser of the account reads; another account's are its own.
func TestAccountSettingsRoundTrip(t *testing.T) {
	h := start(t, "", cheapHashes)
	a := h.device("")
	a.signup("alice", "correct horse")
	if got := settingsOf(t, a); got != "{}" {
		t.Fatalf("settings of a new account = %s, want {}", got)
	}
	put := `{ "volume": 0.25, "coords": false, "theme": "slate", "speed": "fast", "x": null }`
	want := `{"coords":false,"speed":"fast","theme":"slate","volume":0.25,"x":null}`
	if st, code, body := a.raw("PUT", "/api/account/settings", put, nil); st != http.StatusOK || strings.TrimSpace(body) != want {
		t.Fatalf("PUT settings: %d %s %s, want 200 %s", st, code, body, want)
	}
	b := h.device("")
	b.login("alice", "correct horse")
	if got := settingsOf(t, b); got != want {
		t.Errorf("settings on another browser = %s, want %s", got, want)
	}
	c := h.device("")
	c.signup("bob", "correct horse")
	if got := settingsOf(t, c); got != "{}" {
		t.Errorf("bob's settings = %s, want {} (alice's are hers)", got)
	}
}

// TestAccountSettingsRefused: a guest has no account settings; a state
// change from another site or without the session's CSRF token, and a
// body that is too large or not a flat object of simple values, are
// refused and leave the stored settings as they were.
func TestAccountSettingsRefused(t *testing.T) {
	h := start(t, "", cheapHashes)
	guest := h.device("")
	for _, m := range []string{"GET", "PUT"} {
		if st, code, _ := guest.raw(m, "/api/account/settings", `{"coords":false}`, nil); st != http.StatusUnauthorized || code != protocol.CodeNotLoggedIn {
			t.Errorf("guest %s: %d %s, want 401 not-logged-in", m, st, code)
		}
	}
	a := h.device("")
	a.signup("alice", "correct horse")
	const kept = `{"coords":false}`
	if st, code, _ := a.raw("PUT", "/api/account/settings", kept, nil); st != http.StatusOK {
		t.Fatalf("PUT settings: %d %s", st, code)
	}
	big := `{"k":"` + strings.Repeat("x", maxSettings) + `"}`
	for _, tt := range []struct {
		name, body string
		hdr        map[string]string
		st         int
		code       protocol.Code
	}{
		{"another site's origin", `{"coords":true}`, map[string]string{"Origin": "http://evil.example"}, http.StatusForbidden, protocol.CodeForbiddenOrigin},
		{"a cross-site fetch", `{"coords":true}`, map[string]string{"Sec-Fetch-Site": "cross-site"}, http.StatusForbidden, protocol.CodeForbiddenOrigin},
		{"no CSRF token", `{"coords":true}`, map[string]string{csrfHeader: ""}, http.StatusForbidden, protocol.CodeCsrf},
		{"a form body", `coords=true`, map[string]string{"Content-Type": "application/x-www-form-urlencoded"}, http.StatusUnsupportedMediaType, protocol.CodeBadContentType},
		{"oversize", big, nil, http.StatusRequestEntityTooLarge, protocol.CodeTooLarge},
		{"an array", `[{"coords":true}]`, nil, http.StatusBadRequest, protocol.CodeBadRequest},
		{"null", `null`, nil, http.StatusBadRequest, protocol.CodeBadRequest},
		{"a string", `"coords"`, nil, http.StatusBadRequest, protocol.CodeBadRequest},
		{"a nested object", `{"coords":{"on":true}}`, nil, http.StatusBadRequest, protocol.CodeBadRequest},
		{"a list value", `{"coords":[true]}`, nil, http.StatusBadRequest, protocol.CodeBadRequest},
		{"a bad key", `{"<script>":true}`, nil, http.StatusBadRequest, protocol.CodeBadRequest},
		{"an empty key", `{"":true}`, nil, http.StatusBadRequest, protocol.CodeBadRequest},
		{"broken JSON", `{"coords":tru`, nil, http.StatusBadRequest, protocol.CodeBadJSON},
		{"a second value", `{"coords":true}{"coords":true}`, nil, http.StatusBadRequest, protocol.CodeBadJSON},
		{"an empty body", ``, nil, http.StatusBadRequest, protocol.CodeBadRequest},
	} {
		if st, code, _ := a.raw("PUT", "/api/account/settings", tt.body, tt.hdr); st != tt.st || code != tt.code {
			t.Errorf("PUT with %s: %d %s, want %d %s", tt.name, st, code, tt.st, tt.code)
		}
		if got := settingsOf(t, a); got != kept {
			t.Fatalf("after the refused PUT with %s the settings are %s, want %s", tt.name, got, kept)
		}
	}
}

// TestAccountSettingsRate: stores count against the client's click rate
// (20 at once by default), so a signed-in client cannot keep the database
// writing; the refused store changes nothing.
func TestAccountSettingsRate(t *testing.T) {
	h := start(t, "", cheapHashes)
	a := h.device("")
	a.signup("alice", "correct horse")
	limited := 0
	for i := range 30 {
		st, code, _ := a.raw("PUT", "/api/account/settings", fmt.Sprintf(`{"n":%d}`, i), nil)
		switch {
		case st == http.StatusOK && limited == 0:
		case st == http.StatusTooManyRequests && code == protocol.CodeRateLimited:
			limited++
		default:
			t.Fatalf("PUT %d: %d %s after %d refusals", i, st, code, limited)
		}
	}
	if limited == 0 {
		t.Fatal("30 stores at once: none refused")
	}
	if got, want := settingsOf(t, a), fmt.Sprintf(`{"n":%d}`, 29-limited); got != want {
		t.Errorf("after %d refused stores the settings are %s, want %s", limited, got, want)
	}
}
