package gametest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Golden compares got with the golden file at path, or (re)writes the file
// when update is set, as games' -update flags ask. A mismatch names the
// first differing line.
func Golden(t *testing.T, path, got string, update bool) {
	t.Helper()
	if update {
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
