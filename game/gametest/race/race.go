// Package race is a tiny game for testing code that works on any game: the
// conformance kit itself, search and the server. It has 1 to 4 players and
// chance nodes, so it exercises every part of the contract.
//
// A counter starts at 0. On their turn a player adds 1 or 2 (moves "+1",
// "+2"). Whenever the counter lands on a multiple of 3 a coin is tossed
// ("h" adds 1, "t" adds nothing, each with probability 1/2) before the next
// player moves. The player whose move (or whose coin) takes the counter to
// Goal or beyond wins; the coin's win goes to the player who moved before it.
// The option "goal" (an int, default 10) moves the finish line, so that
// code handling typed options has a game to try them on.
//
// Position text: "COUNTER TOMOVE LAST COIN", for example "4 1 0 -": counter 4,
// seat 1 to move, seat 0 moved last, no coin pending ("c" when pending).
package race

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// Goal is the counter value that ends the game by default.
const Goal = 10

// Limits of the goal option: below 3 there is no coin, and 30 keeps a game
// within a few dozen plies.
const (
	minGoal = 3
	maxGoal = 30
)

// NewInfo returns the game's description. Each call returns a new *Info.
func NewInfo() *game.Info {
	info := &game.Info{
		ID: "race", Title: "Race to ten",
		MinPlayers: 1, MaxPlayers: 4, DefaultPlayers: 2,
		PlayerNames: []string{"north", "east", "south", "west"},
		Variants:    []string{"standard"},
		Options: []game.OptionSpec{{Name: "goal", Kind: game.Int, Default: strconv.Itoa(Goal), Min: minGoal, Max: maxGoal,
			Doc: "the counter value that wins"}},
	}
	info.New = func(o game.Options) (game.State, error) {
		o, err := info.Check(o)
		if err != nil {
			return nil, err
		}
		return &State{info: info, n: o.Players, goal: info.IntOption(o, "goal")}, nil
	}
	info.ParsePosition = func(text string, o game.Options) (game.State, error) {
		o, err := info.Check(o)
		if err != nil {
			return nil, err
		}
		return parse(info, o.Players, info.IntOption(o, "goal"), text)
	}
	return info
}

// Moves.
const (
	Add1  game.Move = 1
	Add2  game.Move = 2
	Heads game.Move = 3
	Tails game.Move = 4
)

// State is a position of the race. It implements game.Mutabler.
type State struct {
	info    *game.Info
	n       int
	counter int
	turn    int // next seat to decide
	last    int // seat that moved last, -1 at the start
	coin    bool
	goal    int     // the counter value that wins
	history []State // for Undo, only in Mutable copies
}

var (
	_ game.State    = (*State)(nil)
	_ game.Mutabler = (*State)(nil)
)

func (s *State) Info() *game.Info { return s.info }
func (s *State) NumPlayers() int  { return s.n }

func (s *State) ToMove() game.Player {
	switch {
	case s.counter >= s.goal:
		return game.NoPlayer
	case s.coin:
		return game.Chance
	}
	return game.Player(s.turn)
}

func (s *State) LegalMoves(dst []game.Move) []game.Move {
	switch s.ToMove() {
	case game.NoPlayer:
		return dst
	case game.Chance:
		return append(dst, Heads, Tails)
	}
	return append(dst, Add1, Add2)
}

func (s *State) ChanceOutcomes() []game.ChanceOutcome {
	if s.ToMove() != game.Chance {
		return nil
	}
	return []game.ChanceOutcome{{Move: Heads, Prob: 0.5}, {Move: Tails, Prob: 0.5}}
}

func (s *State) legal(m game.Move) error {
	if s.ToMove() == game.NoPlayer {
		return fmt.Errorf("race: %w", game.ErrGameOver)
	}
	for _, x := range s.LegalMoves(nil) {
		if x == m {
			return nil
		}
	}
	return fmt.Errorf("race: move %d: %w", m, game.ErrIllegalMove)
}

func (s *State) Play(m game.Move) (game.State, error) {
	if err := s.legal(m); err != nil {
		return nil, err
	}
	next := *s
	next.history = nil
	next.apply(m)
	return &next, nil
}

func (s *State) apply(m game.Move) {
	switch m {
	case Heads, Tails:
		if m == Heads {
			s.counter++
		}
		s.coin = false
		return
	}
	s.counter += int(m)
	s.last = s.turn
	s.turn = (s.turn + 1) % s.n
	s.coin = s.counter < s.goal && s.counter%3 == 0
}

func (s *State) Outcome() (game.Outcome, bool) {
	if s.counter < s.goal {
		return game.Outcome{}, false
	}
	return game.Outcome{Winners: []game.Player{game.Player(s.last)}, Reason: "goal"}, true
}

func (s *State) MoveString(m game.Move) string {
	switch m {
	case Add1:
		return "+1"
	case Add2:
		return "+2"
	case Heads:
		return "h"
	case Tails:
		return "t"
	}
	return fmt.Sprintf("?%d", uint64(m))
}

func (s *State) ParseMove(text string) (game.Move, error) {
	var m game.Move
	switch strings.ToLower(strings.TrimSpace(text)) {
	case "+1", "1":
		m = Add1
	case "+2", "2":
		m = Add2
	case "h":
		m = Heads
	case "t":
		m = Tails
	default:
		return 0, &game.ParseError{Game: "race", What: "move", Input: text, Offset: -1, Msg: `want "+1", "+2", "h" or "t"`}
	}
	return m, s.legal(m)
}

func (s *State) String() string {
	coin := "-"
	if s.coin {
		coin = "c"
	}
	return fmt.Sprintf("%d %d %d %s", s.counter, s.turn, s.last, coin)
}

func (s *State) Hash() uint64 {
	h := uint64(s.counter)<<16 | uint64(s.turn)<<8 | uint64(s.last+1)<<1
	if s.coin {
		h |= 1
	}
	return h * 0x9e3779b97f4a7c15
}

func parse(info *game.Info, n, goal int, text string) (*State, error) {
	bad := func(msg string) error {
		return &game.ParseError{Game: "race", What: "position", Input: text, Offset: -1, Msg: msg}
	}
	f := strings.Fields(text)
	if len(f) != 4 {
		return nil, bad("want 4 fields: COUNTER TOMOVE LAST COIN")
	}
	var v [3]int
	for i := range v {
		x, err := strconv.Atoi(f[i])
		if err != nil {
			return nil, bad(fmt.Sprintf("field %d is not a number", i+1))
		}
		v[i] = x
	}
	s := &State{info: info, n: n, counter: v[0], turn: v[1], last: v[2], coin: f[3] == "c", goal: goal}
	switch {
	case s.counter < 0 || s.counter > s.goal+1:
		return nil, bad("counter out of range")
	case s.turn < 0 || s.turn >= n || s.last < -1 || s.last >= n:
		return nil, bad("seat out of range")
	case f[3] != "c" && f[3] != "-":
		return nil, bad(`coin must be "c" or "-"`)
	case s.coin && (s.counter%3 != 0 || s.counter >= s.goal):
		return nil, bad("a coin is pending only on a multiple of 3 below the goal")
	}
	return s, nil
}

// Mutable returns a private copy with Apply and Undo.
func (s *State) Mutable() game.Mutable {
	c := *s
	c.history = nil
	return &c
}

// Apply plays a legal move in place.
func (s *State) Apply(m game.Move) {
	saved := *s
	saved.history = nil
	s.history = append(s.history, saved)
	s.apply(m)
}

// Undo takes back the last Apply.
func (s *State) Undo() {
	last := s.history[len(s.history)-1]
	h := s.history[:len(s.history)-1]
	*s = last
	s.history = h
}
