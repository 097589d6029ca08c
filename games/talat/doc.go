// Package talat is the rules engine of Talat, a game for three players on
// three 5×5 boards (HUCH! & friends 2011, Bruce Whitehill), and of Palat,
// its two-player variant with the spirit player. The rules are
// docs/rules/talat.md.
//
// # Players, boards and towers
//
// Seats 0, 1 and 2 play the colours black, white and grey in turn order
// 0, 1, 2, 0, ... The boards are B01, B02 and B12: board Bij is shared by
// colours i and j, colour i starting on rank 1 and moving up, colour j
// starting on rank 5 and moving down. Cells are named per board, files a–e
// and ranks 1–5 ("c2"). Each colour has nine towers, named by height and
// number of sides: S3 S4 S6 (small), M3 M4 M6 (medium), L3 L4 L6 (large).
// In the position text a tower carries its colour digit: "1L6" is white's
// large hexagon.
//
// # Turn structure
//
// Setup: each seat in turn places one tower on an empty square of one of
// its two start lines. The option firstPlayer picks the seat that
// places first ("random" draws it from Options.Seed). After the 27th
// placement the turn order continues, so the first placer moves first.
// Then each turn is one step (one cell forward or diagonally forward onto
// an empty cell) or one capture by replacement (an enemy tower beside, in
// front or diagonally in front, by the hierarchy of the rules, including David
// and Goliath, S3 takes L6) on an open board.
//
// Passing is automatic and invisible: a seat with no step or capture
// on any open board is skipped inside Play, and ToMove names the next seat
// that can act. There is no pass move, so a game in progress always lists
// moves and records hold only real moves.
//
// A board closes when no capture is reachable on it by any sequence of
// steps of its two sides: a cheap prefilter first, then an exact
// memoised search. It is tested after setup and after every move on that
// board; a closed board stays closed and its towers never move again. The
// game ends when two boards are closed. Each seat scores 5 per
// captured tower and 3 per tower it controls on the opposite start line of
// any board; the highest score wins, equal highest scores win jointly, and
// a tie of all seats is a draw.
//
// # Palat
//
// Seats 0 and 1 are the humans; grey is the spirit. B01 is seat 0 against
// seat 1; B02 is seat 0 against the spirit, B12 seat 1 against the spirit,
// the spirit on rank 5 of both. With firstPlayer = 0 seat 0 is H1 of the
// rules (the picture below); with firstPlayer = 1 the roles H1 and H2 swap
// seats, the boards keep their names.
//
//	setup 1   H1, H2, H1, ... place 8 spirit towers on rank 5 of B02 and B12;
//	          the ninth spirit tower is out of the game
//	setup 2   H1, H2, H1, ... place their own 9 towers:
//	          seat 0 on rank 1 of B01 and B02, seat 1 on rank 5 of B01 and rank 1 of B12
//	play      H2 (who placed last) moves first, then they alternate; a turn moves
//	            seat 0: own towers on B01 and B02, the spirit's towers on B12
//	            seat 1: own towers on B01 and B12, the spirit's towers on B02
//
// A capture made with a spirit tower is credited to the human who made it,
// and the 3 points for a spirit tower on a human's start line go to the
// human who moves the spirit on that board.
//
// # Move notation
//
//	B01:c1=L6   place a large hexagon on c1 of B01 (in Palat's first setup, a spirit tower)
//	B01:c1-c2   step from c1 to c2
//	B01:c2xd2   capture the tower on d2 with the tower on c2
//
// ParseMove is case-insensitive and ignores spaces; it also accepts "-" for
// a capture and a board without "B" or without the colon ("01:c2xd2",
// "B01c2xd2").
//
// # Position text
//
// Eight fields separated by single spaces:
//
//	VARIANT TURN B01=RANKS B02=RANKS B12=RANKS reserve=KINDS/KINDS/KINDS taken=TOWERS/TOWERS[/TOWERS] closed=BOARDS
//
// VARIANT is talat or palat. TURN is the seat to act, or "-" once the game
// is over. RANKS are ranks 1 to 5 separated by "/", each five cells from a
// to e, "." for an empty cell or a tower such as "0L6". reserve lists the
// kinds still to be placed for colours 0, 1 and 2 ("-" for none); taken
// lists per seat the towers it captured, separated by commas ("-" for
// none); closed lists the closed boards ("-" for none). The start of Talat:
//
//	talat 0 B01=...../...../...../...../..... B02=...../...../...../...../..... B12=...../...../...../...../..... reserve=S3S4S6M3M4M6L3L4L6/S3S4S6M3M4M6L3L4L6/S3S4S6M3M4M6L3L4L6 taken=-/-/- closed=-
//
// ParsePosition accepts only positions that can arise: every tower is on a
// board, in reserve or taken (in Palat, one spirit tower is out once the
// spirit's setup is over), towers stand on start lines during setup, the
// closed boards are exactly those where no capture is reachable, and the
// seat to act has something to do. The variant comes from the text: options
// that name a variant or a player count must agree with it (otherwise the
// error wraps game.ErrBadOption), and empty options accept either variant.
package talat
