package talat

import "fmt"

// Kind is a tower's size and shape, independent of its colour: S3 is the
// small triangle, M4 the medium square, L6 the large hexagon.
type Kind uint8

// The nine kinds, by height (small, medium, large) and then by number of
// sides (3, 4, 6). Kind/3 is the height 0..2 and Kind%3 the shape 0..2.
const (
	S3 Kind = iota
	S4
	S6
	M3
	M4
	M6
	L3
	L4
	L6
	NumKinds = 9 // kinds per colour: 3 heights × 3 shapes
)

// NoKind is the sentinel for "no tower".
const NoKind Kind = 255

var kindNames = [NumKinds]string{"S3", "S4", "S6", "M3", "M4", "M6", "L3", "L4", "L6"}

// String returns the tower code, for example "L6".
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "?"
}

// Height is 1 (small), 2 (medium) or 3 (large).
func (k Kind) Height() int { return int(k)/3 + 1 }

// Sides is 3, 4 or 6.
func (k Kind) Sides() int { return [3]int{3, 4, 6}[k%3] }

// ParseKind reads a tower code such as "L6" or "s3".
func ParseKind(s string) (Kind, bool) {
	if len(s) != 2 {
		return NoKind, false
	}
	var h int
	switch s[0] {
	case 'S', 's':
		h = 0
	case 'M', 'm':
		h = 1
	case 'L', 'l':
		h = 2
	default:
		return NoKind, false
	}
	var sh int
	switch s[1] {
	case '3':
		sh = 0
	case '4':
		sh = 1
	case '6':
		sh = 2
	default:
		return NoKind, false
	}
	return Kind(h*3 + sh), true
}

// CanCapture reports whether a tower of kind a may capture one of kind t:
// one height taller whatever the shapes; the same height with more
// sides; and David and Goliath, S3 takes L6.
func CanCapture(a, t Kind) bool {
	ah, th := a/3, t/3
	switch {
	case ah == th+1:
		return true
	case ah == th:
		return a%3 > t%3
	}
	return a == S3 && t == L6
}

// Colour is a set of nine towers: 0 black, 1 white, 2 grey. In Talat colour
// c belongs to seat c; in Palat colour 2 is the spirit's.
type Colour uint8

// NumColours is the number of tower colours, one per Talat player.
const NumColours = 3

var colourNames = [NumColours]string{"black", "white", "grey"}

// String returns the colour's name.
func (c Colour) String() string {
	if c < NumColours {
		return colourNames[c]
	}
	return "?"
}

// Tower is one of the 27 towers: its colour and its kind.
type Tower uint8

// NumTowers is the number of towers in the box.
const NumTowers = NumColours * NumKinds

// NewTower returns the tower of colour c and kind k.
func NewTower(c Colour, k Kind) Tower { return Tower(uint8(c)*NumKinds + uint8(k)) }

// Colour returns the tower's colour.
func (t Tower) Colour() Colour { return Colour(t / NumKinds) }

// Kind returns the tower's kind.
func (t Tower) Kind() Kind { return Kind(t % NumKinds) }

// String returns the colour digit followed by the tower code, as in the
// position text: "2L6" is grey's large hexagon.
func (t Tower) String() string {
	return fmt.Sprintf("%d%s", t.Colour(), t.Kind())
}

// Size is the side of a square board.
const Size = 5

// NumCells is the number of cells of one board.
const NumCells = Size * Size

// Cell is a square of a board, row*5 + column. Rows are ranks 1..5, columns
// files a..e.
type Cell int8

// NoCell is the sentinel for "no cell".
const NoCell Cell = -1

// CellAt returns the cell at row r and column c, or NoCell off the board.
func CellAt(r, c int) Cell {
	if r < 0 || r >= Size || c < 0 || c >= Size {
		return NoCell
	}
	return Cell(r*Size + c)
}

// Row is 0..4 (rank 1..5).
func (c Cell) Row() int { return int(c) / Size }

// Col is 0..4 (file a..e).
func (c Cell) Col() int { return int(c) % Size }

// String returns the cell's name, "a1" to "e5".
func (c Cell) String() string {
	if c < 0 || c >= NumCells {
		return "-"
	}
	return string([]byte{'a' + byte(c.Col()), '1' + byte(c.Row())})
}

// ParseCell reads a cell name such as "c2" (case-insensitive).
func ParseCell(s string) (Cell, bool) {
	if len(s) != 2 {
		return NoCell, false
	}
	f := s[0] | 0x20
	if f < 'a' || f > 'e' || s[1] < '1' || s[1] > '5' {
		return NoCell, false
	}
	return CellAt(int(s[1]-'1'), int(f-'a')), true
}

// Board is one of the three boards. Board Bij is shared by colours i and j
// (i < j); colour i starts on rank 1 and moves up, colour j starts on rank
// 5 and moves down.
type Board uint8

// The three boards.
const (
	B01 Board = iota
	B02
	B12
	NumBoards = 3 // three boards in a triangle
)

var boardNames = [NumBoards]string{"B01", "B02", "B12"}

// String returns the board's name, "B01", "B02" or "B12".
func (b Board) String() string {
	if b < NumBoards {
		return boardNames[b]
	}
	return "B??"
}

// ParseBoard reads a board name ("B01", "b12", "01").
func ParseBoard(s string) (Board, bool) {
	if len(s) == 3 && (s[0] == 'B' || s[0] == 'b') {
		s = s[1:]
	}
	for i, n := range boardNames {
		if n[1:] == s {
			return Board(i), true
		}
	}
	return 0, false
}

// Side is one of the two halves of a board: Low starts on rank 1 and moves
// up, High starts on rank 5 and moves down.
type Side uint8

// The sides of a board.
const (
	Low  Side = 0
	High Side = 1
)

// Colour returns the colour playing side s of board b.
func (b Board) Colour(s Side) Colour {
	return [NumBoards][2]Colour{{0, 1}, {0, 2}, {1, 2}}[b][s]
}

// SideOf returns the side colour c plays on board b, and whether c plays on
// b at all.
func (b Board) SideOf(c Colour) (Side, bool) {
	switch c {
	case b.Colour(Low):
		return Low, true
	case b.Colour(High):
		return High, true
	}
	return 0, false
}

// StartRow is the row of side s's start line: 0 for Low, 4 for High.
func (s Side) StartRow() int { return int(s) * (Size - 1) }

// Forward is the row step of side s: +1 for Low, -1 for High.
func (s Side) Forward() int { return 1 - 2*int(s) }

// Other returns the opposite side.
func (s Side) Other() Side { return 1 - s }
