// Package palago is the rules engine of Palago (rules:
// docs/rules/palago.md) and the tile model shared with Palagonia and
// Palaboratory.
//
// # Tiles and the board
//
// A tile lies on a hexagonal cell in axial coordinates (q, r), pointy-top,
// with sides 0..5 facing NE, E, SE, SW, W, NW. [Cell] is a compact
// form of package hexgrid's Coord ([Cell.Coord], [CellOf]); the lattice
// geometry (directions, distance, the 12 symmetries) is hexgrid's, and
// [SideDir] maps the rules' side numbers to hexgrid directions. Only three
// orientations fit: in orientation o the A-tip is on corner 2·o and
// the B-tip on corner 2·o+3. Colour A is on the even corners and
// belongs to the player who moves first.
//
// [Board] holds up to [MaxTiles] tiles on the unbounded plane. It keeps the
// colour groups of the region model with a union–find over tile
// corners, updated incrementally by [Board.Place] and taken back exactly by
// [Board.Undo]; [Board.Remove] and [Board.Rotate] (Palagonia's actions)
// recompute from scratch. [Board.Groups] lists every group with its
// vertices and pieces; a group is a creature when it is closed and has an
// arch, an eye when it is closed without one. [Board.Lines] is the line
// model (open paths and closed loops of the printed lines), with
// [Board.BorderLoops], [Board.OuterLoop] and [Board.NestedLoops] for
// Palagonia's scoring. [MapTile] applies a hexgrid.Symmetry to a tile,
// [AllSymmetries] lists the 12 in the order of the rules, R^0..R^5,
// R^0∘F..R^5∘F, and [Canonical] gives the canonical form of a tile set
// under them, or under the 6 that keep colours ([ColourPreserving]).
//
// # Notation
//
// A tile is written "(q,r):o", for example "(1,-1):2"; the parentheses may
// be left out ("1,-1:2"). A move is its tiles in the order they are placed,
// joined by "+": "(1,0):1+(2,0):2" places (1,0) first, then (2,0) beside
// it. A one-tile move, which ends the game by completing a creature or
// places the last tile of the supply, is a single tile: "(0,1):2". The "+"
// keeps a move one word, so a game record is moves separated by white
// space; ParseMove also accepts a space between the two tiles.
//
// Two tiles that could be placed in either order are one move: LegalMoves
// lists it once (the tile with the smaller encoding first) and ParseMove
// reads either order as that move. A move whose first tile touches only the
// second is read the other way round, as the rulebook asks only that one of
// the two tiles touch the palago.
//
// # Position text
//
// A position is the seat that moved first and plays colour A ("p1" or
// "p2"), then every move of the game in order:
//
//	p1 (0,0):0+(1,-1):0 (1,0):1+(2,0):2
//
// The start position is "p1" or "p2" alone. The supply size and the rules
// options are not part of the text: they come with the game's options.
//
// # Options
//
// tiles (8..96, default 48), holeRule (strict | firstTileOnly),
// tilesOutResult (draw | largestGroup) and firstPlayer (random | p1 | p2),
// as docs/rules/palago.md#options describes.
package palago
