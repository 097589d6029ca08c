// Package account provides what player accounts are made of: the rules of
// usernames, password hashing (argon2id) with a bound on concurrent
// hashes, and session and CSRF tokens. It stores nothing; the server keeps
// accounts and sessions in its store.
package account

import (
	"errors"
	"fmt"
	"strings"
)

const (
	// MinName and MaxName bound a username's length: three characters
	// tell people apart, twenty fit a seat label on a phone.
	MinName, MaxName = 3, 20
	// NameRule is the username rule, as told to a client whose name breaks
	// it.
	NameRule = "3 to 20 characters: letters A-Z, digits, '_' and '-', starting with a letter"
)

// ErrBadUsername is a username that breaks NameRule or is reserved.
var ErrBadUsername = errors.New("bad username")

// Canonical is the form in which usernames are unique: lower case. Two
// names that differ only in case are the same account.
func Canonical(name string) string { return strings.ToLower(name) }

// CheckName returns name's canonical form, or an error wrapping
// ErrBadUsername that says which rule it breaks. extra are more reserved
// names (the operator's engine names, the offered bots), in any case.
func CheckName(name string, extra []string) (string, error) {
	if len(name) < MinName || len(name) > MaxName {
		return "", fmt.Errorf("%w: %d characters; want %s", ErrBadUsername, len(name), NameRule)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if i == 0 && !letter {
			return "", fmt.Errorf("%w: it must start with a letter; want %s", ErrBadUsername, NameRule)
		}
		if !letter && !(c >= '0' && c <= '9') && c != '_' && c != '-' {
			return "", fmt.Errorf("%w: character %q is not allowed; want %s", ErrBadUsername, rune(c), NameRule)
		}
	}
	canon := Canonical(name)
	if strings.HasPrefix(canon, "bot") {
		return "", fmt.Errorf("%w: names starting with \"bot\" are reserved for bots", ErrBadUsername)
	}
	// The server's own roles and words a player could pass off as the
	// server, a bot or a guest; every name starting with "bot" (the
	// built-in levels are bot:easy and so on); and the offered bot and
	// engine names the server passes.
	switch canon {
	case "random", "admin", "tabula", "system", "guest":
		return "", fmt.Errorf("%w: %q is reserved", ErrBadUsername, name)
	}
	for _, r := range extra {
		if canon == Canonical(r) {
			return "", fmt.Errorf("%w: %q is the name of a bot", ErrBadUsername, name)
		}
	}
	return canon, nil
}
