package game

// The interfaces in this file are optional: a State may implement them to
// give search and tools a faster path. Code above the rules checks for them
// with a type assertion and falls back to the State methods.

// Mutable is an in-place copy of a state for search. Apply and Undo mutate
// it; all State methods describe its current position. It is not safe for
// concurrent use.
type Mutable interface {
	State
	// Apply plays m in place. m must be legal (from LegalMoves); anything
	// else is undefined behaviour, so search never pays for validation.
	Apply(m Move)
	// Undo takes back the most recent Apply not yet undone.
	Undo()
}

// Mutabler is implemented by states that offer the Mutable fast path.
type Mutabler interface {
	// Mutable returns a private copy of the state; changes to it never
	// affect the receiver.
	Mutable() Mutable
}

// Evaluator is implemented by states that offer a heuristic value for search
// horizons and playout policies.
type Evaluator interface {
	// Evaluate returns a value in [-1, 1] for seat p: positive is good for
	// p. It is cheap (no search) and deterministic.
	Evaluate(p Player) float64
}

// Horizon is implemented by games whose Evaluator judges a position
// better than random play continued from it: Monte Carlo search stops each
// playout after PlayoutDepth random plies and lets the Evaluator score the
// position reached, instead of playing on to the end.
type Horizon interface {
	Evaluator
	// PlayoutDepth is the number of random plies a playout plays before
	// the Evaluator scores it (0: the new leaf itself is scored).
	PlayoutDepth() int
}

// Perfter is implemented by states with a fast perft of their own (bulk
// counting at the leaves, make/undo). Results equal Perft's.
type Perfter interface {
	Perft(depth int) uint64
}

// Noisy is implemented by states (and their Mutable copies) that mark
// tactical moves, for example a capture or a push-off, after which the
// position is not quiet enough to evaluate statically. Alpha-beta extends
// such moves beyond its horizon (quiescence); games without it get none.
type Noisy interface {
	Noisy(m Move) bool
}

// Candidates is implemented by games whose move lists hold many moves that
// search should not treat alike, such as Villa Paletti's placements that
// make the villa wobble: SearchMoves appends, in order, the moves search
// should consider, a non-empty subset of LegalMoves whenever LegalMoves is
// not empty.
type Candidates interface {
	SearchMoves(dst []Move) []Move
}

// SearchMoves appends the moves search should consider in s: the game's
// Candidates when it offers them, otherwise every legal move.
func SearchMoves(s State, dst []Move) []Move {
	if c, ok := s.(Candidates); ok {
		return c.SearchMoves(dst)
	}
	return s.LegalMoves(dst)
}

// Repeater is implemented by states (and their Mutable copies) of games
// with a repetition rule. Repeated reports whether the current position,
// with the same side to move, already occurred since the last irreversible
// move, in the game before this state or on the path a Mutable copy
// walked since. A repetition can always be repeated again until the rule
// draws the game, so search scores a repeated position as that draw; and
// since the position's table entry was stored for another history, it
// must not be trusted there.
type Repeater interface {
	Repeated() bool
}
