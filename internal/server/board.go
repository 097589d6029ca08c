package server

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/internal/protocol"
)

// lastPlay is the state before the room's last move and the move, kept so
// that views can send the last move's board form (ui.Board.Last). It is
// current only while after equals the match's ply: a failed commit, a
// takeback or a reload leaves it stale, and boardView then replays the
// record once to rebuild it.
type lastPlay struct {
	before game.State
	move   game.Move
	after  int // the match's ply after move; 0 for none
}

// boardView is the board form of the room's state with its first n legal
// moves (r.legalBuf), nil for a game that does not describe itself to
// boards (game/ui).
func (r *room) boardView(n int) *protocol.Board {
	if _, ok := r.st.(ui.Describer); !ok {
		return nil
	}
	if r.m.Ply > 0 && r.last.after != r.m.Ply && r.texts.Len() == r.m.Ply {
		r.last = r.replayLast()
	}
	var before game.State
	if r.m.Ply > 0 && r.last.after == r.m.Ply {
		before = r.last.before
	}
	var legal []game.Move
	if n > 0 {
		legal = r.legalBuf[:n]
	}
	return ui.Of(r.st, legal, before, r.last.move)
}

// replayLast rebuilds lastPlay from the record; one without a state (no
// last move form, and no second try) when the record does not replay.
func (r *room) replayLast() lastPlay {
	failed := lastPlay{after: r.m.Ply}
	st, err := r.info.New(options(r.m))
	if err != nil {
		return failed
	}
	n := r.texts.Len()
	for i := range n - 1 {
		if st, err = playText(st, r.texts.At(i)); err != nil {
			return failed
		}
	}
	m, err := st.ParseMove(r.texts.At(n - 1))
	if err != nil {
		return failed
	}
	return lastPlay{before: st, move: m, after: n}
}

// plyBoard is the board form of a replayed position after move m played in
// before (m ignored when before is nil), for GET /api/matches/{id}/positions.
func plyBoard(st, before game.State, m game.Move) *protocol.Board {
	return ui.Of(st, nil, before, m)
}
