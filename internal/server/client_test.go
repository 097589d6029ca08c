package server

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientOf(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("10.0.0.0/8")}
	for _, tc := range []struct {
		name, remote, xff string
		trusted           []netip.Prefix
		want              string
	}{
		{"ipv4", "192.0.2.7:5000", "", nil, "192.0.2.7"},
		{"ipv6 cut to its /64", "[2001:db8:1:2:3:4:5:6]:443", "", nil, "2001:db8:1:2::/64"},
		{"mapped ipv4", "[::ffff:192.0.2.7]:1", "", nil, "192.0.2.7"},
		{"forwarded ignored without trusted proxies", "192.0.2.7:1", "198.51.100.1", nil, "192.0.2.7"},
		{"forwarded from an untrusted address ignored", "192.0.2.7:1", "198.51.100.1", proxies, "192.0.2.7"},
		{"trusted proxy", "127.0.0.1:1", "198.51.100.1", proxies, "198.51.100.1"},
		{"forged left hops ignored", "127.0.0.1:1", "203.0.113.9, 198.51.100.1", proxies, "198.51.100.1"},
		{"proxy chain", "127.0.0.1:1", "198.51.100.1, 10.1.2.3", proxies, "198.51.100.1"},
		{"malformed hop stops the walk", "127.0.0.1:1", "198.51.100.1, junk", proxies, "127.0.0.1"},
		{"unreadable address", "nonsense", "", nil, "unknown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Server{cfg: Config{TrustedProxies: tc.trusted}}
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tc.remote
			if tc.xff != "" {
				r.Header.Set("X-Forwarded-For", tc.xff)
			}
			if got := s.clientOf(r); got != tc.want {
				t.Errorf("clientOf(%s, XFF %q) = %q, want %q", tc.remote, tc.xff, got, tc.want)
			}
		})
	}
}
