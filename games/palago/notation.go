package palago

import (
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// parseTile reads one tile, "(q,r):o"; the parentheses may be left out
// ("q,r:o") and spaces around the numbers are not allowed. It returns a
// message in lower case on failure.
func parseTile(s string) (Tile, string) {
	body, o, ok := strings.Cut(s, ":")
	if !ok {
		return Tile{}, "a tile is (q,r):o"
	}
	if strings.HasPrefix(body, "(") != strings.HasSuffix(body, ")") {
		return Tile{}, "unbalanced parentheses"
	}
	body = strings.TrimSuffix(strings.TrimPrefix(body, "("), ")")
	qs, rs, ok := strings.Cut(body, ",")
	if !ok {
		return Tile{}, "a cell is (q,r)"
	}
	q, err1 := strconv.Atoi(qs)
	r, err2 := strconv.Atoi(rs)
	if err1 != nil || err2 != nil || len(qs) > 5 || len(rs) > 5 {
		return Tile{}, "cell coordinates must be integers"
	}
	if q < -MaxCoord || q > MaxCoord || r < -MaxCoord || r > MaxCoord {
		return Tile{}, "cell coordinates out of range"
	}
	if len(o) != 1 || o[0] < '0' || o[0] > '2' {
		return Tile{}, "orientation must be 0, 1 or 2"
	}
	return Tile{Cell{int16(q), int16(r)}, Orientation(o[0] - '0')}, ""
}

// ParseTile reads a tile in the notation "(q,r):o" (parentheses optional).
// Errors are *game.ParseError.
func ParseTile(s string) (Tile, error) {
	t, msg := parseTile(s)
	if msg != "" {
		return Tile{}, &game.ParseError{Game: "palago", What: "tile", Input: s, Offset: -1, Msg: msg}
	}
	return t, nil
}

// ParseTiles reads a list of tiles separated by white space or "+", such as
// "(0,0):0 (1,-1):2". Errors are *game.ParseError.
func ParseTiles(s string) ([]Tile, error) {
	var out []Tile
	for _, f := range strings.FieldsFunc(s, isTileSep) {
		t, msg := parseTile(f)
		if msg != "" {
			return nil, &game.ParseError{Game: "palago", What: "tiles", Input: s, Offset: strings.Index(s, f), Msg: msg}
		}
		out = append(out, t)
	}
	return out, nil
}

// MustParseTiles is ParseTiles for literals in tests and examples; it
// panics on malformed text.
func MustParseTiles(s string) []Tile {
	t, err := ParseTiles(s)
	if err != nil {
		panic(err)
	}
	return t
}

func isTileSep(r rune) bool {
	return r == '+' || r == ' ' || r == '\t' || r == '\n' || r == '\r'
}

// FormatTiles writes tiles separated by sep.
func FormatTiles(tiles []Tile, sep string) string {
	var b strings.Builder
	for i, t := range tiles {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(t.String())
	}
	return b.String()
}
