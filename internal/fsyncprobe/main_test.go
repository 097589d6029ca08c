package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestSummary(t *testing.T) {
	var lat []time.Duration
	for i := 100; i >= 1; i-- { // unsorted on purpose
		lat = append(lat, time.Duration(i)*time.Millisecond)
	}
	want := "flushes=100 p50=50ms p90=90ms p99=99ms p99.9=99ms max=100ms over 5/10/20 ms: 95/90/80"
	if got := summary(lat); got != want {
		t.Errorf("summary:\n got %s\nwant %s", got, want)
	}
	if got := summary(nil); got != "no flushes" {
		t.Errorf("summary(nil) = %q", got)
	}
}

// TestProbe runs the probe for a moment: it flushes, paced, and removes
// its file.
func TestProbe(t *testing.T) {
	path := filepath.Join(t.TempDir(), "probe.dat")
	lat, err := probe(path, 50*time.Millisecond, 4096, 5*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	if len(lat) == 0 || len(lat) > 11 {
		t.Errorf("%d flushes in 50 ms at one per 5 ms, want 1-11", len(lat))
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("probe file left behind: %v", err)
	}
}
