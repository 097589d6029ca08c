// Package game defines the contract between every rules engine and everything
// above the rules: the AI, the server, the store and the command line.
//
// A game is described by an Info and played through State values. States are
// immutable: Play returns a new State and never changes its receiver, so a
// State may be shared between goroutines. Search code that wants speed may use
// the optional Mutable fast path instead.
//
// Rules packages do no I/O, keep no globals and read no clock: every random
// event is either a chance node (ToMove() == Chance) or drawn from a seed kept
// in the state, so a game replays bit for bit from its record.
package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Player is a seat number, 0..n-1, in the order the game seats players.
type Player int8

const (
	// NoPlayer is returned by ToMove once the game is over.
	NoPlayer Player = -1
	// Chance is returned by ToMove when a chance event (a die roll, a draw
	// from the bag) happens next; its outcomes come from ChanceOutcomes.
	Chance Player = -2
)

// String returns "0", "1", ... for seats and "none" or "chance" for the
// sentinels. Use Info.PlayerName for display names.
func (p Player) String() string {
	switch p {
	case NoPlayer:
		return "none"
	case Chance:
		return "chance"
	}
	return strconv.Itoa(int(p))
}

// Move is a compact, game-specific encoding of one action. Its meaning
// depends on the state it is played in; text goes through State.MoveString
// and State.ParseMove. Two moves listed by the same state are distinct.
type Move uint64

// ChanceOutcome is one outcome of a chance node and its probability.
type ChanceOutcome struct {
	Move Move
	Prob float64
}

// State is a position of a game together with everything the rules need to
// continue from it (side to move, reserves, repetition history, seeds).
//
// Invariants every implementation keeps (game/gametest checks them):
//   - Play never mutates its receiver; every method is safe for concurrent use.
//   - ToMove() == NoPlayer exactly when Outcome reports ok, and then
//     LegalMoves is empty; otherwise LegalMoves is not empty.
//   - At a chance node LegalMoves lists the moves of ChanceOutcomes in the same
//     order and Play accepts them; elsewhere ChanceOutcomes returns nil.
//   - LegalMoves is deterministic: the same state lists the same moves in the
//     same order, without duplicates.
//   - Info().ParsePosition(s.String(), opts) gives a state with the same
//     String, Hash and legal moves. A position text need not carry the
//     history (repetition counts, plies played), so a game that ended by
//     ReasonRepetition or ReasonPlyLimit may parse as a game in progress.
//   - ParseMove(MoveString(m)) == m for every legal m.
//   - Equal positions (equal String) have equal Hash.
type State interface {
	// Info describes the game this state belongs to.
	Info() *Info
	// NumPlayers is the number of seats in this game, fixed at New.
	NumPlayers() int
	// ToMove is the seat that acts next, Chance for a chance node, or
	// NoPlayer once the game is over.
	ToMove() Player
	// LegalMoves appends the legal moves to dst and returns the extended
	// slice. The order is deterministic. A partial turn that cannot be
	// completed is never listed. A game with continuous positions (Villa
	// Paletti) lists a documented finite subset of its legal moves; Play
	// and ParseMove accept every legal move.
	LegalMoves(dst []Move) []Move
	// Play returns the state after m. It never mutates the receiver. An
	// illegal move gives an error wrapping ErrIllegalMove; any move at a
	// finished game gives one wrapping ErrGameOver.
	Play(m Move) (State, error)
	// ChanceOutcomes lists the outcomes of a chance node with probabilities
	// summing to 1; nil when ToMove() != Chance.
	ChanceOutcomes() []ChanceOutcome
	// Outcome reports the result once the game is over; ok is false while
	// it is in progress.
	Outcome() (o Outcome, ok bool)
	// MoveString returns the canonical notation of m, a move legal in this
	// state.
	MoveString(m Move) string
	// ParseMove reads a move in any notation users write (case and
	// equivalent forms as the game documents) and checks it is legal here:
	// a syntax error is a *ParseError, a well-formed but illegal move wraps
	// ErrIllegalMove.
	ParseMove(text string) (Move, error)
	// String returns the canonical position text.
	String() string
	// Hash is a position hash: equal positions give equal hashes.
	Hash() uint64
}

// Info describes a game: what the registry lists and how states are made.
type Info struct {
	ID    string // stable identifier used everywhere: "pathagon"
	Title string // display name: "Pathagon"

	MinPlayers, MaxPlayers int
	// AllowedPlayers, when set, lists the only player counts the game
	// accepts within MinPlayers..MaxPlayers (Palagonia: 1, 3, 4, 5).
	AllowedPlayers []int
	// VariantPlayers, when set, fixes the player count of some variants
	// (Talat's "palat" is for 2): Check fills it in when Options.Players is
	// 0 and rejects any other count.
	VariantPlayers map[string]int
	// DefaultPlayers is used when Options.Players is 0.
	DefaultPlayers int
	// PlayerNames are display names of the seats, indexed by Player, for the
	// largest number of players (for example "light", "dark").
	PlayerNames []string

	// Variants lists the variant names; the first is the default.
	Variants []string
	// Options lists the typed options the game accepts beside the variant.
	Options []OptionSpec

	// New returns the start position for the given options. It wraps
	// ErrBadOption for unknown or malformed options or variants.
	New func(Options) (State, error)
	// ParsePosition reads a position text (the format of State.String) for
	// a game with the given options. Malformed text gives a *ParseError.
	ParsePosition func(text string, opts Options) (State, error)
}

// PlayerName returns the display name of seat p, or "player N" when the game
// names none.
func (i *Info) PlayerName(p Player) string {
	if p >= 0 && int(p) < len(i.PlayerNames) {
		return i.PlayerNames[p]
	}
	switch p {
	case NoPlayer, Chance:
		return p.String()
	}
	return fmt.Sprintf("player %d", int(p)+1)
}

// AllowsPlayers reports whether the game can be played by n players in
// some variant.
func (i *Info) AllowsPlayers(n int) bool {
	if n < i.MinPlayers || n > i.MaxPlayers {
		return false
	}
	return i.AllowedPlayers == nil || slices.Contains(i.AllowedPlayers, n)
}

// PlayerCounts describes the allowed player counts, for example "2",
// "3-5" or "1,3-5".
func (i *Info) PlayerCounts() string {
	var parts []string
	for n := i.MinPlayers; n <= i.MaxPlayers; n++ {
		if !i.AllowsPlayers(n) {
			continue
		}
		end := n
		for end+1 <= i.MaxPlayers && i.AllowsPlayers(end+1) {
			end++
		}
		if end == n {
			parts = append(parts, strconv.Itoa(n))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", n, end))
		}
		n = end
	}
	return strings.Join(parts, ",")
}

// HasVariant reports whether v names one of the game's variants; the empty
// string stands for the default variant.
func (i *Info) HasVariant(v string) bool {
	if v == "" {
		return true
	}
	for _, x := range i.Variants {
		if x == v {
			return true
		}
	}
	return false
}
