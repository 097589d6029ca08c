package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
)

// TestServeEdge runs a real tabula serve process: on loopback it answers
// only the loopback names with its port (DNS rebinding refused), keeps
// /metrics off the game port and serves it, with the profiles, on
// --metrics-addr, and refuses a non-loopback --metrics-addr.
func TestServeEdge(t *testing.T) {
	dir := t.TempDir()
	bin := buildTabula(t, dir)
	srv := startServe(t, bin, filepath.Join(dir, "t.db"), "--metrics-addr", "127.0.0.1:0")
	url, stderr := srv.url, srv.stderr
	port := url[strings.LastIndex(url, ":")+1:]
	var metricsURL string
	re := regexp.MustCompile(`msg="metrics and profiles" addr=(\S+)`)
	for deadline := time.Now().Add(10 * time.Second); metricsURL == ""; time.Sleep(10 * time.Millisecond) {
		if m := re.FindStringSubmatch(stderr.String()); m != nil {
			metricsURL = "http://" + m[1]
		} else if time.Now().After(deadline) {
			t.Fatalf("no metrics address logged: %s", stderr.String())
		}
	}
	get := func(u, host string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest("GET", u, nil)
		if host != "" {
			req.Host = host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, tt := range []struct {
		host string
		want int
	}{
		{"", 200}, {"localhost:" + port, 200}, {"127.0.0.1:" + port, 200},
		{"evil.example", 403}, {"evil.example:" + port, 403}, {"localhost:1", 403},
	} {
		if st, body := get(url+"/api/games", tt.host); st != tt.want {
			t.Errorf("Host %q: %d %s, want %d", tt.host, st, body, tt.want)
		}
	}
	if _, body := get(url+"/metrics", ""); strings.Contains(body, "tabula_") {
		t.Errorf("the game port serves the metrics")
	}
	if st, body := get(metricsURL+"/metrics", ""); st != 200 || !strings.Contains(body, "tabula_live_rooms") {
		t.Errorf("--metrics-addr /metrics: %d", st)
	}
	if st, _ := get(metricsURL+"/debug/pprof/", ""); st != 200 {
		t.Errorf("--metrics-addr /debug/pprof/: %d", st)
	}
	if st, _ := get(url+"/debug/pprof/", ""); st == 200 {
		if _, body := get(url+"/debug/pprof/", ""); strings.Contains(body, "goroutine") {
			t.Errorf("the game port serves the profiles")
		}
	}

	refused := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "u.db"), "--metrics-addr", "0.0.0.0:0")
	if out, err := refused.CombinedOutput(); err == nil || !strings.Contains(string(out), "not a loopback address") {
		t.Errorf("a public --metrics-addr: %v %s", err, out)
	}
}

// TestServeTLS runs tabula serve with --tls-cert and --tls-key (a
// certificate made here): the lobby answers over HTTPS with HSTS, and a
// match WebSocket over wss: says hello and plays a move.
func TestServeTLS(t *testing.T) {
	dir := t.TempDir()
	bin := buildTabula(t, dir)
	certFile, keyFile, pool := selfSigned(t, dir)
	srv := startServe(t, bin, filepath.Join(dir, "t.db"), "--tls-cert", certFile, "--tls-key", keyFile)
	url := srv.url
	if !strings.HasPrefix(url, "https://") {
		t.Fatalf("serve listens on %q, want https://", url)
	}
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}
	resp, err := client.Get(url + "/api/games")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Strict-Transport-Security"), "max-age=") {
		t.Errorf("GET /api/games over TLS: %d, HSTS %q", resp.StatusCode, resp.Header.Get("Strict-Transport-Security"))
	}
	zero := 0
	body, _ := json.Marshal(protocol.CreateRequest{Game: "pathagon", Join: &zero})
	resp, err = client.Post(url+"/api/matches", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var created protocol.CreateResponse
	json.NewDecoder(resp.Body).Decode(&created)
	resp.Body.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "wss"+strings.TrimPrefix(url, "https")+"/ws/matches/"+created.Match.ID, &websocket.DialOptions{HTTPClient: client})
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	c := &seatConn{ws: ws}
	hello, _ := json.Marshal(protocol.ClientMessage{Type: protocol.TypeHello, Token: created.Token})
	if err := ws.Write(ctx, websocket.MessageText, hello); err != nil {
		t.Fatal(err)
	}
	if m, err := c.next(ctx); err != nil || m.Type != protocol.TypeWelcome {
		t.Fatalf("hello over wss: %+v %v", m, err)
	}
	ping, _ := json.Marshal(protocol.ClientMessage{Type: protocol.TypePing})
	if err := ws.Write(ctx, websocket.MessageText, ping); err != nil {
		t.Fatal(err)
	}
	if m, err := c.next(ctx); err != nil || m.Type != protocol.TypePong {
		t.Fatalf("ping over wss: %+v %v", m, err)
	}
}

// selfSigned writes a certificate for 127.0.0.1 and its key into dir and
// returns their files and a pool that trusts it.
func selfSigned(t *testing.T, dir string) (certFile, keyFile string, pool *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "tabula test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, IsCA: true, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	certFile, keyFile = filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600); err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool = x509.NewCertPool()
	pool.AddCert(cert)
	return certFile, keyFile, pool
}
