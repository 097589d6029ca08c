package web

// The Palagonia score sheet of the web client (src/boards/palagonia-sheet.ts)
// finds the creatures each player scored, and their shells and limbs, from
// the position after every ply. This test writes what the Go rules say about
// a few seeded games into a golden file that the client's unit tests read,
// so that the TypeScript line model and the Go one can never silently
// disagree: go test ./web -run TestPalagoniaSheetGolden -update

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/palago"
	"github.com/tabula-games/tabula/games/palagonia"
)

const sheetGolden = "src/boards/testdata/palagonia-sheet.json"

// sheetGame is one seeded game in the golden file.
type sheetGame struct {
	Name    string            `json:"name"`
	Players int               `json:"players"`
	Options map[string]string `json:"options,omitempty"`
	// Positions are the position texts after every ply, ply 0 first.
	Positions []string `json:"positions"`
	// Creatures lists, at every ply where the set of creatures on the table
	// changed, every creature then on the table with its value.
	Creatures []sheetPly `json:"creatures"`
}

type sheetPly struct {
	Ply       int             `json:"ply"`
	Creatures []sheetCreature `json:"creatures"`
}

type sheetCreature struct {
	Colour string   `json:"colour"` // "A" or "B"
	Pieces []string `json:"pieces"` // "q,r,aTip" etc., sorted, as the client names pieces
	Loops  int      `json:"loops"`
	Limbs  int      `json:"limbs"`
}

// sheetGames are the games of the golden file: seeds chosen so that the
// games hold placements that score, births that do not, and rotations.
var sheetGames = []struct {
	name    string
	players int
	seed    uint64
	options map[string]string
}{
	{"3 players: a placement and a rotation score", 3, 5, map[string]string{"tiles": "48"}},
	{"4 players", 4, 6, map[string]string{"tiles": "48"}},
	{"5 players", 5, 6, map[string]string{"tiles": "48"}},
	{"5 players, 96 tiles, mergeOnly", 5, 3, map[string]string{"tiles": "96", "rotationScoring": "mergeOnly"}},
	{"solo", 1, 7, map[string]string{"tiles": "48"}},
}

func pieceKey(p palago.Piece) string {
	name := map[[2]uint8]string{{0, 0}: "aTip", {0, 1}: "aArch", {1, 0}: "bTip", {1, 1}: "bArch"}[[2]uint8{uint8(p.Colour), uint8(p.Kind)}]
	return fmt.Sprintf("%d,%d,%s", p.Cell.Q, p.Cell.R, name)
}

// playSheetGame plays a seeded random game to its end.
func playSheetGame(t *testing.T, players int, seed uint64, options map[string]string) sheetGame {
	t.Helper()
	s, err := palagonia.Info.New(game.Options{Players: players, Values: options})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	g := sheetGame{Players: players, Options: options, Positions: []string{s.String()}}
	var last []sheetCreature
	var legal []game.Move
	for ply := 1; ; ply++ {
		var m game.Move
		switch s.ToMove() {
		case game.NoPlayer:
			return g
		case game.Chance:
			outs := s.ChanceOutcomes()
			x := rng.Float64()
			m = outs[len(outs)-1].Move
			for _, o := range outs {
				if x < o.Prob {
					m = o.Move
					break
				}
				x -= o.Prob
			}
		default:
			// A greedy player: the move that scores most for the mover,
			// ties broken at random, so that the games hold scoring births.
			legal = s.LegalMoves(legal[:0])
			p := s.ToMove()
			best, n := -1, 0
			for _, c := range legal {
				after, err := s.Play(c)
				if err != nil {
					t.Fatal(err)
				}
				v := after.(*palagonia.State).Score(p)
				switch {
				case v > best:
					best, n, m = v, 1, c
				case v == best:
					n++
					if rng.IntN(n) == 0 {
						m = c
					}
				}
			}
		}
		if s, err = s.Play(m); err != nil {
			t.Fatal(err)
		}
		g.Positions = append(g.Positions, s.String())
		b := s.(*palagonia.State).Board()
		var cs []sheetCreature
		for _, c := range b.Creatures() {
			v := b.Value(&c)
			sc := sheetCreature{Colour: c.Colour.String(), Loops: v.Loops, Limbs: v.Limbs}
			for _, p := range c.Pieces {
				sc.Pieces = append(sc.Pieces, pieceKey(p))
			}
			slices.Sort(sc.Pieces)
			cs = append(cs, sc)
		}
		if !slices.EqualFunc(cs, last, func(a, b sheetCreature) bool {
			return a.Colour == b.Colour && a.Loops == b.Loops && a.Limbs == b.Limbs && slices.Equal(a.Pieces, b.Pieces)
		}) {
			g.Creatures = append(g.Creatures, sheetPly{Ply: ply, Creatures: cs})
			last = cs
		}
	}
}

// TestPalagoniaSheetGolden keeps the client's golden file in step with the
// rules: the same seeds must give the same file.
func TestPalagoniaSheetGolden(t *testing.T) {
	var games []sheetGame
	for _, sg := range sheetGames {
		g := playSheetGame(t, sg.players, sg.seed, sg.options)
		g.Name = sg.name
		games = append(games, g)
	}
	got, err := json.MarshalIndent(games, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	gametest.Golden(t, filepath.FromSlash(sheetGolden), string(got)+"\n")
}
