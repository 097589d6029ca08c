package talat

import (
	"fmt"
	"math/bits"

	"github.com/tabula-games/tabula/game"
)

// Info describes Talat and its two-player variant Palat.
var Info = newInfo()

// Variants.
const (
	VariantTalat = "talat" // three players
	VariantPalat = "palat" // two players and the spirit
)

// ReasonScore is the outcome reason: the game ends when two boards are
// closed and the scores decide.
const ReasonScore = "score"

func newInfo() *game.Info {
	info := &game.Info{
		ID:             "talat",
		Title:          "Talat",
		MinPlayers:     2,
		MaxPlayers:     3,
		DefaultPlayers: 3,
		VariantPlayers: map[string]int{VariantTalat: 3, VariantPalat: 2},
		PlayerNames:    []string{"black", "white", "grey"},
		Variants:       []string{VariantTalat, VariantPalat},
		Options: []game.OptionSpec{{
			Name:    "firstPlayer",
			Kind:    game.Enum,
			Default: "random",
			Choices: []string{"random", "0", "1", "2"},
			Doc:     "the seat that places first; random draws it from the seed. In Palat this is H1, and H2 moves first",
		}},
	}
	info.New = func(o game.Options) (game.State, error) {
		o, err := checkOptions(info, o)
		if err != nil {
			return nil, err
		}
		s := &State{info: info, palat: o.Variant == VariantPalat, reserve: 1<<NumTowers - 1}
		n := s.NumPlayers()
		switch f := info.EnumOption(o, "firstPlayer"); f {
		case "random":
			s.turn = game.Player(mix(o.Seed^0x74616c6174) % uint64(n))
		default:
			s.turn = game.Player(f[0] - '0')
			if int(s.turn) >= n {
				return nil, fmt.Errorf("talat: firstPlayer %s in a %d-player game: %w", f, n, game.ErrBadOption)
			}
		}
		s.hash = s.computeHash()
		return s, nil
	}
	info.ParsePosition = func(text string, o game.Options) (game.State, error) {
		// The variant is written in the text. Options that ask for a
		// variant or a player count must agree with it; empty options
		// accept either, so a position can be read without knowing it.
		asked := o.Variant != "" || o.Players != 0
		o, err := checkOptions(info, o)
		if err != nil {
			return nil, err
		}
		s, err := parsePosition(info, text)
		if err != nil {
			return nil, err
		}
		if v := s.Variant(); asked && v != o.Variant {
			return nil, fmt.Errorf("talat: the position is %s but the options ask for %s: %w", v, o.Variant, game.ErrBadOption)
		}
		return s, nil
	}
	return info
}

// checkOptions fills in the defaults: Palat is the two-player game, so two
// players with no variant means Palat and Palat with no player count means 2.
func checkOptions(info *game.Info, o game.Options) (game.Options, error) {
	if o.Variant == "" && o.Players == 2 {
		o.Variant = VariantPalat
	}
	return info.Check(o) // Info.VariantPlayers: talat is for 3, palat for 2
}

// State is a position of Talat or Palat. It is immutable through the
// game.State methods; Mutable gives an in-place copy for search.
type State struct {
	info  *game.Info
	palat bool
	// turn is the seat to act, or NoPlayer once the game is over.
	turn game.Player
	// cells holds 0 for an empty cell or 1 + the Tower standing there.
	cells [NumBoards][NumCells]uint8
	// reserve has bit t set while tower t waits to be placed.
	reserve uint32
	// taken[p] has bit t set when seat p captured tower t.
	taken [NumColours]uint32
	// closed has bit b set once board b is closed.
	closed uint8
	hash   uint64
	// history holds the states before each Apply, in Mutable copies only.
	history []State
}

var (
	_ game.State     = (*State)(nil)
	_ game.Mutabler  = (*State)(nil)
	_ game.Evaluator = (*State)(nil)
)

// colourMask is the set of the nine towers of colour c.
func colourMask(c Colour) uint32 { return (1<<NumKinds - 1) << (uint(c) * NumKinds) }

// spirit is the spirit's colour in Palat.
const spirit Colour = 2

// Info returns the game's description.
func (s *State) Info() *game.Info { return s.info }

// NumPlayers is 3 in Talat and 2 in Palat.
func (s *State) NumPlayers() int {
	if s.palat {
		return 2
	}
	return 3
}

// Palat reports whether this is the two-player variant.
func (s *State) Palat() bool { return s.palat }

// Variant returns the variant's name, VariantTalat or VariantPalat.
func (s *State) Variant() string {
	if s.palat {
		return VariantPalat
	}
	return VariantTalat
}

// ToMove is the seat to act, or NoPlayer once the game is over.
func (s *State) ToMove() game.Player { return s.turn }

// Controller returns the seat that moves the towers of side sd of board b.
// In Talat that is the towers' owner; in Palat the spirit's towers on B02
// are moved by seat 1 and those on B12 by seat 0.
func (s *State) Controller(b Board, sd Side) game.Player {
	c := b.Colour(sd)
	if s.palat && c == spirit {
		if b == B02 {
			return 1
		}
		return 0
	}
	return game.Player(c)
}

// At returns the tower on cell c of board b, if any.
func (s *State) At(b Board, c Cell) (Tower, bool) {
	p := s.cells[b][c]
	return Tower(p - 1), p != 0
}

// Closed reports whether board b is closed.
func (s *State) Closed(b Board) bool { return s.closed&(1<<b) != 0 }

// Reserve reports whether tower t is still to be placed.
func (s *State) Reserve(t Tower) bool { return s.reserve&(1<<t) != 0 }

// Taken returns the towers seat p has captured.
func (s *State) Taken(p game.Player) []Tower {
	var out []Tower
	for m := s.taken[p]; m != 0; m &= m - 1 {
		out = append(out, Tower(bits.TrailingZeros32(m)))
	}
	return out
}

// inSetup reports whether towers are still being placed.
func (s *State) inSetup() bool { return s.reserve != 0 }

// placingColour is the colour the mover places during setup: the spirit's
// first in Palat, then the mover's own.
func (s *State) placingColour() Colour {
	if s.palat && s.reserve&colourMask(spirit) != 0 {
		return spirit
	}
	return Colour(s.turn)
}

// Score returns seat p's points now: 5 per captured tower and 3 per
// tower it controls standing on the opposite start line.
func (s *State) Score(p game.Player) int {
	score := 5 * bits.OnesCount32(s.taken[p])
	for b := range Board(NumBoards) {
		for sd := Low; sd <= High; sd++ {
			if s.Controller(b, sd) != p {
				continue
			}
			c := b.Colour(sd)
			row := sd.Other().StartRow() * Size
			for _, x := range s.cells[b][row : row+Size] {
				if x != 0 && Tower(x-1).Colour() == c {
					score += 3
				}
			}
		}
	}
	return score
}

// Outcome reports the scores once two boards are closed: the highest score
// wins, equal highest scores win jointly, and a tie of every seat is a draw.
func (s *State) Outcome() (game.Outcome, bool) {
	if s.turn != game.NoPlayer {
		return game.Outcome{}, false
	}
	n := s.NumPlayers()
	o := game.Outcome{Scores: make([]int, n), Reason: ReasonScore}
	best := -1
	for p := range n {
		o.Scores[p] = s.Score(game.Player(p))
		best = max(best, o.Scores[p])
	}
	for p := range n {
		if o.Scores[p] == best {
			o.Winners = append(o.Winners, game.Player(p))
		}
	}
	if len(o.Winners) == n {
		o.Winners = nil
	}
	return o, true
}

// Hash returns the position's hash, kept up to date by every move.
func (s *State) Hash() uint64 { return s.hash }

// Hash keys: one mixed value per feature of the position.
func zCell(b Board, c Cell, p uint8) uint64 {
	return mix(1<<40 | uint64(b)<<16 | uint64(c)<<8 | uint64(p))
}
func zReserve(t Tower) uint64              { return mix(2<<40 | uint64(t)) }
func zTaken(p game.Player, t Tower) uint64 { return mix(3<<40 | uint64(p)<<8 | uint64(t)) }
func zClosed(b Board) uint64               { return mix(4<<40 | uint64(b)) }
func zTurn(p game.Player) uint64           { return mix(5<<40 | uint64(uint8(p))) }

func (s *State) computeHash() uint64 {
	var h uint64
	if s.palat {
		h = mix(6 << 40)
	}
	h ^= zTurn(s.turn)
	for b := range Board(NumBoards) {
		for c := range Cell(NumCells) {
			if p := s.cells[b][c]; p != 0 {
				h ^= zCell(b, c, p)
			}
		}
		if s.Closed(b) {
			h ^= zClosed(b)
		}
	}
	for t := range Tower(NumTowers) {
		if s.Reserve(t) {
			h ^= zReserve(t)
		}
		for p := range game.Player(NumColours) {
			if s.taken[p]&(1<<t) != 0 {
				h ^= zTaken(p, t)
			}
		}
	}
	return h
}
