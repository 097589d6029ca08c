// Package abalone implements Abalone as specified in docs/rules/abalone.md: the
// 61-cell hexagonal board, in-line moves, broadsides, sumito (2v1, 3v1, 3v2,
// with push-offs), no suicide, the three layouts as variants ("standard",
// "belgian-daisy", "german-daisy") and the house rules for repetition and
// the ply cap as options.
//
// # Board and notation
//
// Rows are lettered A (bottom, Black's side) to I (top); diagonals running
// from NW to SE are numbered 1..9, so the rows are A1–A5, B1–B6, ..., E1–E9,
// ..., I5–I9 and E5 is the centre. Cells are written in lower case ("e5");
// input may be in either case. Directions are those of package hexgrid: E,
// NE, NW, W, SW, SE, with NE and NW towards row I.
//
// Moves are written in ABA-PRO notation:
//   - an in-line move (one marble, a line of 2 or 3, or a push) is the
//     trailing marble and the cell it moves to: "a1b2" moves the column
//     a1-b2-c3 to NE; pushes and push-offs are not marked;
//   - a broadside is the two end marbles and the destination of the first:
//     "c3c5d4" moves c3, c4 and c5 to NE. Either end may come first on input
//     ("c5c3d6" is the same move); output names the lower end first (by row
//     letter, then number).
//
// A game record is moves separated by white space, with optional move
// numbers: "1.a1b2 i5h5 2.a5b5 i6h6".
//
// # Position text
//
// "ROWS SIDE BLACKOFF WHITEOFF": the nine rows from I down to A separated by
// "/", each listed from its lowest number, with "b", "w" or "." per cell; the
// side to move, "b" or "w"; the numbers of Black and of White marbles pushed
// off so far. The standard start is
//
//	wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b 0 0
//
// The text has no history: a parsed position starts a fresh repetition
// history and ply count (for plyCap).
//
// # End of the game
//
// After each ply, in this order: the mover has pushed off marblesToWin
// marbles and wins ("push-off"); the side to move has no legal move and
// loses ("no-moves"); the position occurs for the third time ("repetition",
// a draw, option repetitionDraw); plyCap plies have been played and the side
// that pushed off more marbles wins, else it is a draw ("ply-limit").
//
// # Engine
//
// Each colour is a 61-bit set in a uint64, with cell (row r, diagonal n) at
// bit (n-1+13r) mod 61: in that numbering each direction is a fixed rotation
// of the word, so the generator moves all marbles one step at once and finds
// every kind of move with a few shifts, ANDs and popcounts per direction (see
// movegen.go). Moves encode what Apply needs (group size, pushed marbles),
// and the Zobrist hash is updated incrementally.
package abalone
