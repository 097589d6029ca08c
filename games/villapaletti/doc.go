// Package villapaletti is the rules engine of Villa Paletti (rules:
// docs/rules/villapaletti.md), a stacking game for 2 to 4 players in which a
// deterministic statics model, not gravity, decides whether the villa
// wobbles or collapses.
//
// # Statics
//
// For every floor k the load U_k (floor k, every column on a level ≥ k and
// every floor above) has a weight W_k and a centre G_k; its supports are the
// columns under floor k, and their footprints (discs as 32 circumference
// points, hexagons as 6 corners) span the support hull C_k. The margin μ_k
// is the signed distance from G_k to the boundary of C_k, and the tipping
// angle φ_k = atan2(μ_k, H_k) with H_k the height of G_k above the supports'
// tops. A removal wobbles when an affected floor has φ_k < φ_w (3° by
// default); a placement or a floor collapses the villa when some μ_k < 0.
// [Statics] computes all of it, and is built for bots: the hulls are made
// once, so [Statics.Place] tries a placement by adding one mass to every
// load, and [Statics.Lift] runs the removal test. Every state keeps the
// support hulls of its structure (they are not part of the position), and a
// move rebuilds only the hull whose supports changed.
//
// # Moves and notation
//
// Positions are continuous, so a [game.Move] carries a point on a 0.5 mm grid
// (floor angles on a 0.5° grid) and a 24-bit check, so that random or
// bit-flipped values are not moves. [State.Play] and [State.ParseMove]
// accept every legal move on that grid; [State.LegalMoves] lists a finite
// candidate set of them:
//
//   - column targets on a 10 mm lattice in world coordinates (multiples of
//     10 mm), on the top floor itself, then "onto" moves centred on each
//     stack top above red that the column fits; if a column has none of
//     these but a target exists on the 2 mm lattice of the target rules, the first such
//     lattice point (by rows from the bottom) is listed;
//   - floor poses with x and y multiples of 10 mm and angles multiples of
//     30°.
//
// Whether a column is eligible ("a legal target exists") is decided on the
// 2 mm lattice of the target rules and the stack centres; whether a floor can be placed,
// on the floor-pose candidates. The canonical notation has no spaces, so
// that records (moves separated by white space) hold it; ParseMove also
// reads the moves in words:
//
//	blue-thin-2:0>(12.5,-30)   take blue-thin-2 from 0 to (12.5,-30)
//	red-thin-1:4>blue-thick    take red-thin-1 from 4 onto blue-thick (stacked, centred, above red)
//	propose:green(0,10,30)     propose green at (0,10,30)   (x, y in mm, θ in degrees)
//	pass                       pass (also "accept"): do not object
//	remove:yellow-thick        remove yellow-thick: the proposer removes an objector's column
//	place:green(0,10,90)       place green at (0,10,90): after a failed objection
//
// In a custom setup (option setup=custom) columns come from hand,
// "blue-thin-1:hand>(40,-20)", and the start player finishes with
// "place:blue(0,0,0)".
//
// An objection is the objector's column move itself (a proposer's column
// during a floor objection, another neutral column after a failed neutral
// attempt); "object:" may precede it.
//
// # Position text
//
// One line of six sections separated by ";": the floors with their poses,
// the 20 columns in order (level and centre, "on" for a stacked column,
// "frozen", or "out"), the seal holder and previous holder, whether an own
// column has been placed on the current top floor, whose turn it is and in
// which phase ("turn: P", "turn: P own", "turn: P proposes (X,Y,A) asking
// Q", "turn: P neutral-objection asking Q", "turn: P removes Q", "turn: P
// places", "turn: P setup from S", "turn: P lays blue", "over: collapse by
// P", "over: standstill"), and the state of the noise generator in hex, or
// "hidden" in the text the players of a running match see
// ([State.PublicString]). Millimetres and
// degrees carry up to three decimals. See [State.String].
//
// # Seats and colours
//
// With 4 players seat i plays colour i: blue, yellow, green, red. With 3,
// red is the neutral colour. With 2, seat 0 plays blue and green and seat 1
// yellow and red. The start player is the first draw of the game's
// generator, SplitMix64 seeded with game.Options.Seed, which also
// drives the noise of the unsteadyHands option.
//
// # Engine rulings
//
//   - Noisy positions are rounded to whole micrometres and millidegrees.
//   - With unsteady hands, a removal draws u, and only a removal that does not
//     wobble goes on to draw the placement noise; the proposer's removal of
//     an objector's column uses the deterministic removal test and
//     draws nothing.
//   - A column carrying a stacked column is never removed by a proposer.
//   - In a 3-player turn, if nobody objects after a failed neutral attempt,
//     the player goes on to the own step, as after a failed objection.
//   - Objection windows are skipped when no objection is possible (the
//     proposer has no eligible column; no other neutral column is eligible).
//   - Custom setup: from the start player on, in seat order, each
//     player places one of their own columns (with 3 players, also neutral
//     ones); a column that finds no room in the building site leaves the
//     game. The start player then lays the blue floor (at least 3
//     supports, and it must stand: a pose that would fall is not legal) and
//     takes the first turn. The setup draws no noise.
//   - "Nobody wins" is reported as an outcome with AllLose set: no
//     winners and no shared draw; every seat's reward is 0.
package villapaletti
