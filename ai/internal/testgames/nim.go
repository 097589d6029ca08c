package testgames

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// Nim returns the description of one-pile subtraction Nim: players take 1,
// 2 or 3 stones in turn and whoever takes the last stone wins. Theory: the
// side to move loses exactly when the pile is a multiple of 4, and the
// winning move takes pile mod 4. The option "pile" sets the start (default
// 21). Moves are "1", "2", "3"; the position text is "PILE SIDE".
func Nim() *game.Info {
	info := &game.Info{ID: "nim", Title: "Nim", MinPlayers: 2, MaxPlayers: 2, DefaultPlayers: 2,
		Variants: []string{"standard"},
		Options:  []game.OptionSpec{{Name: "pile", Kind: game.Int, Default: "21", Min: 1, Max: 1000, Doc: "start pile"}}}
	info.New = func(o game.Options) (game.State, error) {
		o, err := info.Check(o)
		if err != nil {
			return nil, err
		}
		return &NimState{info: info, pile: info.IntOption(o, "pile")}, nil
	}
	info.ParsePosition = func(text string, o game.Options) (game.State, error) {
		f := strings.Fields(text)
		bad := &game.ParseError{Game: "nim", What: "position", Input: text, Offset: -1, Msg: "want PILE SIDE"}
		if len(f) != 2 {
			return nil, bad
		}
		n, err := strconv.Atoi(f[0])
		side, err2 := strconv.Atoi(f[1])
		if err != nil || err2 != nil || n < 0 || side < 0 || side > 1 {
			return nil, bad
		}
		return &NimState{info: info, pile: n, turn: game.Player(side)}, nil
	}
	return info
}

// NimState is a Nim position. It offers no optional interface.
type NimState struct {
	info *game.Info
	pile int
	turn game.Player
}

// NewNim returns the position with the given pile and side to move.
func NewNim(pile int, turn game.Player) *NimState {
	return &NimState{info: Nim(), pile: pile, turn: turn}
}

func (s *NimState) Info() *game.Info { return s.info }
func (s *NimState) NumPlayers() int  { return 2 }
func (s *NimState) ToMove() game.Player {
	if s.pile == 0 {
		return game.NoPlayer
	}
	return s.turn
}
func (s *NimState) LegalMoves(dst []game.Move) []game.Move {
	for m := 1; m <= min(3, s.pile); m++ {
		dst = append(dst, game.Move(m))
	}
	return dst
}
func (s *NimState) Play(m game.Move) (game.State, error) {
	if s.pile == 0 {
		return nil, fmt.Errorf("nim: %w", game.ErrGameOver)
	}
	if m < 1 || m > 3 || int(m) > s.pile {
		return nil, fmt.Errorf("nim: take %d: %w", m, game.ErrIllegalMove)
	}
	return &NimState{info: s.info, pile: s.pile - int(m), turn: 1 - s.turn}, nil
}
func (s *NimState) ChanceOutcomes() []game.ChanceOutcome { return nil }
func (s *NimState) Outcome() (game.Outcome, bool) {
	if s.pile > 0 {
		return game.Outcome{}, false
	}
	return game.Outcome{Winners: []game.Player{1 - s.turn}, Reason: "last stone"}, true
}
func (s *NimState) MoveString(m game.Move) string { return strconv.Itoa(int(m)) }
func (s *NimState) ParseMove(text string) (game.Move, error) {
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, &game.ParseError{Game: "nim", What: "move", Input: text, Offset: -1, Msg: "want 1, 2 or 3"}
	}
	if n < 1 || n > 3 || n > s.pile {
		return 0, fmt.Errorf("nim: take %d: %w", n, game.ErrIllegalMove)
	}
	return game.Move(n), nil
}
func (s *NimState) String() string { return fmt.Sprintf("%d %d", s.pile, s.turn) }
func (s *NimState) Hash() uint64 {
	return (uint64(s.pile)<<1 | uint64(s.turn)) * 0x9E3779B97F4A7C15
}
