package palagonia

import (
	"slices"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/games/palago"
)

// sheetEntry is one creature on the score sheet: the seat that scored it,
// the ply of the move that gave it birth, whether the seat shared it as
// the predecessor of the one who acted, and its form with its value.
type sheetEntry struct {
	seat   game.Player
	ply    int
	shared bool
	form   ui.Creature
}

// played is the state after m, played in s by Play: it counts the ply and,
// when the move scored, writes the creatures that scored on the sheet.
// Mutable copies (search) keep neither: nobody reads their sheet.
func (s *State) played(a Action, next *State) {
	next.plies = s.plies + 1
	if next.scores == s.scores {
		return
	}
	w := s.clone()
	var births []Birth
	switch a.Kind {
	case KindPlace:
		_ = w.board.Place(a.Tile)
		w.placed++
		births = w.placementBirths()
	case KindRotate:
		births = w.rotateBirths(a.Tile)
	}
	n := game.Player(s.set.players)
	prev := (s.turn + n - 1) % n
	sheet := slices.Clip(s.sheet)
	for _, b := range births {
		if !b.Scores() {
			continue
		}
		form := palago.UIValued(&w.board, &b.Creature)
		sheet = append(sheet, sheetEntry{seat: s.turn, ply: next.plies, form: form})
		if !s.extra && prev != s.turn {
			sheet = append(sheet, sheetEntry{seat: prev, ply: next.plies, shared: true, form: form})
		}
	}
	next.sheet = sheet
}

// UIPosition implements ui.Describer. Tiles are the table in the order the
// tiles were laid; Creatures every creature on it with its shells, limbs
// and points (whether or not it scored); Scores each seat's points; Sheet
// per seat the creatures it scored since the game began (or since the
// position was read from text, which does not hold the sheet: then the
// sheet adds up to less than the scores); Step the step, the seat on turn
// (-1 at the roll-off and the end), the dice, the roll-off's dice, the
// tiles left and placed by a number action, an extra turn, and the bag.
// Pieces is empty.
func (s *State) UIPosition() ui.Position {
	n := s.set.players
	p := ui.Position{Pieces: []ui.Piece{}, Tiles: palago.UITiles(s.board.Tiles()), Scores: slices.Clone(s.scores[:n]),
		Sheet: make([][]ui.Scored, n)}
	for _, g := range s.board.Creatures() {
		p.Creatures = append(p.Creatures, palago.UIValued(&s.board, &g))
	}
	for i := range p.Sheet {
		p.Sheet[i] = []ui.Scored{}
	}
	for _, e := range s.sheet {
		p.Sheet[e.seat] = append(p.Sheet[e.seat], ui.Scored{Creature: e.form, Ply: e.ply, Shared: e.shared})
	}
	t := &ui.Step{Name: s.phase.String(), Seat: -1, Left: int(s.left), Placed: int(s.placed), Extra: s.extra, Bag: s.Bag()}
	if s.phase != phaseStart && s.phase != phaseOver {
		t.Seat = int(s.turn)
	}
	for _, f := range s.dice {
		if f != NoFace {
			t.Dice = append(t.Dice, f.String())
		}
	}
	if s.phase == phaseStart {
		t.Rolls = make([]string, n)
		for i := range n {
			switch {
			case s.contend&(1<<i) == 0:
				t.Rolls[i] = "-"
			case s.rolls[i] == NoFace:
				t.Rolls[i] = "?"
			default:
				t.Rolls[i] = s.rolls[i].String()
			}
		}
	}
	p.Step = t
	return p
}

// UIMove implements ui.Describer. Kind is the action's ("roll", "use",
// "place", "remove", "rotate", "pass"): Dice are the faces a roll shows
// (one die of the roll-off, both dice of a turn) or the die a player
// uses; Tiles the tile a placement lays or the tile a rotation turns, in
// its new orientation; From the cell whose tile a removal takes back.
func (s *State) UIMove(m game.Move) ui.Move {
	a, _ := Decode(m)
	switch a.Kind {
	case KindStartRoll, KindUse:
		kind := "use"
		if a.Kind == KindStartRoll {
			kind = "roll"
		}
		return ui.Move{Kind: kind, Dice: []string{a.Faces[0].String()}}
	case KindRoll:
		return ui.Move{Kind: "roll", Dice: []string{a.Faces[0].String(), a.Faces[1].String()}}
	case KindPlace:
		return ui.Move{Kind: "place", Tiles: []ui.Tile{palago.UITile(a.Tile)}}
	case KindRotate:
		return ui.Move{Kind: "rotate", Tiles: []ui.Tile{palago.UITile(a.Tile)}}
	case KindRemove:
		return ui.Move{Kind: "remove", From: a.Tile.Cell.String()}
	}
	return ui.Move{Kind: "pass"}
}
