package server

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
	"github.com/tabula-games/tabula/games/villapaletti"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// TestShakeBand checks the shake band the state carries for the Villa
// Paletti board (docs/rules/villapaletti.md) on every position of a golden playthrough, and
// that games without a structure report 0.
func TestShakeBand(t *testing.T) {
	f, err := os.Open("../../games/villapaletti/testdata/playthroughs/2p-seed8.golden")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	seen := map[int]int{}
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "position ")
		if !ok {
			continue
		}
		st, err := villapaletti.Info.ParsePosition(line, game.Options{Players: 2})
		if err != nil {
			t.Fatal(err)
		}
		got := shakeBand(st)
		if want := st.(*villapaletti.State).ShakeBand(); got != want {
			t.Fatalf("shakeBand = %d, want %d for %s", got, want, line)
		}
		seen[got]++
	}
	if seen[0] == 0 || seen[3] == 0 {
		t.Errorf("bands seen %v: the playthrough should go from calm to band 3", seen)
	}
	p, err := pathagon.Info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if b := shakeBand(p); b != 0 {
		t.Errorf("pathagon band %d, want 0", b)
	}
}

// TestVillaPalettiState creates a Villa Paletti match: its state is calm at
// the start (§3: φ_1 = 87.94°) and lists column moves.
func TestVillaPalettiState(t *testing.T) {
	h := start(t, "", func(c *Config) { c.Games = []*game.Info{villapaletti.Info} })
	zero := 0
	resp := h.create(protocol.CreateRequest{Game: "villapaletti", Players: 2, Join: &zero})
	st := h.srv.mustSnap(t, resp.Match.ID)
	if st.Shake != 0 || !strings.HasPrefix(st.Position, "floors: blue (0,0,0);") {
		t.Fatalf("start state: shake %d, position %q", st.Shake, st.Position)
	}
}

// TestResultAllLose checks that a game everyone lost (Villa Paletti's
// collapse before any seal) keeps its AllLose through the store to the
// wire, and reads "nobody wins", not "draw".
func TestResultAllLose(t *testing.T) {
	for _, tc := range []struct {
		o    game.Outcome
		text string
	}{
		{game.Outcome{Scores: []int{0, 0}, Reason: "collapse", AllLose: true}, "nobody wins by collapse (blue 0, yellow 0)"},
		{game.Outcome{Scores: []int{0, 0}, Reason: "standstill"}, "draw by standstill (blue 0, yellow 0)"},
	} {
		m := store.Match{Status: store.StatusFinished, Result: result(tc.o)}
		got := wireResult(villapaletti.Info, m)
		if got.AllLose != tc.o.AllLose || got.Text != tc.text || len(got.Winners) != 0 {
			t.Errorf("%+v: wire result %+v, want allLose %v and text %q", tc.o, got, tc.o.AllLose, tc.text)
		}
	}
}
