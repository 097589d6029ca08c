package main

import (
	"sync"

	"github.com/tabula-games/tabula/game"
)

// The clients' own copies of the positions: a delta client applies each
// move to a Mutable position of its own, taken from and returned to a
// free list per game, with undo room reserved in advance.

// undoRoom is how many plies a delta client's Mutable position takes in
// place before its undo stack has to grow (an allocation on the reader):
// Pathagon's default ply cap, 300, ends every game before.
const undoRoom = 320

// mutable returns a Mutable copy of st, the start of a game of kind,
// with room for undoRoom plies, or nil when the game has no Mutable fast
// path. The moves that reserve the room are found once per kind (~1 ms
// for Pathagon, most of it listing legal moves) and replayed for every
// later Mutable of that kind.
func (ps *positions) mutable(st game.State, kind gameKind) game.Mutable {
	mm, ok := st.(game.Mutabler)
	if !ok {
		return nil
	}
	mut := mm.Mutable()
	if ps == nil {
		reserve(mut, undoRoom, nil)
		return mut
	}
	ps.mu.Lock()
	line := ps.lines[kind]
	ps.mu.Unlock()
	if line == nil {
		line = reserve(mut, undoRoom, nil)
		ps.mu.Lock()
		ps.lines[kind] = line
		ps.mu.Unlock()
	} else {
		reserve(mut, undoRoom, line)
	}
	return mut
}

// gameKind is what a game's start depends on in a load test: the
// variant and number of players its states report (the other options
// keep their defaults).
type gameKind struct {
	variant string
	players int
}

// positions is the run's free list of delta positions, each a Mutable
// rewound to the start of its game. A player whose connection closed (its
// match ended, or the run) puts its own back; the welcome of a new match
// takes one. A new Mutable costs its reserve (for Pathagon ~46 KB and
// ~90 µs replaying 320 plies), a reused one only its rewind.
type positions struct {
	mu    sync.Mutex
	free  map[gameKind][]game.Mutable
	lines map[gameKind][]game.Move // reserve's moves from each kind's start
}

// freePositions bounds the free list: far more than the matches that end
// while their replacements connect, and a bound on the memory held.
const freePositions = 1024

func newPositions() *positions {
	return &positions{free: map[gameKind][]game.Mutable{}, lines: map[gameKind][]game.Move{}}
}

// get returns a free position of kind, or nil.
func (ps *positions) get(kind gameKind) game.Mutable {
	if ps == nil {
		return nil
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	free := ps.free[kind]
	if len(free) == 0 {
		return nil
	}
	m := free[len(free)-1]
	ps.free[kind] = free[:len(free)-1]
	return m
}

// put adds m, at the start of its game, to the free list.
func (ps *positions) put(kind gameKind, m game.Mutable) {
	if ps == nil {
		return
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if len(ps.free[kind]) < freePositions {
		ps.free[kind] = append(ps.free[kind], m)
	}
}

// reserve grows m's undo stack to hold plies moves, if the game lasts
// that long, by playing them and taking them back: the contract has no
// other way to size it. It plays line when given (moves legal from the
// position of m, as played from the same start), otherwise it picks
// moves that do not end the game while others remain, so that the stack
// gets as deep as a long game needs. It returns the moves it played.
func reserve(m game.Mutable, plies int, line []game.Move) []game.Move {
	if line != nil {
		for _, mv := range line {
			m.Apply(mv)
		}
		for range line {
			m.Undo()
		}
		return line
	}
	var legal []game.Move
	line = []game.Move{}
	for len(line) < plies {
		legal = m.LegalMoves(legal[:0])
		if len(legal) == 0 {
			break
		}
		pick := legal[0]
		for _, mv := range legal {
			m.Apply(mv)
			_, over := m.Outcome()
			m.Undo()
			if !over {
				pick = mv
				break
			}
		}
		m.Apply(pick)
		line = append(line, pick)
	}
	for range line {
		m.Undo()
	}
	return line
}
