package ai

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
)

// An External closed before its first search never starts its program:
// the server closes a room's engine when the match ends, and a search
// still queued for it must not start a process nobody will end.
func TestExternalClosedNeverStarts(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	marker := filepath.Join(t.TempDir(), "started")
	e := NewExternal([]string{"/bin/sh", "-c", "echo > " + marker})
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := race.NewInfo().New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Choose(context.Background(), st, Budget{}); !errors.Is(err, ErrEngine) {
		t.Errorf("Choose after Close: %v, want an ErrEngine", err)
	}
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Errorf("the program started after Close (%v)", err)
	}
}
