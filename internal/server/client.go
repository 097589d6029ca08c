package server

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// clientOf names the client a request comes from, the key of every
// per-client limit: its IP address, an IPv6 one cut to its /64 (one
// household or host gets a /64, and a client could otherwise pick a new
// address per request). When the connection comes from a proxy listed in
// Config.TrustedProxies, the client is the rightmost X-Forwarded-For
// address that is not itself a trusted proxy (the leftmost ones are the
// client's to forge). A request whose address cannot be read is the
// client "unknown": all of them share one set of limits.
func (s *Server) clientOf(r *http.Request) string {
	addr, ok := remoteIP(r.RemoteAddr)
	if !ok {
		return "unknown"
	}
	if s.trusted(addr) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				break // a malformed hop: trust nothing to its left
			}
			addr = hop.Unmap()
			if !s.trusted(addr) {
				break
			}
		}
	}
	return clientKey(addr)
}

// trusted reports whether addr is one of the configured proxies.
func (s *Server) trusted(addr netip.Addr) bool {
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

// remoteIP parses a RemoteAddr ("host:port").
func remoteIP(remote string) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	addr, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	return addr.Unmap().WithZone(""), true
}

// clientKey is an address's client name: the address itself for IPv4,
// its /64 network for IPv6.
func clientKey(addr netip.Addr) string {
	if addr.Is4() {
		return addr.String()
	}
	p, _ := addr.Prefix(64)
	return p.String()
}
