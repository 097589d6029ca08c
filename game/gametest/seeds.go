package gametest

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// SeedPositions returns the position texts of a game's testdata directory,
// for fuzz targets to start from real positions: the positions of
// perft.txt (but "start") and of playthroughs/*.golden, each once, in file
// order.
func SeedPositions(tb testing.TB, dir string) []string {
	tb.Helper()
	var out []string
	if _, err := os.Stat(filepath.Join(dir, "perft.txt")); err == nil {
		for _, c := range ReadPerft(tb, filepath.Join(dir, "perft.txt")) {
			if c.Position != "start" {
				out = append(out, c.Position)
			}
		}
	}
	for _, pf := range playthroughs(tb, dir) {
		for _, st := range pf.Steps {
			out = append(out, st.Position)
		}
	}
	return unique(out)
}

// SeedMoves returns the moves played in a game's golden playthroughs
// (testdata/playthroughs/*.golden), each once, for fuzz targets of
// ParseMove.
func SeedMoves(tb testing.TB, dir string) []string {
	tb.Helper()
	var out []string
	for _, pf := range playthroughs(tb, dir) {
		for _, st := range pf.Steps {
			if st.Play != "" {
				out = append(out, st.Play)
			}
		}
	}
	return unique(out)
}

// playthroughs reads the golden playthroughs of a testdata directory.
func playthroughs(tb testing.TB, dir string) []PlaythroughFile {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "playthroughs", "*.golden"))
	if err != nil {
		tb.Fatal(err)
	}
	var out []PlaythroughFile
	for _, f := range files {
		out = append(out, ReadPlaythrough(tb, f))
	}
	return out
}

func unique(xs []string) []string {
	seen := map[string]bool{}
	return slices.DeleteFunc(xs, func(s string) bool {
		dup := seen[s]
		seen[s] = true
		return dup
	})
}
