package pathagon_test

import (
	"math/rand/v2"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// Noisy marks exactly the moves that capture (docs/rules/pathagon.md#captures).
func TestNoisy(t *testing.T) {
	const (
		// b4 dark between a4 light and the empty c4.
		aba = "......./......./......./LD...../......./......./....... l 13 13 -,- -"
		// b4 c4 dark: two in a line are never trapped (docs/rules/pathagon.md#captures).
		abba = "......./......./......./LDD..../......./......./....... l 13 12 -,- -"
	)
	tests := []struct {
		name, pos string
		opts      map[string]string
		move      string
		want      bool
	}{
		{"placement traps b4", aba, nil, "c4", true},
		{"placement elsewhere", aba, nil, "d4", false},
		{"two in a line", abba, nil, "d4", false},
		{"optionalCaptures, taking b4", aba, map[string]string{"optionalCaptures": "true"}, "c4xb4", true},
		{"optionalCaptures, declining", aba, map[string]string{"optionalCaptures": "true"}, "c4", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := pathagon.Info.ParsePosition(tc.pos, game.Options{Values: tc.opts})
			if err != nil {
				t.Fatal(err)
			}
			m, err := s.ParseMove(tc.move)
			if err != nil {
				t.Fatal(err)
			}
			st := s.(*pathagon.State)
			if got := st.Noisy(m); got != tc.want {
				t.Errorf("Noisy(%s) = %v, want %v", tc.move, got, tc.want)
			}
			next, err := s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if captured := next.(*pathagon.State).Reserve(pathagon.Dark) > st.Reserve(pathagon.Dark); captured != tc.want {
				t.Errorf("%s captures: %v, Noisy says %v", tc.move, captured, tc.want)
			}
		})
	}
}

// Along random games (150 plies at most, to stay fast), a move is noisy exactly when it returns enemy pieces
// to their reserve.
func TestNoisyMatchesCaptures(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	noisy := 0
	for range 6 {
		s, err := pathagon.Info.New(game.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 150 && s.ToMove() != game.NoPlayer; ply++ {
			st := s.(*pathagon.State)
			them := 1 - st.ToMove()
			moves := s.LegalMoves(nil)
			for _, m := range moves {
				next, err := s.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				captured := next.(*pathagon.State).Reserve(them) > st.Reserve(them)
				if st.Noisy(m) != captured {
					t.Fatalf("at %s: Noisy(%s) = %v, captures %v", s, s.MoveString(m), !captured, captured)
				}
				if captured {
					noisy++
				}
			}
			if s, err = s.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if noisy == 0 {
		t.Fatal("no capture arose in 6 random games: the test checked nothing noisy")
	}
}
