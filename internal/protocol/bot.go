package protocol

// The bot API (docs/bot-api.md): personal access tokens, made on the
// account page, and the NDJSON streams and routes a program plays
// through with one.

// Access token scopes.
const (
	// ScopeBotPlay lets a token play as its account: the event and game
	// streams, moves, resignations, chat, creating and joining matches,
	// and the upgrade to a bot account.
	ScopeBotPlay = "bot:play"
	// ScopeChallengeRead lets a token read the event stream (game starts
	// and finishes, and challenges once the server has them).
	ScopeChallengeRead = "challenge:read"
)

// Scopes lists the scopes a token may have.
func Scopes() []string { return []string{ScopeBotPlay, ScopeChallengeRead} }

// TokenRequest is the body of POST /api/account/tokens.
type TokenRequest struct {
	Description string   `json:"description"`
	Scopes      []string `json:"scopes"`
}

// TokenInfo describes a token (never the token itself).
type TokenInfo struct {
	ID          string   `json:"id"`
	Description string   `json:"description"`
	Scopes      []string `json:"scopes"`
	Created     int64    `json:"created"`        // Unix ms
	Used        int64    `json:"used,omitempty"` // Unix ms, absent: never
}

// TokenCreated answers POST /api/account/tokens: the token, shown this
// once, and its description.
type TokenCreated struct {
	Token string    `json:"token"`
	Info  TokenInfo `json:"info"`
}

// TokenList answers GET /api/account/tokens and a revocation: the
// account's tokens, whether it is a bot account, and the scopes a token
// may have.
type TokenList struct {
	Bot    bool        `json:"bot"`
	Tokens []TokenInfo `json:"tokens"`
	Scopes []string    `json:"scopes"`
}

// BotAccount answers GET /api/bot/account and the upgrade.
type BotAccount struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Bot      bool   `json:"bot"`
}

// Event stream line types (GET /api/stream/event).
const (
	EventGameStart  = "gameStart"
	EventGameFinish = "gameFinish"
	// EventChallenge is a challenge sent to or by the account;
	// EventChallengeDeclined one its receiver declined;
	// EventChallengeCanceled one that ended otherwise (its sender
	// cancelled it, it expired, or its match could not start).
	EventChallenge         = "challenge"
	EventChallengeDeclined = "challengeDeclined"
	EventChallengeCanceled = "challengeCanceled"
)

// Reasons a challenge ended unaccepted (BotEvent.Reason and the lobby's
// challenge-gone message).
const (
	ChallengeDeclined  = "declined"
	ChallengeCancelled = "cancelled"
	ChallengeExpired   = "expired"
	ChallengeFailed    = "failed"
)

// BotEvent is one line of the event stream.
type BotEvent struct {
	Type string   `json:"type"`
	Game *BotGame `json:"game,omitempty"`
	// Challenge is the challenge of a challenge* event.
	Challenge *Challenge `json:"challenge,omitempty"`
	// Reason is why a challenge ended (challengeDeclined,
	// challengeCanceled): one of the Challenge* reasons.
	Reason string `json:"reason,omitempty"`
}

// BotChallengeRequest is the body of POST /api/challenge/{username}: the
// match a bot offers the user.
type BotChallengeRequest struct {
	Game        string      `json:"game"`
	Variant     string      `json:"variant,omitempty"`
	TimeControl TimeControl `json:"timeControl"`
	Rated       bool        `json:"rated,omitempty"`
}

// BotGame names a match of the account in an event.
type BotGame struct {
	ID          string      `json:"id"`
	Game        string      `json:"game"`
	Variant     string      `json:"variant"`
	Players     int         `json:"players"`
	Rated       bool        `json:"rated"`
	TimeControl TimeControl `json:"timeControl"`
	// Seats are the seats the account holds.
	Seats  []int   `json:"seats"`
	Status string  `json:"status"`
	Result *Result `json:"result,omitempty"`
}

// Game stream line types (GET /api/bot/game/stream/{id}).
const (
	TypeGameFull  = "gameFull"
	TypeGameState = "gameState"
	TypeChatLine  = "chatLine"
)

// BotGameFull is the game stream's first line: the match and its state.
type BotGameFull struct {
	Type        string            `json:"type"`
	ID          string            `json:"id"`
	Game        string            `json:"game"`
	Variant     string            `json:"variant"`
	Players     int               `json:"players"`
	Options     map[string]string `json:"options,omitempty"`
	Rated       bool              `json:"rated"`
	TimeControl TimeControl       `json:"timeControl"`
	Seats       []Seat            `json:"seats"`
	// Initial is the position text the match started from (where a game
	// draws its start from the match's seed, the startpos of an engine
	// would differ): an engine is given "position text INITIAL moves ...".
	Initial string `json:"initial"`
	// Mine are the seats the token's account holds ([] when none).
	Mine  []int        `json:"mine"`
	State BotGameState `json:"state"`
}

// BotGameState is the match after a change: every move so far, the seat
// to move, the clocks, the status and, once ended, the result.
type BotGameState struct {
	Type    string   `json:"type"`
	Version int64    `json:"version"`
	Moves   []string `json:"moves"`
	Status  string   `json:"status"`
	ToMove  int      `json:"toMove"`
	Clocks  *Clocks  `json:"clocks,omitempty"`
	Result  *Result  `json:"result,omitempty"`
	// Event is the change this line follows (absent in gameFull).
	Event  *Event `json:"event,omitempty"`
	Offers Offers `json:"offers"`
}

// BotChatLine is a chat line in the game stream.
type BotChatLine struct {
	Type     string `json:"type"`
	Channel  string `json:"channel"`
	Seat     int    `json:"seat"`
	Username string `json:"username,omitempty"`
	Text     string `json:"text"`
}

// BotChatRequest is the body of POST /api/bot/game/{id}/chat.
type BotChatRequest struct {
	Text string `json:"text"`
}

// BotJoinRequest is the body of POST /api/bot/matches/{id}/join: the
// seat to take (absent: the first open one).
type BotJoinRequest struct {
	Seat *int `json:"seat,omitempty"`
}

// OK answers a bot API route that has nothing else to say.
type OK struct {
	OK bool `json:"ok"`
	// Match is the match an accepted challenge started.
	Match string `json:"match,omitempty"`
}
