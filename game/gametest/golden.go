package gametest

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// update is the one -update flag of every test binary that imports
// gametest: go test ./games/X -update rewrites the golden files its tests
// compare with instead of comparing.
var update = flag.Bool("update", false, "rewrite the golden files instead of comparing with them")

// Updating reports whether the test run was asked to rewrite its golden
// files (-update), for tests that write other files than through Golden.
func Updating() bool { return *update }

// Golden compares got with the golden file at path, or (re)writes the file
// when the run has -update. A mismatch names the first differing line.
func Golden(t testing.TB, path, got string) {
	t.Helper()
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got == string(want) {
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
	for i := range min(len(gl), len(wl)) {
		if gl[i] != wl[i] {
			t.Fatalf("%s differs at line %d:\n got %s\nwant %s\n(run with -update if the change is intended)", path, i+1, gl[i], wl[i])
		}
	}
	t.Fatalf("%s: got %d lines, want %d (run with -update if the change is intended)", path, len(gl), len(wl))
}
