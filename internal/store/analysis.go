package store

import (
	"context"
	"time"
)

// PuzzleRating is a Glicko-2 rating kept for the puzzles: a puzzle's own
// (ID the puzzle's) or a solver's puzzle rating in one game (ID the
// account's). The numbers are internal/rating.Rating's.
type PuzzleRating struct {
	ID   string
	Game string
	// Rating, RD and Volatility are Glicko-2's numbers.
	Rating, RD, Volatility float64
	// Games counts the rated attempts.
	Games int
	// Updated is when the last rated attempt was made; zero for a
	// rating never stored (a start).
	Updated time.Time
}

// PuzzleAttempt is one rated attempt at a puzzle (AttemptPuzzle).
type PuzzleAttempt struct {
	Puzzle string
	Game   string // the puzzle's game: the solver is rated per game
	// Account is the solver's account; "" for an anonymous solver, whose
	// rating the store does not keep (the caller decides whether the
	// attempt is the client's first).
	Account string
	Solved  bool
	// PuzzleStart and SolverStart are the ratings used when none is
	// stored: the puzzle's mined difficulty, a new solver's start (an
	// anonymous solver's rating as its client keeps it).
	PuzzleStart, SolverStart PuzzleRating
	// Rate returns the solver's and the puzzle's new ratings from theirs
	// before the attempt. It runs inside the store's transaction: it must
	// be pure and quick.
	Rate func(solver, puzzle PuzzleRating) (PuzzleRating, PuzzleRating, error)
	At   time.Time
}

// Analyses is a store's game reviews and puzzle ratings, with the
// contract every implementation meets (the storetest suite checks it);
// internal/server uses it whole.
type Analyses interface {
	// SaveReview stores the review of a match (the JSON the server
	// serves), replacing one stored before: a match has one review.
	SaveReview(ctx context.Context, match string, review []byte, at time.Time) error
	// Review returns a match's stored review; ErrNotFound when it has
	// none.
	Review(ctx context.Context, match string) ([]byte, error)

	// AttemptPuzzle rates an attempt in one transaction: it reads the
	// puzzle's rating (PuzzleStart when none is stored) and, for an
	// account, the account's puzzle rating in the game (SolverStart when
	// none), calls Rate and writes what it returns. An account's second
	// attempt at a puzzle changes nothing: it returns both stored ratings
	// and first false, so replaying a puzzle moves no rating. An
	// anonymous attempt always writes the puzzle's rating and returns the
	// solver's new one unstored, with first true.
	AttemptPuzzle(ctx context.Context, a PuzzleAttempt) (solver, puzzle PuzzleRating, first bool, err error)
	// PuzzleRatings returns the stored ratings of a game's puzzles, by
	// puzzle ID (a puzzle never attempted has none).
	PuzzleRatings(ctx context.Context, game string) (map[string]PuzzleRating, error)
	// SolverRating returns an account's puzzle rating in a game;
	// ErrNotFound when it attempted none of the game's puzzles.
	SolverRating(ctx context.Context, account, game string) (PuzzleRating, error)
}
