// Package palagonia is the rules engine of Palagonia (rules:
// docs/rules/palagonia.md), the
// Palago family's game for 3 to 5 players, or one playing solo.
//
// Placing, removing and turning tiles builds one palago on the table;
// creatures born by a player's action score their loops and external limbs
// for that player and the one seated before them, unless the turn is
// an extra one from doubles. The tile geometry, the region model and the
// line model come from package palago.
//
// # Turns as moves
//
// A turn is a sequence of moves: a chance move rolls both dice
// (ToMove() == game.Chance, 21 unordered outcomes: doubles 1/36, others
// 2/36); the player chooses a die when both are usable and differ (else the
// usable one is taken, or a removal is forced, or the turn passes on an
// empty table); a number action is then one move per tile. A partial
// placement is only listed when the whole action can still be completed:
// every tile touches the table, and in the end the action's tiles touch one
// another or all lie in the body of a creature they give birth to. The
// start roll-off is one chance move per die (6 faces, 1/6 each); tied
// players roll again, and the starter places the number rolled from
// (0,0).
//
// # Notation
//
// Faces are 2, 3, 4, 5, X (remove) and R (rotate). Moves, one word each:
//
//	roll:4            a die of the start roll-off
//	roll:3+R          both dice (faces in the order 2 3 4 5 X R)
//	use:3             choose the die showing 3
//	(1,-1):2          place a tile on (1,-1) in orientation 2
//	remove:(2,0)      take the tile on (2,0) back into the bag
//	rotate:(0,0):1    turn the tile on (0,0) to orientation 1
//	pass              nothing at all can be done
//
// ParseMove also reads the spaced forms ("roll 3 R", "use 3",
// "place (1,-1):2", "remove (2,0)", "rotate (0,0):1"), keywords and faces in
// any case, "remove"/"rotate" spelled out, and a bare face ("3") as the die
// to use, or as the die rolled in the roll-off.
//
// # Position text
//
// One line: the step of the turn, the seat on turn, then fields:
//
//	place p2 dice=3+R left=2 placed=1 scores=0,3,3 bag=40 table=(0,0):0+(1,0):2+...
//
// Steps are start, roll, choose, place, remove, rotate, pass and over; the
// seat is "-" at the start and the end. rolls= (start only) gives each
// seat's roll-off die this round: a face, "?" still to roll, "-" out;
// dice= the faces rolled this turn (one face on the starter's turn);
// left= and placed= (place only) the tiles the action still places and
// has placed, the latter being the last tiles of table=; "extra" marks an
// extra turn. scores= lists every seat's points, which also gives the
// number of players; bag= the tiles in the bag; table= the tiles on the
// table in the order they were laid, joined by "+", or "-".
//
// # Options
//
// Players 1, or 3 to 5 (game.Options.Players, default 4); tiles (48 | 96);
// rotationScoring (newOnly | mergeOnly).
package palagonia
