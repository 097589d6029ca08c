package ai

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/ai/mcts"
	"github.com/tabula-games/tabula/game"
)

// MaxLines bounds AnalyseOptions.Lines: every extra alpha-beta line costs
// about one more full-window root move, and a player reads three at most.
const MaxLines = 5

const (
	// firstChunk is the playouts of an MCTS analysis's first report; each
	// later report doubles them, so reports come often at first and cost
	// little later.
	firstChunk = 500
	// chunkTime caps the time between two MCTS reports, so a player sees
	// the lines move at least twice a second.
	chunkTime = 500 * time.Millisecond
)

// Line is one of the best moves an analysis found.
type Line struct {
	Move game.Move
	// Score is the mover's evaluation in [-1, 1] (Report.Score's scale); a
	// proven win is 1, a proven loss -1.
	Score float64
	Mate  int // plies to a proven win (> 0) or loss (< 0); 0 when unproven
	// Rewards, from MCTS, is every seat's expected result in [0, 1]
	// (1 a win, 1/n a draw), indexed by seat; nil from alpha-beta.
	Rewards []float64
	PV      []game.Move
}

// Analysis is an analysis at one moment: its lines, best first.
type Analysis struct {
	Lines []Line
	// AlphaBeta is true when the lines come from alpha-beta (Depth is its
	// completed depth) and false from MCTS (Depth is the longest PV).
	AlphaBeta bool
	Depth     int
	Nodes     int64 // nodes (alpha-beta) or playouts (MCTS) so far
	Elapsed   time.Duration
}

// AnalyseOptions shape Bot.Analyse.
type AnalyseOptions struct {
	// Lines is the number of best moves reported, 1..MaxLines (0 is 1).
	Lines int
	// SearchMoves, when not empty, restricts the moves analysed: alpha-beta
	// searches only these at the root; MCTS searches all and reports only
	// these.
	SearchMoves []game.Move
	// Report, when set, is called with every completed alpha-beta depth
	// and every MCTS chunk of playouts (500, 1000, 2000, ..., and at
	// least every chunkTime).
	Report func(Analysis)
	// Now is the clock of the searchers (default time.Now).
	Now func() time.Time
	// Yield, when set, is the searchers' pause hook (alphabeta.Config.Yield,
	// mcts.Config.Yield): called every few nodes, it may block to let
	// other work run first.
	Yield func() time.Duration
}

// Analyse searches s within the budget, as Choose does at the bot's level,
// for the best opt.Lines moves, reporting as the search deepens. It
// returns the last analysis.
func (b *Bot) Analyse(ctx context.Context, s game.State, bud Budget, opt AnalyseOptions) (Analysis, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if p := s.ToMove(); p < 0 {
		return Analysis{}, fmt.Errorf("%w (ToMove = %v)", ErrNoMove, p)
	}
	k := min(max(opt.Lines, 1), MaxLines)
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	ab := usesAlphaBeta(s)
	t := b.timeFor(bud.MoveTime(s.ToMove()), ab)
	if ab {
		cfg, lim := abSetup(b.level, bud, t)
		cfg.Noise = 0 // an analysis reports the searcher's honest scores
		cfg.HashMiB, cfg.Contempt, cfg.Threads = b.opts.HashMiB, b.opts.Contempt, b.opts.Threads
		cfg.MultiPV, cfg.Rand, cfg.Now, cfg.Yield = k, b.rng, now, opt.Yield
		cfg.Info = func(r alphabeta.Result) {
			if opt.Report != nil {
				opt.Report(abAnalysis(r))
			}
		}
		lim.SearchMoves = opt.SearchMoves
		res, err := alphabeta.New(cfg).Search(ctx, s, lim)
		if err != nil {
			return Analysis{}, err
		}
		return abAnalysis(res), nil
	}
	cfg, lim := mcSetup(b.level, bud, t)
	cfg.MultiPV = k + len(opt.SearchMoves) // room for the lines filtered out
	if len(opt.SearchMoves) > 0 {
		cfg.MultiPV = math.MaxInt32
	}
	cfg.Rand, cfg.Now, cfg.Yield = b.rng, now, opt.Yield
	mc := mcts.New(cfg)
	start := now()
	var total int64
	var last Analysis
	for chunk := int64(firstChunk); ; chunk *= 2 {
		l := mcts.Limits{Iterations: chunk}
		if lim.Iterations > 0 {
			l.Iterations = min(chunk, lim.Iterations-total)
		}
		l.Time = chunkTime
		if lim.Time > 0 {
			l.Time = min(chunkTime, lim.Time-now().Sub(start))
		}
		res, err := mc.Search(ctx, s, l)
		if err != nil {
			return Analysis{}, err
		}
		total += res.Iterations
		last = mcAnalysis(s.ToMove(), res, k, opt.SearchMoves)
		last.Nodes, last.Elapsed = total, now().Sub(start)
		if opt.Report != nil {
			opt.Report(last)
		}
		done := res.Proven != 0 || res.ProvenDraw || ctx.Err() != nil || res.Iterations == 0 ||
			(lim.Iterations > 0 && total >= lim.Iterations) || (lim.Time > 0 && now().Sub(start) >= lim.Time)
		if done {
			return last, nil
		}
	}
}

func abAnalysis(r alphabeta.Result) Analysis {
	a := Analysis{AlphaBeta: true, Depth: r.Depth, Nodes: r.Nodes, Elapsed: r.Elapsed}
	for _, l := range r.Lines {
		a.Lines = append(a.Lines, Line{Move: l.Move, Score: math.Max(-1, math.Min(1, float64(l.Score)/alphabeta.EvalScale)),
			Mate: l.Mate, PV: slices.Clone(l.PV)})
	}
	return a
}

func mcAnalysis(p game.Player, r mcts.Result, k int, only []game.Move) Analysis {
	a := Analysis{}
	for _, l := range r.Lines {
		if len(only) > 0 && !slices.Contains(only, l.Move) {
			continue
		}
		if len(a.Lines) == k {
			break
		}
		line := Line{Move: l.Move, Score: 2*l.Value - 1, Rewards: l.Rewards, PV: l.PV}
		switch l.Proven {
		case 1:
			line.Score, line.Mate = 1, len(l.PV)
		case -1:
			line.Score, line.Mate = -1, -len(l.PV)
		}
		a.Depth = max(a.Depth, len(l.PV))
		a.Lines = append(a.Lines, line)
	}
	return a
}
