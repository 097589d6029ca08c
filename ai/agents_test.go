package ai_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games"
)

const (
	// agentBudget is the time each agent is given per move: small, so the
	// whole table stays within seconds, yet enough for a few iterations.
	agentBudget = 50 * time.Millisecond
	// cancelAfter is when the context of an unbounded search is cancelled.
	cancelAfter = 20 * time.Millisecond
	// cancelBound is how soon after the cancel an agent must have returned.
	cancelBound = 100 * time.Millisecond
	// slack absorbs what is not the agent's fault: the race detector, a
	// 2-core machine shared by several builds, timer and scheduler delays.
	slack = 150 * time.Millisecond
	// tries is how often a position is retried when a timing bound fails:
	// other test binaries share the two cores and may deschedule a search.
	tries = 3
	// midPlies are the random plies played from the start to reach the
	// mid-game positions tried besides the start.
	midA, midB = 7, 24
)

// setup is one way to seat a game: a variant and a player count.
type setup struct {
	variant string
	players int
}

// setups lists the variants and player counts each game is tried with:
// every variant, and the extremes of the player counts a variant allows.
func setups(info *game.Info) []setup {
	var out []setup
	for _, v := range info.Variants {
		if n, ok := info.VariantPlayers[v]; ok {
			out = append(out, setup{v, n})
			continue
		}
		var counts []int
		for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
			if info.AllowsPlayers(n) {
				counts = append(counts, n)
			}
		}
		// The smallest and the largest count; with a solo mode and a
		// multiplayer range (Palagonia: 1, 3-5) the smallest of the range too.
		pick := []int{counts[0], counts[len(counts)-1]}
		if len(counts) > 2 && counts[1] > counts[0]+1 {
			pick = append(pick, counts[1])
		}
		slices.Sort(pick)
		for _, n := range slices.Compact(pick) {
			out = append(out, setup{v, n})
		}
	}
	return out
}

// positions returns the start and positions after midA and midB random
// plies (or the last position before the game ended), all with a seat to
// move.
func positions(t *testing.T, start game.State, rng *rand.Rand) []game.State {
	t.Helper()
	out := []game.State{start}
	s := start
	for ply := 1; ply <= midB; ply++ {
		var m game.Move
		switch p := s.ToMove(); p {
		case game.NoPlayer:
			return out
		case game.Chance:
			m = ai.SampleChance(s, rng)
		default:
			moves := s.LegalMoves(nil)
			m = moves[rng.IntN(len(moves))]
		}
		next, err := s.Play(m)
		if err != nil {
			t.Fatalf("random play at %s: %v", s, err)
		}
		if next.ToMove() == game.NoPlayer {
			break
		}
		s = next
		if (ply >= midA && len(out) == 1 || ply == midB) && s.ToMove() >= 0 {
			out = append(out, s)
		}
	}
	if last := out[len(out)-1]; last != s && s.ToMove() >= 0 && len(out) < 3 {
		out = append(out, s)
	}
	return out
}

// legal reports whether m may be played in s: listed by LegalMoves, or, for
// a game whose moves are continuous (Villa Paletti lists a finite sample of
// its placements), accepted by Play.
func legal(s game.State, m game.Move) bool {
	if slices.Contains(s.LegalMoves(nil), m) {
		return true
	}
	if s.Info().ID != "villapaletti" {
		return false
	}
	_, err := s.Play(m)
	return err == nil
}

// TestEveryAgentEveryGame: each agent, on every game, variant and player
// count, returns a legal move from the start and from mid-game positions,
// within its time budget, and promptly once its context is cancelled
// (ai.Agent's contract).
func TestEveryAgentEveryGame(t *testing.T) {
	var worstOver, worstCancel time.Duration // for the log: how close to the bounds
	defer func() { t.Logf("worst: %v over the budget, %v to return after a cancel", worstOver, worstCancel) }()
	for _, info := range games.All() {
		for _, su := range setups(info) {
			name := fmt.Sprintf("%s/%s/%dp", info.ID, su.variant, su.players)
			start, err := info.New(game.Options{Variant: su.variant, Players: su.players, Seed: 7})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			rng := rand.New(rand.NewPCG(uint64(len(name)), 3))
			for start.ToMove() == game.Chance {
				if start, err = start.Play(ai.SampleChance(start, rng)); err != nil {
					t.Fatal(err)
				}
			}
			states := positions(t, start, rng)
			for _, spec := range ai.Specs() {
				t.Run(name+"/"+spec, func(t *testing.T) {
					a, err := ai.FromSpec(spec, 1)
					if err != nil {
						t.Fatal(err)
					}
					for i, s := range states {
						// A timing bound may fail because the machine was
						// busy; a real overrun fails every try.
						var late []string
						for range tries {
							late = late[:0]
							begin := time.Now()
							r, err := a.Choose(context.Background(), s, ai.Budget{Time: agentBudget})
							took := time.Since(begin)
							if err != nil {
								t.Fatalf("position %d: %v", i, err)
							}
							if !legal(s, r.Move) {
								t.Errorf("position %d (%s): move %d (%q) is not legal", i, s, r.Move, s.MoveString(r.Move))
							}
							worstOver = max(worstOver, took-agentBudget)
							if took > agentBudget+slack {
								late = append(late, fmt.Sprintf("took %v with a %v budget", took, agentBudget))
							}

							ctx, cancel := context.WithCancel(context.Background())
							timer := time.AfterFunc(cancelAfter, cancel)
							begin = time.Now()
							r, err = a.Choose(ctx, s, ai.Budget{Time: time.Hour})
							took = time.Since(begin)
							timer.Stop()
							cancel()
							if errors.Is(err, context.Canceled) {
								// The cancel fired before the agent first looked
								// at ctx: this goroutine was descheduled for
								// cancelAfter, a busy machine, not the agent.
								late = append(late, fmt.Sprintf("cancelled before the search began (after %v)", took))
								continue
							}
							if err != nil {
								t.Fatalf("position %d, cancelled: %v", i, err)
							}
							if !legal(s, r.Move) {
								t.Errorf("position %d (%s), cancelled: move %d (%q) is not legal", i, s, r.Move, s.MoveString(r.Move))
							}
							worstCancel = max(worstCancel, took-cancelAfter)
							if took > cancelAfter+cancelBound+slack {
								late = append(late, fmt.Sprintf("returned %v after a cancel at %v", took, cancelAfter))
							}
							if len(late) == 0 {
								break
							}
						}
						if len(late) > 0 {
							t.Errorf("position %d, on each of %d tries; the last: %v", i, tries, late)
						}
					}
				})
			}
		}
	}
}
