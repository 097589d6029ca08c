package tictactoe

import "github.com/tabula-games/tabula/game"

// Evaluate counts the open lines: each line holding only p's marks is worth
// its number of marks, each holding only the opponent's costs as much. The
// sum lies within ±24 (eight lines of up to three marks); dividing by 24
// keeps the value in [-1, 1], as game.Evaluator requires.
func (s *State) Evaluate(p game.Player) float64 {
	me, op := markOf(p), markOf(1-p)
	v := 0
	for _, l := range lines {
		mine, theirs := s.count(l, me, op)
		switch {
		case theirs == 0:
			v += mine
		case mine == 0:
			v -= theirs
		}
	}
	return float64(v) / 24
}

// Noisy reports whether m wins at once or stops the opponent's immediate
// win: alpha-beta searches such moves beyond its horizon.
func (s *State) Noisy(m game.Move) bool {
	me, op := markOf(s.turn), markOf(1-s.turn)
	for _, l := range lines {
		if l[0] != int(m) && l[1] != int(m) && l[2] != int(m) {
			continue
		}
		if mine, theirs := s.count(l, me, op); mine == 2 || theirs == 2 {
			return true
		}
	}
	return false
}

// count returns how many of the line's cells hold me and op.
func (s *State) count(l [3]int, me, op Mark) (mine, theirs int) {
	for _, c := range l {
		switch s.board[c] {
		case me:
			mine++
		case op:
			theirs++
		}
	}
	return mine, theirs
}
