package game

// Perft counts the move sequences of the given depth from s, the standard
// check of a move generator. Chance nodes count each outcome as a move.
// It uses the state's Perfter fast path when there is one.
func Perft(s State, depth int) uint64 {
	if p, ok := s.(Perfter); ok {
		return p.Perft(depth)
	}
	return SlowPerft(s, depth)
}

// SlowPerft counts like Perft through Play alone; tests use it to check a
// game's fast path.
func SlowPerft(s State, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := s.LegalMoves(nil)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		next, err := s.Play(m)
		if err != nil {
			panic("game: a listed move failed to play: " + err.Error()) // a broken engine; gametest reports it properly
		}
		n += SlowPerft(next, depth-1)
	}
	return n
}
