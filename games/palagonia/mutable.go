package palagonia

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// undoRecord is what Undo needs to take back one Apply: the turn's small
// fields as they were, and what the move did to the board (the board
// itself, about 7 KB, is not copied).
type undoRecord struct {
	phase   phase
	turn    game.Player
	dice    [2]Face
	left    int8
	placed  int8
	extra   bool
	contend uint8
	scores  [MaxPlayers]int
	rolls   [MaxPlayers]Face
	tiles   uint64
	kind    Kind        // the move's kind: KindPlace, KindRemove and KindRotate changed the board
	tile    palago.Tile // the tile placed, removed (with its orientation) or rotated (with its old one)
	at      int         // the removed tile's place in placement order
}

// Mutable returns a private copy of the state with in-place Apply and Undo
// for search.
func (s *State) Mutable() game.Mutable {
	c := s.clone()
	c.work = &scratch{}
	return c
}

// Apply plays a legal move in place (a move from LegalMoves; anything else
// is undefined behaviour).
func (s *State) Apply(m game.Move) {
	a, _ := Decode(m)
	u := undoRecord{phase: s.phase, turn: s.turn, dice: s.dice, left: s.left, placed: s.placed, extra: s.extra,
		contend: s.contend, scores: s.scores, rolls: s.rolls, tiles: s.tiles, kind: a.Kind, tile: a.Tile}
	switch a.Kind {
	case KindRemove, KindRotate:
		u.at = s.board.IndexOf(a.Tile.Cell)
		u.tile = s.board.Tile(u.at)
	}
	s.hist = append(s.hist, u)
	s.apply(a)
}

// Undo takes back the most recent Apply.
func (s *State) Undo() {
	u := s.hist[len(s.hist)-1]
	s.hist = s.hist[:len(s.hist)-1]
	switch u.kind {
	case KindPlace:
		if s.board.CanUndo() {
			s.board.Undo()
		} else {
			// A Remove or Rotate since the Place (undone by now) rebuilt
			// the board and dropped its undo history: rebuild without the
			// last tile, which is the placed one.
			_ = s.board.Remove(u.tile.Cell)
		}
	case KindRemove:
		_ = s.board.Insert(u.at, u.tile)
	case KindRotate:
		_ = s.board.Rotate(u.tile.Cell, u.tile.O)
	}
	s.phase, s.turn, s.dice, s.left, s.placed, s.extra = u.phase, u.turn, u.dice, u.left, u.placed, u.extra
	s.contend, s.scores, s.rolls, s.tiles = u.contend, u.scores, u.rolls, u.tiles
}

// evalScale is the point difference that counts as half a won pair in
// Evaluate: a creature worth 3 to 7 points moves a pair by a
// quarter to a half.
const evalScale = 10

// Evaluate returns a heuristic value in [-1, 1] for seat p: the final
// result once the game is over, else p's standing by points, on the scale
// of the standings MCTS rewards a finished game with (mcts.Standings): the
// mean over the other seats q of d/(|d|+10), d being p's lead over q. A
// lead over the best other seat alone would not see the points the mover
// shares with the seat before it: when that seat leads, a creature
// leaves p's lead over it unchanged while p gains on the other two. Solo,
// it is the score squashed the same way.
func (s *State) Evaluate(p game.Player) float64 {
	if o, over := s.Outcome(); over {
		if !o.Won(p) {
			return -1
		}
		if len(o.Winners) == 1 {
			return 1
		}
		return 0
	}
	n := s.set.players
	if n == 1 {
		d := float64(s.scores[p])
		return d / (d + evalScale)
	}
	sum := 0.0
	for q := range n {
		if game.Player(q) != p {
			d := float64(s.scores[p] - s.scores[q])
			sum += d / (abs(d) + evalScale)
		}
	}
	return sum / float64(n-1)
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
