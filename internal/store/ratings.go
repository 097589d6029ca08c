package store

import (
	"context"
	"time"
)

// RatingKey names one of an account's ratings: a game, its variant and its
// number of players (every key carries the count, so a game whose count
// changes the game is rated apart per count).
type RatingKey struct {
	Game, Variant string
	Players       int
}

// Rating is an account's rating under one key (the numbers of
// internal/rating.Rating).
type Rating struct {
	Account string
	Key     RatingKey
	// Rating, RD and Volatility are Glicko-2's numbers.
	Rating, RD, Volatility float64
	Games                  int // rated games played under Key
	// Updated is when its last rated game ended (the time since then ages
	// the RD); zero for an account never rated under Key.
	Updated time.Time
}

// RatingUpdate rates a finished match inside the transaction that stores
// its result (Change.Ratings). The store reads, in that transaction, the
// account holding each seat (the seats bound by BindSeat) and their
// ratings under Key, calls Rate with them in seat order, and writes what
// it returns with the match row, so the result and the ratings commit
// together or not at all, and two matches of one player that end at once
// are rated one after the other (the second reads the first's ratings).
// A match with a seat no account holds, or two seats one account holds,
// is not rated (no error).
type RatingUpdate struct {
	Key RatingKey
	// Start is the rating (Rating, RD, Volatility) of an account never
	// rated under Key; Rate gets it with Games 0 and Updated zero.
	Start Rating
	// Rate returns the seats' new ratings (Rating, RD, Volatility, Games)
	// from their ratings before the match, one per seat in seat order.
	// It runs on the store's writer: it must be pure and quick.
	Rate func(before []Rating) ([]Rating, error)
	// At is when the match ended: the new ratings' Updated.
	At time.Time
}

// RatingChange is what one rated match did to one seat's rating: the
// rating history an account's profile shows.
type RatingChange struct {
	Match   string
	Seat    int
	Account string
	Key     RatingKey
	// Before and After are the ratings before and after the match; RD
	// is the deviation after.
	Before, After, RD float64
	At                time.Time
}

// PlayedMatch is a finished match an account played, for its profile.
type PlayedMatch struct {
	Match Match
	Seat  int // the account's seat (its first, if it held several)
	// Names are the usernames holding the seats, by seat; "" for a seat
	// no account holds (a guest or a bot).
	Names []string
	// Outcome is the match's outcome for Seat (OutcomeWin, ...).
	Outcome string
	// Change is the account's rating change by the match; nil when it
	// was not rated.
	Change *RatingChange
}

// PlayedRef is one match of an archive page as a store's query chose it:
// the match, the account's first seat in it and the outcome for that seat.
type PlayedRef struct {
	ID      string
	Seat    int
	Outcome string
}

// AssemblePlayed builds an archive page from the refs a query chose, in
// their order, with the matches read for them, the names of the seats'
// holders (name returns "" for a seat no account holds) and the
// account's rating changes by those matches. A ref whose match was not
// read (deleted since the page was chosen) is left out.
func AssemblePlayed(refs []PlayedRef, matches map[string]Match, name func(match string, seat int) string, changes []RatingChange) []PlayedMatch {
	byMatch := make(map[string]*RatingChange, len(changes))
	for i := range changes {
		byMatch[changes[i].Match] = &changes[i]
	}
	out := make([]PlayedMatch, 0, len(refs))
	for _, r := range refs {
		m, ok := matches[r.ID]
		if !ok {
			continue
		}
		pm := PlayedMatch{Match: m, Seat: r.Seat, Outcome: r.Outcome, Names: make([]string, m.Players), Change: byMatch[m.ID]}
		for seat := range pm.Names {
			pm.Names[seat] = name(m.ID, seat)
		}
		out = append(out, pm)
	}
	return out
}

// Outcomes of a finished match for one seat (PlayedMatch.Outcome,
// ArchiveFilter.Outcome, Tally): a win is being among the winners when
// not every seat won; a draw is a result without winners (unless everyone
// lost, Result.AllLose) or with every seat among them; a loss is any
// other. The stores compute them in their queries.
const (
	OutcomeWin  = "win"
	OutcomeDraw = "draw"
	OutcomeLoss = "loss"
)

// ArchiveFilter selects the finished matches an account played (its
// games archive), newest first.
type ArchiveFilter struct {
	Game    string // "": every game
	Outcome string // "": every outcome; else one of OutcomeWin, OutcomeDraw, OutcomeLoss
	Rated   *bool  // nil: rated and casual
	// After, when set, selects the matches listed after it: ended
	// earlier, or at the same time with a smaller ID (the next page).
	After *ArchiveCursor
	Limit int // at least 1
}

// ArchiveCursor is a place in an archive: the last match of a page.
type ArchiveCursor struct {
	Ended time.Time // the match's Updated
	ID    string
}

// Tally is an account's finished matches of one game, counted by the
// account's outcome.
type Tally struct {
	Game                string
	Wins, Draws, Losses int
}

// Leader is one row of a leaderboard: a rating and its account's name.
type Leader struct {
	Name   string
	Rating Rating
}

// Ratings is a store's ratings and the views over an account's matches,
// with the contract every implementation meets (the storetest suite
// checks it); Save writes a Change's Ratings in the change's transaction
// (see RatingUpdate). internal/server uses it whole, as RatingStore.
type Ratings interface {
	// Ratings returns an account's ratings, ordered by game, variant and
	// players.
	Ratings(ctx context.Context, account string) ([]Rating, error)
	// Leaderboard returns the ratings under key with RD below maxRD,
	// highest first (ties by name, ignoring case), at most limit.
	Leaderboard(ctx context.Context, key RatingKey, maxRD float64, limit int) ([]Leader, error)
	// SeatNames returns the usernames holding seats of the matches, by
	// match and seat.
	SeatNames(ctx context.Context, ids []string) (map[string]map[int]string, error)
	// PlayedMatches returns the finished matches an account played that
	// f selects, most recently updated first (then by ID, descending), at
	// most f.Limit. A match's outcome is that of the account's first
	// seat in it.
	PlayedMatches(ctx context.Context, account string, f ArchiveFilter) ([]PlayedMatch, error)
	// Tallies counts the finished matches an account played by game and
	// outcome (of its first seat in each), ordered by game; a game it
	// never finished is absent.
	Tallies(ctx context.Context, account string) ([]Tally, error)
	// RatingHistory returns an account's rating changes under key, the
	// last limit of them, oldest first.
	RatingHistory(ctx context.Context, account string, key RatingKey, limit int) ([]RatingChange, error)
}
