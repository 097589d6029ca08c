package games_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games"
)

// TestListed: the lobby leaves tic-tac-toe out unless asked, keeps the
// other games in their order, and never changes the registry.
func TestListed(t *testing.T) {
	all := games.All()
	ids := func(infos []*game.Info) (out []string) {
		for _, g := range infos {
			out = append(out, g.ID)
		}
		return out
	}
	shown := ids(games.Listed(all, false))
	want := []string{"palago", "palagonia", "palaboratory", "pathagon", "abalone", "talat", "villapaletti"}
	if len(shown) != len(want) {
		t.Fatalf("Listed(all, false) = %v, want %v", shown, want)
	}
	for i := range want {
		if shown[i] != want[i] {
			t.Fatalf("Listed(all, false) = %v, want %v", shown, want)
		}
	}
	if got := ids(games.Listed(all, true)); len(got) != len(all) || got[len(got)-1] != "tictactoe" {
		t.Errorf("Listed(all, true) = %v, want every game", got)
	}
	if len(all) != len(games.All()) || all[len(all)-1].ID != "tictactoe" {
		t.Errorf("Listed changed the registry: %v", ids(all))
	}
	if _, ok := games.ByID("tictactoe"); !ok {
		t.Error("tictactoe is not registered")
	}
}
