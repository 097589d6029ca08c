package ai

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game/gametest"
)

// TestLevelParameters pins what every level hands its searchers, for
// budgets with and without a time, node or depth limit: the time it
// thinks, alpha-beta's noise, depth and whole-time switch, MCTS's
// exploration, bias, noisy-move share, playout cap and leaf switches. The
// golden file was written from the switches the level table replaced, so
// a change to a level shows here as a diff (go test ./ai -update to accept).
func TestLevelParameters(t *testing.T) {
	var b strings.Builder
	budgets := []Budget{{}, {Time: time.Millisecond}, {Time: 100 * time.Millisecond}, {Time: time.Second},
		{Time: 4 * time.Second}, {Time: time.Minute}, {Nodes: 50, Depth: 1}, {Time: time.Second, Nodes: 50000, Depth: 9}}
	for l := Easy; l <= Max; l++ {
		bot := NewBot(l, 1)
		fmt.Fprintf(&b, "%s\n", l)
		for _, bud := range budgets {
			t := bot.timeFor(bud.Time, true)
			cfg, lim := abSetup(l, bud, t)
			fmt.Fprintf(&b, "  budget %v/%d/%d alpha-beta: time %v depth %d nodes %d whole %v noise %d\n",
				bud.Time, bud.Nodes, bud.Depth, lim.Time, lim.Depth, lim.Nodes, lim.WholeTime, cfg.Noise)
			t = bot.timeFor(bud.Time, false)
			mc, mlim := mcSetup(l, bud, t)
			fmt.Fprintf(&b, "  budget %v/%d/%d mcts: time %v iterations %d C %g bias %g noisy %g cut %v leaf %v\n",
				bud.Time, bud.Nodes, bud.Depth, mlim.Time, mlim.Iterations, mc.C, mc.Bias, mc.Noisy, mc.CutChance, mc.LeafEval)
		}
	}
	gametest.Golden(t, "testdata/levels.golden", b.String())
}

// TestLevelTable checks the table's derived views: the names are the
// specs, in order, and each level's time text states its shares.
func TestLevelTable(t *testing.T) {
	for i, name := range LevelSpecs() {
		if l, ok := ParseLevel(name); !ok || l != Level(i) || l.String() != name {
			t.Errorf("ParseLevel(%q) = %v, %v; want %v", name, l, ok, Level(i))
		}
	}
	if _, ok := ParseLevel("bot:godlike"); ok {
		t.Error("ParseLevel accepted bot:godlike")
	}
	for _, tc := range []struct {
		l    Level
		want string
	}{
		{Easy, "1/16 of the move time with alpha-beta, 1/32 with MCTS, at most 1s; 1s when none is given"},
		{Medium, "1/8 of the move time, at most 3s; 3s when none is given"},
		{Hard, "1/4 of the move time with alpha-beta, 1/2 with MCTS, at most 3s; 1s when none is given"},
		{Max, "all of the move time; 5s when none is given"},
	} {
		if got := tc.l.Params().TimeText(); got != tc.want {
			t.Errorf("%s: TimeText() = %q, want %q", tc.l, got, tc.want)
		}
	}
}
