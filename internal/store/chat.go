package store

import (
	"context"
	"time"
)

// Chat channels: a match's players talk in one, its spectators in the
// other, and neither reads the other's while the match is on.
const (
	ChatPlayers    = "players"
	ChatSpectators = "spectators"
)

// ChatMessage is one line of a match's chat, stored with the match.
type ChatMessage struct {
	// ID is the store's, ascending in the order the messages were
	// added; AddChat assigns it.
	ID      int64
	Match   string
	Channel string // ChatPlayers or ChatSpectators
	// Seat is the sender's seat, -1 for a spectator.
	Seat int
	// Account is the sender's account ID and Name its username, both ""
	// for a guest.
	Account, Name string
	Text          string
	At            time.Time
}

// Chats is a store's match chat, with the contract every implementation
// meets (the storetest suite checks it). internal/server uses it whole,
// as ChatStore.
type Chats interface {
	// AddChat stores a message and returns its ID; ErrConflict when the
	// match already has max messages (a match's chat is bounded).
	AddChat(ctx context.Context, m ChatMessage, max int) (int64, error)
	// ChatMessages returns a match's last limit messages, oldest first.
	ChatMessages(ctx context.Context, match string, limit int) ([]ChatMessage, error)
	// SetChatMutes stores the seats a seat of a match has muted, a bit
	// per seat (bit i: seat i), replacing what it had; 0 unmutes all.
	SetChatMutes(ctx context.Context, match string, seat int, muted uint32) error
	// ChatMutes returns a match's mutes: for each seat that has muted
	// some, the seats it muted (none: an empty map).
	ChatMutes(ctx context.Context, match string) (map[int]uint32, error)
}
