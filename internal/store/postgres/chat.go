package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tabula-games/tabula/internal/store"
)

// Match chat, personal access tokens and bot accounts (migration 00004).

// AddChat stores a chat message, unless its match has max already. The
// count and the insert hold a transaction-scoped advisory lock on the
// match's ID, so messages added at once on several servers never pass
// max; a message of no stored match is store.ErrNotFound.
func (db *DB) AddChat(ctx context.Context, m store.ChatMessage, max int) (int64, error) {
	var id int64
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('chat ' || $1))`, m.Match); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM chat_messages WHERE match_id = $1`, m.Match).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return fmt.Errorf("%d messages: %w", n, store.ErrConflict)
		}
		err := tx.QueryRow(ctx, `INSERT INTO chat_messages (match_id, channel, seat, account_id, name, text, at)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, m.Match, m.Channel, m.Seat, m.Account, m.Name, m.Text, millis(m.At)).Scan(&id)
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == foreignKeyViolation {
			return fmt.Errorf("%w: %w", err, store.ErrNotFound)
		}
		return err
	})
	if err := db.wrote(wrapf(err, "postgres: add chat to %s", m.Match)); err != nil {
		return 0, err
	}
	return id, nil
}

// ChatMessages returns a match's last limit messages, oldest first.
func (db *DB) ChatMessages(ctx context.Context, match string, limit int) ([]store.ChatMessage, error) {
	rows, err := db.pool.Query(ctx, `SELECT id, channel, seat, account_id, name, text, at FROM
		(SELECT * FROM chat_messages WHERE match_id = $1 ORDER BY id DESC LIMIT $2) AS c ORDER BY id`, match, limit)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: chat of %s: %w", match, err))
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.ChatMessage, error) {
		m := store.ChatMessage{Match: match}
		err := row.Scan(&m.ID, &m.Channel, &m.Seat, &m.Account, &m.Name, &m.Text, &m.At)
		m.At = m.At.UTC()
		return m, err
	})
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: chat of %s: %w", match, err))
	}
	return out, nil
}

// SetChatMutes stores the seats a seat of a match muted (migration
// 00007); 0 deletes the row. A match not stored is store.ErrNotFound.
func (db *DB) SetChatMutes(ctx context.Context, match string, seat int, muted uint32) error {
	var err error
	if muted == 0 {
		_, err = db.pool.Exec(ctx, `DELETE FROM chat_mutes WHERE match_id = $1 AND seat = $2`, match, seat)
	} else {
		_, err = db.pool.Exec(ctx, `INSERT INTO chat_mutes (match_id, seat, muted) VALUES ($1, $2, $3)
			ON CONFLICT (match_id, seat) DO UPDATE SET muted = excluded.muted`, match, seat, int64(muted))
		var pe *pgconn.PgError
		if errors.As(err, &pe) && pe.Code == foreignKeyViolation {
			err = fmt.Errorf("%w: %w", err, store.ErrNotFound)
		}
	}
	return db.wrote(wrapf(err, "postgres: chat mutes of %s", match))
}

// ChatMutes returns a match's mutes by muting seat.
func (db *DB) ChatMutes(ctx context.Context, match string) (map[int]uint32, error) {
	rows, err := db.pool.Query(ctx, `SELECT seat, muted FROM chat_mutes WHERE match_id = $1`, match)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: chat mutes of %s: %w", match, err))
	}
	out := map[int]uint32{}
	var seat int
	var muted int64
	_, err = pgx.ForEachRow(rows, []any{&seat, &muted}, func() error {
		out[seat] = uint32(muted)
		return nil
	})
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: chat mutes of %s: %w", match, err))
	}
	return out, nil
}

// CreateToken stores a personal access token, unless its account has max.
// It locks the account's row, so two tokens made at once are counted one
// after the other.
func (db *DB) CreateToken(ctx context.Context, t store.AccessToken, max int) error {
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE`, t.Account).Scan(&one)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("account %s: %w", t.Account, store.ErrNotFound)
		}
		if err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM access_tokens WHERE account_id = $1`, t.Account).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return fmt.Errorf("%d tokens: %w", n, store.ErrConflict)
		}
		_, err = tx.Exec(ctx, `INSERT INTO access_tokens (id, hash, account_id, description, scopes, created)
			VALUES ($1, $2, $3, $4, $5, $6)`, t.ID, t.Hash, t.Account, t.Description, strings.Join(t.Scopes, " "), millis(t.Created))
		if isUnique(err) {
			return fmt.Errorf("%w: %w", err, store.ErrConflict)
		}
		return err
	})
	return db.wrote(wrapf(err, "postgres: create token of %s", t.Account))
}

// tokenColumns are the columns scanToken reads, of access_tokens AS t.
const tokenColumns = `t.id, t.hash, t.account_id, t.description, t.scopes, t.created, t.used`

// scanToken scans tokenColumns and then more.
func scanToken(row pgx.Row, more ...any) (store.AccessToken, error) {
	var t store.AccessToken
	var scopes string
	var used *time.Time
	err := row.Scan(append([]any{&t.ID, &t.Hash, &t.Account, &t.Description, &scopes, &t.Created, &used}, more...)...)
	t.Scopes = strings.Fields(scopes)
	t.Created = t.Created.UTC()
	if used != nil {
		t.Used = used.UTC()
	}
	return t, err
}

// AccountTokens returns an account's tokens, oldest first.
func (db *DB) AccountTokens(ctx context.Context, account string) ([]store.AccessToken, error) {
	rows, err := db.pool.Query(ctx, `SELECT `+tokenColumns+` FROM access_tokens AS t WHERE t.account_id = $1 ORDER BY t.created, t.id`, account)
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: tokens: %w", err))
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (store.AccessToken, error) { return scanToken(row) })
	if err != nil {
		return nil, unavailable(fmt.Errorf("postgres: tokens: %w", err))
	}
	return out, nil
}

// TokenAccount returns the token of a hash, its account and whether it
// is a bot.
func (db *DB) TokenAccount(ctx context.Context, hash string) (store.AccessToken, store.Account, bool, error) {
	var a store.Account
	var bot bool
	t, err := scanToken(db.pool.QueryRow(ctx, `SELECT `+tokenColumns+`, a.id, a.name, a.canonical, a.password_hash, a.created, a.updated,
			EXISTS (SELECT 1 FROM bot_accounts AS b WHERE b.account_id = a.id)
		FROM access_tokens AS t JOIN accounts AS a ON a.id = t.account_id WHERE t.hash = $1`, hash),
		&a.ID, &a.Name, &a.Canonical, &a.PasswordHash, &a.Created, &a.Updated, &bot)
	if errors.Is(err, pgx.ErrNoRows) {
		return store.AccessToken{}, store.Account{}, false, fmt.Errorf("postgres: token: %w", store.ErrNotFound)
	}
	if err != nil {
		return store.AccessToken{}, store.Account{}, false, unavailable(fmt.Errorf("postgres: token: %w", err))
	}
	a.Created, a.Updated = a.Created.UTC(), a.Updated.UTC()
	return t, a, bot, nil
}

// TouchToken records a token's use; a token that is gone is no error.
func (db *DB) TouchToken(ctx context.Context, hash string, at time.Time) error {
	_, err := db.pool.Exec(ctx, `UPDATE access_tokens SET used = $2 WHERE hash = $1`, hash, millis(at))
	return db.wrote(wrapf(err, "postgres: touch token"))
}

// RevokeToken deletes an account's token.
func (db *DB) RevokeToken(ctx context.Context, account, id string) error {
	tag, err := db.pool.Exec(ctx, `DELETE FROM access_tokens WHERE account_id = $1 AND id = $2`, account, id)
	if err == nil && tag.RowsAffected() == 0 {
		err = store.ErrNotFound
	}
	return db.wrote(wrapf(err, "postgres: revoke token %s", id))
}

// SetBot flags an account as a bot.
func (db *DB) SetBot(ctx context.Context, account string, at time.Time) error {
	_, err := db.pool.Exec(ctx, `INSERT INTO bot_accounts (account_id, since) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING`, account, millis(at))
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == foreignKeyViolation {
		err = fmt.Errorf("%w: %w", err, store.ErrNotFound)
	}
	return db.wrote(wrapf(err, "postgres: set bot %s", account))
}

// IsBot reports whether an account is flagged as a bot.
func (db *DB) IsBot(ctx context.Context, account string) (bool, error) {
	var bot bool
	err := db.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM bot_accounts WHERE account_id = $1)`, account).Scan(&bot)
	if err != nil {
		return false, unavailable(fmt.Errorf("postgres: is bot %s: %w", account, err))
	}
	return bot, nil
}
