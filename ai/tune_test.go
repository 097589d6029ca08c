package ai

import (
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palagonia"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// TestTuneMCTS checks the per-game exceptions to the level table: in
// Palagonia bot:max plays its playouts to the end like bot:hard; in other
// games, and at the other levels, the table's settings stand.
func TestTuneMCTS(t *testing.T) {
	pal := func(players int) game.State {
		s, err := palagonia.Info.New(game.Options{Players: players})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	other := tictactoe.New()
	for _, tc := range []struct {
		name  string
		s     game.State
		level Level
		cut   bool
	}{
		{"palagonia 4 max", pal(4), Max, false},
		{"palagonia 3 max", pal(3), Max, false},
		{"palagonia 4 hard", pal(4), Hard, false},
		{"other max", other, Max, true},
		{"other hard", other, Hard, false},
	} {
		cfg, _ := mcSetup(tc.level, Budget{Time: time.Second}, time.Second)
		tuneMCTS(tc.s, tc.level, &cfg)
		if cfg.CutChance != tc.cut {
			t.Errorf("%s: CutChance = %v, want %v", tc.name, cfg.CutChance, tc.cut)
		}
	}
}

// TestTuneTime checks that bot:hard thinks a quarter of the budget in
// Palagonia, a quarter of what bot:max thinks, and the table's half in
// other MCTS games.
func TestTuneTime(t *testing.T) {
	pal, err := palagonia.Info.New(game.Options{Players: 4})
	if err != nil {
		t.Fatal(err)
	}
	bud := Budget{Time: time.Second}
	for _, tc := range []struct {
		name  string
		s     game.State
		level Level
		want  time.Duration
	}{
		{"palagonia hard", pal, Hard, 250 * time.Millisecond},
		{"palagonia max", pal, Max, time.Second},
		{"palagonia medium", pal, Medium, 125 * time.Millisecond},
	} {
		b := NewBot(tc.level, 1)
		if got := tuneTime(tc.s, tc.level, b.timeFor(bud.MoveTime(tc.s.ToMove()), false)); got != tc.want {
			t.Errorf("%s: thinks %v, want %v", tc.name, got, tc.want)
		}
	}
	if got := tuneTime(tictactoe.New(), Hard, 500*time.Millisecond); got != 500*time.Millisecond {
		t.Errorf("tic-tac-toe hard: thinks %v, want 500ms", got)
	}
}
