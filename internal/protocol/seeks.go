package protocol

// Finding an opponent: seeks, direct challenges and the lobby stream
// (docs/protocol.md, "Seeks, challenges and notifications").

// SeekRequest is the body of POST /api/seeks. Conn is the ID the lobby
// stream's hello gave: the seek lives as long as that connection.
type SeekRequest struct {
	Conn        string      `json:"conn"`
	Game        string      `json:"game"`
	Variant     string      `json:"variant,omitempty"`
	Players     int         `json:"players,omitempty"`
	TimeControl TimeControl `json:"timeControl"`
	Rated       bool        `json:"rated,omitempty"`
	// RatingMin and RatingMax bound the opponents' ratings (0: no bound);
	// a guest counts as the initial rating.
	RatingMin float64 `json:"ratingMin,omitempty"`
	RatingMax float64 `json:"ratingMax,omitempty"`
}

// SeekResponse answers POST /api/seeks: the seek's ID, and Paired when it
// filled a table at once (the match then starts; every seeker's stream
// gets a paired message with its own seat and token).
type SeekResponse struct {
	ID     string `json:"id"`
	Paired string `json:"paired,omitempty"` // the match ID
}

// SeekCancel is the body of POST /api/seeks/{id}/cancel.
type SeekCancel struct {
	Conn string `json:"conn"`
}

// SeekTable is a group of seeks of one kind waiting for the rest of its
// seats: Seated of Players seats are filled.
type SeekTable struct {
	Game        string      `json:"game"`
	Variant     string      `json:"variant"`
	Players     int         `json:"players"`
	TimeControl TimeControl `json:"timeControl"`
	Rated       bool        `json:"rated"`
	Seekers     []Seeker    `json:"seekers"`
}

// Seeker is one seek of a table as the lobby shows it.
type Seeker struct {
	ID       string `json:"id"`
	Username string `json:"username,omitempty"` // "" for a guest
	// Rating is the seeker's rating for the game (absent for a guest).
	Rating    float64 `json:"rating,omitempty"`
	RatingMin float64 `json:"ratingMin,omitempty"`
	RatingMax float64 `json:"ratingMax,omitempty"`
	Created   int64   `json:"created"` // Unix ms
	// Mine is set, on the owner's stream only, for the owner's seeks.
	Mine bool `json:"mine,omitempty"`
}

// SeekList answers GET /api/seeks.
type SeekList struct {
	Tables []SeekTable `json:"tables"`
}

// ChallengeRequest is the body of POST /api/challenges: a two-player
// match offered to one user.
type ChallengeRequest struct {
	To          string      `json:"to"`
	Game        string      `json:"game"`
	Variant     string      `json:"variant,omitempty"`
	TimeControl TimeControl `json:"timeControl"`
	Rated       bool        `json:"rated,omitempty"`
}

// Challenge is a pending challenge.
type Challenge struct {
	ID          string      `json:"id"`
	From        string      `json:"from"` // username
	To          string      `json:"to"`
	Game        string      `json:"game"`
	Variant     string      `json:"variant"`
	TimeControl TimeControl `json:"timeControl"`
	Rated       bool        `json:"rated"`
	Created     int64       `json:"created"` // Unix ms
	Expires     int64       `json:"expires"` // Unix ms
}

// ChallengeList answers GET /api/challenges: the session's pending
// challenges, received and sent.
type ChallengeList struct {
	In  []Challenge `json:"in"`
	Out []Challenge `json:"out"`
}

// TurnList answers GET /api/account/turn: the account's live
// correspondence matches where one of its seats is to move.
type TurnList struct {
	Matches []TurnMatch `json:"matches"`
}

// TurnMatch is one match of a TurnList.
type TurnMatch struct {
	Match Summary `json:"match"`
	Seat  int     `json:"seat"` // the account's seat to move
	// Deadline is when the seat's time runs out (Unix ms), 0 if unknown.
	Deadline int64 `json:"deadline,omitempty"`
}

// Lobby stream (GET /ws/lobby) message types, server to client.
const (
	// LobbyHello is the first message: the connection's ID (Conn) for
	// seeks, the seek tables and the pending challenges.
	LobbyHello = "hello"
	// LobbySeeks carries the seek tables again after a change.
	LobbySeeks = "seeks"
	// LobbyPaired: a seek of this connection was paired; Match, Seat and
	// Token are the new match and the seat it holds.
	LobbyPaired = "paired"
	// LobbyChallenge: a challenge arrived (Challenge).
	LobbyChallenge = "challenge"
	// LobbyChallengeGone: a challenge was declined, cancelled or expired
	// (Challenge, Reason).
	LobbyChallengeGone = "challenge-gone"
	// LobbyChallengeAccepted: a challenge this account sent was accepted;
	// Match, Seat and Token are its seat.
	LobbyChallengeAccepted = "challenge-accepted"
	// LobbyYourTurn: a correspondence match of the account waits for its
	// move (Match, Seat).
	LobbyYourTurn = "your-turn"
	// LobbyOffer: an opponent offers a draw or asks for a takeback (Match,
	// Seat: the account's seat, Offer: "draw" or "takeback").
	LobbyOffer = "offer"
)

// LobbyMessage is a message of the lobby stream; the fields set depend on
// Type.
type LobbyMessage struct {
	Type       string      `json:"type"`
	Conn       string      `json:"conn,omitempty"`
	Account    string      `json:"account,omitempty"` // hello: the username, "" for a guest
	Tables     []SeekTable `json:"tables,omitempty"`
	Challenges []Challenge `json:"challenges,omitempty"`
	Challenge  *Challenge  `json:"challenge,omitempty"`
	Reason     string      `json:"reason,omitempty"`
	Match      string      `json:"match,omitempty"`
	Game       string      `json:"game,omitempty"`
	Seat       *int        `json:"seat,omitempty"`
	Token      string      `json:"token,omitempty"`
	Offer      string      `json:"offer,omitempty"`
}
