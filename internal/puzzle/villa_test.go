package puzzle

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
)

// Villa Paletti positions, by what the exhaustive check must say of them:
// three from one bot:easy game, one a mined puzzle's.
const (
	// Blue and green to move, holding the seal, near the end: blue-thin-1
	// and green-medium both win (every target of each).
	villaTwoWins = `floors: blue (0,0,0), green (20,-20,240), yellow (30,0,90), orange (10,10,90), red (40,10,240); columns: blue-thin-1 3 (0,-40), blue-thin-2 2 (40,10) frozen, blue-thin-3 1 (60,-10) frozen, blue-medium 0 (-26.87,-26.87) frozen, blue-thick 5 (50,-10), yellow-thin-1 0 (45.255,45.255) frozen, yellow-thin-2 1 (-10,0) frozen, yellow-thin-3 2 (40,-10) frozen, yellow-medium out, yellow-thick 4 (40,10) frozen, green-thin-1 5 (60,20) on red-thin-1, green-thin-2 5 (50,-10) on blue-thick, green-thin-3 5 (40,20), green-medium 3 (0,0), green-thick 3 (70,-20) frozen, red-thin-1 5 (60,20), red-thin-2 5 (50,40), red-thin-3 0 (61.819,-16.564) frozen, red-medium 3 (40,20) frozen, red-thick 3 (50,-50) frozen; seal: 0 after 1; claimed: yes; turn: 0; rng: 9e3779b97f4a7c16`
	// Two plies earlier in the same game, blue and green to move: no move
	// wins within three plies.
	villaNoWin = `floors: blue (0,0,0), green (20,-20,240), yellow (30,0,90), orange (10,10,90), red (40,10,240); columns: blue-thin-1 3 (0,-40), blue-thin-2 2 (40,10) frozen, blue-thin-3 1 (60,-10) frozen, blue-medium 0 (-26.87,-26.87) frozen, blue-thick 5 (50,-10), yellow-thin-1 0 (45.255,45.255) frozen, yellow-thin-2 1 (-10,0) frozen, yellow-thin-3 2 (40,-10) frozen, yellow-medium out, yellow-thick 4 (40,10) frozen, green-thin-1 5 (60,20) on red-thin-1, green-thin-2 5 (50,-10) on blue-thick, green-thin-3 3 (40,40), green-medium 3 (0,0), green-thick 3 (70,-20) frozen, red-thin-1 5 (60,20), red-thin-2 5 (50,40), red-thin-3 0 (61.819,-16.564) frozen, red-medium 3 (40,20) frozen, red-thick 3 (50,-50); seal: 0 after 1; claimed: yes; turn: 0; rng: 9e3779b97f4a7c16`
	// The last position of that game, blue and green to move with
	// green-medium the only column that can move: nine targets, one class,
	// nothing to find.
	villaOneColumn = `floors: blue (0,0,0), green (20,-20,240), yellow (30,0,90), orange (10,10,90), red (40,10,240); columns: blue-thin-1 5 (60,20) on green-thin-1, blue-thin-2 2 (40,10) frozen, blue-thin-3 1 (60,-10) frozen, blue-medium 0 (-26.87,-26.87) frozen, blue-thick 5 (50,-10), yellow-thin-1 0 (45.255,45.255) frozen, yellow-thin-2 1 (-10,0) frozen, yellow-thin-3 2 (40,-10) frozen, yellow-medium out, yellow-thick 4 (40,10) frozen, green-thin-1 5 (60,20) on red-thin-1, green-thin-2 5 (50,-10) on blue-thick, green-thin-3 5 (40,20), green-medium 3 (0,0), green-thick 3 (70,-20) frozen, red-thin-1 5 (60,20), red-thin-2 5 (50,40), red-thin-3 0 (61.819,-16.564) frozen, red-medium 3 (40,20) frozen, red-thick 3 (50,-50) frozen; seal: 0 after 1; claimed: yes; turn: 0; rng: 9e3779b97f4a7c16`
	// Yellow and red to move: only yellow-thin-2 wins (in two plies: any
	// reply ends the game for them), and only at some of its targets.
	villaPuzzle = `floors: blue (0,0,0), green (0,0,0), yellow (-20,-20,180); columns: blue-thin-1 1 (50,30) frozen, blue-thin-2 0 (-45.255,45.255) frozen, blue-thin-3 3 (-30,-20), blue-medium 1 (20,-30) frozen, blue-thick 3 (20,-30), yellow-thin-1 3 (-10,-40), yellow-thin-2 1 (-90,20), yellow-thin-3 3 (-60,20), yellow-medium 2 (-10,0) frozen, yellow-thick 3 (-30,10), green-thin-1 3 (-10,-20), green-thin-2 3 (10,-60), green-thin-3 0 (45.255,-45.255) frozen, green-medium 3 (0,0), green-thick 2 (50,30), red-thin-1 1 (-10,0) frozen, red-thin-2 3 (10,20), red-thin-3 3 (-10,30), red-medium 2 (0,-40) frozen, red-thick 3 (30,0); seal: 1 after 0; claimed: yes; turn: 1; rng: 9e3779b97f4a7c16`
)

// The exhaustive check (Villa Paletti's) rejects a position where two
// columns win, one where nothing wins and one where a single column can
// move, and accepts one where one column wins, with every winning target
// of that column as an answer and no losing one.
func TestCheckVillaUniqueness(t *testing.T) {
	info := infoOf(t, "villapaletti")
	lim := DefaultLimits["villapaletti"]
	opts, err := info.Check(game.Options{Players: 2})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		position string
		want     error
		solution []string
	}{
		{"two columns win", villaTwoWins, ErrNotUnique, nil},
		{"no win", villaNoWin, ErrNoWin, nil},
		{"one column moves", villaOneColumn, ErrForced, nil},
		{"one column wins", villaPuzzle, nil, []string{"yellow-thin-2:1>(-10,-70)", "green-thick:2>(-40,-60)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := info.ParsePosition(tc.position, opts)
			if err != nil {
				t.Fatal(err)
			}
			l, err := solve(context.Background(), st, lim)
			if !errors.Is(err, tc.want) {
				t.Fatalf("solve: error %v, want %v", err, tc.want)
			}
			if tc.want != nil {
				return
			}
			if !slices.Equal(l.moves, tc.solution) {
				t.Errorf("solution %v, want %v", l.moves, tc.solution)
			}
			// Every accepted move takes the solution's column and wins;
			// every listed move left out does not win.
			first := VillaClass(l.moves[0])
			acc := l.accept[0]
			if !slices.Contains(acc, l.moves[0]) {
				t.Errorf("the solution %s is not among the accepted %v", l.moves[0], acc)
			}
			p := newProver(context.Background(), st.ToMove(), Limits{Nodes: 1_000_000})
			losing := 0
			for _, m := range st.LegalMoves(nil) {
				text := st.MoveString(m)
				next, err := st.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				wins := p.wins(next, lim.Depth-1)
				if in := slices.Contains(acc, text); in != wins {
					t.Errorf("%s: wins %v, accepted %v", text, wins, in)
				}
				if wins && VillaClass(text) != first {
					t.Errorf("%s wins: another column than %s", text, first)
				}
				if !wins && VillaClass(text) == first {
					losing++
				}
			}
			if len(acc) < 2 || losing == 0 {
				t.Errorf("want several winning and some losing targets of %s: %d accepted, %d losing", first, len(acc), losing)
			}
		})
	}
}

// VillaClass names the column taken, or the kind of the other moves.
func TestVillaClass(t *testing.T) {
	for in, want := range map[string]string{
		"blue-thin-2:0>(12.5,-30)": "blue-thin-2",
		"red-thin-1:5>blue-thick":  "red-thin-1",
		"propose:green(0,10,30)":   "propose",
		"place:green(0,10,90)":     "place",
		"pass":                     "pass",
		"remove:yellow-thick":      "remove:yellow-thick",
	} {
		if got := VillaClass(in); got != want {
			t.Errorf("VillaClass(%q) = %q, want %q", in, got, want)
		}
	}
}

// Every shipped Villa Paletti puzzle is proven again, as "tabula puzzles
// check villapaletti" does, within the time CI allows.
func TestShippedVillaProofs(t *testing.T) {
	all, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	info := infoOf(t, "villapaletti")
	lim := DefaultLimits["villapaletti"]
	start := time.Now()
	for _, p := range all["villapaletti"] {
		if err := Verify(context.Background(), info, p, lim); err != nil {
			t.Error(err)
		}
	}
	t.Logf("%d puzzles in %v", len(all["villapaletti"]), time.Since(start))
}
