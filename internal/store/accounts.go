package store

import (
	"context"
	"time"
)

// Account is a registered player.
type Account struct {
	ID string // the server's, fixed for life ("a_" and random characters)
	// Name is the username as the player typed it; Canonical is its
	// lower-case form, unique among accounts.
	Name, Canonical string
	// PasswordHash is the argon2id hash in the PHC string form.
	PasswordHash     string
	Created, Updated time.Time
}

// Session is a logged-in browser or device.
type Session struct {
	// Hash is the hex SHA-256 of the session token; the token itself is
	// never stored.
	Hash    string
	Account string
	// Created is when the login happened, Seen when the session was last
	// used (written at most every account.TouchEvery), Expires when it
	// ends unless used again.
	Created, Seen, Expires time.Time
}

// SeatRef names one seat of one match.
type SeatRef struct {
	Match string
	Seat  int
}

// Binding is an account taking a seat of the match a Change is for.
type Binding struct {
	Account string
	Seat    int
}

// Accounts is a store's accounts, sessions and the seats accounts hold,
// with the contract every implementation meets (the storetest suite
// checks it). internal/server uses it whole, as AccountStore.
type Accounts interface {
	// CreateAccount stores a new account; ErrConflict when its Canonical
	// name or ID is taken.
	CreateAccount(ctx context.Context, a Account) error
	// AccountByName returns the account of a canonical name, or
	// ErrNotFound.
	AccountByName(ctx context.Context, canonical string) (Account, error)
	// SetPassword replaces an account's password hash and ends every
	// session of the account but keep (a session hash; "" ends all), in
	// one transaction; ErrNotFound when there is no such account.
	SetPassword(ctx context.Context, id, hash string, at time.Time, keep string) error
	// CreateSession stores a session, and in the same transaction ends
	// the account's sessions that expired by s.Created and, past max
	// sessions (counting s), the least recently seen ones.
	CreateSession(ctx context.Context, s Session, max int) error
	// SessionAccount returns a session and its account, or
	// ErrNotFound. It does not check expiry: the caller does.
	SessionAccount(ctx context.Context, hash string) (Session, Account, error)
	// TouchSession records a session's use: Seen and Expires. A session
	// that is gone is not an error.
	TouchSession(ctx context.Context, hash string, seen, expires time.Time) error
	// DeleteSession ends a session; one that is gone is not an error.
	DeleteSession(ctx context.Context, hash string) error
	// DeleteExpiredSessions ends every session expired by now and
	// returns how many.
	DeleteExpiredSessions(ctx context.Context, now time.Time) (int, error)
	// CreateBound stores a new match as Create does and binds seats of
	// it to accounts in the same transaction (a logged-in creator's
	// seat): ErrNotFound, and no match stored, when an account does not
	// exist.
	CreateBound(ctx context.Context, m Match, bind []Binding) error
	// BindSeat records that an account holds a seat of a match:
	// ErrNotFound when there is no such match, ErrConflict when another
	// account holds the seat; binding it again to the same account is no
	// change.
	BindSeat(ctx context.Context, account string, ref SeatRef) error
	// AccountSeats returns the seats of a match an account holds, in
	// ascending order.
	AccountSeats(ctx context.Context, account, match string) ([]int, error)
	// SeatAccounts returns the accounts holding seats of a match, by seat
	// (a rematch binds its seats to the same accounts).
	SeatAccounts(ctx context.Context, match string) (map[int]string, error)
	// AccountMatches returns the seats an account holds in waiting and
	// live matches, newest match first (by creation), seats ascending
	// within one; at most limit.
	AccountMatches(ctx context.Context, account string, limit int) ([]SeatRef, error)
}
