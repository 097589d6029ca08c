package ai

import (
	"testing"
	"time"
)

// At equal budgets each level thinks longer than the level below, with
// either algorithm, and max thinks for the whole budget.
func TestLevelTimeShares(t *testing.T) {
	const budget = 800 * time.Millisecond
	for _, ab := range []bool{false, true} {
		var prev time.Duration
		for l := Easy; l <= Max; l++ {
			got := NewBot(l, 1).timeFor(budget, ab)
			if got <= prev {
				t.Errorf("alpha-beta %v: %s thinks %v, not more than the level below (%v)", ab, l, got, prev)
			}
			prev = got
		}
		if prev != budget {
			t.Errorf("alpha-beta %v: max thinks %v of a %v budget", ab, prev, budget)
		}
	}
	// The caps: easy never thinks more than a second, hard never keeps a
	// human waiting more than three.
	if got := NewBot(Easy, 1).timeFor(time.Hour, false); got != levels[Easy].Cap {
		t.Errorf("easy with an hour: %v, want %v", got, levels[Easy].Cap)
	}
	if got := NewBot(Hard, 1).timeFor(time.Hour, true); got != levels[Hard].Cap {
		t.Errorf("hard with an hour: %v, want %v", got, levels[Hard].Cap)
	}
}
