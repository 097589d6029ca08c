package store

import (
	"context"
	"time"
)

// AccessToken is a personal access token: a program acting for an
// account (the bot API) with the scopes its owner gave it.
type AccessToken struct {
	// ID names the token in lists and revocations; it is no secret.
	ID string
	// Hash is the hex SHA-256 of the token; the token itself is shown
	// once, when it is made, and never stored.
	Hash        string
	Account     string
	Description string
	Scopes      []string
	Created     time.Time
	// Used is when the token was last used (written at most every few
	// minutes), zero when never.
	Used time.Time
}

// Tokens is a store's personal access tokens and bot accounts, with the
// contract every implementation meets (the storetest suite checks it).
// internal/server uses it whole, as TokenStore.
type Tokens interface {
	// CreateToken stores a token; ErrConflict when the account already
	// has max tokens, or the ID or hash is taken; ErrNotFound when there
	// is no such account.
	CreateToken(ctx context.Context, t AccessToken, max int) error
	// AccountTokens returns an account's tokens, oldest first.
	AccountTokens(ctx context.Context, account string) ([]AccessToken, error)
	// TokenAccount returns the token of a hash, its account and whether
	// the account is a bot; ErrNotFound when no token has the hash.
	TokenAccount(ctx context.Context, hash string) (AccessToken, Account, bool, error)
	// TouchToken records a token's use; a token that is gone is not an
	// error.
	TouchToken(ctx context.Context, hash string, at time.Time) error
	// RevokeToken deletes an account's token by ID; ErrNotFound when the
	// account has no such token.
	RevokeToken(ctx context.Context, account, id string) error
	// SetBot flags an account as a bot, for good; flagging it again is no
	// change. ErrNotFound when there is no such account.
	SetBot(ctx context.Context, account string, at time.Time) error
	// IsBot reports whether an account is flagged as a bot.
	IsBot(ctx context.Context, account string) (bool, error)
}
