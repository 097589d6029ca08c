package protocol

// Accounts: the bodies of the /api/account routes (docs/protocol.md,
// "Accounts").

// Credentials is the body of POST /api/account/signup and
// POST /api/account/login.
type Credentials struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

// PasswordChange is the body of POST /api/account/password.
type PasswordChange struct {
	Old string `json:"old"`
	New string `json:"new"`
}

// AccountInfo answers GET /api/account and every route that logs in or
// out: the account of the request's session (nil: none) and the session's
// CSRF token, which every state-changing request made with the session
// cookie carries in the X-CSRF-Token header.
type AccountInfo struct {
	Account *Account `json:"account"`
	CSRF    string   `json:"csrf,omitempty"`
}

// Account is an account as its owner sees it.
type Account struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Created  int64  `json:"created"` // Unix ms
}

// ClaimRequest is the body of POST /api/account/claim: seats a client
// holds by token, to be bound to the session's account.
type ClaimRequest struct {
	Seats []SeatClaim `json:"seats"`
}

// SeatClaim is one seat token of one match.
type SeatClaim struct {
	Match string `json:"match"`
	Token string `json:"token"`
}

// ClaimResponse answers POST /api/account/claim: the seats now bound to
// the account.
type ClaimResponse struct {
	Seats []SeatRef `json:"seats"`
}

// SeatRef names a seat of a match.
type SeatRef struct {
	Match string `json:"match"`
	Seat  int    `json:"seat"`
}

// AccountMatches answers GET /api/account/matches: the account's waiting
// and live matches, newest first, with the seats it holds in each.
type AccountMatches struct {
	Matches []AccountMatch `json:"matches"`
}

// AccountMatch is one match of an account.
type AccountMatch struct {
	Match Summary `json:"match"`
	Seats []int   `json:"seats"`
}
