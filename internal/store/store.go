// Package store holds the records Tabula persists: matches with their
// seats, clocks and results, and their moves. The interface over matches
// is declared where it is used (internal/server); the account and rating
// method sets, which the server uses whole, are declared here (Accounts,
// Ratings) with their contracts. Implementations live in subpackages
// (sqlite, postgres) and share one behavioural suite (storetest).
package store

import (
	"errors"
	"time"
)

var (
	// ErrNotFound is returned when no match has the requested ID.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict is returned by Save when the stored version is not the
	// one the change was based on (two writers for one match), and by
	// Create for a duplicate ID.
	ErrConflict = errors.New("store: conflict")
	// ErrUnavailable wraps storage failures: the database cannot be
	// written (a read-only file or directory, a full disk, an I/O error,
	// a lock held too long). The request may succeed later; the server
	// answers it as unavailable, not as its own fault.
	ErrUnavailable = errors.New("store: unavailable")
)

// Match statuses, mirrored by the protocol.
const (
	StatusWaiting  = "waiting"
	StatusLive     = "live"
	StatusFinished = "finished"
	StatusAborted  = "aborted"
)

// Match is a stored match: everything needed to bring it back after a
// restart, except its moves.
type Match struct {
	ID      string
	Game    string // rules ID, "pathagon"
	Variant string
	Players int
	Seed    uint64
	Options map[string]string

	Seats       []Seat
	TimeControl TimeControl
	// Rated marks a rated match: its result changes its players' ratings
	// (fixed at Create).
	Rated  bool
	Status string
	Result *Result
	// Version is the protocol version: the number of events so far.
	Version int64
	// Ply is the number of moves (the length of the move list).
	Ply   int
	Clock Clock
	// Rematch is the ID of the rematch match, once agreed.
	Rematch string

	Created, Updated time.Time
}

// Seat is who sits in a seat: an open or taken human seat, or a bot.
type Seat struct {
	Bot string `json:"bot,omitempty"` // bot spec; empty for a human seat
	// TokenHash is the hex SHA-256 of the seat token, empty while the
	// seat is open. The token itself is never stored.
	TokenHash string `json:"tokenHash,omitempty"`
}

// TimeControl is the match's time control.
type TimeControl struct {
	Kind      string        `json:"kind"` // "none", "fischer", "correspondence"
	Base      time.Duration `json:"base,omitempty"`
	Increment time.Duration `json:"increment,omitempty"`
	Days      int           `json:"days,omitempty"`
}

// Clock is the clock reading stored with every change: each seat's time
// left at Since, and the running seat (-1 none).
type Clock struct {
	Remaining []time.Duration `json:"remaining,omitempty"`
	Running   int             `json:"running"`
	Since     time.Time       `json:"since"`
}

// Result is a finished match's outcome.
type Result struct {
	Winners []int  `json:"winners"`
	Scores  []int  `json:"scores,omitempty"`
	Reason  string `json:"reason"`
	// AllLose marks a game with no winner that is no draw: everyone lost
	// (game.Outcome.AllLose, Villa Paletti's collapse before any seal).
	AllLose bool `json:"allLose,omitempty"`
}

// Move is one stored move.
type Move struct {
	Ply  int    // 1-based
	Seat int    // the seat that moved, -2 for chance
	Text string // canonical notation
	At   time.Time
	// Clock is the mover's time left after the move (with increment); nil
	// without a clock.
	Clock *time.Duration
	// CmdID is the client command ID that played it, for de-duplication
	// across restarts; empty for bots and chance.
	CmdID string
}

// Change is one atomic update of a match: the new match row, based on
// version Prev, after dropping the moves beyond Truncate (when Truncate >= 0;
// a takeback) and appending Append. Only the fields a match's life changes
// are written (Seats, Status, Result, Version, Ply, Clock, Rematch,
// Updated); the rest is fixed at Create.
type Change struct {
	Match    Match
	Prev     int64
	Truncate int
	Append   []Move
	// Ratings, when set, rates the match in the same transaction as this
	// change, which finishes it (see RatingUpdate).
	Ratings *RatingUpdate
	// Bind binds seats of the match to accounts in the same transaction
	// as this change (a logged-in player's join), as BindSeat does: when
	// another account holds one (store.ErrConflict) or the account does
	// not exist, nothing of the change is kept.
	Bind []Binding
}

// Filter selects matches to list or count.
type Filter struct {
	Statuses []string // empty: all
	Game     string   // empty: all
	Limit    int      // 0: a default
	// All lifts Limit: every match that matches (recovering the live
	// matches at start). Never set from a request.
	All bool
	// UpdatedBefore, when set, selects matches last updated before it
	// (waiting matches nobody joined, for the expiry sweep).
	UpdatedBefore time.Time
	// Kinds selects matches by time control kind ("none", "fischer",
	// "correspondence"); empty: all.
	Kinds []string
}
