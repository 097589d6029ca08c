package race_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/game/gametest/race"
)

func TestConformance(t *testing.T) {
	info := race.NewInfo()
	for _, n := range []int{1, 2, 3, 4} {
		gametest.Run(t, info, gametest.Config{Options: game.Options{Players: n}, MaxPlies: 40, Playouts: 50})
	}
	gametest.Run(t, info, gametest.Config{Options: game.Options{Players: 3, Values: map[string]string{"goal": "30"}}, MaxPlies: 100, Playouts: 20})
}

// The goal option moves the finish line: "+2 +1" reaches 3, a coin is
// tossed below the goal only.
func TestGoalOption(t *testing.T) {
	info := race.NewInfo()
	for _, tc := range []struct {
		goal   string
		record string
		over   bool
	}{
		{"3", "+2 +1", true},         // 3 reached: no coin, the game is over
		{"10", "+2 +1 t", false},     // 3 is below 10: a coin, then play goes on
		{"4", "+2 +1 h", true},       // the coin takes the counter to 4
		{"30", "+1 +1 +2 +1", false}, // 5 of 30
	} {
		s, err := info.New(game.Options{Values: map[string]string{"goal": tc.goal}})
		if err != nil {
			t.Fatal(err)
		}
		if s, err = game.PlayAll(s, game.SplitRecord(tc.record)); err != nil {
			t.Fatalf("goal %s, %q: %v", tc.goal, tc.record, err)
		}
		if _, over := s.Outcome(); over != tc.over {
			t.Errorf("goal %s, %q: over = %v, want %v", tc.goal, tc.record, over, tc.over)
		}
	}
	for _, bad := range []string{"2", "31", "x"} {
		if _, err := info.New(game.Options{Values: map[string]string{"goal": bad}}); !errors.Is(err, game.ErrBadOption) {
			t.Errorf("goal %q: %v, want ErrBadOption", bad, err)
		}
	}
}

func TestPerft(t *testing.T) {
	gametest.CheckPerft(t, race.NewInfo(), "testdata/perft.txt", gametest.PerftConfig{SlowMax: 100})
}

// TestPlaythrough keeps a seeded three-player race in
// testdata/playthroughs/three.golden (gametest's playthrough format, which
// this also tests).
func TestPlaythrough(t *testing.T) {
	s, err := race.NewInfo().New(game.Options{Players: 3})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	gametest.GoldenPlaythrough(t, "testdata/playthroughs/three.golden", gametest.Playthrough{
		Title:  "race, 3 players, moves drawn by PCG(1, 2)",
		Start:  s,
		Choose: func(_ game.State, moves []game.Move) game.Move { return moves[rng.IntN(len(moves))] },
	})
}

func FuzzParsePosition(f *testing.F) {
	info := race.NewInfo()
	f.Add("0 0 -1 -")
	f.Add("3 1 0 c")
	for _, seed := range gametest.SeedPositions(f, "testdata") {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) { gametest.FuzzPosition(t, info, game.Options{}, text) })
}
