package server

import (
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/store"
)

// publicTexter is a game state whose position text carries what the
// players of a running match must not see (Villa Paletti's noise
// generator, which tells the outcome of every wobble to come):
// PublicString is the text without it.
type publicTexter interface{ PublicString() string }

// positionText is st's position text as clients of match m see it: the
// public text while m runs, the full one once it is over (as exports then
// carry the seed, recordSeed). The store keeps the seed and the moves, so
// a restart still restores the full state.
func positionText(st game.State, m store.Match) string {
	if p, ok := st.(publicTexter); ok && !matchOver(m) {
		return p.PublicString()
	}
	return st.String()
}

// matchOver reports whether m has ended, so that its random draws may be
// told.
func matchOver(m store.Match) bool {
	return m.Status == store.StatusFinished || m.Status == store.StatusAborted
}
