package puzzle

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games"
)

func infoOf(t *testing.T, id string) *game.Info {
	t.Helper()
	info, ok := games.ByID(id)
	if !ok {
		t.Fatalf("no game %q", id)
	}
	return info
}
