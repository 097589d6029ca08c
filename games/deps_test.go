package games_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestRulesImportNoIO enforces the first decision of docs/architecture.md:
// the rules packages do no I/O. Their direct imports may not include
// networking, databases, processes, the file system, logging or the
// project's internal packages. The AI may start engine processes, and the conformance kit may
// read golden files, but neither talks to a network or a database.
func TestRulesImportNoIO(t *testing.T) {
	rules := []string{"net", "net/", "database/", "os", "os/", "syscall", "plugin", "log", "log/", "io/fs", "time", "github.com/tabula-games/tabula/internal/", "github.com/tabula-games/tabula/cmd/"}
	agents := []string{"net", "net/", "database/", "github.com/tabula-games/tabula/internal/", "github.com/tabula-games/tabula/cmd/"}
	checkImports(t, rules, "github.com/tabula-games/tabula/game", "github.com/tabula-games/tabula/game/fields", "github.com/tabula-games/tabula/game/ui", "github.com/tabula-games/tabula/game/gametest/race", "github.com/tabula-games/tabula/games/...", "github.com/tabula-games/tabula/hexgrid/...")
	// The conformance kit is test support: it may read and write golden
	// files, but it talks to no network or database either.
	checkImports(t, agents, "github.com/tabula-games/tabula/ai/...", "github.com/tabula-games/tabula/game/gametest")
}

func checkImports(t *testing.T, banned []string, patterns ...string) {
	t.Helper()
	args := append([]string{"list", "-e", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`}, patterns...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) == 0 {
		t.Fatal("go list found no packages")
	}
	for _, line := range lines {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "warning:") {
			continue
		}
		for _, imp := range f[1:] {
			for _, b := range banned {
				if imp == b || (strings.HasSuffix(b, "/") && strings.HasPrefix(imp, b)) {
					t.Errorf("%s imports %s", f[0], imp)
				}
			}
		}
	}
}
