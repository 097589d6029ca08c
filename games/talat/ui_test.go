package talat_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui/uitest"
	"github.com/tabula-games/tabula/games/talat"
)

// TestUI: every legal move of random Talat and Palat games has a form that
// leads back to it.
func TestUI(t *testing.T) {
	for _, v := range talat.Info.Variants {
		t.Run(v, func(t *testing.T) {
			uitest.Run(t, talat.Info, uitest.Config{Options: game.Options{Variant: v}, Games: 3, MaxPlies: 150, Seed: 24})
		})
	}
}
