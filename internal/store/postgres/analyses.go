package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tabula-games/tabula/internal/store"
)

// Game reviews and puzzle ratings (migration 00007).

// SaveReview stores a match's review, replacing one stored before; a
// review of no stored match is store.ErrNotFound.
func (db *DB) SaveReview(ctx context.Context, match string, review []byte, at time.Time) error {
	return db.putDoc(ctx, "save review of "+match, `INSERT INTO reviews (match_id, review, at) VALUES ($1, $2, $3)
		ON CONFLICT (match_id) DO UPDATE SET review = excluded.review, at = excluded.at`, match, review, at)
}

// Review returns a match's stored review.
func (db *DB) Review(ctx context.Context, match string) ([]byte, error) {
	return db.getDoc(ctx, "review of "+match, `SELECT review FROM reviews WHERE match_id = $1`, match)
}

// putDoc runs query, the upsert of one document row with the parameters
// key, doc and at; a key with no parent row is store.ErrNotFound. what
// names the write in its error.
func (db *DB) putDoc(ctx context.Context, what, query, key string, doc []byte, at time.Time) error {
	_, err := db.pool.Exec(ctx, query, key, doc, millis(at))
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == foreignKeyViolation {
		err = fmt.Errorf("%w: %w", err, store.ErrNotFound)
	}
	return db.wrote(wrapf(err, "postgres: %s", what))
}

// getDoc returns the one document query selects by key, and
// store.ErrNotFound when there is none. what names the read in its error.
func (db *DB) getDoc(ctx context.Context, what, query, key string) ([]byte, error) {
	var b []byte
	err := db.pool.QueryRow(ctx, query, key).Scan(&b)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgres: %s: %w", what, store.ErrNotFound)
	}
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: %s: %w", what, err))
	}
	return b, nil
}

// AttemptPuzzle rates an attempt in one transaction. The puzzle's row is
// created (at PuzzleStart) and locked first, then the account's attempt is
// recorded, whose primary key lets one of two attempts of an account at
// once be the first; so attempts on several servers at once are rated one
// after the other.
func (db *DB) AttemptPuzzle(ctx context.Context, a store.PuzzleAttempt) (store.PuzzleRating, store.PuzzleRating, bool, error) {
	var solver, puz store.PuzzleRating
	var first bool
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		solver, puz, first = a.SolverStart, a.PuzzleStart, true
		solver.ID, solver.Game, puz.ID, puz.Game = a.Account, a.Game, a.Puzzle, a.Game
		if _, err := tx.Exec(ctx, `INSERT INTO puzzle_ratings (puzzle_id, game, rating, rd, volatility, games, updated)
			VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (puzzle_id) DO NOTHING`,
			a.Puzzle, a.Game, puz.Rating, puz.RD, puz.Volatility, puz.Games, time.UnixMilli(0).UTC()); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, `SELECT rating, rd, volatility, games, updated FROM puzzle_ratings WHERE puzzle_id = $1 FOR UPDATE`,
			a.Puzzle).Scan(&puz.Rating, &puz.RD, &puz.Volatility, &puz.Games, &puz.Updated); err != nil {
			return err
		}
		if puz.Updated.UnixMilli() == 0 {
			puz.Updated = time.Time{} // the start just written: never rated
		}
		puz.Updated = puz.Updated.UTC()
		if a.Account != "" {
			tag, err := tx.Exec(ctx, `INSERT INTO puzzle_attempts (account_id, puzzle_id, solved, at) VALUES ($1, $2, $3, $4)
				ON CONFLICT (account_id, puzzle_id) DO NOTHING`, a.Account, a.Puzzle, a.Solved, millis(a.At))
			var pe *pgconn.PgError
			if errors.As(err, &pe) && pe.Code == foreignKeyViolation {
				return fmt.Errorf("%w: %w", err, store.ErrNotFound)
			}
			if err != nil {
				return err
			}
			first = tag.RowsAffected() == 1
			err = tx.QueryRow(ctx, `SELECT rating, rd, volatility, games, updated FROM solver_ratings WHERE account_id = $1 AND game = $2 FOR UPDATE`,
				a.Account, a.Game).Scan(&solver.Rating, &solver.RD, &solver.Volatility, &solver.Games, &solver.Updated)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
			solver.Updated = solver.Updated.UTC()
			if !first {
				return nil // replayed: nothing moves
			}
		}
		s, p, err := a.Rate(solver, puz)
		if err != nil {
			return err
		}
		at := millis(a.At)
		s.ID, s.Game, s.Updated = solver.ID, a.Game, at
		p.ID, p.Game, p.Updated = a.Puzzle, a.Game, at
		solver, puz = s, p
		if _, err := tx.Exec(ctx, `UPDATE puzzle_ratings SET rating = $2, rd = $3, volatility = $4, games = $5, updated = $6 WHERE puzzle_id = $1`,
			p.ID, p.Rating, p.RD, p.Volatility, p.Games, at); err != nil {
			return err
		}
		if a.Account == "" {
			return nil
		}
		_, err = tx.Exec(ctx, `INSERT INTO solver_ratings (account_id, game, rating, rd, volatility, games, updated) VALUES ($1, $2, $3, $4, $5, $6, $7)
			ON CONFLICT (account_id, game) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, updated = excluded.updated`,
			a.Account, a.Game, s.Rating, s.RD, s.Volatility, s.Games, at)
		return err
	})
	if err := db.wrote(wrapf(err, "postgres: attempt of %s", a.Puzzle)); err != nil {
		return store.PuzzleRating{}, store.PuzzleRating{}, false, err
	}
	return solver, puz, first, nil
}

// PuzzleRatings returns the stored ratings of a game's puzzles; a row
// created by an attempt that changed nothing is not a rating yet.
func (db *DB) PuzzleRatings(ctx context.Context, game string) (map[string]store.PuzzleRating, error) {
	rows, err := db.pool.Query(ctx, `SELECT puzzle_id, rating, rd, volatility, games, updated FROM puzzle_ratings WHERE game = $1 AND games > 0`, game)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: puzzle ratings of %s: %w", game, err))
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.PuzzleRating, error) {
		r := store.PuzzleRating{Game: game}
		err := row.Scan(&r.ID, &r.Rating, &r.RD, &r.Volatility, &r.Games, &r.Updated)
		r.Updated = r.Updated.UTC()
		return r, err
	})
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: puzzle ratings of %s: %w", game, err))
	}
	out := make(map[string]store.PuzzleRating, len(list))
	for _, r := range list {
		out[r.ID] = r
	}
	return out, nil
}

// SolverRating returns an account's puzzle rating in a game.
func (db *DB) SolverRating(ctx context.Context, account, game string) (store.PuzzleRating, error) {
	r := store.PuzzleRating{ID: account, Game: game}
	err := db.pool.QueryRow(ctx, `SELECT rating, rd, volatility, games, updated FROM solver_ratings WHERE account_id = $1 AND game = $2`,
		account, game).Scan(&r.Rating, &r.RD, &r.Volatility, &r.Games, &r.Updated)
	if errors.Is(err, pgx.ErrNoRows) {
		return r, fmt.Errorf("postgres: puzzle rating of %s: %w", account, store.ErrNotFound)
	}
	if err != nil {
		return r, unavailable(fmt.Errorf("postgres: puzzle rating of %s: %w", account, err))
	}
	r.Updated = r.Updated.UTC()
	return r, nil
}
