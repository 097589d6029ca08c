package gametest

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// PerftLine is one line of a "POSITION | DEPTH COUNT [TAG]" perft file.
type PerftLine struct {
	Line     int    // 1-based line number, for messages
	Position string // position text, trimmed
	Depth    int
	Count    uint64
	Tag      string // the optional word after the count (for example "naive"), or ""
}

// ReadPerft reads a perft file of lines "POSITION | DEPTH COUNT [TAG]";
// blank lines and lines starting with "#" are skipped. A malformed line, or
// a tag not in tags, fails the test.
func ReadPerft(t *testing.T, path string, tags ...string) []PerftLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []PerftLine
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20) // positions of large games run to a few KiB
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		pos, counts, ok := strings.Cut(text, "|")
		fs := strings.Fields(counts)
		if !ok || len(fs) < 2 || len(fs) > 3 {
			t.Fatalf("%s line %d: want POSITION | DEPTH COUNT [TAG]", path, line)
		}
		l := PerftLine{Line: line, Position: strings.TrimSpace(pos)}
		if len(fs) == 3 {
			l.Tag = fs[2]
			known := false
			for _, tag := range tags {
				known = known || tag == l.Tag
			}
			if !known {
				t.Fatalf("%s line %d: unknown tag %q (want one of %q)", path, line, l.Tag, tags)
			}
		}
		var err1, err2 error
		l.Depth, err1 = strconv.Atoi(fs[0])
		l.Count, err2 = strconv.ParseUint(fs[1], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s line %d: bad numbers", path, line)
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no perft lines", path)
	}
	return out
}
