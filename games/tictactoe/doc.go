// Package tictactoe implements tic-tac-toe, the template game: the smallest
// complete game of the repository, with every part a new game copies
// (the contract, the fast paths, an evaluation, the perft counts, a golden
// playthrough, fuzz targets, a rules page and a web board).
// docs/adding-a-game.md walks through it; docs/rules/tictactoe.md is the
// rule set.
//
// # Board and seats
//
// Nine cells numbered 0..8 row by row from the top left:
//
//	0 1 2
//	3 4 5
//	6 7 8
//
// Seat 0 is x and moves first; seat 1 is o.
//
// # Moves
//
// A move is the number of an empty cell, "4". Input may carry spaces
// around it.
//
// # Position text
//
// Two fields separated by a space: the nine cells in order, each "x", "o"
// or "."; the side to move, "x" or "o" (for a finished game, the side that
// would have moved next). The start position is
//
//	......... x
//
// A position that cannot arise from the start is rejected: x has as many
// marks as o (x to move) or one more (o to move), and only the side that
// moved last may have a line.
//
// # Outcome
//
// Three in a row, column or diagonal wins ("line"); a full board without
// one is a draw ("full"). The game has no options and one variant,
// "standard". Tic-tac-toe is hidden from the lobby: games.Listed leaves it
// out unless the server is started with --game-hidden.
package tictactoe
