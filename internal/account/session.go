package account

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"time"
)

const (
	// tokenBytes is a session token's randomness: 256 bits, beyond
	// guessing.
	tokenBytes = 32
	// SessionIdle is how long a session lives after its last use (sliding
	// expiry): a month without a visit logs a player out.
	SessionIdle = 30 * 24 * time.Hour
	// TouchEvery is how often a session's last use is written: at most
	// once an hour per session, so requests do not each write the
	// database; the expiry is then up to an hour early.
	TouchEvery = time.Hour
	// MaxSessions bounds one account's sessions (devices and browsers
	// logged in); a login past it ends the least recently used one.
	MaxSessions = 20
)

// NewToken returns a new session token: 256 random bits, base64url.
func NewToken(random io.Reader) (string, error) {
	var b [tokenBytes]byte
	if _, err := io.ReadFull(random, b[:]); err != nil {
		return "", fmt.Errorf("account: random: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}

// HashToken is the stored form of a session token (hex SHA-256): a copy
// of the database holds no token a browser could present.
func HashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// CSRF is the CSRF token of the session whose token is token: a hash of
// it under its own label, so it is fixed for the session, needs no
// storage, and reveals neither the session token nor its stored hash. A
// page of another site can read neither the cookie nor this.
func CSRF(token string) string {
	h := sha256.Sum256([]byte("tabula csrf\x00" + token))
	return base64.RawURLEncoding.EncodeToString(h[:])
}
