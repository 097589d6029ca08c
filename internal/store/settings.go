package store

import (
	"context"
	"time"
)

// Settings is a store's per-account settings documents (the web client's
// board settings: coordinates, theme, volume, ...), with the contract
// every implementation meets (the storetest suite checks it). The store
// keeps the document as given; internal/server bounds and checks it.
type Settings interface {
	// AccountSettings returns an account's settings document; ErrNotFound
	// when none is stored.
	AccountSettings(ctx context.Context, account string) ([]byte, error)
	// SetAccountSettings stores an account's settings document, replacing
	// the one stored before; ErrNotFound, and nothing stored, when there
	// is no such account.
	SetAccountSettings(ctx context.Context, account string, doc []byte, at time.Time) error
}
