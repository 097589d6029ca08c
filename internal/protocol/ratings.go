package protocol

// Ratings: the bodies of GET /api/users/{name} and GET /api/leaderboard
// (docs/protocol.md, "Ratings and profiles").

// Profile answers GET /api/users/{name}.
type Profile struct {
	Username string       `json:"username"`
	Created  int64        `json:"created"` // Unix ms
	Ratings  []RatingInfo `json:"ratings"`
	// Wins, Draws and Losses count the finished matches the account
	// played (rated or not): a win is being among the winners when not
	// every seat won, a draw a result without winners or with every seat
	// among them, a loss any other.
	Wins   int `json:"wins"`
	Draws  int `json:"draws"`
	Losses int `json:"losses"`
	// Tallies are the same counts by game, ordered by game.
	Tallies []Tally `json:"tallies"`
	// Recent are the account's last finished matches, newest first.
	Recent []PlayedMatch `json:"recent"`
}

// RatingInfo is one rating of an account.
type RatingInfo struct {
	Game        string  `json:"game"`
	Variant     string  `json:"variant"`
	Players     int     `json:"players"`
	Rating      float64 `json:"rating"`
	RD          float64 `json:"rd"`
	Provisional bool    `json:"provisional"`
	Games       int     `json:"games"`
	// History is the rating after each of the last rated matches under
	// this key, oldest first: the profile's graph.
	History []RatingPoint `json:"history"`
}

// RatingPoint is one rated match on a rating's graph.
type RatingPoint struct {
	Match  string  `json:"match"`
	At     int64   `json:"at"` // Unix ms
	Rating float64 `json:"rating"`
	RD     float64 `json:"rd"`
}

// Tally counts an account's finished matches of one game by outcome.
type Tally struct {
	Game   string `json:"game"`
	Wins   int    `json:"wins"`
	Draws  int    `json:"draws"`
	Losses int    `json:"losses"`
}

// Archive answers GET /api/users/{name}/games: a page of the account's
// finished matches, newest first.
type Archive struct {
	Username string        `json:"username"`
	Games    []PlayedMatch `json:"games"`
	// Next, when not empty, is the after= value of the next page.
	Next string `json:"next,omitempty"`
}

// Outcomes of a played match for the account (PlayedMatch.Outcome, the
// archive's result filter).
const (
	OutcomeWin  = "win"
	OutcomeDraw = "draw"
	OutcomeLoss = "loss"
)

// PlayedMatch is a finished match on a profile.
type PlayedMatch struct {
	ID        string     `json:"id"`
	Game      string     `json:"game"`
	Variant   string     `json:"variant"`
	Players   int        `json:"players"`
	Seat      int        `json:"seat"` // the profile's account's seat
	Result    *Result    `json:"result,omitempty"`
	Outcome   string     `json:"outcome"` // for Seat: OutcomeWin, OutcomeDraw or OutcomeLoss
	Rated     bool       `json:"rated"`
	Opponents []Opponent `json:"opponents"`
	// RatingBefore and RatingAfter are the account's rating around the
	// match; absent when it was not rated.
	RatingBefore *float64 `json:"ratingBefore,omitempty"`
	RatingAfter  *float64 `json:"ratingAfter,omitempty"`
	Ended        int64    `json:"ended"` // Unix ms
}

// Opponent is another seat of a played match: an account's username, a
// bot's name, or neither for a guest.
type Opponent struct {
	Seat     int    `json:"seat"`
	Username string `json:"username,omitempty"`
	Bot      string `json:"bot,omitempty"`
}

// Leaderboard answers GET /api/leaderboard.
type Leaderboard struct {
	Game    string   `json:"game"`
	Variant string   `json:"variant"`
	Players int      `json:"players"`
	Leaders []Leader `json:"leaders"`
}

// Leader is one row of a leaderboard.
type Leader struct {
	Rank     int     `json:"rank"` // 1-based
	Username string  `json:"username"`
	Rating   float64 `json:"rating"`
	RD       float64 `json:"rd"`
	Games    int     `json:"games"`
}
