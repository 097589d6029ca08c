package gametest

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// SeedPositions returns the position texts of a game's testdata directory,
// for fuzz targets to start from real positions: the pos lines of
// perft.txt (but "start") and the position lines of playthroughs/*.golden,
// each once, in file order.
func SeedPositions(tb testing.TB, dir string) []string {
	tb.Helper()
	out := testdataLines(tb, filepath.Join(dir, "perft.txt"), "pos ")
	out = slices.DeleteFunc(out, func(s string) bool { return s == "start" })
	return unique(append(out, playthroughLines(tb, dir, "position ")...))
}

// SeedMoves returns the moves played in a game's golden playthroughs
// (testdata/playthroughs/*.golden), each once, for fuzz targets of
// ParseMove.
func SeedMoves(tb testing.TB, dir string) []string {
	tb.Helper()
	return unique(playthroughLines(tb, dir, "play "))
}

func playthroughLines(tb testing.TB, dir, prefix string) []string {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "playthroughs", "*.golden"))
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, f := range files {
		out = append(out, testdataLines(tb, f, prefix)...)
	}
	return out
}

// testdataLines returns the rest of every line of path that starts with
// prefix; a missing file has none.
func testdataLines(tb testing.TB, path, prefix string) []string {
	tb.Helper()
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), prefix); ok {
			out = append(out, rest)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
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
