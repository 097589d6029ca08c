package puzzle

import (
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
)

// data holds the shipped puzzles, one file a game (data/GAME.jsonl, one
// JSON Puzzle a line), written by `tabula puzzles mine GAME`.
//
//go:embed data
var data embed.FS

// FileName is the data file of a game, relative to this package.
func FileName(game string) string { return "data/" + game + ".jsonl" }

// Shipped returns the puzzles shipped for every game, by game ID.
func Shipped() (map[string][]Puzzle, error) {
	out := map[string][]Puzzle{}
	entries, err := fs.ReadDir(data, "data")
	if err != nil {
		return nil, fmt.Errorf("puzzle: %w", err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".jsonl") {
			continue
		}
		b, err := data.ReadFile("data/" + e.Name())
		if err != nil {
			return nil, fmt.Errorf("puzzle: %w", err)
		}
		ps, err := Read(bytes.NewReader(b))
		if err != nil {
			return nil, fmt.Errorf("puzzle: %s: %w", e.Name(), err)
		}
		for _, p := range ps {
			out[p.Game] = append(out[p.Game], p)
		}
	}
	return out, nil
}

// Read reads puzzles, one JSON object a line.
func Read(r io.Reader) ([]Puzzle, error) {
	var out []Puzzle
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var p Puzzle
		if err := json.Unmarshal(line, &p); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		if p.ID == "" || p.Game == "" || len(p.Solution) == 0 {
			return nil, fmt.Errorf("line %d: %w", n, errors.New("a puzzle needs an id, a game and a solution"))
		}
		out = append(out, p)
	}
	return out, sc.Err()
}

// Write writes puzzles one a line, in the order given.
func Write(w io.Writer, ps []Puzzle) error {
	for _, p := range ps {
		b, err := json.Marshal(p)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintf(w, "%s\n", b); err != nil {
			return err
		}
	}
	return nil
}
