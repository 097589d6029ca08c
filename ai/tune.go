package ai

import (
	"github.com/tabula-games/tabula/ai/mcts"
	"github.com/tabula-games/tabula/game"
)

// tuneMCTS adjusts a level's MCTS configuration for the game of s where
// the level table's setting measured weaker (docs/strength.md).
func tuneMCTS(s game.State, level Level, cfg *mcts.Config) {
	if s.Info().ID == "palagonia" && level == Max {
		// Palagonia's search moves already steer every tile towards a
		// scoring layout (palagonia.SearchMoves); playouts cut and scored
		// by points alone fell behind hard's whole ones in half the time
		// (docs/strength.md, "Palagonia weak spots, session 12").
		cfg.CutChance = false
	}
}
