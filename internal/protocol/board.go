package protocol

import (
	"encoding/json"

	"github.com/tabula-games/tabula/game/ui"
)

// Board is the board form of a match state (package game/ui): the
// position's pieces, one form per legal move in the order of State.Legal,
// and the last move's form. Sent only for games that describe themselves
// to boards (ui.Describer); a board that has it matches clicks against it
// instead of reading notation or position text.
type Board = ui.Board

// appendBoard appends b's JSON as encoding/json writes it; the forms are
// nested and sent once per state, so the encoder's own output is used.
func appendBoard(dst []byte, b *Board) []byte {
	data, err := json.Marshal(b)
	if err != nil {
		// A Board holds only strings, ints and slices of them.
		panic(err)
	}
	return append(dst, data...)
}
