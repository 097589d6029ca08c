package palagonia

import (
	"fmt"
	"strings"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// Face is one face of Palagonia's special dice: the numbers 2
// to 5, Remove and Rotate.
type Face uint8

const (
	// NoFace stands for a die not rolled.
	NoFace Face = iota
	Two
	Three
	Four
	Five
	// Remove takes one external tile back into the bag.
	Remove
	// Rotate turns one internal tile.
	Rotate
)

// NumFaces is the number of faces of a die.
const NumFaces = 6

// Number returns the tiles a number face places (2..5), or 0 for Remove,
// Rotate and NoFace.
func (f Face) Number() int {
	if f >= Two && f <= Five {
		return int(f) + 1
	}
	return 0
}

// String returns "2".."5", "X" for Remove, "R" for Rotate and "-" for
// NoFace.
func (f Face) String() string {
	if f > Rotate {
		return "?"
	}
	return string("-2345XR"[f])
}

// Name returns the face's display name: "2".."5", "remove" or "rotate".
func (f Face) Name() string {
	switch f {
	case Remove:
		return "remove"
	case Rotate:
		return "rotate"
	}
	return f.String()
}

// parseFace reads a face: a digit 2..5, "x" or "remove", "r" or "rotate"
// (any case).
func parseFace(s string) (Face, bool) {
	switch strings.ToLower(s) {
	case "2":
		return Two, true
	case "3":
		return Three, true
	case "4":
		return Four, true
	case "5":
		return Five, true
	case "x", "remove", "rm":
		return Remove, true
	case "r", "rotate", "rot":
		return Rotate, true
	}
	return NoFace, false
}

// Kind is the kind of a move.
type Kind uint8

const (
	// KindNone is no move.
	KindNone Kind = iota
	// KindStartRoll is one die of the start roll-off (chance).
	KindStartRoll
	// KindRoll is the roll of both dice (chance).
	KindRoll
	// KindUse chooses one die.
	KindUse
	// KindPlace places one tile of a number action.
	KindPlace
	// KindRemove takes an external tile back into the bag.
	KindRemove
	// KindRotate turns an internal tile.
	KindRotate
	// KindPass passes a turn when nothing at all can be done.
	KindPass
)

// Move encoding: the kind in bits 0-3; faces in bits 4-6 and 7-9; a cell as
// q+coordBias in bits 4-12 and r+coordBias in bits 13-21; an orientation in
// bits 22-23.
const (
	kindBits  = 4
	coordBias = 256 // makes |q|, |r| ≤ palago.MaxCoord non-negative in 9 bits
)

// StartRollMove returns the chance move of one die of the start roll-off.
func StartRollMove(f Face) game.Move { return game.Move(uint64(KindStartRoll) | uint64(f)<<kindBits) }

// RollMove returns the chance move of a roll of both dice; the order of the
// faces does not matter.
func RollMove(f1, f2 Face) game.Move {
	if f2 < f1 {
		f1, f2 = f2, f1
	}
	return game.Move(uint64(KindRoll) | uint64(f1)<<kindBits | uint64(f2)<<(kindBits+3))
}

// UseMove returns the move that chooses the die showing f.
func UseMove(f Face) game.Move { return game.Move(uint64(KindUse) | uint64(f)<<kindBits) }

func cellBits(c palago.Cell) uint64 {
	return uint64(int(c.Q)+coordBias)<<kindBits | uint64(int(c.R)+coordBias)<<(kindBits+9)
}

// PlaceMove returns the move that places tile t.
func PlaceMove(t palago.Tile) game.Move {
	return game.Move(uint64(KindPlace) | cellBits(t.Cell) | uint64(t.O)<<(kindBits+18))
}

// RemoveMove returns the move that removes the tile on c.
func RemoveMove(c palago.Cell) game.Move { return game.Move(uint64(KindRemove) | cellBits(c)) }

// RotateMove returns the move that turns the tile on t.Cell to orientation
// t.O.
func RotateMove(t palago.Tile) game.Move {
	return game.Move(uint64(KindRotate) | cellBits(t.Cell) | uint64(t.O)<<(kindBits+18))
}

// PassMove is the move that passes a turn.
const PassMove = game.Move(KindPass)

// Action is a decoded move.
type Action struct {
	Kind  Kind
	Faces [2]Face     // KindStartRoll (one face), KindRoll (two), KindUse (one)
	Tile  palago.Tile // KindPlace, KindRotate (the new orientation); KindRemove uses Tile.Cell
}

// Decode returns the action a move encodes, and false for a value that
// encodes none.
func Decode(m game.Move) (Action, bool) {
	x := uint64(m)
	k := Kind(x & (1<<kindBits - 1))
	f1, f2 := Face(x>>kindBits&7), Face(x>>(kindBits+3)&7)
	cell := palago.Cell{Q: int16(int(x>>kindBits&511) - coordBias), R: int16(int(x>>(kindBits+9)&511) - coordBias)}
	o := palago.Orientation(x >> (kindBits + 18) & 3)
	inRange := cell.Q >= -palago.MaxCoord && cell.Q <= palago.MaxCoord && cell.R >= -palago.MaxCoord && cell.R <= palago.MaxCoord
	face := func(f Face) bool { return f >= Two && f <= Rotate }
	a := Action{Kind: k}
	switch k {
	case KindStartRoll, KindUse:
		a.Faces[0] = f1
		return a, face(f1) && x>>(kindBits+3) == 0
	case KindRoll:
		a.Faces = [2]Face{f1, f2}
		return a, face(f1) && face(f2) && f1 <= f2 && x>>(kindBits+6) == 0
	case KindPlace, KindRotate:
		a.Tile = palago.Tile{Cell: cell, O: o}
		return a, inRange && o.Valid() && x>>(kindBits+20) == 0
	case KindRemove:
		a.Tile = palago.Tile{Cell: cell}
		return a, inRange && x>>(kindBits+18) == 0
	case KindPass:
		return a, x == uint64(KindPass)
	}
	return a, false
}

// String returns the action in canonical notation.
func (a Action) String() string {
	switch a.Kind {
	case KindStartRoll:
		return "roll:" + a.Faces[0].String()
	case KindRoll:
		return "roll:" + a.Faces[0].String() + "+" + a.Faces[1].String()
	case KindUse:
		return "use:" + a.Faces[0].String()
	case KindPlace:
		return a.Tile.String()
	case KindRemove:
		return "remove:" + a.Tile.Cell.String()
	case KindRotate:
		return "rotate:" + a.Tile.String()
	case KindPass:
		return "pass"
	}
	return "?"
}

// MoveString returns the canonical notation of m: "roll:4" (a start die),
// "roll:3+R" (both dice), "use:3", "(q,r):o" (place a tile),
// "remove:(q,r)", "rotate:(q,r):o" (the new orientation) or "pass".
func (s *State) MoveString(m game.Move) string {
	a, ok := Decode(m)
	if !ok {
		return fmt.Sprintf("?%d", uint64(m))
	}
	return a.String()
}

func syntaxErr(text, msg string) error {
	return &game.ParseError{Game: "palagonia", What: "move", Input: text, Offset: -1, Msg: msg}
}

// ParseAction reads a move's text without checking it against a position.
// It accepts the canonical notation and the spaced forms: "roll 3 R",
// "roll 3+R", "use 3", "place (q,r):o", "remove (q,r)", "rotate (q,r):o";
// keywords and faces in any case, "remove" and "rotate" spelled out as
// faces, parentheses round cells optional. A bare face ("3", "x") is a
// start roll when start is true, else a choice of die; "3+R" is a roll.
// Errors are *game.ParseError.
func ParseAction(text string, start bool) (Action, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return Action{}, syntaxErr(text, "empty move")
	}
	low := strings.ToLower(t)
	word, rest := low, ""
	if i := strings.IndexAny(low, ": \t("); i >= 0 {
		word, rest = low[:i], strings.TrimLeft(low[i:], ": \t")
		if low[i] == '(' {
			rest = low[i:]
		}
	}
	switch word {
	case "roll":
		return parseRoll(text, rest)
	case "use":
		f, ok := parseFace(rest)
		if !ok {
			return Action{}, syntaxErr(text, "use takes a face: 2, 3, 4, 5, X (remove) or R (rotate)")
		}
		return Action{Kind: KindUse, Faces: [2]Face{f}}, nil
	case "place":
		tl, err := palago.ParseTile(strings.TrimSpace(rest))
		if err != nil {
			return Action{}, syntaxErr(text, "place takes a tile (q,r):o")
		}
		return Action{Kind: KindPlace, Tile: tl}, nil
	case "remove":
		c, ok := parseCell(strings.TrimSpace(rest))
		if !ok {
			return Action{}, syntaxErr(text, "remove takes a cell (q,r)")
		}
		return Action{Kind: KindRemove, Tile: palago.Tile{Cell: c}}, nil
	case "rotate":
		tl, err := palago.ParseTile(strings.TrimSpace(rest))
		if err != nil {
			return Action{}, syntaxErr(text, "rotate takes a tile (q,r):o with its new orientation")
		}
		return Action{Kind: KindRotate, Tile: tl}, nil
	case "pass":
		if rest != "" {
			return Action{}, syntaxErr(text, "pass takes nothing")
		}
		return Action{Kind: KindPass}, nil
	}
	if tl, err := palago.ParseTile(t); err == nil {
		return Action{Kind: KindPlace, Tile: tl}, nil
	}
	if strings.ContainsAny(low, "+ ") {
		return parseRoll(text, low)
	}
	if f, ok := parseFace(low); ok {
		if start {
			return Action{Kind: KindStartRoll, Faces: [2]Face{f}}, nil
		}
		return Action{Kind: KindUse, Faces: [2]Face{f}}, nil
	}
	return Action{}, syntaxErr(text, `want roll:F[+F], use:F, (q,r):o, remove:(q,r), rotate:(q,r):o or pass`)
}

// parseRoll reads the faces after "roll": one face for a start die, two
// joined by "+" or white space (or written together, "3r") for both dice.
func parseRoll(text, rest string) (Action, error) {
	parts := strings.FieldsFunc(rest, func(r rune) bool { return r == '+' || r == ' ' || r == '\t' })
	if _, ok := parseFace(rest); !ok && len(parts) == 1 && len(parts[0]) == 2 {
		parts = []string{parts[0][:1], parts[0][1:]}
	}
	switch len(parts) {
	case 1:
		f, ok := parseFace(parts[0])
		if !ok {
			return Action{}, syntaxErr(text, "a face is 2, 3, 4, 5, X (remove) or R (rotate)")
		}
		return Action{Kind: KindStartRoll, Faces: [2]Face{f}}, nil
	case 2:
		f1, ok1 := parseFace(parts[0])
		f2, ok2 := parseFace(parts[1])
		if !ok1 || !ok2 {
			return Action{}, syntaxErr(text, "a face is 2, 3, 4, 5, X (remove) or R (rotate)")
		}
		if f2 < f1 {
			f1, f2 = f2, f1
		}
		return Action{Kind: KindRoll, Faces: [2]Face{f1, f2}}, nil
	}
	return Action{}, syntaxErr(text, "a roll is one face (start) or two faces F+F")
}

// parseCell reads "(q,r)" or "q,r".
func parseCell(s string) (palago.Cell, bool) {
	t, err := palago.ParseTile(s + ":0")
	if err != nil {
		return palago.Cell{}, false
	}
	return t.Cell, true
}
