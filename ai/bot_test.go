package ai_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/internal/testgames"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games/tictactoe"
)

func TestFromSpec(t *testing.T) {
	for _, spec := range ai.Specs() {
		a, err := ai.FromSpec(spec, 1)
		if err != nil {
			t.Fatalf("FromSpec(%q): %v", spec, err)
		}
		if a.Name() != spec {
			t.Errorf("FromSpec(%q).Name() = %q", spec, a.Name())
		}
	}
	if a, err := ai.FromSpec(`cmd:"tabula engine race"`, 1); err != nil || a.Name() != "cmd:tabula engine race" {
		t.Errorf("cmd spec: %v, %v", a, err)
	}
	for _, bad := range []string{"", "bot:godlike", "cmd:", "human"} {
		if _, err := ai.FromSpec(bad, 1); err == nil {
			t.Errorf("FromSpec(%q) succeeded", bad)
		}
	}
}

// play runs a whole game with the given agents in seat order, with chance
// drawn from the first outcome alternately, and checks every move is legal.
func play(t *testing.T, s game.State, agents []ai.Agent, b ai.Budget) game.State {
	t.Helper()
	for ply := 0; s.ToMove() != game.NoPlayer; ply++ {
		var m game.Move
		if p := s.ToMove(); p == game.Chance {
			m = s.ChanceOutcomes()[ply%2].Move
		} else {
			r, err := agents[p].Choose(context.Background(), s, b)
			if err != nil {
				t.Fatalf("%s at %s: %v", agents[p].Name(), s, err)
			}
			if !slices.Contains(s.LegalMoves(nil), r.Move) {
				t.Fatalf("%s at %s: illegal move %d", agents[p].Name(), s, r.Move)
			}
			m = r.Move
		}
		var err error
		if s, err = s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestEveryLevelPlaysLegally(t *testing.T) {
	games := []struct {
		info    *game.Info
		players int
	}{{tictactoe.Info, 2}, {testgames.Nim(), 2}, {race.NewInfo(), 1}, {race.NewInfo(), 3}}
	for _, spec := range ai.Specs() {
		for _, g := range games {
			t.Run(spec+"/"+g.info.ID, func(t *testing.T) {
				s, err := g.info.New(game.Options{Players: g.players})
				if err != nil {
					t.Fatal(err)
				}
				var agents []ai.Agent
				for i := range g.players {
					a, _ := ai.FromSpec(spec, uint64(i))
					agents = append(agents, a)
				}
				play(t, s, agents, ai.Budget{Time: 20 * time.Millisecond})
			})
		}
	}
}

func TestBudgetAndCancel(t *testing.T) {
	s, _ := testgames.Nim().New(game.Options{Values: map[string]string{"pile": "500"}})
	tt, _ := tictactoe.Info.New(game.Options{})
	for _, spec := range []string{"bot:hard", "bot:max"} {
		for _, st := range []game.State{s, tt, testgames.Bare{State: tt}} {
			a, _ := ai.FromSpec(spec, 1)
			start := time.Now()
			if _, err := a.Choose(context.Background(), st, ai.Budget{Time: 50 * time.Millisecond}); err != nil {
				t.Fatal(err)
			}
			if d := time.Since(start); d > 400*time.Millisecond {
				t.Errorf("%s on %s: %v with a 50ms budget", spec, st, d)
			}
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(30*time.Millisecond, cancel)
			start = time.Now()
			r, err := a.Choose(ctx, st, ai.Budget{Time: time.Hour})
			if err != nil {
				t.Fatal(err)
			}
			if d := time.Since(start); d > 400*time.Millisecond {
				t.Errorf("%s on %s: returned %v after cancel", spec, st, d)
			}
			if !slices.Contains(st.LegalMoves(nil), r.Move) {
				t.Errorf("%s: illegal move after cancel", spec)
			}
		}
	}
	a, _ := ai.FromSpec("bot:hard", 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := a.Choose(ctx, s, ai.Budget{}); !errors.Is(err, context.Canceled) {
		t.Errorf("Choose on a done context: %v, want context.Canceled", err)
	}
}

// Tic-tac-toe is a draw with best play: the hard bot (a full search) never
// loses, and the easy bot's noise lets it lose some games to it.
func TestEasyLosesToHard(t *testing.T) {
	hardWins := 0
	for g := range 12 {
		easy, _ := ai.FromSpec("bot:easy", uint64(g))
		hard, _ := ai.FromSpec("bot:hard", uint64(g))
		agents := []ai.Agent{easy, hard}
		hardSeat := game.Player(1)
		if g%2 == 1 {
			agents[0], agents[1], hardSeat = hard, easy, 0
		}
		s, _ := tictactoe.Info.New(game.Options{})
		o, _ := play(t, s, agents, ai.Budget{Depth: 9, Time: time.Second}).Outcome()
		switch {
		case o.Won(hardSeat):
			hardWins++
		case !o.IsDraw():
			t.Fatalf("game %d: the hard bot lost", g)
		}
	}
	if hardWins == 0 {
		t.Fatal("the easy bot never lost to the hard one in 12 games")
	}
}

// TestSpecsListTheLevels checks that the specs FromSpec knows are "random"
// and the level table's names, in order: spec.go still lists them itself,
// and this keeps the two lists one.
func TestSpecsListTheLevels(t *testing.T) {
	want := append([]string{"random"}, ai.LevelSpecs()...)
	if got := ai.Specs(); !slices.Equal(got, want) {
		t.Errorf("Specs() = %q, want %q", got, want)
	}
	for _, name := range ai.LevelSpecs() {
		a, err := ai.FromSpec(name, 1)
		if err != nil {
			t.Fatal(err)
		}
		l, _ := ai.ParseLevel(name)
		if b, ok := a.(*ai.Bot); !ok || b.Level() != l {
			t.Errorf("FromSpec(%q) = %T %v, want the bot of level %v", name, a, a, l)
		}
	}
}
