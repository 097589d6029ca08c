// Package palaboratory is Palaboratory, the one-player puzzle book of the
// Palago family (rules:
// docs/rules/palaboratory.md),
// built on the tile model of package palago: a catalogue of the 12
// creature cards, the red and green tasks as a one-seat game, and the
// solver for the fewest moves between two layouts.
//
// # Cards
//
// [Cards] returns the 12 cards, authored by this project as
// "(q,r):o" tile lists in cards.txt: virus 5 tiles, ring 6, worm 7, snail
// 8, salamander 9, whale 10, rat 11, stella 12, cobra 13, goat 14, cyclist
// 14, sloth 14. Each card holds exactly one creature and every
// tile carries a piece of it; cards 1 and 2 are the rules' virus and
// ring-with-an-eye test shapes. The other ten were found by a search
// (TestSearchCatalogue in search_test.go, run by hand with -search) so that
// every published number of the rulebook comes out exact:
// [CheckCatalogue] verifies the catalogue against every number the rulebook publishes, and
// "tabula solve palaboratory --check" prints the table. docs/palaboratory.md
// draws the cards.
//
// # Minimum moves
//
// [MinMoves] is |S| − max over g, t of |S ∩ (g(T)+t)|, the 12 lattice
// symmetries g (colour swaps included) and translations t, tiles
// compared by cell and orientation. [Solve] also returns one optimal
// sequence of operations: rotations first, then the empty cells of the
// final layout filled outward from the tiles already in place, relocated
// tiles before added ones.
//
// # The game
//
// [Info] has three variants. "red": build card N (option card,
// default 1) on an empty table; solved when the table holds exactly the
// card's tile count and a creature congruent to the card's, in either
// colour. "green": start from card F's layout (option
// from, default card−1) and make it congruent to card N's (option card,
// default 2) by moving and adding tiles. Each rotation or relocation is a
// move; additions are free. A solved game ends with seat 0 the
// winner, reason "solved" and Scores = [moves used]; [State.Par] is the
// minimum. After [MoveLimit] moves an unsolved game ends without a winner,
// reason "move-limit".
//
// "free" is the free build ("sculpt your own creature"): no card and
// no target, up to [FreeTiles] tiles placed, turned and relocated under the
// same rules. [State.Creatures] reports every creature on the table with
// its Palagonia value (loops plus external limbs, through
// palago.Board.Value; creatures worth 1 or 2 are listed too), and
// [State.Points] their sum. The game ends when the player plays "done",
// which is listed last and legal at any time (reason "done"), or after
// MoveLimit rotations and relocations (reason "move-limit"); a free build
// cannot be lost, so seat 0 is the winner either way and Scores holds the
// points.
//
// Operations are listed from a finite candidate set: the frontier is the
// set of empty cells next to a tile ((0,0) on an empty table). A tile is
// placed on the frontier while the table has fewer tiles than the target;
// any tile turns to its other two orientations; a tile relocates to a
// frontier cell that touches some other tile, in any orientation.
// Intermediate layouts need not be connected.
//
// # Notation
//
// "(q,r):o" places a tile on the empty cell (q,r) in orientation o, or
// turns the tile on an occupied (q,r) to orientation o. "(q,r)>(q2,r2):o"
// relocates the tile on (q,r) to (q2,r2) in orientation o ("->" is read
// too). "done" (any case) ends a free build. Cells and orientations are
// palago's.
//
// # Position text
//
// The task, the moves used so far, "done" once a free build is over, then
// the tiles sorted by cell:
//
//	green:1-2 0 (-1,0):0 (-1,1):0 (0,-1):1 (0,0):0 (0,1):2
//	red:3 1 (0,0):0 (0,1):2
//	free 2 done (0,0):0 (0,1):0 (1,-1):1
//
// "red:N" builds card N; "green:F-T" transforms card F into card T; "free"
// is a free build. The text carries the task, so ParsePosition only checks
// its options.
package palaboratory
