package main

import (
	"bufio"
	"bytes"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestServeEdge runs a real tabula serve process: on loopback it answers
// only the loopback names with its port (DNS rebinding refused), keeps
// /metrics off the game port and serves it, with the profiles, on
// --metrics-addr, and refuses a non-loopback --metrics-addr.
func TestServeEdge(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "tabula")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", filepath.Join(dir, "t.db"), "--metrics-addr", "127.0.0.1:0")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr syncBuffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("serve printed no address: %v", err)
	}
	url := strings.TrimSpace(strings.TrimPrefix(line, "listening on "))
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

// syncBuffer is a bytes.Buffer safe for a process writing while the test
// reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
