package palagonia

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// listAll is the longest move list a golden file prints in full; longer
// lists print their first and last few moves and a hash of the whole list
// in order, which keeps the files readable and still shows a reordering.
const listAll = 24

// TestPlaythroughs plays one seeded random game for each player count and
// compares, ply by ply, the position text, the legal moves (in order), the
// move played and finally the result with
// testdata/playthroughs/<players>p.golden. Chance moves are drawn with their
// probabilities. Regenerate with -update.
func TestPlaythroughs(t *testing.T) {
	for _, tc := range []struct {
		name    string
		players int
		opts    map[string]string
	}{
		{"1p", 1, nil},
		{"3p", 3, nil},
		{"4p", 4, nil},
		{"5p", 5, map[string]string{OptRotationScoring: ScoreMergeOnly}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := playthrough(t, game.Options{Players: tc.players, Values: tc.opts}, uint64(tc.players))
			path := filepath.Join("testdata", "playthroughs", tc.name+".golden")
			if gametest.Updating() {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if got != string(want) {
				t.Errorf("playthrough differs from %s (run with -update if the change is intended); first difference at line %d",
					path, firstDiff(got, string(want)))
			}
		})
	}
}

func playthrough(t *testing.T, o game.Options, seed uint64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 2024))
	s, err := Info.New(o)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# palagonia players=%d options=%v seed=%d\n", o.Players, o.Values, seed)
	for ply := 1; ; ply++ {
		moves := s.LegalMoves(nil)
		fmt.Fprintf(&b, "position: %s\nmoves: %s\n", s, formatMoves(s, moves))
		if len(moves) == 0 {
			res, ok := s.Outcome()
			if !ok {
				t.Fatalf("ply %d: no legal moves and no outcome", ply)
			}
			fmt.Fprintf(&b, "result: %s\n", res.Describe(Info))
			return b.String()
		}
		var m game.Move
		if s.ToMove() == game.Chance {
			m = ai.SampleChance(s, rng)
		} else {
			m = moves[rng.IntN(len(moves))]
		}
		fmt.Fprintf(&b, "ply %d: %s\n", ply, s.MoveString(m))
		if s, err = s.Play(m); err != nil {
			t.Fatalf("ply %d: %v", ply, err)
		}
	}
}

// formatMoves writes the count and the moves in order: all of them, or the
// first and last few and an FNV-1a hash of the full list.
func formatMoves(s game.State, moves []game.Move) string {
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = s.MoveString(m)
	}
	if len(names) <= listAll {
		return strings.TrimSpace(fmt.Sprint(len(names), " ", strings.Join(names, " ")))
	}
	h := fnv.New64a()
	for _, n := range names {
		h.Write([]byte(n))
		h.Write([]byte{' '})
	}
	return fmt.Sprintf("%d %s ... %s hash=%016x", len(names), strings.Join(names[:8], " "), strings.Join(names[len(names)-4:], " "), h.Sum64())
}

func firstDiff(a, b string) int {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return i + 1
		}
	}
	return min(len(la), len(lb)) + 1
}
