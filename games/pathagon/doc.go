// Package pathagon implements Pathagon, Mark Fuchs's 7×7 connection game
// with custodian capture, returns and a relocation phase, as specified in
// docs/rules/pathagon.md.
//
// # Board and seats
//
// Cells are named a1..g7: file a..g from the left, rank 1..7 from the
// bottom. Internally a cell is the index 7·row + col with row 0 the top rank
// (a7 = 0, g1 = 48), one bit per cell in a uint64 per colour. Seat 0 is
// Light, which joins rank 7 to rank 1; seat 1 is Dark, which joins file a to
// file g. Light moves first unless firstPlayer=dark.
//
// # Moves
//
// A placement is the cell, "d4". A relocation is origin-target, "a7-g1".
// Removed pieces follow as "x" and the cell in ascending index order (top
// rank first, then left to right): "c4xb4", "d4xd5xc4xe4xd3". With
// automatic captures (the default) the x part is always printed and may
// be left out on input; given, it must name exactly the trapped pieces. With
// optionalCaptures it names the pieces the mover chooses to remove, and a
// move without it removes none. Input is case-insensitive and accepts the
// captures in any order.
//
// # Position text
//
// Six fields separated by spaces: the board as ranks 7 down to 1
// joined by "/", each from file a to g with L, D or "."; the side to move,
// l or d (for a finished game, the side that would have moved next);
// Light's and Dark's reserves; lastRelocated as "light,dark" with cells or
// "-"; the forbidden cells, comma-separated, or "-". The start position is
//
//	......./......./......./......./......./......./....... l 14 14 -,- -
//
// Two optional fields follow, which this package adds because the rules'
// six fields cannot express them: the number of plies played (for plyCap),
// printed only when it is not 0, and the word "repetition" when the game
// ended by threefold repetition (the board alone cannot show that). A
// parsed position starts a fresh repetition history: positions before it
// are not counted. A position in which the side to move is already
// connected cannot arise and is rejected; one in which the other side is
// connected is a finished game.
//
// # Options
//
// firstPlayer (light|dark), optionalCaptures (bool, default false),
// repetitionDraw (bool, default true: the third occurrence of a position is
// a draw) and plyCap (int, default 300, 0 is off). Outcome reasons are
// "connection", "repetition" and "ply-limit".
package pathagon
