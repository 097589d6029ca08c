package main

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/arena"
)

// runMatch plays agent A against agent B and prints the score and Elo.
func runMatch(ctx context.Context, e *env) error {
	fs := e.newFlagSet()
	g := gameFlags{seed: 1} // --seed also seeds the agents (and, in match, the openings and chance)
	g.register(fs, false)
	a := fs.String("a", "", "agent A: "+strings.Join(ai.Specs(), ", ")+" or cmd:\"PROGRAM ARGS\"; engine options may follow: bot:max?Threads=2&Hash=64, cmd:\"PROGRAM ARGS\"?Threads=2")
	b := fs.String("b", "", "agent B, named like A")
	n := fs.Int("games", 100, "number of games (rounded up to whole rounds of seatings)")
	moveTime := fs.Duration("movetime", 100*time.Millisecond, "time per move")
	seed := &g.seed
	randomPlies := fs.Int("random-plies", 2, "random plies opening each game (0: none)")
	parallel := fs.Int("parallel", 2, "games played at once")
	sprt := fs.String("sprt", "", "stop early by SPRT: ELO0,ELO1 (alpha = beta = 0.05)")
	quiet := fs.Bool("quiet", false, "no progress line on stderr")
	grace := fs.Duration("grace", 0, "how long a cmd: engine may overrun its time, and then take to answer stop, before it is given up on (0: 2s)")
	list := fs.String("agents", "", "round robin instead of --a and --b: every pair of these comma-separated agents plays --games games, then a rating list anchored at the first agent = 0")
	info, rest, err := parseGameArgs(e, fs, e.args)
	if err != nil {
		return err
	}
	var agents []string
	if *list != "" {
		agents = strings.Split(*list, ",")
	}
	switch {
	case len(rest) > 0:
		return fmt.Errorf("%w: unexpected argument %q", errUsage, rest[0])
	case *list != "" && (*a != "" || *b != ""):
		return fmt.Errorf("%w: --agents replaces --a and --b", errUsage)
	case *list != "" && len(agents) < 2:
		return fmt.Errorf("%w: --agents %q: want at least two agents", errUsage, *list)
	case *list == "" && (*a == "" || *b == ""):
		return fmt.Errorf("%w: want --a SPEC and --b SPEC", errUsage)
	case *n < 1:
		return fmt.Errorf("%w: --games %d: want at least 1", errUsage, *n)
	}
	if s, err := info.New(g.gameOptions()); err == nil { // a bad option is reported by arena.Run
		if k := arena.RoundSize(s.NumPlayers()); *n%k != 0 {
			*n += k - *n%k // every agent in every seat equally often
		}
	}
	cfg := arena.Config{
		Game: info, Options: g.gameOptions(), A: *a, B: *b, Games: *n, MoveTime: *moveTime,
		Seed: *seed, RandomPlies: *randomPlies, Parallel: *parallel,
	}
	if *grace > 0 {
		cfg.NewAgent = func(spec string, seed uint64) (ai.Agent, error) {
			a, err := ai.FromSpec(spec, seed)
			if ext, ok := a.(*ai.External); ok {
				ext.SetGrace(*grace)
			}
			return a, err
		}
	}
	if agents != nil {
		return roundRobin(ctx, e, cfg, agents)
	}
	if *randomPlies == 0 {
		cfg.RandomPlies = -1
	}
	if *sprt != "" {
		lo, hi, ok := strings.Cut(*sprt, ",")
		e0, err0 := strconv.ParseFloat(lo, 64)
		e1, err1 := strconv.ParseFloat(hi, 64)
		if !ok || err0 != nil || err1 != nil || e0 >= e1 {
			return fmt.Errorf("%w: --sprt %q: want ELO0,ELO1 with ELO0 < ELO1", errUsage, *sprt)
		}
		cfg.SPRT = &arena.SPRT{Elo0: e0, Elo1: e1, Alpha: 0.05, Beta: 0.05}
	}
	if !*quiet {
		cfg.Progress = func(r arena.Result) {
			fmt.Fprintf(e.stderr, "\r%d/%d  %s  ", r.Played, *n, r.Describe())
		}
	}
	fmt.Fprintf(e.stdout, "match %s: %s vs %s, %d games, movetime %v, seed %d\n", info.ID, *a, *b, *n, *moveTime, *seed)
	res, err := arena.Run(ctx, cfg)
	if !*quiet {
		fmt.Fprintln(e.stderr)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s vs %s: %s\n", *a, *b, res.Describe())
	if res.Played > 0 {
		fmt.Fprintf(e.stdout, "average length: %.1f plies\n", float64(res.Plies)/float64(res.Played))
		fmt.Fprintf(e.stdout, "ended: %s\n", res.EndsString())
	}
	printForfeits(e, res)
	return nil
}

// printForfeits says why each forfeited game was lost (arena.Forfeit).
func printForfeits(e *env, res arena.Result) {
	for _, f := range res.Forfeits {
		fmt.Fprintf(e.stdout, "forfeit: %v\n", f.Err)
	}
}

// roundRobin plays every pair of agents with cfg's settings, the later
// agent of each pair as A, and prints each match and the rating list
// (arena.Ratings, the first agent at 0).
func roundRobin(ctx context.Context, e *env, cfg arena.Config, agents []string) error {
	fmt.Fprintf(e.stdout, "round robin %s: %s, %d games a pair, movetime %v, seed %d\n",
		cfg.Game.ID, strings.Join(agents, ", "), cfg.Games, cfg.MoveTime, cfg.Seed)
	var pairs []arena.Pair
	for i := range agents {
		for j := i + 1; j < len(agents); j++ {
			c := cfg
			c.A, c.B = agents[j], agents[i]
			res, err := arena.Run(ctx, c)
			if err != nil {
				return err
			}
			fmt.Fprintf(e.stdout, "%s vs %s: %s\n", c.A, c.B, res.Describe())
			printForfeits(e, res)
			pairs = append(pairs, arena.Pair{A: j, B: i, Score: res.Score})
		}
	}
	fmt.Fprintf(e.stdout, "\n| agent | Elo | 95%% | games |\n|---|---|---|---|\n")
	for _, r := range arena.Ratings(agents, pairs, 0) {
		margin := "anchor"
		if r.Margin > 0 {
			margin = fmt.Sprintf("±%.0f", r.Margin)
		}
		fmt.Fprintf(e.stdout, "| %s | %.0f | %s | %d |\n", r.Agent, r.Elo, margin, r.Games)
	}
	return nil
}
