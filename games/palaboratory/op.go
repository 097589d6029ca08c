package palaboratory

import (
	"strings"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// OpKind says what an operation does to the layout.
type OpKind uint8

const (
	// Place adds a new tile from the supply: "(q,r):o" on an empty cell.
	Place OpKind = iota + 1
	// Rotate turns a tile in place: "(q,r):o" on an occupied cell, o its new
	// orientation. One move.
	Rotate
	// Relocate lifts a tile and puts it on another cell in any orientation:
	// "(q,r)>(q2,r2):o". One move.
	Relocate
	// Done ends a free build: "done". Not a move.
	Done
)

// String returns "place", "rotate" or "relocate".
func (k OpKind) String() string {
	switch k {
	case Place:
		return "place"
	case Rotate:
		return "rotate"
	case Relocate:
		return "relocate"
	case Done:
		return "done"
	}
	return "none"
}

// Op is one operation of a Palaboratory task. From is the cell a tile
// leaves (Relocate) or turns on (Rotate, where To = From); To is the cell
// it ends on, in orientation O.
type Op struct {
	Kind     OpKind
	From, To palago.Cell
	O        palago.Orientation
}

// Counts reports whether the operation counts as a move (a rotation or a
// relocation); additions do not.
func (op Op) Counts() bool { return op.Kind == Rotate || op.Kind == Relocate }

// String returns the operation in the game's notation: "(q,r):o" for a
// placement or a rotation, "(q,r)>(q2,r2):o" for a relocation, "done" to
// end a free build.
func (op Op) String() string {
	if op.Kind == Done {
		return "done"
	}
	t := palago.Tile{Cell: op.To, O: op.O}
	if op.Kind == Relocate {
		return op.From.String() + ">" + t.String()
	}
	return t.String()
}

// Move field layout: kind in bits 0–1, orientation in 2–3, then the from
// and to cells, each coordinate offset by coordBias into 9 bits.
const (
	coordBias = 256 // > palago.MaxCoord, so every coordinate is non-negative
	coordBits = 9   // 2·256 values cover −256..255
	coordMask = 1<<coordBits - 1
)

// doneMove is the encoding of Done: one bit above every field, so no
// other operation has it.
const doneMove = game.Move(1 << (4 + 4*coordBits))

// encode packs the operation into a game.Move.
func (op Op) encode() game.Move {
	if op.Kind == Done {
		return doneMove
	}
	m := uint64(op.Kind) | uint64(op.O)<<2
	shift := uint(4)
	for _, v := range []int16{op.From.Q, op.From.R, op.To.Q, op.To.R} {
		m |= uint64(int(v)+coordBias) << shift
		shift += coordBits
	}
	return game.Move(m)
}

// decodeOp unpacks a move; ok is false for a value no operation encodes.
func decodeOp(m game.Move) (Op, bool) {
	if m == doneMove {
		return Op{Kind: Done}, true
	}
	x := uint64(m)
	if x>>(4+4*coordBits) != 0 {
		return Op{}, false
	}
	op := Op{Kind: OpKind(x & 3), O: palago.Orientation(x >> 2 & 3)}
	var v [4]int16
	shift := uint(4)
	for i := range v {
		v[i] = int16(int(x>>shift&coordMask) - coordBias)
		shift += coordBits
	}
	op.From, op.To = palago.Cell{Q: v[0], R: v[1]}, palago.Cell{Q: v[2], R: v[3]}
	if op.Kind == 0 || !op.O.Valid() || op.encode() != m {
		return Op{}, false
	}
	if op.Kind == Place && op.From != (palago.Cell{}) || op.Kind == Rotate && op.From != op.To {
		return Op{}, false
	}
	return op, true
}

// parseOp reads an operation's text without looking at a layout: "done"
// (any case), a relocation with two cells, or one tile, whose kind (place
// or rotate) the caller decides. It returns a message on failure.
func parseOp(text string) (Op, string) {
	text = strings.TrimSpace(text)
	if strings.EqualFold(text, "done") {
		return Op{Kind: Done}, ""
	}
	from, rest, two := strings.Cut(text, ">")
	if two {
		from = strings.TrimSuffix(from, "-") // "->" is accepted too
		c, msg := parseCell(from)
		if msg != "" {
			return Op{}, msg
		}
		t, err := palago.ParseTile(rest)
		if err != nil {
			return Op{}, "want (q,r)>(q2,r2):o"
		}
		return Op{Kind: Relocate, From: c, To: t.Cell, O: t.O}, ""
	}
	t, err := palago.ParseTile(text)
	if err != nil {
		return Op{}, "want (q,r):o or (q,r)>(q2,r2):o"
	}
	return Op{Kind: Place, To: t.Cell, O: t.O}, ""
}

// parseCell reads "(q,r)" (parentheses optional) through palago's tile
// parser.
func parseCell(s string) (palago.Cell, string) {
	t, err := palago.ParseTile(s + ":0")
	if err != nil {
		return palago.Cell{}, "want a cell (q,r)"
	}
	return t.Cell, ""
}
