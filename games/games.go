// Package games is the registry of every game Tabula plays.
package games

import (
	"slices"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/games/palaboratory"
	"github.com/tabula-games/tabula/games/palago"
	"github.com/tabula-games/tabula/games/palagonia"
	"github.com/tabula-games/tabula/games/pathagon"
	"github.com/tabula-games/tabula/games/talat"
	"github.com/tabula-games/tabula/games/tictactoe"
	"github.com/tabula-games/tabula/games/villapaletti"
)

// All returns the description of every game, in display order. Each call
// builds the list anew; the *Info values are the games' own.
func All() []*game.Info {
	return []*game.Info{
		palago.Info,
		palagonia.Info,
		palaboratory.Info,
		pathagon.Info,
		abalone.Info,
		talat.Info,
		villapaletti.Info,
		tictactoe.Info,
	}
}

// hidden names the games the lobby leaves out unless the server is asked
// to show them: tic-tac-toe is the template game of docs/adding-a-game.md,
// complete and playable, but no match worth offering.
var hidden = []string{tictactoe.Info.ID}

// Listed returns the games of all that a lobby offers, in their order: all
// of them when withHidden is set, else all but the hidden ones. The
// command line plays every registered game; only the server filters.
func Listed(all []*game.Info, withHidden bool) []*game.Info {
	if withHidden {
		return all
	}
	return slices.DeleteFunc(slices.Clone(all), func(g *game.Info) bool { return slices.Contains(hidden, g.ID) })
}

// ByID returns the game with the given ID.
func ByID(id string) (*game.Info, bool) {
	for _, g := range All() {
		if g.ID == id {
			return g, true
		}
	}
	return nil, false
}
