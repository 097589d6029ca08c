// Package palagonia is the rules engine of Palagonia (spec:
// shared/rules/palago.md, Parts A and C, rulings N1–N11 and G5), the
// Palago family's game for 3 to 5 players, or one playing solo.
//
// Placing, removing and turning tiles builds one palago on the table;
// creatures born by a player's action score their loops and external limbs
// (§C.6) for that player and the one seated before them. The tile
// geometry, the region model and the line model come from package palago.
package palagonia
