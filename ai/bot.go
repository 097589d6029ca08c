package ai

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/ai/mcts"
	"github.com/tabula-games/tabula/game"
)

// Level is a bot strength, an index into the level table (LevelParams).
// Every level picks its algorithm per position: alpha-beta for two-player
// games whose states offer a game.Evaluator, MCTS for everything else (more
// players, no Evaluator, one-player puzzles). Each level uses a larger share
// of the same budget than the level below, on top of its own depth or
// playout cap, so at equal budgets the levels are ordered even when the
// budget is too small for the caps to bind. The match results behind each
// parameter are in docs/strength.md.
type Level int

// The bot levels, weakest first.
const (
	Easy Level = iota
	Medium
	Hard
	Max
)

// LevelParams is everything that makes a bot level what it is. Time is a
// share of the caller's budget: a level given a budget T thinks
// min(T/ShareAB, Cap) with alpha-beta and min(T/ShareMCTS, Cap) with MCTS
// (no cap when Cap is 0), and Default when the caller gives no time. A node
// or depth limit in the budget applies at every level, on top of the
// level's own caps.
type LevelParams struct {
	Name string // the agent spec, for example "bot:hard"

	ShareAB   int           // alpha-beta thinks 1/ShareAB of the budget's time
	ShareMCTS int           // MCTS thinks 1/ShareMCTS of the budget's time
	Cap       time.Duration // the most it thinks whatever the budget; 0 for no cap
	Default   time.Duration // what it thinks when the budget gives no time

	// Alpha-beta.
	Depth     int  // depth cap; 0 deepens iteratively until the time is up
	Noise     int  // uniform root noise in alphabeta score units (EvalScale is the Evaluator's whole range 1.0)
	WholeTime bool // keep deepening until the deadline instead of starting no iteration after half the time

	// MCTS (mcts.Config and mcts.Limits).
	Playouts  int64   // playout cap; 0 searches until the time is up
	C         float64 // exploration constant; 0 for the mcts default
	Bias      float64 // prior bias; 0 for the mcts default, -1 for uniform playouts without one
	Noisy     float64 // probability that a playout move is one of the game's noisy moves (game.Noisy) when there is one
	CutChance bool    // in games with dice and an Evaluator, cut playouts short and evaluate
	LeafEval  bool    // in games with a playout horizon, evaluate each new leaf at once
}

// levels is the level table, weakest first, indexed by Level. The reasons
// and match evidence for each number are in docs/strength.md.
var levels = [...]LevelParams{
	// Sees a threat and its answer, little more; the noise blurs the quiet
	// moves a beginner can exploit, never a win it has seen. MCTS with a
	// few hundred uniform playouts blunders often.
	Easy: {Name: "bot:easy",
		ShareAB: 16, ShareMCTS: 32, Cap: time.Second, Default: time.Second,
		Depth: 2, Noise: alphabeta.EvalScale / 4,
		Playouts: 300, C: 1.4, Bias: -1},
	// A move, the answer and the next: solid tactics, weak plans. A few
	// thousand playouts that take a capture less often than hard's.
	Medium: {Name: "bot:medium",
		ShareAB: 8, ShareMCTS: 8, Cap: 3 * time.Second, Default: 3 * time.Second,
		Depth: 3, Noise: alphabeta.EvalScale / 33,
		Playouts: 3000, Noisy: 0.3},
	// Deepens or plays out until its share is used, and never keeps a
	// human waiting more than 3 s.
	Hard: {Name: "bot:hard",
		ShareAB: 4, ShareMCTS: 2, Cap: 3 * time.Second, Default: time.Second,
		Noisy: 0.7},
	// The whole budget, to the deadline; its MCTS cuts playouts past dice
	// and evaluates leaves at once past a horizon. It plays a game's book
	// of proven moves where there is one (book.go).
	Max: {Name: "bot:max",
		ShareAB: 1, ShareMCTS: 1, Default: 5 * time.Second,
		WholeTime: true,
		Noisy:     0.7, CutChance: true, LeafEval: true},
}

// Levels returns the level table, weakest first: Levels()[l] describes
// Level l.
func Levels() []LevelParams { return slices.Clone(levels[:]) }

// LevelSpecs returns the agent specs of the levels, weakest first
// ("bot:easy", ...); FromSpec's list can be built from it.
func LevelSpecs() []string {
	out := make([]string, len(levels))
	for i, p := range levels {
		out[i] = p.Name
	}
	return out
}

// ParseLevel returns the level whose agent spec is spec.
func ParseLevel(spec string) (Level, bool) {
	for i, p := range levels {
		if p.Name == spec {
			return Level(i), true
		}
	}
	return 0, false
}

// Params returns the level's row of the level table.
func (l Level) Params() LevelParams { return levels[l] }

// String returns the level's spec, for example "bot:hard".
func (l Level) String() string {
	if l < 0 || int(l) >= len(levels) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levels[l].Name
}

// TimeText says in a line what share of a budget's time the level thinks,
// for the lobby and help texts, for example "1/4 of the move time with
// alpha-beta, 1/2 with MCTS, at most 3s; 1s when none is given".
func (p LevelParams) TimeText() string {
	share := func(n int) string {
		if n == 1 {
			return "all"
		}
		return fmt.Sprintf("1/%d", n)
	}
	s := share(p.ShareAB) + " of the move time with alpha-beta, " + share(p.ShareMCTS) + " with MCTS"
	if p.ShareAB == p.ShareMCTS {
		s = share(p.ShareAB) + " of the move time"
	}
	if p.Cap > 0 {
		s += fmt.Sprintf(", at most %v", p.Cap)
	}
	return s + fmt.Sprintf("; %v when none is given", p.Default)
}

// ThinkTime is the time the level spends of a budget's time t (0 for none)
// when it searches with alpha-beta (ab) or MCTS.
func (p LevelParams) ThinkTime(t time.Duration, ab bool) time.Duration {
	if t <= 0 {
		return p.Default
	}
	share := p.ShareMCTS
	if ab {
		share = p.ShareAB
	}
	t /= time.Duration(share)
	if p.Cap > 0 {
		t = min(t, p.Cap)
	}
	return t
}

// MoveTime is the most the level thinks over state s (its algorithm
// chosen as for a search of s) with a budget's time t (0 for none); a
// clock can only make it less.
func (p LevelParams) MoveTime(t time.Duration, s game.State) time.Duration {
	return p.ThinkTime(t, usesAlphaBeta(s))
}

// BotOptions are a bot's settings beside its level, as the engine
// protocol's options set them (docs/engine.md). They apply to its
// alpha-beta search; MCTS has no table and scores a draw as half a win.
type BotOptions struct {
	// HashMiB is the transposition table size in MiB (the Hash option);
	// 0 is alphabeta.DefaultHashMiB.
	HashMiB int
	// Contempt is what a draw costs the bot, in alphabeta score units
	// (alphabeta.EvalScale is the evaluation's whole range): the side that
	// is better plays on rather than repeat or run into the ply cap, and a
	// side that is behind takes the draw.
	Contempt int
	// Threads is the number of threads the alpha-beta search runs (Lazy
	// SMP, sharing one table); 0 or 1 for one. The weak levels, whose
	// root noise needs every move searched alike, always use one.
	Threads int
}

// DefaultContempt is the bots' contempt: 0.02 of the evaluation range,
// less than any material difference in the games with an Evaluator, so a
// bot takes a draw only when it is really behind, and enough to break the
// ties between a repetition and an equal quiet move.
const DefaultContempt = alphabeta.EvalScale / 50

// DefaultBotOptions are the options NewBot starts with.
func DefaultBotOptions() BotOptions { return BotOptions{Contempt: DefaultContempt} }

// Bot is a search agent at one Level. It keeps its searchers (their tables
// and trees) between moves of a game, so one Bot should play one game at a
// time; calls are serialised.
type Bot struct {
	level Level
	rng   *rand.Rand
	opts  BotOptions
	mu    sync.Mutex
	ab    *alphabeta.Searcher
	mc    *mcts.Searcher
}

// NewBot returns a bot of the given level whose random choices come from
// seed.
func NewBot(level Level, seed uint64) *Bot {
	return &Bot{level: level, rng: rand.New(rand.NewPCG(seed, 0x626f74)), opts: DefaultBotOptions()}
}

// SetOptions changes the bot's options. The searchers start afresh (an
// empty table of the new size) at the next move.
func (b *Bot) SetOptions(o BotOptions) {
	b.mu.Lock()
	b.opts = o
	b.ab, b.mc = nil, nil
	b.mu.Unlock()
}

// Options returns the bot's options.
func (b *Bot) Options() BotOptions {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.opts
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

// timeFor is the time the bot spends given the budget's time (0 = none),
// searching with alpha-beta (ab) or MCTS.
func (b *Bot) timeFor(t time.Duration, ab bool) time.Duration {
	return b.level.Params().ThinkTime(t, ab)
}

// abSetup is the searcher configuration and limits of a level's alpha-beta
// search, thinking t.
func abSetup(level Level, bud Budget, t time.Duration) (alphabeta.Config, alphabeta.Limits) {
	p := level.Params()
	cfg := alphabeta.Config{Noise: p.Noise}
	lim := alphabeta.Limits{Time: t, Nodes: bud.Nodes, Depth: minPositive(bud.Depth, p.Depth), WholeTime: p.WholeTime}
	return cfg, lim
}

// mcSetup is the searcher configuration and limits of a level's MCTS
// search, thinking t.
func mcSetup(level Level, bud Budget, t time.Duration) (mcts.Config, mcts.Limits) {
	p := level.Params()
	cfg := mcts.Config{C: p.C, Bias: p.Bias, Noisy: p.Noisy, CutChance: p.CutChance, LeafEval: p.LeafEval}
	lim := mcts.Limits{Time: t, Iterations: int64(minPositive(int(bud.Nodes), int(p.Playouts)))}
	return cfg, lim
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
	if r, ok := bookReport(b.level, s); ok { // opening book: book.go
		return r, nil
	}
	ab := usesAlphaBeta(s)
	t := b.timeFor(bud.MoveTime(s.ToMove()), ab)
	if ab {
		return b.alphaBeta(ctx, s, bud, t)
	}
	return b.monteCarlo(ctx, s, bud, t)
}

func (b *Bot) alphaBeta(ctx context.Context, s game.State, bud Budget, t time.Duration) (Report, error) {
	cfg, lim := abSetup(b.level, bud, t)
	cfg.HashMiB, cfg.Contempt, cfg.Threads = b.opts.HashMiB, b.opts.Contempt, b.opts.Threads
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
