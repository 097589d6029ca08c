package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/tabula-games/tabula/internal/store"
)

// Ratings are written by the writer inside the transaction of the change
// that finishes a rated match (saveOp.apply calls rate), so the result and
// the ratings commit together; the read of the ratings before the match
// is in that transaction too, so two matches of one player that finish in
// one group commit are rated one after the other. Reads (profiles,
// leaderboards) are on the read pool.

// rate rates match id by u in the current transaction: it reads the
// accounts holding the seats and their ratings, runs u.Rate, and writes
// the new ratings and one rating_changes row per seat. A match with a
// seat no account holds, or an account in two seats, is not rated.
func (db *DB) rate(ctx context.Context, id string, u *store.RatingUpdate) error {
	c := db.w.conn
	players := u.Key.Players
	before := make([]store.Rating, players)
	seen := make(map[string]bool, players)
	dest := make([]driver.Value, 6)
	for seat := range players {
		err := c.querySQL(ctx, `SELECT account_id FROM account_seats WHERE match_id = ? AND seat = ?`, dest[:1], id, int64(seat))
		if errors.Is(err, sql.ErrNoRows) {
			return nil // a seat without an account: not rated
		}
		if err != nil {
			return fmt.Errorf("sqlite: rate match %s: seat %d: %w", id, seat, err)
		}
		acct, err := asString(dest[0])
		if err != nil {
			return fmt.Errorf("sqlite: rate match %s: seat %d: %w", id, seat, err)
		}
		if seen[acct] {
			return nil // one account in two seats: not rated
		}
		seen[acct] = true
		r := store.Rating{Account: acct, Key: u.Key, Rating: u.Start.Rating, RD: u.Start.RD, Volatility: u.Start.Volatility}
		err = c.querySQL(ctx, `SELECT rating, rd, volatility, games, updated FROM ratings
			WHERE account_id = ? AND game = ? AND variant = ? AND players = ?`, dest[:5], acct, u.Key.Game, u.Key.Variant, int64(players))
		switch {
		case errors.Is(err, sql.ErrNoRows): // never rated: u.Start
		case err != nil:
			return fmt.Errorf("sqlite: rate match %s: rating of %s: %w", id, acct, err)
		default:
			var games, updated int64
			errs := make([]error, 5)
			r.Rating, errs[0] = asFloat(dest[0])
			r.RD, errs[1] = asFloat(dest[1])
			r.Volatility, errs[2] = asFloat(dest[2])
			games, errs[3] = asInt64(dest[3])
			updated, errs[4] = asInt64(dest[4])
			if err := errors.Join(errs...); err != nil {
				return fmt.Errorf("sqlite: rate match %s: rating of %s: %w", id, acct, err)
			}
			r.Games, r.Updated = int(games), msTime(updated)
		}
		before[seat] = r
	}
	after, err := u.Rate(before)
	if err != nil {
		return fmt.Errorf("sqlite: rate match %s: %w", id, err)
	}
	if len(after) != players {
		return fmt.Errorf("sqlite: rate match %s: %d ratings for %d seats", id, len(after), players)
	}
	at := u.At.UnixMilli()
	for seat, b := range before {
		a := after[seat]
		if _, err := c.execSQL(ctx, `INSERT INTO ratings (account_id, game, variant, players, rating, rd, volatility, games, updated)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (account_id, game, variant, players) DO UPDATE SET
				rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, updated = excluded.updated`,
			b.Account, u.Key.Game, u.Key.Variant, int64(players), a.Rating, a.RD, a.Volatility, int64(a.Games), at); err != nil {
			return fmt.Errorf("sqlite: rate match %s: write rating of %s: %w", id, b.Account, err)
		}
		if _, err := c.execSQL(ctx, `INSERT INTO rating_changes (match_id, seat, account_id, game, variant, players, before, after, rd, at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			id, int64(seat), b.Account, u.Key.Game, u.Key.Variant, int64(players), b.Rating, a.Rating, a.RD, at); err != nil {
			return fmt.Errorf("sqlite: rate match %s: history of %s: %w", id, b.Account, err)
		}
	}
	return nil
}

func asFloat(v driver.Value) (float64, error) {
	switch f := v.(type) {
	case float64:
		return f, nil
	case int64:
		return float64(f), nil
	}
	return 0, fmt.Errorf("sqlite: %T is not a number", v)
}

// Ratings returns an account's ratings, by game, variant and players.
func (db *DB) Ratings(ctx context.Context, account string) ([]store.Rating, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT account_id, game, variant, players, rating, rd, volatility, games, updated
		FROM ratings WHERE account_id = ? ORDER BY game, variant, players`, account)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: ratings of %s: %w", account, err))
	}
	out, err := scanRatings(rows, nil)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: ratings of %s: %w", account, err))
	}
	return out, nil
}

// Leaderboard returns the highest ratings under key with an RD below
// maxRD, highest first (then by name), at most limit.
func (db *DB) Leaderboard(ctx context.Context, key store.RatingKey, maxRD float64, limit int) ([]store.Leader, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT r.account_id, r.game, r.variant, r.players, r.rating, r.rd, r.volatility, r.games, r.updated, a.name
		FROM ratings AS r JOIN accounts AS a ON a.id = r.account_id
		WHERE r.game = ? AND r.variant = ? AND r.players = ? AND r.rd < ?
		ORDER BY r.rating DESC, a.canonical LIMIT ?`, key.Game, key.Variant, int64(key.Players), maxRD, int64(limit))
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: leaderboard: %w", err))
	}
	var names []string
	rs, err := scanRatings(rows, &names)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: leaderboard: %w", err))
	}
	out := make([]store.Leader, len(rs))
	for i, r := range rs {
		out[i] = store.Leader{Name: names[i], Rating: r}
	}
	return out, nil
}

// scanRatings reads rows of ratings columns (and a name after them, into
// *names, when names is not nil) and closes rows.
func scanRatings(rows *sql.Rows, names *[]string) ([]store.Rating, error) {
	defer rows.Close()
	var out []store.Rating
	for rows.Next() {
		var r store.Rating
		var updated int64
		dest := []any{&r.Account, &r.Key.Game, &r.Key.Variant, &r.Key.Players, &r.Rating, &r.RD, &r.Volatility, &r.Games, &updated}
		var name string
		if names != nil {
			dest = append(dest, &name)
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		r.Updated = msTime(updated)
		out = append(out, r)
		if names != nil {
			*names = append(*names, name)
		}
	}
	return out, rows.Err()
}

// seatHolder is the account holding a seat, and its username.
type seatHolder struct{ account, name string }

// holders returns the accounts holding the seats of the matches ids, by
// match and seat.
func (db *DB) holders(ctx context.Context, ids []string) (map[string]map[int]seatHolder, error) {
	out := make(map[string]map[int]seatHolder, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	js, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rows, err := db.reads.holders.QueryContext(ctx, string(js))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var seat int
		var h seatHolder
		if err := rows.Scan(&id, &seat, &h.account, &h.name); err != nil {
			return nil, err
		}
		if out[id] == nil {
			out[id] = map[int]seatHolder{}
		}
		out[id][seat] = h
	}
	return out, rows.Err()
}

// SeatNames returns the usernames of the accounts holding seats of the
// matches ids, by match and seat (seats no account holds are absent).
func (db *DB) SeatNames(ctx context.Context, ids []string) (map[string]map[int]string, error) {
	hs, err := db.holders(ctx, ids)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: seat names: %w", err))
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
	WHEN coalesce(json_extract(m.result, '$.allLose'), 0) THEN 'loss'
	WHEN coalesce(json_array_length(m.result, '$.winners'), 0) = 0 THEN 'draw'
	WHEN json_array_length(m.result, '$.winners') >= m.players THEN 'draw'
	WHEN EXISTS (SELECT 1 FROM json_each(m.result, '$.winners') WHERE value = s.seat) THEN 'win'
	ELSE 'loss' END`

// firstSeatSQL joins an account's first seat (s) in each finished match
// (m) it played; the account is the query's first argument (?1).
const firstSeatSQL = ` FROM account_seats AS s JOIN matches AS m ON m.id = s.match_id
	WHERE s.account_id = ?1 AND m.status = 'finished' AND m.result IS NOT NULL
	AND s.seat = (SELECT min(seat) FROM account_seats WHERE match_id = s.match_id AND account_id = ?1)`

// PlayedMatches returns the finished matches an account played that f
// selects, most recently finished first, each with the seats' usernames,
// the account's outcome and its rating change.
func (db *DB) PlayedMatches(ctx context.Context, account string, f store.ArchiveFilter) ([]store.PlayedMatch, error) {
	out, err := db.played(ctx, account, f)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: played matches of %s: %w", account, err))
	}
	return out, nil
}

func (db *DB) played(ctx context.Context, account string, f store.ArchiveFilter) ([]store.PlayedMatch, error) {
	// A finished match's row is current: the change that finished it
	// wrote the row. The page is chosen first (IDs, seats, outcomes),
	// then its rows are read.
	q := `SELECT m.id AS id, s.seat AS seat, m.updated AS updated, ` + outcomeSQL + ` AS outcome` + firstSeatSQL
	args := []any{account}
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("?%d", len(args))
	}
	if f.Game != "" {
		q += ` AND m.game = ` + arg(f.Game)
	}
	if f.Rated != nil {
		q += ` AND m.rated = ` + arg(*f.Rated)
	}
	if f.After != nil {
		ms, id := arg(f.After.Ended.UnixMilli()), arg(f.After.ID)
		q += ` AND (m.updated < ` + ms + ` OR (m.updated = ` + ms + ` AND m.id < ` + id + `))`
	}
	q = `SELECT id, seat, outcome FROM (` + q + `)`
	if f.Outcome != "" {
		q += ` WHERE outcome = ` + arg(f.Outcome)
	}
	q += ` ORDER BY updated DESC, id DESC LIMIT ` + arg(int64(max(f.Limit, 1)))
	rows, err := db.read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	var refs []store.PlayedRef
	for rows.Next() {
		var p store.PlayedRef
		if err := rows.Scan(&p.ID, &p.Seat, &p.Outcome); err != nil {
			rows.Close()
			return nil, err
		}
		refs = append(refs, p)
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	if len(refs) == 0 {
		return nil, nil
	}
	ids := make([]string, len(refs))
	for i, p := range refs {
		ids[i] = p.ID
	}
	js, err := json.Marshal(ids)
	if err != nil {
		return nil, err
	}
	rows, err = db.read.QueryContext(ctx, sqlSelectMatch+` WHERE id IN (SELECT value FROM json_each(?))`, string(js))
	if err != nil {
		return nil, err
	}
	ms := make(map[string]store.Match, len(ids))
	for rows.Next() {
		r, err := scanRow(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		m, err := r.decode()
		if err != nil {
			rows.Close()
			return nil, err
		}
		ms[m.ID] = m
	}
	if err := errors.Join(rows.Err(), rows.Close()); err != nil {
		return nil, err
	}
	hs, err := db.holders(ctx, ids)
	if err != nil {
		return nil, err
	}
	rows, err = db.read.QueryContext(ctx, `SELECT `+changeColumns+` FROM rating_changes
		WHERE account_id = ? AND match_id IN (SELECT value FROM json_each(?))`, account, string(js))
	if err != nil {
		return nil, err
	}
	cs, err := scanChanges(rows)
	if err != nil {
		return nil, err
	}
	name := func(match string, seat int) string { return hs[match][seat].name }
	return store.AssemblePlayed(refs, ms, name, cs), nil
}

// changeColumns are the rating_changes columns scanChanges reads.
const changeColumns = `match_id, seat, account_id, game, variant, players, before, after, rd, at`

// scanChanges reads rows of changeColumns and closes rows.
func scanChanges(rows *sql.Rows) ([]store.RatingChange, error) {
	defer rows.Close()
	var out []store.RatingChange
	for rows.Next() {
		var c store.RatingChange
		var at int64
		if err := rows.Scan(&c.Match, &c.Seat, &c.Account, &c.Key.Game, &c.Key.Variant, &c.Key.Players, &c.Before, &c.After, &c.RD, &at); err != nil {
			return nil, err
		}
		c.At = msTime(at)
		out = append(out, c)
	}
	return out, rows.Err()
}

// Tallies counts the finished matches an account played by game and
// outcome, in one grouped query.
func (db *DB) Tallies(ctx context.Context, account string) ([]store.Tally, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT game, sum(outcome = 'win'), sum(outcome = 'draw'), sum(outcome = 'loss')
		FROM (SELECT m.game AS game, `+outcomeSQL+` AS outcome`+firstSeatSQL+`) GROUP BY game ORDER BY game`, account)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: tallies of %s: %w", account, err))
	}
	defer rows.Close()
	var out []store.Tally
	for rows.Next() {
		var t store.Tally
		if err := rows.Scan(&t.Game, &t.Wins, &t.Draws, &t.Losses); err != nil {
			return nil, fmt.Errorf("sqlite: tallies of %s: %w", account, err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: tallies of %s: %w", account, err))
	}
	return out, nil
}

// RatingHistory returns an account's last limit rating changes under
// key, oldest first.
func (db *DB) RatingHistory(ctx context.Context, account string, key store.RatingKey, limit int) ([]store.RatingChange, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+changeColumns+` FROM (SELECT * FROM rating_changes
		WHERE account_id = ? AND game = ? AND variant = ? AND players = ? ORDER BY at DESC, match_id DESC LIMIT ?) ORDER BY at, match_id`,
		account, key.Game, key.Variant, int64(key.Players), int64(max(limit, 1)))
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: rating history of %s: %w", account, err))
	}
	out, err := scanChanges(rows)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: rating history of %s: %w", account, err))
	}
	return out, nil
}
