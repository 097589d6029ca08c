package game

import (
	"errors"
	"fmt"
)

var (
	// ErrIllegalMove is wrapped by State.Play and State.ParseMove when a
	// move is not legal in the state it is played in.
	ErrIllegalMove = errors.New("illegal move")
	// ErrNotYourTurn is returned by the layers above the rules (server,
	// terminal play) when a seat acts while another seat is to move.
	ErrNotYourTurn = errors.New("not your turn")
	// ErrGameOver is wrapped by State.Play when the game has ended.
	ErrGameOver = errors.New("game over")
	// ErrBadOption is wrapped by Info.New and Info.ParsePosition for an
	// unknown variant, an unknown option or a malformed option value.
	ErrBadOption = errors.New("bad option")
	// ErrSyntax is wrapped by every *ParseError.
	ErrSyntax = errors.New("syntax error")
)

// ParseError reports malformed text: a position, a move or a record.
type ParseError struct {
	Game   string // game ID, for the message prefix
	What   string // "position", "move", "record", ...
	Input  string // the text being parsed
	Offset int    // byte offset in Input where the problem is, or -1
	Msg    string // what is wrong, in lower case
}

func (e *ParseError) Error() string {
	if e.Offset >= 0 {
		return fmt.Sprintf("%s: %s %q: at offset %d: %s", e.Game, e.What, e.Input, e.Offset, e.Msg)
	}
	return fmt.Sprintf("%s: %s %q: %s", e.Game, e.What, e.Input, e.Msg)
}

// Unwrap makes errors.Is(err, ErrSyntax) true for every ParseError.
func (e *ParseError) Unwrap() error { return ErrSyntax }

// MoveError names the move of a record that failed and its ply (1-based).
type MoveError struct {
	Ply  int
	Move string
	Err  error
}

func (e *MoveError) Error() string {
	return fmt.Sprintf("ply %d: move %q: %v", e.Ply, e.Move, e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }
