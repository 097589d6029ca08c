package server

import (
	"maps"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games"
	"github.com/tabula-games/tabula/internal/protocol"
)

// TestLobbyListsBotRatings: GET /api/games gives each game the measured
// ratings of its offered levels (ai.RatingLists, which a test in ai holds
// equal to docs/strength.md), one list per variant and player count
// measured; levels the server does not offer are left out, and a game or
// a server without rated levels has no lists.
func TestLobbyListsBotRatings(t *testing.T) {
	all := games.All()
	measured := map[string][]ai.RatingList{}
	for _, l := range ai.RatingLists() {
		measured[l.Game] = append(measured[l.Game], l)
	}
	if len(measured) == 0 {
		t.Fatal("ai.RatingLists is empty: nothing to check")
	}
	for _, tc := range []struct {
		name string
		bots []string // Config.Bots; nil: every level
		want []string // the rated specs expected in each list
	}{
		{"every level", nil, ai.LevelSpecs()},
		{"some levels", []string{"random", "bot:hard", "bot:max"}, []string{"bot:hard", "bot:max"}},
		{"no level", []string{"random"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := start(t, "", func(c *Config) {
				c.Games = all
				c.Bots = tc.bots
			})
			var list protocol.GameList
			if st := h.api("GET", "/api/games", nil, &list); st != 200 {
				t.Fatalf("GET /api/games: status %d", st)
			}
			if len(list.Games) != len(all) {
				t.Fatalf("%d games listed, want %d", len(list.Games), len(all))
			}
			for _, g := range list.Games {
				var want []protocol.BotRatingList
				for _, l := range measured[g.ID] {
					if tc.want == nil {
						break
					}
					elo := map[string]int{}
					for _, spec := range tc.want {
						elo[spec] = l.Elo[spec]
					}
					want = append(want, protocol.BotRatingList{Variant: l.Variant, Players: l.Players, Elo: elo})
				}
				if !slices.EqualFunc(g.BotRatings, want, func(a, b protocol.BotRatingList) bool {
					return a.Variant == b.Variant && a.Players == b.Players && maps.Equal(a.Elo, b.Elo)
				}) {
					t.Errorf("%s: botRatings %+v, want %+v", g.ID, g.BotRatings, want)
				}
			}
		})
	}
}

// TestBotRatingsSkipsListsTheGameCannotPlay: a list for a variant or a
// player count the game does not have (a game registered with fewer
// variants or seats than were measured) is not shown.
func TestBotRatingsSkipsListsTheGameCannotPlay(t *testing.T) {
	var villa *game.Info
	for _, g := range games.All() {
		if g.ID == "villapaletti" {
			villa = g
		}
	}
	if villa == nil || len(botRatings(villa, ai.Specs())) < 2 {
		t.Fatal("want Villa Paletti with lists for two player counts")
	}
	narrow := *villa
	narrow.MinPlayers, narrow.MaxPlayers = 3, 4
	for _, l := range botRatings(&narrow, ai.Specs()) {
		if l.Players < 3 {
			t.Errorf("list for %d players shown for a game of 3–4", l.Players)
		}
	}
	narrow.Variants = []string{"other"}
	if got := botRatings(&narrow, ai.Specs()); got != nil {
		t.Errorf("lists %+v shown for a variant the game does not have", got)
	}
}
