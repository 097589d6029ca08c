package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/ai/mcts"
	"github.com/tabula-games/tabula/game"
)

// Level is a bot strength. Every level picks its algorithm per position:
// alpha-beta for two-player games whose states offer a game.Evaluator, MCTS
// for everything else (more players, no Evaluator, one-player puzzles).
//
//	level   alpha-beta                           MCTS                                    time used (MCTS; alpha-beta)
//	easy    depth 2, root noise ±0.25            300 uniform playouts, C 1.4, no bias    1/32; 1/16 of the budget, ≤ 1 s
//	medium  depth 3, root noise ±0.03            3000 playouts, noisy moves first 0.3    1/8 of the budget, ≤ 3 s
//	hard    iterative deepening, no depth cap    until the time is up, noisy first 0.7   1/2; 1/4 of the budget, ≤ 3 s; 1 s if none
//	max     iterative deepening to the deadline  until the time is up, noisy first 0.7,  the whole budget; 5 s if none
//	                                             playouts cut short past dice, leaves
//	                                             evaluated at once past a horizon
//
// Each level uses a larger share of the same budget than the level below, on
// top of its own depth or playout cap, so at equal budgets the levels are
// ordered even when the budget is too small for the caps to bind. The
// steps are mostly fourfold: an alpha-beta iteration costs a branching
// factor more than the one before it, so twice the time rarely buys a ply,
// and in Palagonia's dice-driven MCTS twice the playouts did not separate
// two levels over 32 games while four times did. Alpha-beta below max starts
// no iteration after half its time; max deepens until the deadline and
// plays the better move an unfinished iteration found. Hard answers
// quickly enough that a human is never kept waiting; max thinks for the
// whole budget.
//
// "Noisy moves first P": a playout move is one of the game's noisy moves
// (game.Noisy: Talat's captures) with probability P when there is one, so
// playouts do not ignore free captures the way uniform random play does
// (in Talat, P = 0.7 alone took hard from even to 0.92 against the
// uniform-playout hard bot; see docs/benchmarks/ai-mc.md). The levels get
// graded P (easy none): in Talat, with the same P at medium and hard twice
// the time did not make hard clearly stronger (0.52), and with none at
// medium medium was barely above easy (0.65).
//
// "Playouts cut short past dice": in a game with dice and an Evaluator
// (Palagonia), max cuts its playouts at 8 plies and lets the Evaluator
// score them (mcts.Config.CutChance) instead of playing ~25 more rolls to
// the end: a whole playout measures mostly the dice, and the time buys
// about ten times the iterations, a tree that reaches the last tiles of an
// action. Hard keeps whole playouts unless fewer than 64 fit (mcts), which
// on a loaded machine is a third of its searches. With twice the time
// alone, max scored 0.52 over 96 games against hard; with this, Palagonia's
// canonical tile orders and its standings-shaped Evaluator, 0.63, Elo
// +93 [+27, +166], over 96 (docs/strength.md). The other MCTS games have no
// dice, so their max is unchanged.
//
// "Leaves evaluated at once past a horizon": in a game that sets a
// playout horizon (game.Horizon: Villa Paletti, Palaboratory), max scores
// each new leaf with the Evaluator instead of playing the horizon's random
// plies first (mcts.Config.LeafEval): a slower search (each new node's
// search moves are generated) that uses max's larger share of the time,
// where hard's random plies are cheap and noisy. In Villa Paletti with
// four players, max over hard went from 0.52 over 96 games (300 ms) to
// 0.59, Elo +66 [+35, +99] over 192, and in Palaboratory from 0.63 to
// 0.97; with every level evaluating its leaves at once, Villa Paletti's
// max and hard were even again (0.51) and 64 of 96 games ended with
// nobody winning, so hard keeps its random plies (docs/strength.md).
//
// Noise is in Evaluator units (1.0 is the whole range), added to each root
// move's score; it makes the easy bot miss quiet moves a beginner finds
// while never missing a proven win it has seen. A node or depth limit in the
// budget applies at every level, on top of the level's own.
type Level int

// The bot levels, weakest first.
const (
	Easy Level = iota
	Medium
	Hard
	Max
)

// Limits per level; each is the reason a level is what it is.
const (
	easyDepth      = 2                       // sees a threat and its answer, little more
	mediumDepth    = 3                       // a move, the answer and the next: solid tactics, weak plans
	easyNoise      = alphabeta.EvalScale / 4 // blurs quiet moves a beginner can exploit
	mediumNoise    = alphabeta.EvalScale / 33
	easyPlayouts   = 300  // MCTS with a few hundred playouts blunders often
	mediumPlayouts = 3000 // and with a few thousand less often
	playoutNoisy   = 0.7  // hard and max: playouts take a noisy move (a capture) this often, leaving room for quiet ones
	mediumNoisy    = 0.3  // medium: less often, so its playouts misjudge more positions than hard's
	easyTime       = time.Second
	mediumTime     = 3 * time.Second
	hardTime       = 3 * time.Second // a hard bot never keeps a human waiting longer
	hardDefault    = time.Second     // what hard thinks when the caller gives no time
	maxDefault     = 5 * time.Second // what max thinks when the caller gives no time
)

var levelNames = [...]string{"bot:easy", "bot:medium", "bot:hard", "bot:max"}

// String returns the level's spec, for example "bot:hard".
func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// Bot is a search agent at one Level. It keeps its searchers (their tables
// and trees) between moves of a game, so one Bot should play one game at a
// time; calls are serialised.
type Bot struct {
	level Level
	rng   *rand.Rand
	mu    sync.Mutex
	ab    *alphabeta.Searcher
	mc    *mcts.Searcher
}

// NewBot returns a bot of the given level whose random choices come from
// seed.
func NewBot(level Level, seed uint64) *Bot {
	return &Bot{level: level, rng: rand.New(rand.NewPCG(seed, 0x626f74))}
}

// Name returns the level's spec.
func (b *Bot) Name() string { return b.level.String() }

// Level returns the bot's level.
func (b *Bot) Level() Level { return b.level }

// Reset forgets what the searchers learned, for a new game.
func (b *Bot) Reset() {
	b.mu.Lock()
	b.ab, b.mc = nil, nil
	b.mu.Unlock()
}

// usesAlphaBeta reports whether the bot searches s with alpha-beta.
func usesAlphaBeta(s game.State) bool {
	_, ok := s.(game.Evaluator)
	return ok && s.NumPlayers() == 2
}

// timeFor is the time a level spends given the budget's time (0 = none),
// searching with alpha-beta (ab) or MCTS.
func (b *Bot) timeFor(t time.Duration, ab bool) time.Duration {
	var limit, def time.Duration
	switch b.level {
	case Easy:
		limit, def = easyTime, easyTime
	case Medium:
		limit, def = mediumTime, mediumTime
	case Hard:
		limit, def = hardTime, hardDefault
	default:
		return cmpOr(t, maxDefault)
	}
	if t <= 0 {
		return def
	}
	return min(t/share(b.level, ab), limit)
}

// share is the fraction 1/share of the budget a level below max uses with
// alpha-beta (ab) or MCTS: easy the least, so a lower level never
// outthinks a higher one at equal budgets. The steps are mostly fourfold,
// because twice the time rarely separated two levels (see Level); MCTS's
// hard and max, twice apart, were separated by it.
func share(l Level, ab bool) time.Duration {
	switch {
	case l == Easy && ab:
		return 16
	case l == Easy:
		return 32
	case l == Medium:
		return 8
	case l == Hard && ab:
		return 4
	case l == Hard:
		return 2
	}
	return 1
}

func cmpOr(a, b time.Duration) time.Duration {
	if a > 0 {
		return a
	}
	return b
}

// Choose searches s within the budget and the level's limits. Score is in
// [-1, 1] from the mover's view (a proven win is 1).
func (b *Bot) Choose(ctx context.Context, s game.State, bud Budget) (Report, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return Report{}, err
	}
	if p := s.ToMove(); p < 0 {
		return Report{}, fmt.Errorf("%w (ToMove = %v)", ErrNoMove, p)
	}
	ab := usesAlphaBeta(s)
	t := b.timeFor(bud.Time, ab)
	if ab {
		return b.alphaBeta(ctx, s, bud, t)
	}
	return b.monteCarlo(ctx, s, bud, t)
}

func abSetup(level Level, bud Budget, t time.Duration) (alphabeta.Config, alphabeta.Limits) {
	cfg := alphabeta.Config{}
	switch level {
	case Easy:
		cfg.Noise = easyNoise
	case Medium:
		cfg.Noise = mediumNoise
	}
	lim := alphabeta.Limits{Time: t, Nodes: bud.Nodes, Depth: bud.Depth, WholeTime: level == Max}
	switch level {
	case Easy:
		lim.Depth = minPositive(lim.Depth, easyDepth)
	case Medium:
		lim.Depth = minPositive(lim.Depth, mediumDepth)
	}
	return cfg, lim
}

func (b *Bot) alphaBeta(ctx context.Context, s game.State, bud Budget, t time.Duration) (Report, error) {
	cfg, lim := abSetup(b.level, bud, t)
	if b.ab == nil {
		cfg.Rand = b.rng
		b.ab = alphabeta.New(cfg)
	}
	res, err := b.ab.Search(ctx, s, lim)
	if err != nil {
		return Report{}, err
	}
	score := math.Max(-1, math.Min(1, float64(res.Score)/alphabeta.EvalScale))
	return Report{Move: res.Move, Score: score, Mate: alphabeta.MateIn(res.Score), Depth: res.Depth,
		Nodes: res.Nodes, PV: res.PV, Duration: res.Elapsed}, nil
}

func mcSetup(level Level, bud Budget, t time.Duration) (mcts.Config, mcts.Limits) {
	cfg := mcts.Config{}
	switch level {
	case Easy:
		cfg.C, cfg.Bias = 1.4, -1
	case Medium:
		cfg.Noisy = mediumNoisy
	default:
		cfg.Noisy = playoutNoisy
	}
	cfg.CutChance = level == Max
	cfg.LeafEval = level == Max
	lim := mcts.Limits{Time: t, Iterations: bud.Nodes}
	switch level {
	case Easy:
		lim.Iterations = int64(minPositive(int(lim.Iterations), easyPlayouts))
	case Medium:
		lim.Iterations = int64(minPositive(int(lim.Iterations), mediumPlayouts))
	}
	return cfg, lim
}

func (b *Bot) monteCarlo(ctx context.Context, s game.State, bud Budget, t time.Duration) (Report, error) {
	cfg, lim := mcSetup(b.level, bud, t)
	if b.mc == nil {
		cfg.Rand = b.rng
		b.mc = mcts.New(cfg)
	}
	res, err := b.mc.Search(ctx, s, lim)
	if err != nil {
		return Report{}, err
	}
	r := Report{Move: res.Move, Score: 2*res.Value - 1, Nodes: res.Iterations, PV: res.PV,
		Duration: res.Elapsed, Depth: len(res.PV)}
	switch res.Proven {
	case 1:
		r.Mate = len(res.PV)
	case -1:
		r.Mate = -len(res.PV)
	}
	return r, nil
}

// minPositive is the smaller of two limits where 0 means none.
func minPositive(a, b int) int {
	switch {
	case a <= 0:
		return b
	case b <= 0:
		return a
	}
	return min(a, b)
}
