package game

import (
	"strings"
)

// SplitRecord splits a game record into move texts. A record is moves in
// notation separated by white space; move numbers such as "12." or "12..."
// standing alone or glued to the move ("1.a1b2") are dropped, and so is
// everything from "#" to the end of a line (comments).
func SplitRecord(record string) []string {
	var out []string
	for _, line := range strings.Split(record, "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		for _, tok := range strings.Fields(line) {
			tok = stripMoveNumber(tok)
			if tok != "" {
				out = append(out, tok)
			}
		}
	}
	return out
}

// stripMoveNumber drops a leading "12." or "12..." from tok.
func stripMoveNumber(tok string) string {
	i := 0
	for i < len(tok) && tok[i] >= '0' && tok[i] <= '9' {
		i++
	}
	if i == 0 || i == len(tok) || tok[i] != '.' {
		return tok
	}
	for i < len(tok) && tok[i] == '.' {
		i++
	}
	return tok[i:]
}

// PlayAll plays moves (in notation) from s. On failure it returns the last
// good state and a *MoveError naming the move and its ply, counted from 1 at
// s, wrapping the game's error.
func PlayAll(s State, moves []string) (State, error) {
	for i, text := range moves {
		m, err := s.ParseMove(text)
		if err == nil {
			var next State
			next, err = s.Play(m)
			if err == nil {
				s = next
				continue
			}
		}
		return s, &MoveError{Ply: i + 1, Move: text, Err: err}
	}
	return s, nil
}
