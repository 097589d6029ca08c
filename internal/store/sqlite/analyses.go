package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// Game reviews and puzzle ratings (migration 00012): rare writes run by
// the writer as functions in its transactions; reads on the read pool.

// SaveReview stores a match's review, replacing one stored before.
func (db *DB) SaveReview(ctx context.Context, match string, review []byte, at time.Time) error {
	review = bytes.Clone(review) // the writer may run the function after the caller has returned
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		if _, err := db.w.conn.execSQL(ctx, `INSERT INTO reviews (match_id, review, at) VALUES (?, ?, ?)
			ON CONFLICT (match_id) DO UPDATE SET review = excluded.review, at = excluded.at`, match, review, at.UnixMilli()); err != nil {
			return fmt.Errorf("sqlite: save review of %s: %w", match, err)
		}
		return nil
	}))
}

// Review returns a match's stored review.
func (db *DB) Review(ctx context.Context, match string) ([]byte, error) {
	return db.getDoc(ctx, "review of "+match, `SELECT review FROM reviews WHERE match_id = ?`, match)
}

// getDoc returns the one document query selects by key, and
// store.ErrNotFound when there is none. what names the read in its error.
func (db *DB) getDoc(ctx context.Context, what, query, key string) ([]byte, error) {
	var b []byte
	err := db.read.QueryRowContext(ctx, query, key).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("sqlite: %s: %w", what, store.ErrNotFound)
	}
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: %s: %w", what, err))
	}
	return b, nil
}

// AttemptPuzzle rates an attempt in one of the writer's transactions.
func (db *DB) AttemptPuzzle(ctx context.Context, a store.PuzzleAttempt) (store.PuzzleRating, store.PuzzleRating, bool, error) {
	var solver, puz store.PuzzleRating
	var first bool
	err := db.do(ctx, applyFunc(func(ctx context.Context) error {
		c := db.w.conn
		var err error
		solver, puz, first = a.SolverStart, a.PuzzleStart, true // the writer may run this twice
		solver.ID, solver.Game, puz.ID, puz.Game = a.Account, a.Game, a.Puzzle, a.Game
		if puz, err = db.readPuzzleRating(ctx, `SELECT rating, rd, volatility, games, updated FROM puzzle_ratings WHERE puzzle_id = ?`, puz, a.Puzzle); err != nil {
			return err
		}
		if a.Account != "" {
			dest := make([]driver.Value, 2)
			if err := c.querySQL(ctx, `SELECT (SELECT count(*) FROM accounts WHERE id = ?1),
				(SELECT count(*) FROM puzzle_attempts WHERE account_id = ?1 AND puzzle_id = ?2)`, dest, a.Account, a.Puzzle); err != nil {
				return fmt.Errorf("sqlite: attempt of %s: %w", a.Puzzle, err)
			}
			if n, err := asInt64(dest[0]); err != nil || n == 0 {
				return fmt.Errorf("sqlite: attempt of %s by %s: %w", a.Puzzle, a.Account, errors.Join(store.ErrNotFound, err))
			}
			n, err := asInt64(dest[1])
			if err != nil {
				return fmt.Errorf("sqlite: attempt of %s: %w", a.Puzzle, err)
			}
			if solver, err = db.readPuzzleRating(ctx, `SELECT rating, rd, volatility, games, updated FROM solver_ratings WHERE account_id = ? AND game = ?`,
				solver, a.Account, a.Game); err != nil {
				return err
			}
			if n > 0 {
				first = false
				return nil // replayed: nothing moves
			}
		}
		s, p, err := a.Rate(solver, puz)
		if err != nil {
			return fmt.Errorf("sqlite: attempt of %s: %w", a.Puzzle, err)
		}
		s.ID, s.Game, s.Updated = solver.ID, a.Game, msTime(a.At.UnixMilli())
		p.ID, p.Game, p.Updated = a.Puzzle, a.Game, msTime(a.At.UnixMilli())
		solver, puz = s, p
		at := a.At.UnixMilli()
		if _, err := c.execSQL(ctx, `INSERT INTO puzzle_ratings (puzzle_id, game, rating, rd, volatility, games, updated) VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (puzzle_id) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, updated = excluded.updated`,
			p.ID, p.Game, p.Rating, p.RD, p.Volatility, int64(p.Games), at); err != nil {
			return fmt.Errorf("sqlite: rating of puzzle %s: %w", a.Puzzle, err)
		}
		if a.Account == "" {
			return nil
		}
		if _, err := c.execSQL(ctx, `INSERT INTO solver_ratings (account_id, game, rating, rd, volatility, games, updated) VALUES (?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, updated = excluded.updated`,
			a.Account, a.Game, s.Rating, s.RD, s.Volatility, int64(s.Games), at); err != nil {
			return fmt.Errorf("sqlite: puzzle rating of %s: %w", a.Account, err)
		}
		solved := int64(0)
		if a.Solved {
			solved = 1
		}
		if _, err := c.execSQL(ctx, `INSERT INTO puzzle_attempts (account_id, puzzle_id, solved, at) VALUES (?, ?, ?, ?)`,
			a.Account, a.Puzzle, solved, at); err != nil {
			return fmt.Errorf("sqlite: attempt of %s by %s: %w", a.Puzzle, a.Account, err)
		}
		return nil
	}))
	if err != nil {
		return store.PuzzleRating{}, store.PuzzleRating{}, false, err
	}
	return solver, puz, first, nil
}

// readPuzzleRating reads one rating row on the writer's connection into
// r; r as it is when there is none.
func (db *DB) readPuzzleRating(ctx context.Context, query string, r store.PuzzleRating, args ...any) (store.PuzzleRating, error) {
	dest := make([]driver.Value, 5)
	err := db.w.conn.querySQL(ctx, query, dest, args...)
	if errors.Is(err, sql.ErrNoRows) {
		return r, nil
	}
	if err != nil {
		return r, fmt.Errorf("sqlite: rating of %s: %w", r.ID, err)
	}
	var games, updated int64
	errs := make([]error, 5)
	r.Rating, errs[0] = asFloat(dest[0])
	r.RD, errs[1] = asFloat(dest[1])
	r.Volatility, errs[2] = asFloat(dest[2])
	games, errs[3] = asInt64(dest[3])
	updated, errs[4] = asInt64(dest[4])
	if err := errors.Join(errs...); err != nil {
		return r, fmt.Errorf("sqlite: rating of %s: %w", r.ID, err)
	}
	r.Games, r.Updated = int(games), msTime(updated)
	return r, nil
}

// PuzzleRatings returns the stored ratings of a game's puzzles.
func (db *DB) PuzzleRatings(ctx context.Context, game string) (map[string]store.PuzzleRating, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT puzzle_id, rating, rd, volatility, games, updated FROM puzzle_ratings WHERE game = ?`, game)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: puzzle ratings of %s: %w", game, err))
	}
	defer rows.Close()
	out := map[string]store.PuzzleRating{}
	for rows.Next() {
		r := store.PuzzleRating{Game: game}
		var updated int64
		if err := rows.Scan(&r.ID, &r.Rating, &r.RD, &r.Volatility, &r.Games, &updated); err != nil {
			return nil, fmt.Errorf("sqlite: puzzle ratings of %s: %w", game, err)
		}
		r.Updated = msTime(updated)
		out[r.ID] = r
	}
	if err := rows.Err(); err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: puzzle ratings of %s: %w", game, err))
	}
	return out, nil
}

// SolverRating returns an account's puzzle rating in a game.
func (db *DB) SolverRating(ctx context.Context, account, game string) (store.PuzzleRating, error) {
	r := store.PuzzleRating{ID: account, Game: game}
	var updated int64
	err := db.read.QueryRowContext(ctx, `SELECT rating, rd, volatility, games, updated FROM solver_ratings WHERE account_id = ? AND game = ?`,
		account, game).Scan(&r.Rating, &r.RD, &r.Volatility, &r.Games, &updated)
	if errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("sqlite: puzzle rating of %s: %w", account, store.ErrNotFound)
	}
	if err != nil {
		return r, unavailable(fmt.Errorf("sqlite: puzzle rating of %s: %w", account, err))
	}
	r.Updated = msTime(updated)
	return r, nil
}
