package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tabula-games/tabula/internal/store"
)

// Ratings (migration 00005): written inside Save's transaction when a
// change carries a RatingUpdate, so a match's result and its players'
// ratings commit together or not at all. The ratings rows of the seats'
// accounts are locked (FOR UPDATE) before they are read, in the order of
// the accounts' IDs so two matches locking the same accounts cannot
// deadlock: matches of one player ending at once, on any servers, are
// rated one after the other, each from the ratings the last one wrote.

// bindIn binds a seat of match id to an account in tx (a Change's Bind),
// as BindSeat does.
func bindIn(ctx context.Context, tx pgx.Tx, id string, b store.Binding) error {
	tag, err := tx.Exec(ctx, `INSERT INTO account_seats (match_id, seat, account_id) VALUES ($1, $2, $3)
		ON CONFLICT (match_id, seat) DO NOTHING`, id, b.Seat, b.Account)
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == foreignKeyViolation {
		return fmt.Errorf("bind seat %d to %s (no such account): %w", b.Seat, b.Account, store.ErrNotFound)
	}
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 1 {
		return nil
	}
	var holder string
	if err := tx.QueryRow(ctx, `SELECT account_id FROM account_seats WHERE match_id = $1 AND seat = $2`, id, b.Seat).Scan(&holder); err != nil {
		return err
	}
	if holder != b.Account {
		return fmt.Errorf("bind seat %d: held by another account: %w", b.Seat, store.ErrConflict)
	}
	return nil
}

// rate rates match id by u in tx: it locks and reads the ratings of the
// accounts holding the seats, runs u.Rate and writes the new ratings and
// one rating_changes row per seat. A match with a seat no account holds,
// or an account in two seats, is not rated.
func rate(ctx context.Context, tx pgx.Tx, id string, u *store.RatingUpdate) error {
	players := u.Key.Players
	rows, err := tx.Query(ctx, `SELECT seat, account_id FROM account_seats WHERE match_id = $1`, id)
	if err != nil {
		return fmt.Errorf("rate: seats: %w", err)
	}
	holders := make([]string, players)
	var seat int
	var acct string
	if _, err := pgx.ForEachRow(rows, []any{&seat, &acct}, func() error {
		if seat >= 0 && seat < players {
			holders[seat] = acct
		}
		return nil
	}); err != nil {
		return fmt.Errorf("rate: seats: %w", err)
	}
	sorted := slices.Clone(holders)
	slices.Sort(sorted)
	if sorted[0] == "" || len(slices.Compact(sorted)) != players {
		return nil // a seat without an account, or one account in two seats: not rated
	}
	k := u.Key
	byAccount := make(map[string]store.Rating, players)
	for _, a := range sorted {
		// A first rating is a row at u.Start (its insert waits for a
		// concurrent one of the same key, then does nothing), so there
		// is always a row to lock.
		if _, err := tx.Exec(ctx, `INSERT INTO ratings (account_id, game, variant, players, rating, rd, volatility, games, updated)
			VALUES ($1, $2, $3, $4, $5, $6, $7, 0, NULL) ON CONFLICT DO NOTHING`,
			a, k.Game, k.Variant, players, u.Start.Rating, u.Start.RD, u.Start.Volatility); err != nil {
			return fmt.Errorf("rate: rating of %s: %w", a, err)
		}
		r := store.Rating{Account: a, Key: k}
		var updated *time.Time
		if err := tx.QueryRow(ctx, `SELECT rating, rd, volatility, games, updated FROM ratings
			WHERE account_id = $1 AND game = $2 AND variant = $3 AND players = $4 FOR UPDATE`, a, k.Game, k.Variant, players).
			Scan(&r.Rating, &r.RD, &r.Volatility, &r.Games, &updated); err != nil {
			return fmt.Errorf("rate: rating of %s: %w", a, err)
		}
		if updated != nil {
			r.Updated = updated.UTC()
		}
		byAccount[a] = r
	}
	before := make([]store.Rating, players)
	for seat, a := range holders {
		before[seat] = byAccount[a]
	}
	after, err := u.Rate(before)
	if err != nil {
		return fmt.Errorf("rate: %w", err)
	}
	if len(after) != players {
		return fmt.Errorf("rate: %d ratings for %d seats", len(after), players)
	}
	at := millis(u.At)
	for seat, b := range before {
		a := after[seat]
		if _, err := tx.Exec(ctx, `UPDATE ratings SET rating = $5, rd = $6, volatility = $7, games = $8, updated = $9
			WHERE account_id = $1 AND game = $2 AND variant = $3 AND players = $4`,
			b.Account, k.Game, k.Variant, players, a.Rating, a.RD, a.Volatility, a.Games, at); err != nil {
			return fmt.Errorf("rate: write rating of %s: %w", b.Account, err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO rating_changes (match_id, seat, account_id, game, variant, players, rating_before, rating_after, rd, at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			id, seat, b.Account, k.Game, k.Variant, players, b.Rating, a.Rating, a.RD, at); err != nil {
			return fmt.Errorf("rate: history of %s: %w", b.Account, err)
		}
	}
	return nil
}

// ratingColumns are the ratings columns scanRating reads.
const ratingColumns = `r.account_id, r.game, r.variant, r.players, r.rating, r.rd, r.volatility, r.games, r.updated`

func scanRating(row pgx.CollectableRow, more ...any) (store.Rating, error) {
	var r store.Rating
	var updated *time.Time
	err := row.Scan(append([]any{&r.Account, &r.Key.Game, &r.Key.Variant, &r.Key.Players, &r.Rating, &r.RD, &r.Volatility, &r.Games, &updated}, more...)...)
	if updated != nil {
		r.Updated = updated.UTC()
	}
	return r, err
}

// Ratings returns an account's ratings, by game, variant and players.
func (db *DB) Ratings(ctx context.Context, account string) ([]store.Rating, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+ratingColumns+` FROM ratings AS r
		WHERE r.account_id = $1 ORDER BY r.game, r.variant, r.players`, account)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: ratings of %s: %w", account, err))
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Rating, error) { return scanRating(row) })
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: ratings of %s: %w", account, err))
	}
	return out, nil
}

// Leaderboard returns the highest ratings under key with an RD below
// maxRD, highest first (then by name ignoring case), at most limit.
func (db *DB) Leaderboard(ctx context.Context, key store.RatingKey, maxRD float64, limit int) ([]store.Leader, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+ratingColumns+`, a.name
		FROM ratings AS r JOIN accounts AS a ON a.id = r.account_id
		WHERE r.game = $1 AND r.variant = $2 AND r.players = $3 AND r.rd < $4
		ORDER BY r.rating DESC, a.canonical LIMIT $5`, key.Game, key.Variant, key.Players, maxRD, limit)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: leaderboard: %w", err))
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Leader, error) {
		var l store.Leader
		var err error
		l.Rating, err = scanRating(row, &l.Name)
		return l, err
	})
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: leaderboard: %w", err))
	}
	return out, nil
}

// holder is the account holding a seat, and its username.
type holder struct {
	account, name string
}

// holders returns the accounts holding the seats of the matches ids, by
// match and seat.
func (db *DB) holders(ctx context.Context, ids []string) (map[string]map[int]holder, error) {
	out := make(map[string]map[int]holder, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := db.pool.Query(ctx, `SELECT s.match_id, s.seat, s.account_id, a.name
		FROM account_seats AS s JOIN accounts AS a ON a.id = s.account_id WHERE s.match_id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	var id string
	var seat int
	var h holder
	_, err = pgx.ForEachRow(rows, []any{&id, &seat, &h.account, &h.name}, func() error {
		if out[id] == nil {
			out[id] = map[int]holder{}
		}
		out[id][seat] = h
		return nil
	})
	return out, err
}

// SeatNames returns the usernames of the accounts holding seats of the
// matches ids, by match and seat.
func (db *DB) SeatNames(ctx context.Context, ids []string) (map[string]map[int]string, error) {
	hs, err := db.holders(ctx, ids)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: seat names: %w", err))
	}
	out := make(map[string]map[int]string, len(hs))
	for id, seats := range hs {
		out[id] = make(map[int]string, len(seats))
		for seat, h := range seats {
			out[id][seat] = h.name
		}
	}
	return out, nil
}

// outcomeSQL is the outcome (store.OutcomeWin, ...) of finished match m
// for seat s.seat, from the result's JSON (see store.OutcomeWin).
const outcomeSQL = `CASE
	WHEN coalesce((m.result->>'allLose')::boolean, false) THEN 'loss'
	WHEN jsonb_typeof(m.result->'winners') IS DISTINCT FROM 'array' OR jsonb_array_length(m.result->'winners') = 0 THEN 'draw'
	WHEN jsonb_array_length(m.result->'winners') >= m.players THEN 'draw'
	WHEN m.result->'winners' @> to_jsonb(s.seat) THEN 'win'
	ELSE 'loss' END`

// firstSeatSQL joins an account's first seat (s) in each finished match
// (m) it played; the account is $1.
const firstSeatSQL = ` FROM account_seats AS s JOIN matches AS m ON m.id = s.match_id
	WHERE s.account_id = $1 AND m.status = 'finished' AND m.result IS NOT NULL
	AND s.seat = (SELECT min(seat) FROM account_seats WHERE match_id = s.match_id AND account_id = $1)`

// PlayedMatches returns the finished matches an account played that f
// selects, most recently finished first, each with the seats' usernames,
// the account's outcome and its rating change.
func (db *DB) PlayedMatches(ctx context.Context, account string, f store.ArchiveFilter) ([]store.PlayedMatch, error) {
	out, err := db.played(ctx, account, f)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: played matches of %s: %w", account, err))
	}
	return out, nil
}

func (db *DB) played(ctx context.Context, account string, f store.ArchiveFilter) ([]store.PlayedMatch, error) {
	args := []any{account}
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	q := `SELECT m.id, s.seat, m.updated, ` + outcomeSQL + ` AS outcome` + firstSeatSQL
	if f.Game != "" {
		q += ` AND m.game = ` + arg(f.Game)
	}
	if f.Rated != nil {
		q += ` AND m.rated = ` + arg(*f.Rated)
	}
	if f.After != nil {
		at, id := arg(millis(f.After.Ended)), arg(f.After.ID)
		q += ` AND (m.updated, m.id) < (` + at + `, ` + id + `)`
	}
	q = `SELECT id, seat, outcome FROM (` + q + `) AS p`
	if f.Outcome != "" {
		q += ` WHERE outcome = ` + arg(f.Outcome)
	}
	q += ` ORDER BY updated DESC, id DESC LIMIT ` + arg(max(f.Limit, 1))
	rows, err := db.pool.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	refs, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.PlayedRef, error) {
		var r store.PlayedRef
		err := row.Scan(&r.ID, &r.Seat, &r.Outcome)
		return r, err
	})
	if err != nil || len(refs) == 0 {
		return nil, err
	}
	ids := make([]string, len(refs))
	for i, r := range refs {
		ids[i] = r.ID
	}
	rows, err = db.pool.Query(ctx, selectMatch+` WHERE id = ANY($1)`, ids)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Match, error) { return scanMatch(row) })
	if err != nil {
		return nil, err
	}
	ms := make(map[string]store.Match, len(list))
	for _, m := range list {
		ms[m.ID] = m
	}
	hs, err := db.holders(ctx, ids)
	if err != nil {
		return nil, err
	}
	rows, err = db.pool.Query(ctx, `SELECT `+changeColumns+` FROM rating_changes WHERE account_id = $1 AND match_id = ANY($2)`, account, ids)
	if err != nil {
		return nil, err
	}
	cs, err := pgx.CollectRows(rows, scanChange)
	if err != nil {
		return nil, err
	}
	name := func(match string, seat int) string { return hs[match][seat].name }
	return store.AssemblePlayed(refs, ms, name, cs), nil
}

// changeColumns are the rating_changes columns scanChange reads.
const changeColumns = `match_id, seat, account_id, game, variant, players, rating_before, rating_after, rd, at`

func scanChange(row pgx.CollectableRow) (store.RatingChange, error) {
	var c store.RatingChange
	err := row.Scan(&c.Match, &c.Seat, &c.Account, &c.Key.Game, &c.Key.Variant, &c.Key.Players, &c.Before, &c.After, &c.RD, &c.At)
	c.At = c.At.UTC()
	return c, err
}

// Tallies counts the finished matches an account played by game and
// outcome, in one grouped query.
func (db *DB) Tallies(ctx context.Context, account string) ([]store.Tally, error) {
	rows, err := db.pool.Query(ctx, `SELECT game, count(*) FILTER (WHERE outcome = 'win'), count(*) FILTER (WHERE outcome = 'draw'),
			count(*) FILTER (WHERE outcome = 'loss')
		FROM (SELECT m.game AS game, `+outcomeSQL+` AS outcome`+firstSeatSQL+`) AS p GROUP BY game ORDER BY game`, account)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: tallies of %s: %w", account, err))
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.Tally, error) {
		var t store.Tally
		err := row.Scan(&t.Game, &t.Wins, &t.Draws, &t.Losses)
		return t, err
	})
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: tallies of %s: %w", account, err))
	}
	return out, nil
}

// RatingHistory returns an account's last limit rating changes under
// key, oldest first.
func (db *DB) RatingHistory(ctx context.Context, account string, key store.RatingKey, limit int) ([]store.RatingChange, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+changeColumns+` FROM (SELECT * FROM rating_changes
		WHERE account_id = $1 AND game = $2 AND variant = $3 AND players = $4 ORDER BY at DESC, match_id DESC LIMIT $5) AS h
		ORDER BY at, match_id`, account, key.Game, key.Variant, key.Players, max(limit, 1))
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: rating history of %s: %w", account, err))
	}
	out, err := pgx.CollectRows(rows, scanChange)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: rating history of %s: %w", account, err))
	}
	return out, nil
}
