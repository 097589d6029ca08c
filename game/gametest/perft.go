package gametest

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// The perft file format, testdata/perft.txt in every game: one block per
// position, in the manner of chess engines' .perft files.
//
//	# comment lines (derivations, citations) and blank lines anywhere
//	id NAME                  starts a case; NAME is unique in the file
//	pos TEXT                 its position text (Info.ParsePosition), or
//	                         "pos start" for the start (Info.New)
//	opt NAME=VALUE           a game option, repeatable: variant, players and
//	                         seed set game.Options' fields, any other name
//	                         goes to Options.Values
//	perft DEPTH COUNT SOURCE [NOTE]
//
// Every count names its SOURCE: one or more of the PerftSources joined by
// commas ("hand,naive"), then an optional note (the rest of the line) that
// says more, for example which other program counted it.

// PerftSources are the kinds of source a perft count can cite.
var PerftSources = []string{
	"hand",   // derived by hand; the derivation is in the comment above or in the note
	"ref",    // counted by another program, named in the note or the comment above
	"naive",  // agrees with a naive counter written for the test (see the game's perft test)
	"engine", // this engine's count only, kept as a regression value
}

// PerftCase is one count of a perft file.
type PerftCase struct {
	Line     int    // 1-based line of the count, for messages
	ID       string // the case's name
	Position string // its position text, or "start"
	Options  game.Options
	Depth    int
	Count    uint64
	Sources  []string // from PerftSources
	Note     string   // the rest of the count's line, or ""
}

// Name is "ID/DEPTH", a subtest name.
func (c PerftCase) Name() string { return c.ID + "/" + strconv.Itoa(c.Depth) }

// From reports whether the count cites source.
func (c PerftCase) From(source string) bool { return slices.Contains(c.Sources, source) }

// State returns the case's position: Info.New for "start", else
// Info.ParsePosition. A position that fails fails the test.
func (c PerftCase) State(t testing.TB, info *game.Info) game.State {
	t.Helper()
	var s game.State
	var err error
	if c.Position == "start" {
		s, err = info.New(c.Options)
	} else {
		s, err = info.ParsePosition(c.Position, c.Options)
	}
	if err != nil {
		t.Fatalf("perft.txt line %d (%s): %v", c.Line, c.ID, err)
	}
	return s
}

// ReadPerft reads a perft file (the format above). A malformed line fails
// the test.
func ReadPerft(t testing.TB, path string) []PerftCase {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []PerftCase
	var cur *PerftCase // the case being read; counts copy it
	ids := map[string]bool{}
	bad := func(line int, format string, args ...any) {
		t.Helper()
		t.Fatalf("%s line %d: %s", path, line, fmt.Sprintf(format, args...))
	}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20) // positions of large games run to a few KiB
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, rest, _ := strings.Cut(text, " ")
		rest = strings.TrimSpace(rest)
		if key != "id" && cur == nil {
			bad(line, "%q before the first id", key)
		}
		switch key {
		case "id":
			if rest == "" || strings.ContainsAny(rest, " \t/") || ids[rest] {
				bad(line, "want id NAME, one word without '/', unique in the file")
			}
			ids[rest] = true
			cur = &PerftCase{ID: rest}
		case "pos":
			if rest == "" || cur.Position != "" {
				bad(line, "want one pos TEXT per case")
			}
			cur.Position = rest
		case "opt":
			name, value, ok := strings.Cut(rest, "=")
			if !ok || name == "" {
				bad(line, "want opt NAME=VALUE")
			}
			if err := setOption(&cur.Options, name, value); err != nil {
				bad(line, "%v", err)
			}
		case "perft":
			fs := strings.Fields(rest)
			if len(fs) < 3 {
				bad(line, "want perft DEPTH COUNT SOURCE [NOTE]")
			}
			if cur.Position == "" {
				bad(line, "perft before the case's pos")
			}
			c := *cur
			c.Line = line
			c.Options.Values = cur.Options.Values // shared, read only
			var err1, err2 error
			c.Depth, err1 = strconv.Atoi(fs[0])
			c.Count, err2 = strconv.ParseUint(fs[1], 10, 64)
			if err1 != nil || err2 != nil || c.Depth < 1 {
				bad(line, "bad depth or count")
			}
			c.Sources = strings.Split(fs[2], ",")
			for _, s := range c.Sources {
				if !slices.Contains(PerftSources, s) {
					bad(line, "unknown source %q (want one of %s, joined by commas)", s, strings.Join(PerftSources, ", "))
				}
			}
			c.Note = strings.Join(fs[3:], " ")
			out = append(out, c)
		default:
			bad(line, "unknown key %q (want id, pos, opt or perft)", key)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no perft counts", path)
	}
	return out
}

func setOption(o *game.Options, name, value string) error {
	var err error
	switch name {
	case "variant":
		o.Variant = value
	case "players":
		o.Players, err = strconv.Atoi(value)
	case "seed":
		o.Seed, err = strconv.ParseUint(value, 10, 64)
	default:
		if o.Values == nil {
			o.Values = map[string]string{}
		}
		o.Values[name] = value
	}
	if err != nil {
		return fmt.Errorf("option %s: %w", name, err)
	}
	return nil
}

// PerftConfig says how CheckPerft checks a file's counts.
type PerftConfig struct {
	// MaxCount skips counts above it (0: none skipped), to keep the default
	// run fast; a game's own flag can lift it.
	MaxCount uint64
	// SlowMax also checks the counts up to it through Play alone
	// (game.SlowPerft) and, when the state offers it, through the Mutable
	// fast path, so a game's Perfter cannot hide a bug of Play.
	SlowMax uint64
	// Naive, when set, recounts every count whose sources include "naive"
	// (up to NaiveMax, all when 0) with the game's naive counter.
	Naive    func(s game.State, c PerftCase) uint64
	NaiveMax uint64
}

// CheckPerft checks every count of the perft file at path with game.Perft
// and as cfg asks, one subtest per count, and returns the cases read. Each
// position text must be the one its state prints, so the file reads as the
// game writes positions.
func CheckPerft(t *testing.T, info *game.Info, path string, cfg PerftConfig) []PerftCase {
	t.Helper()
	cases := ReadPerft(t, path)
	for _, c := range cases {
		if cfg.MaxCount > 0 && c.Count > cfg.MaxCount {
			continue
		}
		t.Run(c.Name(), func(t *testing.T) {
			s := c.State(t, info)
			if c.Position != "start" && s.String() != c.Position {
				t.Errorf("line %d: the position prints as\n%s\nnot as its text\n%s", c.Line, s, c.Position)
			}
			if got := game.Perft(s, c.Depth); got != c.Count {
				t.Errorf("line %d: Perft(%d) = %d, want %d", c.Line, c.Depth, got, c.Count)
			}
			if c.Count <= cfg.SlowMax {
				if got := game.SlowPerft(s, c.Depth); got != c.Count {
					t.Errorf("line %d: SlowPerft(%d) = %d, want %d", c.Line, c.Depth, got, c.Count)
				}
				if m, ok := s.(game.Mutabler); ok {
					if got := mutablePerft(m.Mutable(), c.Depth); got != c.Count {
						t.Errorf("line %d: Mutable perft %d = %d, want %d", c.Line, c.Depth, got, c.Count)
					}
				}
			}
			if cfg.Naive != nil && c.From("naive") && (cfg.NaiveMax == 0 || c.Count <= cfg.NaiveMax) {
				if got := cfg.Naive(s, c); got != c.Count {
					t.Errorf("line %d: naive perft %d = %d, want %d", c.Line, c.Depth, got, c.Count)
				}
			}
		})
	}
	return cases
}

// mutablePerft counts like game.SlowPerft on the Mutable fast path.
func mutablePerft(m game.Mutable, depth int) uint64 {
	moves := m.LegalMoves(nil)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, mv := range moves {
		m.Apply(mv)
		n += mutablePerft(m, depth-1)
		m.Undo()
	}
	return n
}
