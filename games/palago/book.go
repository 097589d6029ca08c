package palago

import (
	_ "embed"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// bookText is the opening book: moves proven by exhaustive search
// (package games/palago/openings, docs/palago-openings.md), each for one
// supply size under the default rules. Regenerate it with "tabula solve
// palago --tiles N --book".
//
//go:embed book.txt
var bookText string

// BookEntry is one proven move: with Tiles tiles in the supply and the
// default rules (strict holes, a draw when the supply runs out), in the
// position Moves (the game's moves from the start) or any position equal
// to it up to the colour-preserving symmetries and translation, Move
// gets the mover Result (+1 a win, 0 a draw, -1 a loss) in Plies moves.
type BookEntry struct {
	Tiles  int
	Moves  []string
	Move   string
	Result int
	Plies  int
}

// FormatBookEntry writes e as one line of the book file: tiles, the
// position's moves (or "-" for the start), the move, the result for the
// mover (win, draw or loss) and the plies, separated by " | ".
func FormatBookEntry(e BookEntry) string {
	pos := "-"
	if len(e.Moves) > 0 {
		pos = strings.Join(e.Moves, " ")
	}
	res := map[int]string{1: "win", 0: "draw", -1: "loss"}[e.Result]
	return fmt.Sprintf("%d | %s | %s | %s %d", e.Tiles, pos, e.Move, res, e.Plies)
}

// ParseBook reads a book: one FormatBookEntry line per entry; blank lines
// and lines starting with # are skipped.
func ParseBook(text string) ([]BookEntry, error) {
	var out []BookEntry
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 4 {
			return nil, fmt.Errorf("palago: book line %d: want 4 fields separated by |", i+1)
		}
		var e BookEntry
		var err error
		if e.Tiles, err = strconv.Atoi(strings.TrimSpace(f[0])); err != nil {
			return nil, fmt.Errorf("palago: book line %d: tiles: %w", i+1, err)
		}
		if pos := strings.TrimSpace(f[1]); pos != "-" {
			e.Moves = strings.Fields(pos)
		}
		e.Move = strings.TrimSpace(f[2])
		var res string
		if _, err := fmt.Sscanf(strings.TrimSpace(f[3]), "%s %d", &res, &e.Plies); err != nil {
			return nil, fmt.Errorf("palago: book line %d: result: %w", i+1, err)
		}
		switch res {
		case "win":
			e.Result = 1
		case "draw":
		case "loss":
			e.Result = -1
		default:
			return nil, fmt.Errorf("palago: book line %d: result %q", i+1, res)
		}
		out = append(out, e)
	}
	return out, nil
}

// Book returns the book the engine ships.
func Book() ([]BookEntry, error) { return ParseBook(bookText) }

// BookMove returns the shipped book's move for s, with its result for the
// mover (+1, 0, -1) and plies, when the book has s: the supply and rules
// must be those the entry was proven for. Bots that play a book use it.
func (s *State) BookMove() (m game.Move, result, plies int, ok bool) {
	book, err := Book()
	if err != nil {
		return 0, 0, 0, false
	}
	return s.LookUp(book)
}

// LookUp finds s in book and returns the entry's move as a legal move of
// s: the one whose resulting tile set equals the entry's up to symmetry.
func (s *State) LookUp(book []BookEntry) (m game.Move, result, plies int, ok bool) {
	if s.over || !s.set.strict || s.set.largest {
		return 0, 0, 0, false
	}
	key := "" // computed at the first entry for this supply and move number
	for _, e := range book {
		if e.Tiles != s.set.tiles || len(e.Moves) != (s.board.Len()+1)/2 {
			continue
		}
		if key == "" {
			key = canonicalKey(s.board.Tiles())
		}
		tiles, after, err := bookTiles(e)
		if err != nil || canonicalKey(tiles) != key {
			continue
		}
		want := canonicalKey(after)
		for _, m := range s.LegalMoves(nil) {
			mt, _ := MoveTiles(m)
			if canonicalKey(append(s.board.Tiles(), mt...)) == want {
				return m, e.Result, e.Plies, true
			}
		}
	}
	return 0, 0, 0, false
}

// bookTiles returns an entry's tiles before and after its move.
func bookTiles(e BookEntry) (before, after []Tile, err error) {
	for _, m := range e.Moves {
		t, err := ParseTiles(m)
		if err != nil {
			return nil, nil, err
		}
		before = append(before, t...)
	}
	t, err := ParseTiles(e.Move)
	if err != nil {
		return nil, nil, err
	}
	return before, append(slices.Clone(before), t...), nil
}

// canonicalKey is the canonical form of a tile set under the
// colour-preserving symmetries and translation, as text.
func canonicalKey(tiles []Tile) string {
	return FormatTiles(Canonical(tiles, ColourPreserving()), " ")
}
