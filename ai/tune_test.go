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
