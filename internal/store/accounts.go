package store

import "time"

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
