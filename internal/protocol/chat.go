package protocol

import "unicode/utf8"

// Chat on the match WebSocket (docs/protocol.md, "Chat"). Chat messages
// are no commands: they change no match version, carry none, and are
// answered by the chat line itself (to everyone in its channel, the
// sender included) or an error with the message's ID.

// Client chat message types.
const (
	TypeChat        = "chat"         // say Text in Channel
	TypeChatHistory = "chat-history" // ask for the chat so far (answered with a chat-history)
	TypeChatMute    = "chat-mute"    // a player stops receiving another player's lines (target), or every other player's
	TypeChatUnmute  = "chat-unmute"  // and starts again
)

// Chat channels, a ChatLine's Channel.
const (
	ChatPlayers    = "players"    // the seated players; no spectator reads it
	ChatSpectators = "spectators" // the spectators; players read it once the match has ended
)

// MaxChatRunes bounds one chat line: a remark, not a letter (and what a
// phone shows in a few lines).
const MaxChatRunes = 280

// IsChat reports whether t is a client chat message type.
func IsChat(t string) bool {
	return t == TypeChat || t == TypeChatHistory || t == TypeChatMute || t == TypeChatUnmute
}

// CheckChat checks a decoded chat message (Decode does).
func CheckChat(m *ClientMessage) error {
	if m.Type != TypeChat {
		return nil
	}
	switch {
	case m.Channel != "" && m.Channel != ChatPlayers && m.Channel != ChatSpectators:
		return Errorf(CodeBadRequest, "unknown chat channel %q", m.Channel)
	case m.Text == "":
		return Errorf(CodeBadRequest, "chat needs a text")
	case utf8.RuneCountInString(m.Text) > MaxChatRunes:
		return Errorf(CodeTooLarge, "chat text of %d characters, limit %d", utf8.RuneCountInString(m.Text), MaxChatRunes)
	}
	return nil
}

// ChatLine is one line of a match's chat.
type ChatLine struct {
	ID      int64  `json:"id"`
	Channel string `json:"channel"`
	// Seat is the sender's seat, -1 for a spectator.
	Seat int `json:"seat"`
	// Username is the sender's account, "" for a guest.
	Username string `json:"username,omitempty"`
	Text     string `json:"text"`
	At       int64  `json:"at"` // Unix ms
}

// ChatMessage is the server's chat message on the match WebSocket: a
// line (type chat; ID echoes the sender's message to the sender) or the
// history (type chat-history: the lines this connection may read, oldest
// first, whether it muted other players and which, and the channels it
// may read and write).
type ChatMessage struct {
	Type  string     `json:"type"`
	ID    string     `json:"id,omitempty"`
	Chat  *ChatLine  `json:"chat,omitempty"`
	Chats []ChatLine `json:"chats,omitempty"`
	Muted bool       `json:"muted,omitempty"`
	// MutedSeats are the seats whose lines the connection no longer
	// receives (chat-history only).
	MutedSeats []int `json:"mutedSeats,omitempty"`
	// Read and Write are the channels the connection reads and may write
	// (chat-history only).
	Read  []string `json:"read,omitempty"`
	Write []string `json:"write,omitempty"`
}
