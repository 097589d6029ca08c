package arena

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// buildCrashEngine builds testdata/crashengine, a tic-tac-toe engine that
// exits on its second search whenever it plays the second seat, and
// returns its cmd: agent spec.
func buildCrashEngine(t *testing.T) string {
	t.Helper()
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the test engine")
	}
	bin := filepath.Join(t.TempDir(), "crashengine")
	if out, err := exec.Command(gobin, "build", "-o", bin, "./testdata/crashengine").CombinedOutput(); err != nil {
		t.Fatalf("building the test engine: %v\n%s", err, out)
	}
	return "cmd:" + bin
}

// TestMatchForfeit: an engine that dies mid-game forfeits that game (a
// loss for its side, "forfeit" in the ends, listed in Forfeits) and the
// match plays on to its last game. The engine crashes only in the games
// where it has the second seat, so half the games are forfeited and the
// other half are played out.
func TestMatchForfeit(t *testing.T) {
	crash := buildCrashEngine(t)
	const games = 6
	for _, tc := range []struct {
		name      string
		a, b      string
		forfeiter string
		// failedGames are the games (from 1) where the engine has seat 1:
		// A's even games, B's odd ones (seats alternate, A first).
		failedGames []int
	}{
		{"A's engine fails", crash, "random", crash, []int{2, 4, 6}},
		{"B's engine fails", "random", crash, crash, []int{1, 3, 5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Run(context.Background(), Config{Game: tictactoe.Info, A: tc.a, B: tc.b, Games: games, Seed: 1, RandomPlies: -1})
			if err != nil {
				t.Fatalf("the match stopped: %v", err)
			}
			if res.Played != games || res.Games() != games {
				t.Errorf("played %d games (%s), want all %d", res.Played, res.Describe(), games)
			}
			if got := res.Ends[EndForfeit]; got != len(tc.failedGames) {
				t.Errorf("ends %q: %d forfeits, want %d", res.EndsString(), got, len(tc.failedGames))
			}
			if len(res.Forfeits) != len(tc.failedGames) {
				t.Fatalf("Forfeits %v, want games %v", res.Forfeits, tc.failedGames)
			}
			for k, f := range res.Forfeits {
				if f.Game != tc.failedGames[k] || f.Agent != tc.forfeiter || !errors.Is(f.Err, ai.ErrEngine) {
					t.Errorf("forfeit %d: game %d by %q (%v), want game %d by the engine with an ai.ErrEngine",
						k, f.Game, f.Agent, f.Err, tc.failedGames[k])
				}
			}
			// Every forfeit is a loss for the engine's side; the other
			// games are random against random and may end either way.
			lost, won := res.Losses, res.Wins
			if tc.b == crash {
				lost, won = res.Wins, res.Losses
			}
			if lost < len(tc.failedGames) {
				t.Errorf("%s: the engine's side lost %d games, fewer than its %d forfeits", res.Describe(), lost, len(tc.failedGames))
			}
			if won+res.Draws+lost != games {
				t.Errorf("%s does not add up to %d games", res.Describe(), games)
			}
		})
	}
}

// TestMatchForfeitSolo: in a one-player game the agent that fails loses
// the game; the match goes on.
func TestMatchForfeitSolo(t *testing.T) {
	boom := errors.New("boom")
	newAgent := func(spec string, seed uint64) (ai.Agent, error) {
		if spec == "broken" && seed != 0 { // seed 0: Run's check of the specs
			return nil, boom
		}
		return ai.FromSpec("random", seed)
	}
	for _, tc := range []struct {
		a, b       string
		wins, loss int
	}{
		{"broken", "random", 0, 4},
		{"random", "broken", 4, 0},
	} {
		res, err := Run(context.Background(), Config{Game: race.NewInfo(), Options: game.Options{Players: 1}, A: tc.a, B: tc.b, Games: 4, Seed: 1, NewAgent: newAgent})
		if err != nil {
			t.Fatalf("%s vs %s: the match stopped: %v", tc.a, tc.b, err)
		}
		if res.Wins != tc.wins || res.Losses != tc.loss || res.Ends[EndForfeit] != 4 || len(res.Forfeits) != 4 || !errors.Is(res.Forfeits[0].Err, boom) {
			t.Errorf("%s vs %s: %s, ends %q, forfeits %v; want +%d -%d, all forfeited", tc.a, tc.b, res.Describe(), res.EndsString(), res.Forfeits, tc.wins, tc.loss)
		}
	}
}

// stuck plays the first move it was ever offered, again and again: its
// second move is illegal.
type stuck struct{ m *[]game.Move }

func (stuck) Name() string { return "stuck" }

func (a stuck) Choose(_ context.Context, s game.State, _ ai.Budget) (ai.Report, error) {
	if len(*a.m) == 0 {
		*a.m = s.LegalMoves(nil)[:1]
	}
	return ai.Report{Move: (*a.m)[0]}, nil
}

// TestMatchForfeitIllegalMove: an agent's illegal move forfeits the game
// like an error does.
func TestMatchForfeitIllegalMove(t *testing.T) {
	newAgent := func(spec string, seed uint64) (ai.Agent, error) {
		if spec == "stuck" {
			return stuck{new([]game.Move)}, nil
		}
		return ai.FromSpec(spec, seed)
	}
	res, err := Run(context.Background(), Config{Game: tictactoe.Info, A: "random", B: "stuck", Games: 4, Seed: 1, RandomPlies: -1, NewAgent: newAgent})
	if err != nil {
		t.Fatalf("the match stopped: %v", err)
	}
	if res.Wins != 4 || res.Ends[EndForfeit] != 4 || len(res.Forfeits) != 4 || res.Forfeits[0].Agent != "stuck" {
		t.Errorf("%s, ends %q, forfeits %v; want +4, all forfeited by stuck", res.Describe(), res.EndsString(), res.Forfeits)
	}
}
