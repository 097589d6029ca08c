package puzzle

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/game"
)

// MineConfig shapes Mine.
type MineConfig struct {
	Info    *game.Info
	Options game.Options
	// Limits bound each uniqueness check.
	Limits Limits
	// Count stops the miner after this many new puzzles (0: no bound).
	Count int
	// Time stops the miner after this long (0: no bound).
	Time time.Duration
	// Seed seeds the bots' games: the same seed finds the same puzzles.
	Seed uint64
	// MinPly is the first ply examined in each game: openings are rarely
	// decided.
	MinPly int
	// MaxPly ends a bot game that has not finished.
	MaxPly int
	// Scan is how many positions of each game are checked, from its end
	// back (default 12).
	Scan int
	// Vary is how many random continuations of each examined position are
	// examined too: one to three listed moves, drawn from Seed. A game
	// with few forced wins near its end yields more from its endgame than
	// from new games (Villa Paletti).
	Vary int
	// Derive, when set, turns a position of the bot game (after moves)
	// into the puzzle's: the same position under other options (see
	// NextPushOff), or false to skip it. Unset: the position as played.
	Derive func(info *game.Info, opts game.Options, st game.State, moves []string) (game.State, game.Options, bool)
	// MinMate keeps only puzzles whose solution is at least this many
	// plies long: to add longer wins to a set of mostly wins at once.
	MinMate int
	// OnePerMove keeps one puzzle per game and first solution move: a
	// threat the bots leave standing for several plies makes a run of
	// positions with one answer, one puzzle in all.
	OnePerMove bool
	// Known reports positions already mined (by position text), skipped.
	Known func(position string) bool
	// Now is the clock (default time.Now).
	Now func() time.Time
}

// DefaultLimits are the checks' limits per game: the horizon each game's
// search reaches in well under a second at most positions.
var DefaultLimits = map[string]Limits{
	"tictactoe":    {Depth: 9, Nodes: 2_000_000},
	"pathagon":     {Depth: 5, Nodes: 400_000},
	"abalone":      {Depth: 4, Nodes: 400_000, Fastest: true},
	"palago":       {Depth: 3, Nodes: 400_000},
	"talat":        {Depth: 4, Nodes: 400_000},
	"villapaletti": {Depth: 3, Nodes: 4_000, Exhaustive: true, Class: VillaClass},
}

// Mining is how the miner reads each game's bot games where the defaults
// do not fit (MineConfig.Scan, MineConfig.Vary).
var Mining = map[string]struct {
	Scan, Vary int
	OnePerMove bool
}{
	// Villa Paletti's forced wins are in the last few turns, where the
	// columns run out; one bot game ends only one way, so each of its last
	// six positions is also tried with sixteen random continuations (a
	// bot game costs more than a hundred checks), and of the positions of
	// one game with the same answer one is kept.
	"villapaletti": {Scan: 6, Vary: 16, OnePerMove: true},
}

// Mine plays bot games (bot:easy, whose noisy choices leave wins on the
// board) to their end and checks their positions with Solve from the last
// back to MinPly, at most Scan of them: forced wins gather near the end of
// a game, so a finished game is read backwards. Each new puzzle goes to
// emit, whose error stops the miner. It returns when Count puzzles are
// found, Time has passed, or ctx ends (then with nil).
func Mine(ctx context.Context, cfg MineConfig, emit func(Puzzle) error) error {
	now := cfg.Now
	if now == nil {
		now = time.Now
	}
	if cfg.MaxPly <= 0 {
		cfg.MaxPly = 300
	}
	if cfg.Scan <= 0 {
		cfg.Scan = 12
	}
	start := now()
	over := func() bool { return ctx.Err() != nil || (cfg.Time > 0 && now().Sub(start) >= cfg.Time) }
	found := 0
	seen := map[string]bool{}
	for g := uint64(0); ; g++ {
		opts := cfg.Options
		opts.Seed = cfg.Seed + g
		st, err := cfg.Info.New(opts)
		if err != nil {
			return fmt.Errorf("puzzle: %w", err)
		}
		bot := ai.NewBot(ai.Easy, cfg.Seed*1_000_003+g)
		states := []game.State{st}
		var moves []string
		for ply := 0; ply < cfg.MaxPly && st.ToMove() != game.NoPlayer; ply++ {
			if over() {
				return nil
			}
			var m game.Move
			if st.ToMove() == game.Chance {
				m = st.ChanceOutcomes()[int(cfg.Seed+g+uint64(ply))%len(st.ChanceOutcomes())].Move
			} else {
				rep, err := bot.Choose(ctx, st, ai.Budget{Nodes: 20_000})
				if err != nil {
					if ctx.Err() != nil {
						return nil
					}
					return fmt.Errorf("puzzle: bot: %w", err)
				}
				m = rep.Move
			}
			moves = append(moves, st.MoveString(m))
			if st, err = st.Play(m); err != nil {
				return fmt.Errorf("puzzle: %w", err)
			}
			states = append(states, st)
		}
		answered := map[string]bool{} // first solution moves of this game's puzzles
		rng := rand.New(rand.NewPCG(cfg.Seed, g))
		for i, n := len(states)-1, 0; i >= cfg.MinPly && n < cfg.Scan; i-- {
			for v := 0; v <= cfg.Vary; v++ {
				if over() {
					return nil
				}
				st := states[i]
				line := moves[:i]
				if v > 0 {
					st, line = vary(rng, st, line, classOf(cfg.Limits))
				}
				pos := st.String()
				if st.ToMove() < 0 || seen[pos] || (cfg.Known != nil && cfg.Known(pos)) {
					continue
				}
				seen[pos] = true
				popts := opts
				if cfg.Derive != nil {
					var ok bool
					if st, popts, ok = cfg.Derive(cfg.Info, opts, st, line); !ok {
						continue
					}
				}
				if v == 0 {
					n++
				}
				if p, ok := candidate(ctx, cfg, st, line, popts); ok && p.Mate >= cfg.MinMate {
					if cfg.OnePerMove && answered[p.Solution[0]] {
						continue
					}
					answered[p.Solution[0]] = true
					if err := emit(p); err != nil {
						return err
					}
					if found++; cfg.Count > 0 && found >= cfg.Count {
						return nil
					}
				}
			}
		}
	}
}

// vary plays one to three random listed moves from st (fewer if the game
// ends), each of a class drawn at random, and returns the position and
// the moves leading to it.
func vary(rng *rand.Rand, st game.State, moves []string, class func(string) string) (game.State, []string) {
	line := slices.Clone(moves)
	for k := 1 + rng.IntN(3); k > 0 && st.ToMove() >= 0; k-- {
		var m game.Move
		if st.ToMove() == game.Chance {
			cs := st.ChanceOutcomes()
			m = cs[rng.IntN(len(cs))].Move
		} else {
			// A class at random, then one of its moves: a column is as
			// likely as another however many targets it has, and floor
			// proposals (hundreds of poses, one class) do not crowd out
			// the columns.
			byClass := map[string][]game.Move{}
			var classes []string
			for _, lm := range st.LegalMoves(nil) {
				c := class(st.MoveString(lm))
				if byClass[c] == nil {
					classes = append(classes, c)
				}
				byClass[c] = append(byClass[c], lm)
			}
			ms := byClass[classes[rng.IntN(len(classes))]]
			m = ms[rng.IntN(len(ms))]
		}
		next, err := st.Play(m)
		if err != nil {
			break
		}
		line = append(line, st.MoveString(m))
		st = next
	}
	return st, line
}

// candidate checks st: a quick search at a shallower horizon for any
// forced win, then the full Solve.
func candidate(ctx context.Context, cfg MineConfig, st game.State, moves []string, opts game.Options) (Puzzle, bool) {
	if !cfg.Limits.Exhaustive {
		quick := alphabeta.New(alphabeta.Config{Threads: 1, HashMiB: 4})
		res, err := quick.Search(ctx, st, alphabeta.Limits{Depth: max(1, cfg.Limits.Depth-2), Nodes: cfg.Limits.Nodes})
		if err != nil || res.Score <= alphabeta.WinBound {
			return Puzzle{}, false
		}
	}
	l, err := solve(ctx, st, cfg.Limits)
	if err != nil {
		return Puzzle{}, false // not a puzzle, or the search was cancelled
	}
	sol, horizon := l.moves, l.horizon
	legal := len(st.LegalMoves(nil))
	solver := 0
	cur := st
	for _, t := range sol {
		if cur.ToMove() == st.ToMove() {
			solver++
		}
		m, _ := cur.ParseMove(t)
		cur, _ = cur.Play(m)
	}
	p := Puzzle{
		Game: cfg.Info.ID, Variant: opts.Variant, Players: st.NumPlayers(), Options: opts.Values, Seed: opts.Seed,
		Moves: append([]string{}, moves...), Position: st.String(), ToMove: int(st.ToMove()),
		Solution: sol, Accept: acceptOf(l), Mate: len(sol), Horizon: horizon, Legal: legal, Rating: Difficulty(solver, legal),
	}
	return p, true
}
