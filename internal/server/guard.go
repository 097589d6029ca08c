package server

import (
	"mime"
	"net"
	"net/http"
	"net/url"
	"path"
	"strings"

	"github.com/tabula-games/tabula/internal/protocol"
)

// The headers every response carries (see guard). The web client loads
// only its own scripts, styles and sockets; nothing may frame it, and no
// address leaks to other sites through Referer. The CSP's connect-src
// names the request's own ws:/wss: origins too, for browsers whose 'self'
// does not cover WebSockets.
const (
	cspHead = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
		"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'; connect-src 'self'"
	// hstsValue asks browsers to come back over TLS only, for a year; sent
	// only on TLS connections.
	hstsValue = "max-age=31536000"
)

// guard wraps the server's routes: it sets the security headers on every
// response, and refuses, before any handler runs and with 403
// forbidden-origin, a request for a Host not in Config.Hosts (DNS
// rebinding) and a state-changing request or WebSocket upgrade that comes
// from another site (its Origin is neither the server's own nor one of
// Config.OriginPatterns, or Sec-Fetch-Site says cross-site). A
// state-changing request must carry a JSON body (415 bad-content-type):
// the types a page may send another site without asking (text/plain,
// forms, multipart) never reach a handler. No CORS header is ever sent.
func (s *Server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", cspHead)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		if r.TLS != nil {
			h.Set("Strict-Transport-Security", hstsValue)
		}
		// A health probe (a load balancer, a container check) often
		// names the server by an address of its own; the answer says
		// nothing a rebound page could use.
		health := r.URL.Path == "/healthz" && (r.Method == http.MethodGet || r.Method == http.MethodHead)
		if !health && !s.hostAllowed(r.Host) {
			s.httpError(w, protocol.Errorf(protocol.CodeForbiddenOrigin, "host %q is not served here", r.Host))
			return
		}
		if plainHost(r.Host) {
			h.Set("Content-Security-Policy", cspHead+" ws://"+r.Host+" wss://"+r.Host)
		}
		unsafe := r.Method != http.MethodGet && r.Method != http.MethodHead && r.Method != http.MethodOptions
		if isBearer(r) { // botapi: a program's token request; no cookie authenticates it (botapi.go)
			next.ServeHTTP(w, r)
			return
		}
		if unsafe || isUpgrade(r) {
			if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
				s.httpError(w, protocol.Errorf(protocol.CodeForbiddenOrigin, "requests from other sites are refused"))
				return
			}
			if o := r.Header.Get("Origin"); o != "" && !s.originAllowed(r, o) {
				s.httpError(w, protocol.Errorf(protocol.CodeForbiddenOrigin, "origin %q is not allowed", o))
				return
			}
		}
		if unsafe {
			mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
			if err != nil || mt != "application/json" {
				s.httpError(w, protocol.Errorf(protocol.CodeBadContentType, "content type %q: want application/json", r.Header.Get("Content-Type")))
				return
			}
			if !csrfOK(r) {
				s.httpError(w, protocol.Errorf(protocol.CodeCsrf, "a request with the session cookie must carry the session's %s header", csrfHeader))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// plainHost reports whether a Host header is a name or address and port
// only, safe to repeat in the CSP (net/http lets through characters such
// as ';' that would start another directive).
func plainHost(host string) bool {
	if host == "" {
		return false
	}
	for _, c := range host {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '-', c == ':', c == '[', c == ']':
		default:
			return false
		}
	}
	return true
}

// isUpgrade reports whether r asks for a WebSocket.
func isUpgrade(r *http.Request) bool {
	return strings.EqualFold(r.Header.Get("Upgrade"), "websocket") || strings.HasPrefix(r.URL.Path, "/ws/")
}

// hostAllowed reports whether a request's Host is one the server answers
// for: any when Config.Hosts is empty; otherwise one of them, where an
// entry without a port matches its name on any port.
func (s *Server) hostAllowed(host string) bool {
	if len(s.cfg.Hosts) == 0 {
		return true
	}
	name, _, err := net.SplitHostPort(host)
	if err != nil {
		name = host
	}
	name = strings.TrimSuffix(strings.TrimPrefix(name, "["), "]")
	for _, want := range s.cfg.Hosts {
		if strings.EqualFold(want, host) {
			return true
		}
		if _, _, err := net.SplitHostPort(want); err != nil && strings.EqualFold(strings.TrimSuffix(strings.TrimPrefix(want, "["), "]"), name) {
			return true
		}
	}
	return false
}

// originAllowed reports whether a request's Origin is the server's own
// (same scheme and host as the request) or matches one of
// Config.OriginPatterns, read as coder/websocket reads the same list (so
// the library's own check on the upgrade agrees): a pattern with a scheme
// ("https://play.example") is matched against the origin's scheme and
// host, one without ("localhost:5173", "*.example.com") against its host,
// with path.Match, ignoring case.
func (s *Server) originAllowed(r *http.Request, origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false // "null" (a sandboxed or file page) and garbage
	}
	if strings.EqualFold(u.Host, r.Host) && strings.EqualFold(u.Scheme, s.schemeOf(r)) {
		return true
	}
	for _, p := range s.cfg.OriginPatterns {
		target := u.Host
		if strings.Contains(p, "://") {
			target = u.Scheme + "://" + u.Host
		}
		if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(target)); ok {
			return true
		}
	}
	return false
}

// schemeOf is the scheme the client used: https on a TLS connection, or
// when a trusted proxy says so (X-Forwarded-Proto); http otherwise.
func (s *Server) schemeOf(r *http.Request) string {
	if r.TLS != nil {
		return "https"
	}
	if addr, ok := remoteIP(r.RemoteAddr); ok && s.trusted(addr) {
		if p := strings.ToLower(strings.TrimSpace(r.Header.Get("X-Forwarded-Proto"))); p == "https" || p == "http" {
			return p
		}
	}
	return "http"
}
