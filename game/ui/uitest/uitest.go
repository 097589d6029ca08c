// Package uitest checks a game's ui.Describer: random games are played and,
// at every state, every legal move must have a form, the forms of one state
// must differ, each form must lead back to its move (ui.Find), the board
// sent (ui.Of, grouped or not) must expand to the forms, and the position's
// form must be stable. Games whose moves carry complete Slides
// are also checked to move the pieces as the rules do.
package uitest

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
)

// Config says how many games to play and what to check.
type Config struct {
	Options game.Options
	// Games is the number of random games (default 4); MaxPlies cuts each
	// (default 200).
	Games, MaxPlies int
	// Seed seeds the random choice of moves.
	Seed uint64
	// Slides: every move's Slides, applied to the position's pieces, give
	// the pieces after the move (cells and owners).
	Slides bool
}

// TB is the part of testing.TB the checks use.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

var _ TB = (*testing.T)(nil)

// Run plays the games and checks every state; it fails t at the first
// broken state of each game.
func Run(t TB, info *game.Info, cfg Config) {
	t.Helper()
	if cfg.Games == 0 {
		cfg.Games = 4
	}
	if cfg.MaxPlies == 0 {
		cfg.MaxPlies = 200
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 24))
	for g := range cfg.Games {
		st, err := info.New(cfg.Options)
		if err != nil {
			t.Fatalf("%s: New: %v", info.ID, err)
		}
		for ply := 0; ply < cfg.MaxPlies; ply++ {
			if !Check(t, st, cfg.Slides) {
				t.Fatalf("%s game %d ply %d: position %q", info.ID, g, ply, st.String())
			}
			legal := st.LegalMoves(nil)
			if len(legal) == 0 {
				break
			}
			if st, err = st.Play(legal[rng.IntN(len(legal))]); err != nil {
				t.Fatalf("%s game %d ply %d: %v", info.ID, g, ply, err)
			}
		}
	}
}

// Check checks one state and reports whether it passed (errors go to t).
func Check(t TB, st game.State, slides bool) bool {
	t.Helper()
	d, ok := st.(ui.Describer)
	if !ok {
		t.Errorf("%T does not implement ui.Describer", st)
		return false
	}
	pos := d.UIPosition()
	if a, b := marshal(t, pos), marshal(t, d.UIPosition()); a != b {
		t.Errorf("UIPosition differs between two calls:\n%s\n%s", a, b)
		return false
	}
	legal := st.LegalMoves(nil)
	seen := map[string]game.Move{}
	// The board sent on the wire (grouped or not) expands to the forms.
	sent := ui.Of(st, legal, nil, 0).Expand()
	if len(sent) != len(legal) {
		t.Errorf("the board's moves expand to %d forms for %d legal moves", len(sent), len(legal))
		return false
	}
	for i, m := range legal {
		f := d.UIMove(m)
		if ui.Key(sent[i]) != ui.Key(f) {
			t.Errorf("the board's move %d is %s, the form of %s %s", i, ui.Key(sent[i]), st.MoveString(m), ui.Key(f))
			return false
		}
		k := ui.Key(f)
		if k == ui.Key(ui.Move{}) {
			t.Errorf("move %s has an empty form", st.MoveString(m))
			return false
		}
		if o, dup := seen[k]; dup {
			t.Errorf("moves %s and %s have the same form %s", st.MoveString(o), st.MoveString(m), k)
			return false
		}
		seen[k] = m
		// The forms are distinct, so each leads back to its move; ui.Find
		// (which lists the moves again) is checked on the first of each
		// state, to keep the run linear in the moves.
		if i == 0 {
			if back, ok := ui.Find(st, f); !ok || back != m {
				t.Errorf("form %s of %s leads to %s (found %v)", k, st.MoveString(m), st.MoveString(back), ok)
				return false
			}
		}
		if slides && st.ToMove() >= 0 {
			after, err := st.Play(m)
			if err != nil {
				t.Errorf("play %s: %v", st.MoveString(m), err)
				return false
			}
			want := sorted(after.(ui.Describer).UIPosition().Pieces)
			got := ui.Apply(pos.Pieces, f.Slides)
			if marshal(t, got) != marshal(t, want) {
				t.Errorf("slides of %s give %s, the rules %s", st.MoveString(m), marshal(t, got), marshal(t, want))
				return false
			}
		}
	}
	return true
}

func sorted(p []ui.Piece) []ui.Piece {
	out := slices.Clone(p)
	slices.SortFunc(out, func(a, b ui.Piece) int {
		switch {
		case a.Cell < b.Cell:
			return -1
		case a.Cell > b.Cell:
			return 1
		}
		return 0
	})
	return out
}

func marshal(t TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatalf("marshal: %v", err)
	}
	return string(b)
}
