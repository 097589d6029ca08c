// Package fields reads the position texts of the games: words separated by
// spaces, each a field a game's parser reads in turn, many of them lists
// ("a,b,c" or "-" for none) or named ("reserve=..."). A parser splits the
// text once with New and reads it as a list of fields, one small function
// a field; every error it reports is a *game.ParseError naming the game
// and the whole text.
package fields

import (
	"fmt"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// Text is a position text split into its fields.
type Text struct {
	game   string   // the game's ID, for errors
	input  string   // the whole text
	Fields []string // the words of the text, in order
}

// New splits text at runs of white space.
func New(gameID, text string) *Text {
	return &Text{game: gameID, input: text, Fields: strings.Fields(text)}
}

// Len is the number of fields.
func (t *Text) Len() int { return len(t.Fields) }

// Errorf reports a malformed position: the message says what was wanted,
// and no offset is given.
func (t *Text) Errorf(format string, args ...any) error {
	return t.err(-1, fmt.Sprintf(format, args...))
}

// ErrorAt reports a malformed position at the first place the text holds
// part (no offset when part is empty or not found).
func (t *Text) ErrorAt(part, msg string) error {
	off := -1
	if part != "" {
		off = strings.Index(t.input, part)
	}
	return t.err(off, msg)
}

func (t *Text) err(off int, msg string) error {
	return &game.ParseError{Game: t.game, What: "position", Input: t.input, Offset: off, Msg: msg}
}

// Named returns the value of a field written NAME=VALUE, and whether the
// field starts with NAME=.
func Named(field, name string) (string, bool) {
	return strings.CutPrefix(field, name+"=")
}

// List splits a list field at sep; "-" is the empty list.
func List(field, sep string) []string {
	if field == "-" {
		return nil
	}
	return strings.Split(field, sep)
}
