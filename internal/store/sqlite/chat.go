package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// Match chat, personal access tokens and bot accounts (migration 00010):
// rare writes run by the writer as functions in its transactions, with
// statements not prepared; reads on the read pool.

// AddChat stores a chat message, unless its match has max already.
func (db *DB) AddChat(ctx context.Context, m store.ChatMessage, max int) (int64, error) {
	var id int64
	err := db.do(ctx, applyFunc(func(ctx context.Context) error {
		c := db.w.conn
		dest := make([]driver.Value, 1)
		if err := c.querySQL(ctx, `SELECT count(*) FROM chat_messages WHERE match_id = ?`, dest, m.Match); err != nil {
			return fmt.Errorf("sqlite: count chat of %s: %w", m.Match, err)
		}
		if n, err := asInt64(dest[0]); err != nil || n >= int64(max) {
			return fmt.Errorf("sqlite: chat of %s holds %d messages: %w", m.Match, n, errors.Join(store.ErrConflict, err))
		}
		res, err := c.execSQL(ctx, `INSERT INTO chat_messages (match_id, channel, seat, account_id, name, text, at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, m.Match, m.Channel, int64(m.Seat), m.Account, m.Name, m.Text, m.At.UnixMilli())
		if err != nil {
			return fmt.Errorf("sqlite: add chat to %s: %w", m.Match, err)
		}
		n, err := res.LastInsertId()
		if err != nil {
			return fmt.Errorf("sqlite: add chat to %s: %w", m.Match, err)
		}
		id = n
		return nil
	}))
	if err != nil {
		return 0, err // id is not read: the writer may still write it
	}
	return id, nil
}

// ChatMessages returns a match's last limit messages, oldest first.
func (db *DB) ChatMessages(ctx context.Context, match string, limit int) ([]store.ChatMessage, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT id, channel, seat, account_id, name, text, at FROM
		(SELECT * FROM chat_messages WHERE match_id = ? ORDER BY id DESC LIMIT ?) ORDER BY id`, match, limit)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: chat of %s: %w", match, err))
	}
	defer rows.Close()
	var out []store.ChatMessage
	for rows.Next() {
		m := store.ChatMessage{Match: match}
		var at int64
		if err := rows.Scan(&m.ID, &m.Channel, &m.Seat, &m.Account, &m.Name, &m.Text, &at); err != nil {
			return nil, fmt.Errorf("sqlite: chat of %s: %w", match, err)
		}
		m.At = msTime(at)
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: chat of %s: %w", match, err))
	}
	return out, nil
}

// SetChatMutes stores the seats a seat of a match muted (migration
// 00012); 0 deletes the row.
func (db *DB) SetChatMutes(ctx context.Context, match string, seat int, muted uint32) error {
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		var err error
		if muted == 0 {
			_, err = db.w.conn.execSQL(ctx, `DELETE FROM chat_mutes WHERE match_id = ? AND seat = ?`, match, int64(seat))
		} else {
			_, err = db.w.conn.execSQL(ctx, `INSERT INTO chat_mutes (match_id, seat, muted) VALUES (?, ?, ?)
				ON CONFLICT (match_id, seat) DO UPDATE SET muted = excluded.muted`, match, int64(seat), int64(muted))
		}
		if err != nil {
			return fmt.Errorf("sqlite: chat mutes of %s: %w", match, err)
		}
		return nil
	}))
}

// ChatMutes returns a match's mutes by muting seat.
func (db *DB) ChatMutes(ctx context.Context, match string) (map[int]uint32, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT seat, muted FROM chat_mutes WHERE match_id = ?`, match)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: chat mutes of %s: %w", match, err))
	}
	defer rows.Close()
	out := map[int]uint32{}
	for rows.Next() {
		var seat int
		var muted int64
		if err := rows.Scan(&seat, &muted); err != nil {
			return nil, fmt.Errorf("sqlite: chat mutes of %s: %w", match, err)
		}
		out[seat] = uint32(muted)
	}
	if err := rows.Err(); err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: chat mutes of %s: %w", match, err))
	}
	return out, nil
}

// CreateToken stores a personal access token, unless its account has max.
func (db *DB) CreateToken(ctx context.Context, t store.AccessToken, max int) error {
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		c := db.w.conn
		dest := make([]driver.Value, 2)
		if err := c.querySQL(ctx, `SELECT (SELECT count(*) FROM accounts WHERE id = ?1), (SELECT count(*) FROM access_tokens WHERE account_id = ?1)`,
			dest, t.Account); err != nil {
			return fmt.Errorf("sqlite: create token: %w", err)
		}
		if n, err := asInt64(dest[0]); err != nil || n == 0 {
			return fmt.Errorf("sqlite: create token of %s: %w", t.Account, errors.Join(store.ErrNotFound, err))
		}
		if n, err := asInt64(dest[1]); err != nil || n >= int64(max) {
			return fmt.Errorf("sqlite: %s holds %d tokens: %w", t.Account, n, errors.Join(store.ErrConflict, err))
		}
		if _, err := c.execSQL(ctx, `INSERT INTO access_tokens (id, hash, account_id, description, scopes, created, used)
			VALUES (?, ?, ?, ?, ?, ?, 0)`, t.ID, t.Hash, t.Account, t.Description, strings.Join(t.Scopes, " "), t.Created.UnixMilli()); err != nil {
			if strings.Contains(err.Error(), "UNIQUE constraint failed") {
				return fmt.Errorf("sqlite: create token: %w", store.ErrConflict)
			}
			return fmt.Errorf("sqlite: create token: %w", err)
		}
		return nil
	}))
}

// tokenColumns are the columns scanToken reads, of access_tokens AS t.
const tokenColumns = `t.id, t.hash, t.account_id, t.description, t.scopes, t.created, t.used`

// scanToken scans tokenColumns and then more.
func scanToken(s interface{ Scan(...any) error }, more ...any) (store.AccessToken, error) {
	var t store.AccessToken
	var scopes string
	var created, used int64
	err := s.Scan(append([]any{&t.ID, &t.Hash, &t.Account, &t.Description, &scopes, &created, &used}, more...)...)
	t.Scopes = strings.Fields(scopes)
	t.Created = msTime(created)
	if used != 0 {
		t.Used = msTime(used)
	}
	return t, err
}

// AccountTokens returns an account's tokens, oldest first.
func (db *DB) AccountTokens(ctx context.Context, account string) ([]store.AccessToken, error) {
	rows, err := db.read.QueryContext(ctx, `SELECT `+tokenColumns+` FROM access_tokens AS t WHERE t.account_id = ? ORDER BY t.created, t.id`, account)
	if err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: tokens: %w", err))
	}
	defer rows.Close()
	var out []store.AccessToken
	for rows.Next() {
		t, err := scanToken(rows)
		if err != nil {
			return nil, fmt.Errorf("sqlite: tokens: %w", err)
		}
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, unavailable(fmt.Errorf("sqlite: tokens: %w", err))
	}
	return out, nil
}

// TokenAccount returns the token of a hash, its account and whether it
// is a bot.
func (db *DB) TokenAccount(ctx context.Context, hash string) (store.AccessToken, store.Account, bool, error) {
	var a store.Account
	var ac, au int64
	var bot bool
	t, err := scanToken(db.read.QueryRowContext(ctx, `SELECT `+tokenColumns+`, a.id, a.name, a.canonical, a.password_hash, a.created, a.updated,
			EXISTS (SELECT 1 FROM bot_accounts AS b WHERE b.account_id = a.id)
		FROM access_tokens AS t JOIN accounts AS a ON a.id = t.account_id WHERE t.hash = ?`, hash),
		&a.ID, &a.Name, &a.Canonical, &a.PasswordHash, &ac, &au, &bot)
	if errors.Is(err, sql.ErrNoRows) {
		return t, a, false, fmt.Errorf("sqlite: token: %w", store.ErrNotFound)
	}
	if err != nil {
		return t, a, false, unavailable(fmt.Errorf("sqlite: token: %w", err))
	}
	a.Created, a.Updated = msTime(ac), msTime(au)
	return t, a, bot, nil
}

// TouchToken records a token's use.
func (db *DB) TouchToken(ctx context.Context, hash string, at time.Time) error {
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		if _, err := db.w.conn.execSQL(ctx, `UPDATE access_tokens SET used = ? WHERE hash = ?`, at.UnixMilli(), hash); err != nil {
			return fmt.Errorf("sqlite: touch token: %w", err)
		}
		return nil
	}))
}

// RevokeToken deletes an account's token.
func (db *DB) RevokeToken(ctx context.Context, account, id string) error {
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		res, err := db.w.conn.execSQL(ctx, `DELETE FROM access_tokens WHERE account_id = ? AND id = ?`, account, id)
		if err != nil {
			return fmt.Errorf("sqlite: revoke token: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return fmt.Errorf("sqlite: revoke token %s: %w", id, errors.Join(store.ErrNotFound, err))
		}
		return nil
	}))
}

// SetBot flags an account as a bot.
func (db *DB) SetBot(ctx context.Context, account string, at time.Time) error {
	return db.do(ctx, applyFunc(func(ctx context.Context) error {
		res, err := db.w.conn.execSQL(ctx, `INSERT OR IGNORE INTO bot_accounts (account_id, since) SELECT id, ? FROM accounts WHERE id = ?`, at.UnixMilli(), account)
		if err != nil {
			return fmt.Errorf("sqlite: set bot %s: %w", account, err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			dest := make([]driver.Value, 1)
			if err := db.w.conn.querySQL(ctx, `SELECT 1 FROM accounts WHERE id = ?`, dest, account); errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("sqlite: set bot %s: %w", account, store.ErrNotFound)
			} else if err != nil {
				return fmt.Errorf("sqlite: set bot %s: %w", account, err)
			}
		}
		return nil
	}))
}

// IsBot reports whether an account is flagged as a bot.
func (db *DB) IsBot(ctx context.Context, account string) (bool, error) {
	var bot bool
	err := db.read.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM bot_accounts WHERE account_id = ?)`, account).Scan(&bot)
	if err != nil {
		return false, unavailable(fmt.Errorf("sqlite: is bot %s: %w", account, err))
	}
	return bot, nil
}
