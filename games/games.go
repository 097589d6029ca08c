// Package games is the registry of every game Tabula plays.
package games

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/games/palaboratory"
	"github.com/tabula-games/tabula/games/palago"
	"github.com/tabula-games/tabula/games/palagonia"
	"github.com/tabula-games/tabula/games/pathagon"
	"github.com/tabula-games/tabula/games/talat"
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
	}
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
