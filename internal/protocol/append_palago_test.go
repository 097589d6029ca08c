package protocol

import (
	"math/rand/v2"

	"github.com/tabula-games/tabula/game/ui"
)

// The Palago family's board form fields, set at random for
// TestAppendJSONMatchesMarshal (randomBoard calls these).

func randomTiles(rng *rand.Rand) []ui.Tile {
	var ts []ui.Tile
	for range rng.IntN(3) {
		ts = append(ts, ui.Tile{Cell: randomText(rng), O: rng.IntN(3)})
	}
	return ts
}

func randomCreature(rng *rand.Rand) ui.Creature {
	return ui.Creature{Colour: randomText(rng), Tips: randomStrings(rng), Arches: randomStrings(rng), Shells: rng.IntN(3), Limbs: rng.IntN(3), Points: rng.IntN(6)}
}

// randomPalagoMove sets a move form's Palago-family fields.
func randomPalagoMove(rng *rand.Rand, mv *ui.Move) {
	mv.Tiles, mv.Dice, mv.TileRefs = randomTiles(rng), randomStrings(rng), randomInts(rng)
}

// randomPalagoBoard sets a board form's Palago-family fields.
func randomPalagoBoard(rng *rand.Rand, b *Board) {
	p := &b.Position
	p.Tiles, p.Colours, b.Tiles = randomTiles(rng), randomStrings(rng), randomTiles(rng)
	for range rng.IntN(3) {
		p.Creatures = append(p.Creatures, randomCreature(rng))
	}
	for range rng.IntN(3) {
		var sheet []ui.Scored
		for range rng.IntN(3) {
			sheet = append(sheet, ui.Scored{Creature: randomCreature(rng), Ply: rng.IntN(100), Shared: rng.IntN(2) == 0})
		}
		p.Sheet = append(p.Sheet, sheet)
	}
	if rng.IntN(2) == 0 {
		p.Step = &ui.Step{Name: randomText(rng), Seat: rng.IntN(6) - 1, Dice: randomStrings(rng), Rolls: randomStrings(rng),
			Left: rng.IntN(6), Placed: rng.IntN(6), Extra: rng.IntN(2) == 0, Bag: rng.IntN(96)}
	}
	if rng.IntN(2) == 0 {
		p.Task = &ui.Task{Kind: randomText(rng), Card: rng.IntN(13), From: rng.IntN(13), Target: randomTiles(rng), Moves: rng.IntN(43),
			Par: rng.IntN(5), Done: rng.IntN(2) == 0, Points: rng.IntN(20)}
	}
}
