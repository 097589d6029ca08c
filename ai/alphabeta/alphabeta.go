// Package alphabeta is an iterative-deepening alpha-beta searcher for
// two-player games, working through the game contract alone.
//
// The search is negamax with principal-variation search (null windows after
// the first move), a transposition table keyed by State.Hash (its size is
// Config.HashMiB; see store for the replacement scheme), move ordering
// by the table's move, noisy moves, two killers per ply and a history table,
// and a quiescence search over the moves a game marks as noisy (the Noisy
// method of game.Noisy). Scores are from the point of view of the side to move:
// the game's Evaluator range [-1, 1] maps to [-EvalScale, EvalScale], and a
// win n plies away scores Win-n, so faster wins are preferred and slower
// losses too. Games without an Evaluator are scored at the horizon by a few
// random playouts.
//
// Draws and repetitions: in games whose states implement game.Repeater, a
// position below the root that already occurred (in the game before the
// root or on the search path) scores as the draw the repetition rule will
// make of it, before the transposition table is consulted, so no score
// stored for another history is trusted there. Every draw, by repetition,
// ply cap or the rules, scores -Config.Contempt for the seat to move at the
// root and +Contempt for the other: with a positive contempt the searcher
// avoids a draw while it sees any line worth more than -Contempt, and
// accepts one when everything else is worse.
//
// With Config.Threads above 1 the search is Lazy SMP: helper goroutines
// search the same root and share what they find through the table, whose
// slots are written without locks and checked on reading (see table.go).
// A helper starts each iteration at the shallowest depth no other thread
// is searching, so two threads work a ply apart; every thread publishes
// the iterations it completes, a thread whose iteration another one
// completed first drops it and goes on from there, and the answer is the
// deepest completed iteration of any thread. Threads that search the same
// depth split the root moves: a root move (after the first) that another
// thread is searching at that depth is searched last.
//
// Turns need not alternate: when a player moves twice in a row the search
// keeps the sign. Chance nodes are averaged over their outcomes
// (expectiminimax, without pruning below them), so the searcher plays games
// with dice, if slowly. Games with more than two players are not its job
// (use package mcts); it treats every other seat as one opponent.
//
// The game's Mutable fast path is used when the state offers it (and its
// Mutable copy keeps the Evaluator and Noisy methods the state has).
package alphabeta

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabula-games/tabula/ai/internal/walk"
	"github.com/tabula-games/tabula/game"
)

const (
	// EvalScale is the score of an Evaluate value of 1.
	EvalScale = 10000
	// Win is the score of a win at the root; a win n plies away scores
	// Win-n and a loss -(Win-n).
	Win = 1_000_000
	// WinBound separates proven results from heuristic scores: a score
	// above it is a forced win, below its negative a forced loss.
	WinBound = Win - MaxPly
	// MaxPly bounds the search stack (iterative depth plus quiescence); no
	// real search gets near it, and it keeps per-ply arrays fixed-size.
	MaxPly = 128
	// maxDepth bounds iterative deepening when no limit is given; past it
	// the game is solved or the search would take years anyway.
	maxDepth = 64
	// maxQDepth bounds quiescence plies beyond the horizon, so a game where
	// every move is noisy cannot blow the search up.
	maxQDepth = 12
	// checkEvery is how many nodes pass between clock and context checks
	// while nodes are cheap: a clock read is tens of nanoseconds, a node of
	// Abalone or Pathagon a few hundred.
	checkEvery = 16
	// slowCheck is the gap between checks past which the clock is read
	// after every node: a Villa Paletti node (statics) can take
	// milliseconds, and 16 of them would overrun a small budget.
	slowCheck = time.Millisecond
	// DefaultHashMiB is the transposition table size when Config.HashMiB
	// is 0: 8 MiB (about 350,000 entries) holds seconds of search, and is
	// small enough for many bots on one server.
	DefaultHashMiB = 8
	// MaxHashMiB bounds Config.HashMiB (and the engine's Hash option): a
	// table must fit in the memory of a small server.
	MaxHashMiB = 1 << 14
	// MaxThreads bounds Config.Threads (and the engine's Threads option).
	MaxThreads = 64
	// bucketSize is the number of entries sharing one table index: one
	// depth-preferred and one always-replaced (see store).
	bucketSize = 2
	// histBits sizes the history table (2^12 slots per player); moves are
	// hashed into it and collisions only blur the ordering.
	histBits = 12
	// defaultPlayouts is the number of random playouts that score a
	// horizon node when the game has no Evaluator: a few are noisy but
	// cheap, and deeper search matters more.
	defaultPlayouts = 4
	// defaultPlayoutPlies cuts a horizon playout that runs on: it is then
	// scored as a draw.
	defaultPlayoutPlies = 400
	// lmrMinDepth and lmrFirst say where late-move reductions start: at
	// nodes with at least lmrMinDepth plies to go (shallower, a reduction
	// drops the move into quiescence), from the lmrFirst-th move on (the
	// first moves of a well-ordered node hold most cut-offs). Moves from
	// the lmrDeep-th on, at nodes with lmrDeepDepth plies or more, are
	// reduced by two plies.
	lmrMinDepth  = 3
	lmrFirst     = 3
	lmrDeep      = 10
	lmrDeepDepth = 6
	// aspMinDepth is the first iteration with an aspiration window: the
	// scores of shallower ones swing too much from one to the next.
	aspMinDepth = 4
	inf         = Win + 1
)

// Config tunes a Searcher. The zero value is a full-strength searcher.
type Config struct {
	// Threads is the number of threads searching at once (Lazy SMP: they
	// share the table); 0 or 1 searches on the caller's goroutine alone.
	// Root noise (the weak levels) always searches alone.
	Threads int
	// HashMiB is the transposition table size in MiB (2^20 bytes), as the
	// Hash option of UCI engines; 0 means DefaultHashMiB, and values are
	// clamped to [1, MaxHashMiB].
	HashMiB int
	// Contempt is what a draw costs the seat to move at the root, in score
	// units (EvalScale is the Evaluator's whole range 1.0): a draw scores
	// -Contempt for it and +Contempt for the other seat. Positive contempt
	// plays on for the win from a position it judges better than
	// -Contempt and takes the draw from a worse one; 0 scores draws as 0.
	Contempt int
	// Noise, when positive, makes the root search every move with a full
	// window and add a uniform random value in [-Noise, Noise] (score units,
	// EvalScale = 1.0) to each move's score before choosing: the weak bot
	// levels use it. Proven wins and losses are never blurred.
	Noise int
	// Playouts is the number of random playouts scoring a horizon node when
	// the game has no Evaluator (default 4).
	Playouts int
	// Rand drives the noise and the playouts (default: a fixed seed).
	Rand *rand.Rand
	// Now is the clock (default time.Now).
	Now func() time.Time
	// Info, when set, is called after every completed iteration.
	Info func(Result)
	// MultiPV is the number of best root moves searched with exact scores
	// and principal variations (Result.Lines); 0 or 1 searches the best
	// move alone, the fastest. Moves past the MultiPV best are refuted
	// with null windows at the MultiPV-th best score, so each extra line
	// costs about one more full-window root move. Ignored with Noise.
	MultiPV int
	// Reductions searches late quiet moves (late-move reductions) a ply
	// shallower with a null window, and again at full depth only when one
	// beats alpha: moves ordered after the table's move, the noisy moves
	// and the killers, at nodes with lmrMinDepth plies or more to go.
	Reductions bool
	// Aspiration, when positive, searches each iteration from depth
	// aspMinDepth on with a root window of this half-width (score units)
	// around the previous iteration's score, widening it fourfold on the
	// side that fails until the score falls inside. Ignored with Noise or
	// MultiPV.
	Aspiration int
	// Yield, when set, is called at every clock check (every checkEvery
	// nodes at most) and may block to pause the search, returning how long
	// it paused; the search goes on when it returns. The clock runs while
	// it blocks: a pause spends the time limit. Nil costs nothing.
	Yield func() time.Duration
}

// Limits bound one search. Zero fields are unlimited; with no limit at all
// the search runs to maxDepth or until the context is done.
type Limits struct {
	Time  time.Duration
	Nodes int64
	Depth int
	// WholeTime keeps deepening until Time is up, playing the better move
	// an unfinished iteration found; otherwise no iteration starts after
	// half of Time, since it would most likely not finish.
	WholeTime bool
	// SearchMoves, when not empty, restricts the root to these moves (the
	// engine protocol's searchmoves); moves not legal at the root are
	// ignored, and if none is legal every move is searched.
	SearchMoves []game.Move
}

// Result is the outcome of a search.
type Result struct {
	Move  game.Move
	Score int // from the mover's view; see EvalScale, Win and WinBound
	Depth int // last completed iteration
	Nodes int64
	PV    []game.Move
	// Elapsed is the wall time of the search.
	Elapsed time.Duration
	// Lines are the best root moves of the last completed iteration, best
	// first: Config.MultiPV of them (fewer when the root has fewer moves),
	// or the one line Move, Score, PV when MultiPV is 1 or less.
	Lines []Line
}

// Line is one root move with its exact score and principal variation.
type Line struct {
	Move  game.Move
	Score int // from the mover's view, as Result.Score
	Mate  int // MateIn(Score)
	PV    []game.Move
}

// MateIn returns the number of plies to a forced win (positive) or loss
// (negative) that score proves, or 0 when it proves none.
func MateIn(score int) int {
	switch {
	case score > WinBound:
		return Win - score
	case score < -WinBound:
		return -(Win + score)
	}
	return 0
}

// ErrNoMove is returned for a state where no seat is to move.
var ErrNoMove = errors.New("alphabeta: no seat to move")

// Searcher searches positions of one game. It keeps its transposition
// table, killers and history between searches (they help the next move of
// the same game). It is not safe for concurrent use; with Config.Threads
// above 1 it runs helper searchers of its own that share its table.
type Searcher struct {
	cfg     Config
	tt      *table
	helpers []*Searcher // Lazy SMP: Threads-1 searchers sharing tt
	smp     *smp        // what the threads of a parallel search share besides tt; nil on one thread
	id      int         // this thread's index in smp (0 for the main one)
	history [2][1 << histBits]int32
	killers [MaxPly][2]game.Move

	// per search
	ctx       context.Context
	w         *walk.Walker
	eval      bool
	noisy     bool
	rootSide  game.Player   // the seat the search is for: draws cost it Contempt
	repeater  game.Repeater // the walker's state when it is a Repeater that stays one (the fast path); nil otherwise
	repeats   bool          // the game has a repetition rule (game.Repeater)
	nodes     int64
	nodeLimit int64
	deadline  time.Time
	stopped   bool
	// superseded is set with stopped when another thread completed the
	// iteration this one searches (depth iterDepth): it goes on deeper.
	superseded bool
	iterDepth  int
	sinceTick  int       // nodes since the last clock check
	every      int       // nodes between clock checks: checkEvery, or 1 when nodes are slow
	lastCheck  time.Time // time of the last clock check
	moves      [MaxPly][]game.Move
	keys       [MaxPly][]int32
	pv         [MaxPly][MaxPly]game.Move
	pvLen      [MaxPly]int
	lines      []Line      // multi-PV: the lines of the iteration in progress, best first
	deferred   []game.Move // root moves another thread was searching at the same depth
}

// New returns a searcher with the given configuration.
func New(cfg Config) *Searcher {
	if cfg.HashMiB <= 0 {
		cfg.HashMiB = DefaultHashMiB
	}
	cfg.HashMiB = min(cfg.HashMiB, MaxHashMiB)
	if cfg.Playouts <= 0 {
		cfg.Playouts = defaultPlayouts
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.New(rand.NewPCG(1, 2))
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cfg.Threads = min(max(cfg.Threads, 1), MaxThreads)
	return &Searcher{cfg: cfg, tt: newTable(cfg.HashMiB)}
}

// TTEntries returns the number of transposition table entries.
func (s *Searcher) TTEntries() int { return len(s.tt.buckets) * bucketSize }

// Reset forgets everything learned: the table, killers and history. Call it
// between unrelated games.
func (s *Searcher) Reset() {
	clear(s.tt.buckets)
	for _, h := range s.helpers {
		h.history = [2][1 << histBits]int32{}
		h.killers = [MaxPly][2]game.Move{}
	}
	s.history = [2][1 << histBits]int32{}
	s.killers = [MaxPly][2]game.Move{}
}

func isEvaluator(st game.State) bool { _, ok := st.(game.Evaluator); return ok }
func isRepeater(st game.State) bool  { _, ok := st.(game.Repeater); return ok }
func isNoisy(st game.State) bool {
	_, ok := st.(interface{ Noisy(game.Move) bool })
	return ok
}

// Search finds the best move for the side to move in st within lim and ctx.
// When the context ends or a limit is hit it returns the best move of the
// last completed iteration, or the move the unfinished iteration found
// better after searching that one (without root noise); if not even the
// first iteration completed, the
// best of the root moves it did score (or the first ordered move if none);
// the error is nil then, since a move was chosen.
func (s *Searcher) Search(ctx context.Context, st game.State, lim Limits) (Result, error) {
	start := s.cfg.Now()
	p := st.ToMove()
	if p < 0 {
		return Result{}, fmt.Errorf("%w (ToMove = %v)", ErrNoMove, p)
	}
	s.tt.gen++
	if s.cfg.Threads <= 1 || s.cfg.Noise > 0 {
		return s.iterate(ctx, st, lim, start), nil
	}
	// Lazy SMP: the helpers search the same root with the same limits and
	// share what they learn through the table and sh; the main search's
	// end stops them, and the answer is the deepest iteration completed.
	sh := newSMP(s.cfg.Threads)
	s.tt.shared, s.smp, s.id = true, sh, 0
	defer func() { s.tt.shared, s.smp = false, nil }()
	var wg sync.WaitGroup
	for i, h := range s.helperSearchers() {
		h.smp, h.id = sh, i+1
		wg.Add(1)
		go func() { // ends when sh.halt is set, or with its own limits
			defer wg.Done()
			h.iterate(ctx, st, lim, start)
		}()
	}
	res := s.iterate(ctx, st, lim, start)
	sh.halt.Store(true)
	wg.Wait()
	if b, ok := sh.deeper(res.Depth); ok {
		// A helper completed a deeper iteration as the search stopped.
		b.Nodes, b.Elapsed = res.Nodes, res.Elapsed
		res = b
	}
	for _, h := range s.helpers {
		res.Nodes += h.nodes
		h.smp = nil
	}
	return res, nil
}

// smp is what the threads of one parallel search share besides the table.
type smp struct {
	halt  atomic.Bool  // set when the main thread is done: helpers stop
	done  atomic.Int32 // best.Depth: the deepest iteration any thread completed
	depth []atomic.Int32
	// rootDepth and rootMove are the root move each thread searches and
	// the iteration's depth (0 between root moves).
	rootDepth []atomic.Int32
	rootMove  []atomic.Uint64
	mu        sync.Mutex
	best      Result
}

func newSMP(threads int) *smp {
	return &smp{depth: make([]atomic.Int32, threads), rootDepth: make([]atomic.Int32, threads),
		rootMove: make([]atomic.Uint64, threads)}
}

// searching records that thread id searches root move m to depth d (0:
// none).
func (sh *smp) searching(id, d int, m game.Move) {
	sh.rootDepth[id].Store(0)
	sh.rootMove[id].Store(uint64(m))
	sh.rootDepth[id].Store(int32(d))
}

// busy reports whether a thread other than id searches root move m to
// depth d. Threads that reach the same depth together split the root
// moves this way rather than search the same subtrees at the same time.
func (sh *smp) busy(id, d int, m game.Move) bool {
	for i := range sh.rootDepth {
		if i != id && int(sh.rootDepth[i].Load()) == d && game.Move(sh.rootMove[i].Load()) == m {
			return true
		}
	}
	return false
}

// publish offers a thread's completed iteration.
func (sh *smp) publish(r Result) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if r.Depth > sh.best.Depth {
		sh.best = r
		sh.done.Store(int32(r.Depth))
	}
}

// deeper returns the deepest completed iteration when it is deeper than d.
func (sh *smp) deeper(d int) (Result, bool) {
	if int(sh.done.Load()) <= d {
		return Result{}, false
	}
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.best, sh.best.Depth > d
}

// next returns the depth thread id searches next, d or deeper, and marks
// it as searched: the main thread takes d; a helper skips the depths other
// threads are searching (up to limit), so that it fills the table a ply
// ahead of them rather than repeat their work.
func (sh *smp) next(id, d, limit int) int {
	if id > 0 {
		for d < limit && sh.searched(id, d) {
			d++
		}
	}
	sh.depth[id].Store(int32(d))
	return d
}

// searched reports whether a thread other than id searches depth d.
func (sh *smp) searched(id, d int) bool {
	for i := range sh.depth {
		if i != id && int(sh.depth[i].Load()) == d {
			return true
		}
	}
	return false
}

// helperSearchers returns the Threads-1 helpers, made on first use: each
// has its own killers, history and random numbers, and shares the table.
func (s *Searcher) helperSearchers() []*Searcher {
	for i := len(s.helpers); i < s.cfg.Threads-1; i++ {
		cfg := s.cfg
		cfg.Threads, cfg.Info = 1, nil
		cfg.Rand = rand.New(rand.NewPCG(uint64(i)+1, 0x736d70))
		s.helpers = append(s.helpers, &Searcher{cfg: cfg, tt: s.tt})
	}
	return s.helpers
}

// iterate is one thread's iterative deepening.
func (s *Searcher) iterate(ctx context.Context, st game.State, lim Limits, start time.Time) Result {
	p := st.ToMove()
	s.ctx = ctx
	s.w = walk.New(st, isEvaluator, isNoisy, isRepeater)
	s.eval = isEvaluator(s.w.State())
	s.noisy = isNoisy(s.w.State())
	s.rootSide = p
	s.repeats = isRepeater(s.w.State())
	s.repeater = nil
	if s.repeats && s.w.Fast() {
		s.repeater = s.w.State().(game.Repeater) // the Mutable itself: it changes in place
	}
	s.nodes = 0
	s.nodeLimit = lim.Nodes
	s.deadline = time.Time{}
	if lim.Time > 0 {
		s.deadline = start.Add(lim.Time)
	}
	s.stopped, s.superseded = false, false
	s.sinceTick, s.every, s.lastCheck = 0, 1, start
	for pl := range s.history {
		for i := range s.history[pl] {
			s.history[pl][i] /= 2
		}
	}
	s.killers = [MaxPly][2]game.Move{}

	rootMoves := restrictRoot(game.SearchMoves(st, nil), lim.SearchMoves)
	res := Result{Move: rootMoves[0], PV: []game.Move{rootMoves[0]}}
	if e, ok := s.probe(st.Hash()); ok && e.hasMove {
		moveToFront(rootMoves, e.move)
	}
	depthLimit := maxDepth
	if lim.Depth > 0 {
		depthLimit = min(lim.Depth, maxDepth)
	}
	if len(rootMoves) == 1 {
		depthLimit = 1 // forced: one iteration gives the score to report
	}
	for d := 1; d <= depthLimit; d++ {
		if s.smp != nil {
			if b, ok := s.smp.deeper(res.Depth); ok {
				// Another thread completed a deeper iteration: go on
				// from it, its best move first.
				res = s.adoptResult(b, rootMoves, start)
				if s.lastIteration(res, lim) {
					break
				}
				d = max(d, b.Depth+1)
			}
			if d = s.smp.next(s.id, d, depthLimit); d > depthLimit {
				break
			}
		}
		s.iterDepth = d
		score, ok := s.aspire(p, d, rootMoves, res)
		if !ok && s.superseded {
			s.stopped, s.superseded = false, false
			d-- // the loop's next turn adopts the completed iteration
			continue
		}
		if !ok {
			switch {
			case res.Depth == 0 && score > -inf:
				// Not even depth 1 finished (a game of slow moves with
				// thousands of them, such as Villa Paletti): the best of
				// the moves scored so far beats the first one listed.
				res = Result{Move: rootMoves[0], Score: score, PV: []game.Move{rootMoves[0]}}
				res.Lines = []Line{{Move: res.Move, Score: score, Mate: MateIn(score), PV: res.PV}}
			case score > -inf && rootMoves[0] != res.Move && s.cfg.Noise == 0:
				// The unfinished iteration searched the previous best
				// move first and then found, with a full window, a move
				// that scores better at this depth: play it.
				res.Move, res.Score, res.PV = rootMoves[0], score, []game.Move{rootMoves[0]}
				res.Lines = adopt(res.Lines, Line{Move: res.Move, Score: score, Mate: MateIn(score), PV: res.PV})
			}
			break
		}
		res = Result{Move: rootMoves[0], Score: score, Depth: d, Nodes: s.nodes,
			PV: append([]game.Move(nil), s.pv[0][:s.pvLen[0]]...)}
		if s.multi() {
			res.Lines = s.lines
			s.lines = nil
		} else {
			res.Lines = []Line{{Move: res.Move, Score: score, Mate: MateIn(score), PV: res.PV}}
		}
		res.Elapsed = s.cfg.Now().Sub(start)
		if s.smp != nil {
			s.smp.publish(res)
		}
		if s.cfg.Info != nil {
			s.cfg.Info(res)
		}
		if s.lastIteration(res, lim) {
			break
		}
	}
	res.Nodes = s.nodes
	res.Elapsed = s.cfg.Now().Sub(start)
	return res
}

// lastIteration reports whether the search ends after the completed
// iteration res.
func (s *Searcher) lastIteration(res Result, lim Limits) bool {
	switch {
	case s.cfg.Noise == 0 && allProven(res.Lines):
		return true // proven: a deeper search finds nothing shorter
	case lim.Time > 0 && !lim.WholeTime && res.Elapsed > lim.Time/2:
		return true // the next iteration would not finish in time
	}
	return false
}

// adoptResult takes another thread's completed iteration b as this
// thread's result: b's move goes first among the root moves, and the main
// thread reports it to Config.Info (the helpers have none).
func (s *Searcher) adoptResult(b Result, rootMoves []game.Move, start time.Time) Result {
	moveToFront(rootMoves, b.Move)
	b.Nodes, b.Elapsed = s.nodes, s.cfg.Now().Sub(start)
	if s.cfg.Info != nil {
		s.cfg.Info(b)
	}
	return b
}

// aspire searches the root to depth d, within an aspiration window around
// the previous iteration's result prev when Config.Aspiration asks for one
// (see root for the results).
func (s *Searcher) aspire(p game.Player, d int, moves []game.Move, prev Result) (int, bool) {
	w := s.cfg.Aspiration
	if w <= 0 || d < aspMinDepth || prev.Depth == 0 || s.multi() || s.cfg.Noise > 0 ||
		prev.Score >= WinBound || prev.Score <= -WinBound {
		return s.root(p, d, moves, -inf, inf)
	}
	lo, hi := prev.Score-w, prev.Score+w
	for {
		score, ok := s.root(p, d, moves, lo, hi)
		switch {
		case !ok:
			if score <= lo {
				return -inf, false // no move was shown to beat anything
			}
			return score, false
		case score <= lo && lo > -inf:
			w *= 4
			lo = max(score-w, -inf)
		case score >= hi && hi < inf:
			w *= 4
			hi = min(score+w, inf)
		default:
			return score, true
		}
		if w > EvalScale {
			lo, hi = -inf, inf
		}
	}
}

// root searches every root move to depth d within the window (lo, hi) and
// moves the best to the front; a score at or below lo or at or above hi is
// only a bound (the full window is (-inf, inf)). ok is false when the
// search was stopped before the iteration completed; the best of the moves
// scored by then is still moved to the front and its score returned (-inf
// when none was scored).
func (s *Searcher) root(p game.Player, d int, moves []game.Move, lo, hi int) (int, bool) {
	if s.multi() {
		return s.rootMulti(p, d, moves)
	}
	alpha, best, bestMove := lo, -inf, moves[0]
	s.pvLen[0] = 0
	deferred := s.deferred[:0]
	if s.smp != nil {
		defer s.smp.searching(s.id, 0, 0)
	}
	for i := 0; i < len(moves)+len(deferred); i++ {
		var m game.Move
		if i < len(moves) {
			m = moves[i]
			if i > 0 && s.smp != nil && s.smp.busy(s.id, d, m) {
				// Another thread is searching this move at this depth:
				// search it last, when its result is likely in the table.
				deferred = append(deferred, m)
				continue
			}
		} else {
			m = deferred[i-len(moves)]
		}
		if s.smp != nil {
			s.smp.searching(s.id, d, m)
		}
		s.w.Apply(m)
		s.pvLen[1] = 1
		var v int
		switch {
		case s.cfg.Noise > 0:
			v = s.value(p, d-1, 1, -inf, inf)
			if MateIn(v) == 0 {
				v += s.cfg.Rand.IntN(2*s.cfg.Noise+1) - s.cfg.Noise
			}
		case i == 0:
			v = s.value(p, d-1, 1, lo, hi)
		default:
			v = s.value(p, d-1, 1, alpha, alpha+1)
			if v > alpha && v < hi && !s.stopped {
				v = s.value(p, d-1, 1, alpha, hi)
			}
		}
		s.w.Undo()
		if s.stopped {
			s.deferred = deferred
			if best > -inf {
				moveToFront(moves, bestMove)
			}
			return best, false
		}
		if v > best {
			best, bestMove = v, m
			s.updatePV(0, m)
			if v > alpha {
				alpha = v
			}
		}
		if best >= hi {
			break // fails high: the caller widens the window
		}
	}
	s.deferred = deferred
	moveToFront(moves, bestMove)
	bound := boundExact
	switch {
	case best <= lo:
		bound = boundUpper
	case best >= hi:
		bound = boundLower
	}
	s.store(s.w.State().Hash(), d, best, bound, moves[0], 0)
	return best, true
}

// adopt puts l first in lines, dropping the line of the same move.
func adopt(lines []Line, l Line) []Line {
	out := []Line{l}
	for _, x := range lines {
		if x.Move != l.Move {
			out = append(out, x)
		}
	}
	return out[:min(len(out), max(len(lines), 1))]
}

// allProven reports whether every line's score is a proven result.
func allProven(lines []Line) bool {
	for _, l := range lines {
		if l.Mate == 0 {
			return false
		}
	}
	return len(lines) > 0
}

// multi reports whether the search keeps several root lines.
func (s *Searcher) multi() bool { return s.cfg.MultiPV > 1 && s.cfg.Noise == 0 }

// restrictRoot keeps the root moves listed in only (all when only is empty
// or names no legal move), in the root's order.
func restrictRoot(moves, only []game.Move) []game.Move {
	if len(only) == 0 {
		return moves
	}
	kept := moves[:0:0]
	for _, m := range moves {
		for _, o := range only {
			if m == o {
				kept = append(kept, m)
				break
			}
		}
	}
	if len(kept) == 0 {
		return moves
	}
	return kept
}

// rootMulti is root for Config.MultiPV > 1: the first MultiPV moves are
// searched with full windows, every later one with a null window at the
// MultiPV-th best score so far and again with an open window when it beats
// it. The best MultiPV moves, with exact scores and PVs, end up at the
// front of moves in order and in s.lines.
func (s *Searcher) rootMulti(p game.Player, d int, moves []game.Move) (int, bool) {
	k := min(s.cfg.MultiPV, len(moves))
	lines := make([]Line, 0, k+1)
	s.pvLen[0] = 0
	for i, m := range moves {
		s.w.Apply(m)
		s.pvLen[1] = 1
		var v int
		if i < k {
			v = s.value(p, d-1, 1, -inf, inf)
		} else {
			alpha := lines[k-1].Score
			v = s.value(p, d-1, 1, alpha, alpha+1)
			if v > alpha && !s.stopped {
				v = s.value(p, d-1, 1, alpha, inf)
			}
		}
		s.w.Undo()
		if s.stopped {
			break
		}
		if len(lines) == k && v <= lines[k-1].Score {
			continue
		}
		pv := make([]game.Move, 0, s.pvLen[1])
		pv = append(append(pv, m), s.pv[1][1:max(s.pvLen[1], 1)]...)
		j := len(lines)
		for j > 0 && lines[j-1].Score < v {
			j--
		}
		lines = append(lines, Line{})
		copy(lines[j+1:], lines[j:])
		lines[j] = Line{Move: m, Score: v, Mate: MateIn(v), PV: pv}
		lines = lines[:min(len(lines), k)]
	}
	if len(lines) == 0 {
		return -inf, false
	}
	for i := len(lines) - 1; i >= 0; i-- {
		moveToFront(moves, lines[i].Move)
	}
	best := lines[0]
	s.pvLen[0] = copy(s.pv[0][:], best.PV)
	if s.stopped {
		return best.Score, false
	}
	s.lines = lines
	s.store(s.w.State().Hash(), d, best.Score, boundExact, best.Move, 0)
	return best.Score, true
}

func moveToFront(moves []game.Move, m game.Move) {
	for i, x := range moves {
		if x == m {
			copy(moves[1:i+1], moves[:i])
			moves[0] = m
			return
		}
	}
}

func (s *Searcher) updatePV(ply int, m game.Move) {
	s.pv[ply][ply] = m
	n := s.pvLen[ply+1]
	if n < ply+1 {
		n = ply + 1
	}
	copy(s.pv[ply][ply+1:n], s.pv[ply+1][ply+1:n])
	s.pvLen[ply] = n
}

// value scores the walker's current position for p, who moved into it,
// within the window (alpha, beta) seen from p.
func (s *Searcher) value(p game.Player, depth, ply, alpha, beta int) int {
	st := s.w.State()
	q := st.ToMove()
	if q == game.NoPlayer {
		s.tick() // a leaf may have cost a slow Apply: look at the clock
		return s.terminal(st, p, ply)
	}
	if s.repeated(st) {
		s.tick()
		return s.draw(p)
	}
	switch q {
	case game.Chance:
		return s.chance(p, depth, ply, false)
	case p:
		return s.negamax(depth, ply, alpha, beta)
	default:
		return -s.negamax(depth, ply, -beta, -alpha)
	}
}

// terminal scores a finished game for p at the given ply.
func (s *Searcher) terminal(st game.State, p game.Player, ply int) int {
	o, _ := st.Outcome()
	switch {
	case o.AllLose:
		// Nobody wins: a loss for the seat the search is for, whoever
		// made the last move (seen from p, a loss when p is that seat and
		// a win for p otherwise, so that negation gives the same loss).
		if p == s.rootSide {
			return -(Win - ply)
		}
		return Win - ply
	case o.IsDraw():
		return s.draw(p)
	case o.Won(p) && len(o.Winners) == 1:
		return Win - ply
	case o.Won(p):
		return s.draw(p) // a shared win is as good as a draw between two
	}
	return -(Win - ply)
}

// draw is the score of a draw for p: -Contempt for the seat the search is
// for, +Contempt for the other.
func (s *Searcher) draw(p game.Player) int {
	if p == s.rootSide {
		return -s.cfg.Contempt
	}
	return s.cfg.Contempt
}

// repeated reports whether st, the walker's current position, occurred
// before (game.Repeater).
func (s *Searcher) repeated(st game.State) bool {
	switch {
	case !s.repeats:
		return false
	case s.repeater != nil:
		return s.repeater.Repeated()
	}
	r, ok := st.(game.Repeater)
	return ok && r.Repeated()
}

// chance averages the outcomes of a chance node for p.
func (s *Searcher) chance(p game.Player, depth, ply int, quiet bool) int {
	if ply >= MaxPly-1 {
		return s.evaluate(p)
	}
	var sum float64
	for _, o := range s.w.State().ChanceOutcomes() {
		s.w.Apply(o.Move)
		s.pvLen[ply+1] = ply + 1
		var v int
		if quiet {
			v = s.qvalue(p, ply+1, -inf, inf, maxQDepth)
		} else {
			v = s.value(p, depth, ply+1, -inf, inf)
		}
		s.w.Undo()
		if s.stopped {
			return 0
		}
		sum += o.Prob * float64(v)
	}
	s.pvLen[ply] = ply // no PV through chance
	return int(sum)
}

func (s *Searcher) tick() {
	s.nodes++
	if s.nodeLimit > 0 && s.nodes >= s.nodeLimit {
		s.stopped = true
	}
	if s.sinceTick++; s.sinceTick < s.every {
		return
	}
	s.sinceTick = 0
	if s.cfg.Yield != nil {
		s.lastCheck = s.lastCheck.Add(s.cfg.Yield()) // a pause is not a slow node
	}
	now := s.cfg.Now()
	switch {
	case s.ctx.Err() != nil || (!s.deadline.IsZero() && !now.Before(s.deadline)):
		s.stopped = true
	case s.smp == nil || s.stopped:
	case s.id > 0 && s.smp.halt.Load():
		s.stopped = true
	case int(s.smp.done.Load()) >= s.iterDepth:
		s.stopped, s.superseded = true, true // another thread completed this depth
	}
	s.every = checkEvery
	if now.Sub(s.lastCheck) > slowCheck {
		s.every = 1
	}
	s.lastCheck = now
}

// negamax searches the current position, a decision node, to depth plies
// and returns its value for the side to move.
func (s *Searcher) negamax(depth, ply, alpha, beta int) int {
	s.pvLen[ply] = ply
	if depth <= 0 || ply >= MaxPly-maxQDepth-1 {
		return s.quiesce(ply, alpha, beta, 0)
	}
	s.tick()
	if s.stopped {
		return 0
	}
	st := s.w.State()
	p := st.ToMove()
	h := st.Hash()
	alphaOrig := alpha
	var ttMove game.Move
	hasTT := false
	if e, ok := s.probe(h); ok {
		ttMove, hasTT = e.move, e.hasMove
		if int(e.depth) >= depth {
			v := fromTT(int(e.score), ply)
			switch e.bound {
			case boundExact:
				return v
			case boundLower:
				alpha = max(alpha, v)
			case boundUpper:
				beta = min(beta, v)
			}
			if alpha >= beta {
				return v
			}
		}
	}
	moves := game.SearchMoves(st, s.moves[ply][:0])
	s.moves[ply] = moves
	keys := s.orderKeys(st, ply, p, moves, ttMove, hasTT)
	best, bestMove := -inf, moves[0]
	for i := range moves {
		pickNext(moves, keys, i)
		m := moves[i]
		s.w.Apply(m)
		s.pvLen[ply+1] = ply + 1
		var v int
		if i == 0 {
			v = s.value(p, depth-1, ply+1, alpha, beta)
		} else {
			r := s.reduction(depth, i, keys[i])
			v = s.value(p, depth-1-r, ply+1, alpha, alpha+1)
			if r > 0 && v > alpha && !s.stopped {
				v = s.value(p, depth-1, ply+1, alpha, alpha+1)
			}
			if v > alpha && v < beta && !s.stopped {
				v = s.value(p, depth-1, ply+1, alpha, beta)
			}
		}
		s.w.Undo()
		if s.stopped {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				s.updatePV(ply, m)
			}
		}
		if alpha >= beta {
			if !s.isNoisy(m) {
				k := &s.killers[ply]
				if k[0] != m {
					k[1], k[0] = k[0], m
				}
				s.history[p&1][histIndex(m)] += int32(depth * depth)
			}
			break
		}
	}
	bound := boundExact
	switch {
	case best <= alphaOrig:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	s.store(h, depth, best, bound, bestMove, ply)
	return best
}

// reduction is how many plies shallower the i-th move of a node with
// depth plies to go, of ordering key key, is first searched (Reductions).
func (s *Searcher) reduction(depth, i int, key int32) int {
	switch {
	case !s.cfg.Reductions || depth < lmrMinDepth || i < lmrFirst || key >= keyKiller:
		return 0
	case i >= lmrDeep && depth >= lmrDeepDepth:
		return 2
	}
	return 1
}

func (s *Searcher) isNoisy(m game.Move) bool {
	if !s.noisy {
		return false
	}
	return s.w.State().(interface{ Noisy(game.Move) bool }).Noisy(m)
}

// Ordering keys: higher first.
const (
	keyTT     = 1 << 30
	keyNoisy  = 1 << 29
	keyKiller = 1 << 28
)

func (s *Searcher) orderKeys(st game.State, ply int, p game.Player, moves []game.Move, tt game.Move, hasTT bool) []int32 {
	keys := s.keys[ply][:0]
	k := s.killers[ply]
	var nz interface{ Noisy(game.Move) bool }
	if s.noisy {
		nz = st.(interface{ Noisy(game.Move) bool })
	}
	for _, m := range moves {
		var key int32
		switch {
		case hasTT && m == tt:
			key = keyTT
		case nz != nil && nz.Noisy(m):
			key = keyNoisy
		case m == k[0]:
			key = keyKiller + 1
		case m == k[1]:
			key = keyKiller
		default:
			key = min(s.history[p&1][histIndex(m)], keyKiller-1)
		}
		keys = append(keys, key)
	}
	s.keys[ply] = keys
	return keys
}

// pickNext swaps the best remaining move into place i (selection sort, done
// lazily because most nodes cut off after a move or two).
func pickNext(moves []game.Move, keys []int32, i int) {
	b := i
	for j := i + 1; j < len(moves); j++ {
		if keys[j] > keys[b] {
			b = j
		}
	}
	moves[i], moves[b] = moves[b], moves[i]
	keys[i], keys[b] = keys[b], keys[i]
}

func histIndex(m game.Move) uint64 {
	return (uint64(m) * 0x9E3779B97F4A7C15) >> (64 - histBits)
}

// quiesce extends the search through noisy moves until the position is
// quiet, then scores it statically. The side to move may stand pat.
func (s *Searcher) quiesce(ply, alpha, beta, qd int) int {
	s.tick()
	if s.stopped {
		return 0
	}
	st := s.w.State()
	p := st.ToMove()
	stand := s.evaluate(p)
	if !s.noisy || qd >= maxQDepth || ply >= MaxPly-1 {
		return stand
	}
	if stand >= beta {
		return stand
	}
	alpha = max(alpha, stand)
	best := stand
	nz := st.(interface{ Noisy(game.Move) bool })
	moves := st.LegalMoves(s.moves[ply][:0])
	s.moves[ply] = moves
	for _, m := range moves {
		if !nz.Noisy(m) {
			continue
		}
		s.w.Apply(m)
		v := s.qvalue(p, ply+1, alpha, beta, qd+1)
		s.w.Undo()
		if s.stopped {
			return 0
		}
		if v > best {
			best = v
			alpha = max(alpha, v)
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

func (s *Searcher) qvalue(p game.Player, ply, alpha, beta, qd int) int {
	st := s.w.State()
	q := st.ToMove()
	if q == game.NoPlayer {
		s.tick() // a leaf may have cost a slow Apply: look at the clock
		return s.terminal(st, p, ply)
	}
	if s.repeated(st) {
		s.tick()
		return s.draw(p)
	}
	switch q {
	case game.Chance:
		return s.chance(p, 0, ply, true)
	case p:
		return s.quiesce(ply, alpha, beta, qd)
	default:
		return -s.quiesce(ply, -beta, -alpha, qd)
	}
}

// evaluate scores the current position for p: the game's Evaluator, or the
// mean of a few random playouts.
func (s *Searcher) evaluate(p game.Player) int {
	st := s.w.State()
	if s.eval {
		// Seen from the seat the search is for and negated for the other:
		// an evaluation that is not zero-sum (Villa Paletti's, where a
		// villa heading for a collapse with nobody holding the seal is bad
		// for both) is then never taken as good for the root because it
		// is bad for the opponent. For a zero-sum Evaluator (every other
		// game's) this is the same as Evaluate(p).
		if p == s.rootSide {
			return int(st.(game.Evaluator).Evaluate(p) * EvalScale)
		}
		return -int(st.(game.Evaluator).Evaluate(s.rootSide) * EvalScale)
	}
	var sum float64
	for range s.cfg.Playouts {
		sum += s.playout(p)
	}
	return int((2*sum/float64(s.cfg.Playouts) - 1) * EvalScale)
}

// playout plays random moves to the end and returns p's reward in [0, 1].
func (s *Searcher) playout(p game.Player) float64 {
	var buf [64]game.Move
	n := 0
	r := 0.5
	for ; n < defaultPlayoutPlies; n++ {
		st := s.w.State()
		q := st.ToMove()
		if q == game.NoPlayer {
			o, _ := st.Outcome()
			r = o.Reward(p, st.NumPlayers())
			break
		}
		var m game.Move
		if q == game.Chance {
			m = walk.Sample(st.ChanceOutcomes(), s.cfg.Rand.Float64())
		} else {
			moves := st.LegalMoves(buf[:0])
			m = moves[s.cfg.Rand.IntN(len(moves))]
		}
		s.w.Apply(m)
	}
	for range n {
		s.w.Undo()
	}
	return r
}

// toTT makes a proven score relative to the node (plies to the end from
// here), so it stays right when the position is reached at another ply.
func toTT(v, ply int) int {
	switch {
	case v > WinBound:
		return v + ply
	case v < -WinBound:
		return v - ply
	}
	return v
}

func fromTT(v, ply int) int {
	switch {
	case v > WinBound:
		return v - ply
	case v < -WinBound:
		return v + ply
	}
	return v
}
