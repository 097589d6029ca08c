package server

import (
	"slices"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/protocol"
)

// botRatings returns the measured rating lists of game g (ai.RatingLists)
// for the lobby, each cut to the bots this server offers (bots); a list
// for a variant or player count the game does not have, or with none of
// the offered bots, is left out. Nil when there is none.
func botRatings(g *game.Info, bots []string) []protocol.BotRatingList {
	var out []protocol.BotRatingList
	for _, l := range ai.RatingLists() {
		if l.Game != g.ID || !slices.Contains(g.Variants, l.Variant) || l.Players < g.MinPlayers || l.Players > g.MaxPlayers {
			continue
		}
		elo := map[string]int{}
		for spec, r := range l.Elo {
			if slices.Contains(bots, spec) {
				elo[spec] = r
			}
		}
		if len(elo) > 0 {
			out = append(out, protocol.BotRatingList{Variant: l.Variant, Players: l.Players, Elo: elo})
		}
	}
	return out
}
