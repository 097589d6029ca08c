package protocol

// GameInfo describes a game the server plays (GET /api/games).
type GameInfo struct {
	ID             string `json:"id"`
	Title          string `json:"title"`
	MinPlayers     int    `json:"minPlayers"`
	MaxPlayers     int    `json:"maxPlayers"`
	DefaultPlayers int    `json:"defaultPlayers"`
	// AllowedPlayers lists the player counts the game accepts when not
	// every count from min to max is allowed (Palagonia: 1, 3, 4, 5).
	AllowedPlayers []int `json:"allowedPlayers,omitempty"`
	// VariantPlayers fixes the player count of some variants (palat: 2).
	VariantPlayers map[string]int `json:"variantPlayers,omitempty"`
	PlayerNames    []string       `json:"playerNames"`
	Variants       []string       `json:"variants"`
	Options        []OptionSpec   `json:"options"`
	Bots           []string       `json:"bots"` // bot specs a seat may name
	// BotMoveMs is the most each bot of Bots thinks per move in this
	// game at its default player count, in milliseconds (the server's
	// bot time and the level's share of it); absent for bots that answer
	// at once (random).
	BotMoveMs map[string]int64 `json:"botMoveMs,omitempty"`
	// BotRatings are the measured ratings of the offered built-in levels
	// on Tabula's Elo scale (random = 0), one list per variant and player
	// count measured (docs/strength.md, "Rating lists"), for the lobby to
	// describe the levels by; absent when the game has none.
	BotRatings []BotRatingList `json:"botRatings,omitempty"`
}

// BotRatingList is one measured rating list of a game's bot levels.
type BotRatingList struct {
	Variant string         `json:"variant"`
	Players int            `json:"players"`
	Elo     map[string]int `json:"elo"` // rating by bot spec, for example "bot:hard"
}

// OptionSpec is one typed option of a game.
type OptionSpec struct {
	Name    string   `json:"name"`
	Kind    string   `json:"kind"` // "bool", "int" or "enum"
	Default string   `json:"default"`
	Choices []string `json:"choices,omitempty"`
	Min     int      `json:"min,omitempty"`
	Max     int      `json:"max,omitempty"`
	Doc     string   `json:"doc,omitempty"`
}

// TimeControl is a match's time control. Kind "none" has no clock; Fischer
// gives each seat BaseMs and adds IncrementMs after each of its moves;
// correspondence gives Days per move.
type TimeControl struct {
	Kind        string `json:"kind"`
	BaseMs      int64  `json:"baseMs,omitempty"`
	IncrementMs int64  `json:"incrementMs,omitempty"`
	Days        int    `json:"days,omitempty"`
}

// SeatSpec says who sits in a seat at creation: an open human seat or a bot.
type SeatSpec struct {
	Kind string `json:"kind"`          // SeatHuman or SeatBot
	Bot  string `json:"bot,omitempty"` // bot spec, for example "random"
}

// CreateRequest is the body of POST /api/matches.
type CreateRequest struct {
	Game    string            `json:"game"`
	Variant string            `json:"variant,omitempty"`
	Players int               `json:"players,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	// Seats has one entry per seat; empty means every seat an open human
	// seat.
	Seats       []SeatSpec  `json:"seats,omitempty"`
	TimeControl TimeControl `json:"timeControl"`
	// Join, when set, takes that (human) seat for the creator at once.
	Join *int `json:"join,omitempty"`
	// Rated asks for a rated match: the creator is logged in, the match
	// has a Fischer or correspondence clock and no bot, and every seat is
	// taken by an account (docs/ratings.md).
	Rated bool `json:"rated,omitempty"`
}

// JoinResponse answers POST /api/matches/{id}/join and carries the seat
// secret: the only proof of holding the seat. The server stores only its
// hash, so a lost token cannot be recovered.
type JoinResponse struct {
	Match string `json:"match"`
	Seat  int    `json:"seat"`
	Token string `json:"token"`
}

// JoinRequest is the body of POST /api/matches/{id}/join; a nil Seat takes
// the first open human seat.
type JoinRequest struct {
	Seat *int `json:"seat,omitempty"`
}

// CreateResponse answers POST /api/matches.
type CreateResponse struct {
	Match Summary `json:"match"`
	// Seat and Token are set when the request asked to join a seat.
	Seat  *int   `json:"seat,omitempty"`
	Token string `json:"token,omitempty"`
}

// Summary is a match in lists (GET /api/matches).
type Summary struct {
	ID          string      `json:"id"`
	Game        string      `json:"game"`
	Variant     string      `json:"variant"`
	Players     int         `json:"players"`
	Status      string      `json:"status"`
	Seats       []Seat      `json:"seats"`
	TimeControl TimeControl `json:"timeControl"`
	Rated       bool        `json:"rated"`
	Ply         int         `json:"ply"`
	Result      *Result     `json:"result,omitempty"`
	Created     int64       `json:"created"` // Unix milliseconds
	Updated     int64       `json:"updated"`
}

// MatchList is the body of GET /api/matches.
type MatchList struct {
	Matches []Summary `json:"matches"`
}

// GameList is the body of GET /api/games.
type GameList struct {
	Games []GameInfo `json:"games"`
}

// Record is a match exported as JSON (GET /api/matches/{id}/record.json).
type Record struct {
	Summary
	Options  map[string]string `json:"options,omitempty"`
	Moves    []RecordMove      `json:"moves"`
	Position string            `json:"position"` // the final (current) position

	// Seed is the match's seed, decimal, once it has ended (the rules draw
	// the first player and Villa Paletti's wobble from it): POST
	// /api/replay needs it to replay such a game. web, issue 24.
	Seed string `json:"seed,omitempty"`
}

// RecordMove is one move of a Record.
type RecordMove struct {
	Ply     int    `json:"ply"` // 1-based
	Text    string `json:"text"`
	At      int64  `json:"at"`                // Unix milliseconds
	ClockMs *int64 `json:"clockMs,omitempty"` // mover's time left after the move
}
