// Package arena plays matches between two agents: many games with sides
// alternating (seats rotating for more than two players) and varied
// openings, in parallel, with the Elo difference, its 95% interval and an
// optional sequential probability ratio test (SPRT) that stops the match as
// soon as the result is clear. An agent that fails during a game (an
// engine that dies, answers nonsense or plays an illegal move) forfeits
// that game, which counts as its loss, and the match goes on.
//
// With more than two players a round seats A alone in each seat against
// copies of B, then B alone in each seat against copies of A, so neither
// agent is favoured by the seating; a game counts as a win for A when A's
// seats finished ahead of B's seats more often than behind them (pairwise,
// over every A seat and B seat: a winner is ahead of a loser, and among
// seats that both won or both lost the higher game score is ahead). Equal
// agents then score 1/2 whatever the number of players, as in two-player
// games. In a one-player game A and B each play the same task (same start,
// opening and chance draws); A wins a game when it solves the task and B
// does not, or both do and A in fewer plies.
package arena

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
)

const (
	// defaultMaxPlies ends a game that runs on (a game without its own
	// ply cap, or agents shuffling forever) as a draw.
	defaultMaxPlies = 2000
	// defaultRandomPlies varies the openings: two random plies give
	// every pair of games its own start without spoiling the game.
	defaultRandomPlies = 2
)

// Config describes a match between agents A and B.
type Config struct {
	Game    *game.Info
	Options game.Options
	// A and B are agent specs for NewAgent.
	A, B string
	// NewAgent makes an agent for a spec (default ai.FromSpec). Each game
	// gets fresh agents; agents that are io.Closers are closed after it.
	NewAgent func(spec string, seed uint64) (ai.Agent, error)
	// Games is the number of games. The match plays exactly Games games;
	// make it a multiple of the round (2 seats; 2n for n > 2 players) for
	// seating to be balanced.
	Games int
	// MoveTime is each agent's budget per move (0: the agent's default).
	MoveTime time.Duration
	// Seed makes openings, chance events and agents reproducible.
	Seed uint64
	// RandomPlies is the number of random plies that open each game
	// (default 2; negative for none). Games come in rounds of one game per
	// seating (see the package doc), and every game of a round has the same
	// opening and the same chance draws, so neither agent is favoured by
	// them.
	RandomPlies int
	// Parallel is the number of games played at once (default 2).
	Parallel int
	// MaxPlies ends a longer game as a draw (default 2000).
	MaxPlies int
	// SPRT, when set, stops the match when the test decides.
	SPRT *SPRT
	// Progress, when set, is called after every game with the score so
	// far (never concurrently).
	Progress func(Result)
}

// Score counts games from A's point of view.
type Score struct {
	Wins, Draws, Losses int
}

// Games is the number of games counted.
func (s Score) Games() int { return s.Wins + s.Draws + s.Losses }

// Fraction is A's points per game: a win 1, a draw 1/2.
func (s Score) Fraction() float64 {
	return (float64(s.Wins) + float64(s.Draws)/2) / float64(s.Games())
}

// variance is the per-game variance of A's points.
func (s Score) variance() float64 {
	n, x := float64(s.Games()), s.Fraction()
	return (float64(s.Wins)*(1-x)*(1-x) + float64(s.Draws)*(0.5-x)*(0.5-x) + float64(s.Losses)*x*x) / n
}

// EloDiff is the logistic Elo difference that gives the expected score x:
// x = 1 / (1 + 10^(-d/400)).
func EloDiff(x float64) float64 { return -400 * math.Log10(1/x-1) }

// expected is the inverse of EloDiff.
func expected(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// Elo returns the Elo difference of A over B and its 95% confidence
// interval, from the normal approximation of the mean score (as cutechess
// reports it). Sweeps give infinite bounds.
func (s Score) Elo() (diff, lo, hi float64) {
	if s.Games() == 0 {
		return 0, math.Inf(-1), math.Inf(1)
	}
	x := s.Fraction()
	se := math.Sqrt(s.variance() / float64(s.Games()))
	return EloDiff(x), EloDiff(math.Max(0, x-z95*se)), EloDiff(math.Min(1, x+z95*se))
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against H1:
// Elo = Elo1 (logistic Elo), with error rates Alpha (accepting H1 wrongly)
// and Beta (accepting H0 wrongly).
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Bounds returns the log-likelihood-ratio bounds: at or below lower H0 is
// accepted, at or above upper H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the log-likelihood ratio of the score under the two hypotheses,
// in the normal approximation used by fishtest's GSPRT:
// n (s1 - s0) (2x - s0 - s1) / (2 var), with s0, s1 the expected scores at
// Elo0 and Elo1, x the mean score and var the per-game variance.
func (t SPRT) LLR(s Score) float64 {
	v := s.variance()
	if s.Games() == 0 || v == 0 {
		return 0
	}
	s0, s1 := expected(t.Elo0), expected(t.Elo1)
	return float64(s.Games()) * (s1 - s0) * (2*s.Fraction() - s0 - s1) / (2 * v)
}

// Decision is the test's verdict for s: "H0", "H1", or "" to go on.
func (t SPRT) Decision(s Score) string {
	lo, hi := t.Bounds()
	switch llr := t.LLR(s); {
	case llr <= lo:
		return "H0"
	case llr >= hi:
		return "H1"
	}
	return ""
}

// Result is a match's outcome.
type Result struct {
	Score
	Played int    // games played (fewer than Config.Games when SPRT stopped)
	SPRT   string // the SPRT decision, "" when none
	Plies  int    // total plies of the games, for averages
	// Ends counts the played games by how they ended: the outcome's
	// Reason ("push-off", "repetition", "ply-limit", ...), EndMaxPlies for
	// a game the arena cut at MaxPlies, EndForfeit for a game an agent
	// forfeited.
	Ends map[string]int
	// Forfeits lists the games forfeited by a failing agent, in game order.
	Forfeits []Forfeit
}

// Forfeit is a game lost because an agent failed in it.
type Forfeit struct {
	Game  int    // the game's number, from 1
	Agent string // the spec of the agent that failed: Config.A or Config.B
	Err   error  // what failed
}

const (
	// EndMaxPlies is the Ends key of games cut at Config.MaxPlies.
	EndMaxPlies = "max-plies"
	// EndForfeit is the Ends key of games an agent forfeited (see Forfeit).
	EndForfeit = "forfeit"
)

// EndsString lists Ends as "push-off 30, repetition 8", the most frequent
// first (ties by name), or "" when no game was played.
func (r Result) EndsString() string {
	keys := make([]string, 0, len(r.Ends))
	for k := range r.Ends {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if r.Ends[keys[i]] != r.Ends[keys[j]] {
			return r.Ends[keys[i]] > r.Ends[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, r.Ends[k])
	}
	return strings.Join(parts, ", ")
}

// Run plays the match.
func Run(ctx context.Context, cfg Config) (Result, error) {
	if cfg.NewAgent == nil {
		cfg.NewAgent = ai.FromSpec
	}
	if cfg.Parallel <= 0 {
		cfg.Parallel = 2
	}
	if cfg.MaxPlies <= 0 {
		cfg.MaxPlies = defaultMaxPlies
	}
	if cfg.RandomPlies == 0 {
		cfg.RandomPlies = defaultRandomPlies
	}
	opts, err := cfg.Game.Check(cfg.Options)
	if err != nil {
		return Result{}, err
	}
	cfg.Options = opts
	for _, spec := range []string{cfg.A, cfg.B} { // fail early on a bad spec
		a, err := cfg.NewAgent(spec, 0)
		if err != nil {
			return Result{}, err
		}
		closeAgent(a)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan int)
	var (
		mu       sync.Mutex
		res      Result
		firstErr error
		wg       sync.WaitGroup
	)
	for range cfg.Parallel {
		wg.Add(1)
		go func() { // ends when jobs is closed
			defer wg.Done()
			for i := range jobs {
				out, end, plies, forfeit, err := playGame(ctx, cfg, i)
				mu.Lock()
				switch {
				case err != nil:
					if firstErr == nil && ctx.Err() == nil {
						firstErr = err
					}
					cancel()
				case ctx.Err() == nil || res.SPRT != "":
					res.Played++
					res.Plies += plies
					if res.Ends == nil {
						res.Ends = map[string]int{}
					}
					res.Ends[end]++
					if forfeit != nil {
						res.Forfeits = append(res.Forfeits, *forfeit)
					}
					switch out {
					case 1:
						res.Wins++
					case 0:
						res.Draws++
					default:
						res.Losses++
					}
					if cfg.SPRT != nil && res.SPRT == "" {
						if d := cfg.SPRT.Decision(res.Score); d != "" {
							res.SPRT = d
							cancel()
						}
					}
					if cfg.Progress != nil {
						cfg.Progress(res)
					}
				}
				mu.Unlock()
			}
		}()
	}
feed:
	for i := range cfg.Games {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	sort.Slice(res.Forfeits, func(i, j int) bool { return res.Forfeits[i].Game < res.Forfeits[j].Game })
	if firstErr != nil {
		return res, firstErr
	}
	if res.SPRT == "" && ctx.Err() != nil {
		return res, ctx.Err()
	}
	return res, nil
}

func closeAgent(a ai.Agent) {
	if c, ok := a.(io.Closer); ok {
		_ = c.Close()
	}
}

// RoundSize is the number of games in one round of seatings for n
// players: each seat once for A when n <= 2, and for more players A alone
// in each seat and then B alone in each seat.
func RoundSize(n int) int {
	if n <= 2 {
		return n
	}
	return 2 * n
}

// seating returns, for game i of a match with n players, which seats A
// holds and the round the game belongs to.
func seating(i, n int) (seatsA []bool, round uint64) {
	k := RoundSize(n)
	j := i % k
	seatsA = make([]bool, n)
	if j < n {
		seatsA[j] = true // A alone in seat j
	} else {
		for p := range seatsA {
			seatsA[p] = p != j-n // B alone in seat j-n
		}
	}
	return seatsA, uint64(i / k)
}

// resultFor scores a finished game for A: 1 when A's seats finished ahead
// of B's seats in more (A seat, B seat) pairs than behind, -1 when behind
// in more, 0 otherwise (and for a draw, a game everyone lost or a game
// cut at the ply limit).
func resultFor(o game.Outcome, ok bool, seatsA []bool) int {
	if !ok || o.IsDraw() || o.AllLose {
		return 0 // nobody won: neither A nor B is ahead
	}
	balance := 0
	for a, isA := range seatsA {
		if !isA {
			continue
		}
		for b, isB := range seatsA {
			if !isB {
				balance += o.Ahead(game.Player(a), game.Player(b))
			}
		}
	}
	switch {
	case balance > 0:
		return 1
	case balance < 0:
		return -1
	}
	return 0
}

// playGame plays game i and returns A's result (1 win, 0 draw, -1 loss),
// how the game ended (see Result.Ends), its length, and the forfeit when
// an agent failed in it.
func playGame(ctx context.Context, cfg Config, i int) (int, string, int, *Forfeit, error) {
	s, err := cfg.Game.New(cfg.Options)
	if err != nil {
		return 0, "", 0, nil, err
	}
	n := s.NumPlayers()
	if n == 1 {
		out, plies, forfeit, err := playSolo(ctx, cfg, i, s)
		end := "solo"
		if forfeit != nil {
			end = EndForfeit
		}
		return out, end, plies, forfeit, err
	}
	seatsA, round := seating(i, n)
	specs := make([]string, n)
	for p := range specs {
		specs[p] = cfg.B
		if seatsA[p] {
			specs[p] = cfg.A
		}
	}
	// The same stream for every game of a round: same opening, same dice.
	g, err := playOut(ctx, cfg, i, s, specs, rand.New(rand.NewPCG(cfg.Seed, round)))
	if err != nil {
		return 0, "", g.plies, nil, err
	}
	if g.failed != nil {
		out := 1 // B failed
		if seatsA[g.failedSeat] {
			out = -1
		}
		return out, EndForfeit, g.plies, g.failed, nil
	}
	return resultFor(g.outcome, g.ok, seatsA), endOf(g.outcome, g.ok), g.plies, nil, nil
}

// endOf names how a game ended for Result.Ends.
func endOf(o game.Outcome, ok bool) string {
	switch {
	case !ok:
		return EndMaxPlies
	case o.Reason == "":
		return "unknown"
	}
	return o.Reason
}

// playSolo plays game i of a one-player game twice from the same start,
// opening and chance draws, once by A and once by B. A wins when it solves
// the task and B does not, or when both do and A takes fewer plies. An
// agent that fails loses the game (A's failure first: B then does not
// play).
func playSolo(ctx context.Context, cfg Config, i int, s game.State) (int, int, *Forfeit, error) {
	var solved [2]bool
	var plies [2]int
	for k, spec := range []string{cfg.A, cfg.B} {
		g, err := playOut(ctx, cfg, i, s, []string{spec}, rand.New(rand.NewPCG(cfg.Seed, uint64(i))))
		if err != nil {
			return 0, plies[0] + g.plies, nil, err
		}
		if g.failed != nil {
			return 2*k - 1, plies[0] + g.plies, g.failed, nil // A failed: -1; B failed: +1
		}
		solved[k], plies[k] = g.ok && g.outcome.Won(0), g.plies
	}
	total := plies[0] + plies[1]
	switch {
	case solved[0] != solved[1]:
		if solved[0] {
			return 1, total, nil, nil
		}
		return -1, total, nil, nil
	case solved[0]:
		return cmp.Compare(plies[1], plies[0]), total, nil, nil
	}
	return 0, total, nil, nil
}

// played is how one game of playOut went.
type played struct {
	outcome game.Outcome
	ok      bool // false when the ply limit cut the game
	plies   int
	// failed is set when the agent in failedSeat failed: the game
	// stopped there, forfeited by that agent.
	failed     *Forfeit
	failedSeat int
}

// playOut plays game i from s with the agents specs[p] in seat p, drawing
// the openings' random plies and chance events from rng, and returns how
// it went: its outcome, or the forfeit of an agent that could not be made,
// returned an error or played an illegal move. The error is the match's
// end (ctx's end, or a failure that is no agent's).
func playOut(ctx context.Context, cfg Config, i int, s game.State, specs []string, rng *rand.Rand) (played, error) {
	forfeit := func(p, ply int, err error) (played, error) {
		if ctx.Err() != nil { // the match was stopped, the agent did not fail
			return played{plies: ply}, ctx.Err()
		}
		return played{plies: ply, failedSeat: p, failed: &Forfeit{Game: i + 1, Agent: specs[p],
			Err: fmt.Errorf("arena: game %d, %s as seat %d, ply %d: %w", i+1, specs[p], p, ply+1, err)}}, nil
	}
	agents := make([]ai.Agent, len(specs))
	for p, spec := range specs {
		a, err := cfg.NewAgent(spec, cfg.Seed<<20^uint64(i)<<3^uint64(p))
		if err != nil {
			return forfeit(p, 0, err)
		}
		agents[p] = a
		defer closeAgent(a)
	}
	ply := 0
	for ; s.ToMove() != game.NoPlayer && ply < cfg.MaxPlies; ply++ {
		if err := ctx.Err(); err != nil {
			return played{plies: ply}, err
		}
		p := s.ToMove()
		var m game.Move
		byAgent := false
		switch {
		case p == game.Chance:
			u, acc := rng.Float64(), 0.0
			outs := s.ChanceOutcomes()
			m = outs[len(outs)-1].Move
			for _, o := range outs {
				if acc += o.Prob; u < acc {
					m = o.Move
					break
				}
			}
		case ply < cfg.RandomPlies:
			moves := s.LegalMoves(nil)
			m = moves[rng.IntN(len(moves))]
		default:
			r, err := agents[p].Choose(ctx, s, ai.Budget{Time: cfg.MoveTime})
			if err != nil {
				return forfeit(int(p), ply, err)
			}
			m, byAgent = r.Move, true
		}
		next, err := s.Play(m)
		switch {
		case err != nil && byAgent:
			return forfeit(int(p), ply, err)
		case err != nil:
			return played{plies: ply}, fmt.Errorf("arena: game %d, ply %d: %w", i+1, ply+1, err)
		}
		s = next
	}
	o, ok := s.Outcome()
	return played{outcome: o, ok: ok, plies: ply}, nil
}

// Describe renders a result in one line, for example
// "+12 =3 -5 (games 20, score 0.675): Elo +127.0 [+31.6, +254.1]".
func (r Result) Describe() string {
	if r.Games() == 0 {
		return "no games"
	}
	d, lo, hi := r.Elo()
	s := fmt.Sprintf("+%d =%d -%d (games %d, score %.3f): Elo %s [%s, %s]",
		r.Wins, r.Draws, r.Losses, r.Games(), r.Fraction(), fmtElo(d), fmtElo(lo), fmtElo(hi))
	if r.SPRT != "" {
		s += ", SPRT accepts " + r.SPRT
	}
	return s
}

func fmtElo(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.1f", x)
}
