package web

import (
	"math/rand/v2"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/games/palaboratory"
	"github.com/tabula-games/tabula/games/palago"
	"github.com/tabula-games/tabula/games/palagonia"
)

// palagoFormsCases are the Palago family's positions in the board forms
// file (TestBoardFormsGolden): what the three boards' unit tests and the
// Palagonia score sheet's e2e test click through and draw.
var palagoFormsCases = []formsCase{
	{Name: "palago start", Info: palago.Info, Values: map[string]string{palago.OptFirstPlayer: "p1"}},
	{Name: "palago after two moves", Info: palago.Info, Values: map[string]string{palago.OptFirstPlayer: "p2"}, Position: "p2", Moves: []string{"(0,0):0+(1,-1):0", "(1,0):1+(2,0):2"}},
	{Name: "palagonia choose", Info: palagonia.Info, Position: "choose p1 dice=3+X scores=0,3,3 bag=46 table=(0,0):0+(1,0):2"},
	{Name: "palagonia remove", Info: palagonia.Info, Position: "choose p1 dice=3+X scores=0,3,3 bag=46 table=(0,0):0+(1,0):2", Moves: []string{"use:X"}},
	{Name: "palagonia place", Info: palagonia.Info, Position: "place p2 dice=3+R left=2 placed=1 scores=0,0,0 bag=45 table=(0,0):0+(1,0):2+(2,0):1"},
	{Name: "palagonia scored", Info: palagonia.Info, Moves: scoredPalagonia(3)},
	{Name: "palaboratory green 1-2", Info: palaboratory.Info, Variant: palaboratory.Green, Values: map[string]string{palaboratory.OptCard: "2", palaboratory.OptFrom: "1"}},
	{Name: "palaboratory free", Info: palaboratory.Info, Variant: palaboratory.Free},
}

// scoredPalagonia is a seeded random Palagonia game (the default 4
// players), played until at least want creatures are on the score sheets: the moves of a
// game whose sheet the board shows. Random play seldom scores, so games are
// played until one does.
func scoredPalagonia(want int) []string {
	rng := rand.New(rand.NewPCG(4, 11))
	for {
		st, err := palagonia.Info.New(game.Options{})
		if err != nil {
			panic(err)
		}
		var moves []string
		for {
			legal := st.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			m := legal[rng.IntN(len(legal))]
			moves = append(moves, st.MoveString(m))
			if st, err = st.Play(m); err != nil {
				panic(err)
			}
			n := 0
			for _, sheet := range st.(ui.Describer).UIPosition().Sheet {
				n += len(sheet)
			}
			if n >= want {
				return moves
			}
		}
	}
}
