// Package mcts is a Monte Carlo tree searcher (UCT) for every game the game
// contract can describe: any number of players, chance nodes, one-player
// puzzles.
//
// Each iteration walks down the tree choosing children by UCB1 from the
// point of view of the seat to move (each node keeps a reward per seat and
// a seat maximises its own, max^n-style, so three-player games are searched
// as such), adds one node, plays the rest of the game out and adds the
// playout's rewards to every node on the path. A seat's reward is its share
// of the win with one or two seats, and its standing (Standings: the seats
// it finished ahead of) with more. Playouts are uniform, or take the game's
// noisy moves (game.Noisy) first with probability Config.Noisy. At a chance node the outcome is sampled with
// its probability. When the game offers a game.Evaluator it gives
// progressive bias (a heuristic term that fades as a child's visits grow)
// and, optionally, an epsilon-greedy playout policy and early playout cut-off
// (always, when whole playouts are too dear for the time, or when they pass
// chance events and Config.CutChance is set).
// In two-player games the MCTS-Solver rules prove wins, losses and draws
// when the subtree below a node is fully known, so proven wins are played
// at once and proven losses avoided. The tree below the position reached
// is kept between searches (tree reuse), and the game's Mutable fast path is
// used when present.
package mcts

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/tabula-games/tabula/ai/internal/walk"
	"github.com/tabula-games/tabula/game"
)

const (
	// probePlayouts are the playouts at the start of a search after which
	// it decides whether to cut the rest short (see Config.PlayoutDepth).
	probePlayouts = 4
	// minPlayouts is the fewest playouts a timed search should run: below
	// it the statistics are noise (Villa Paletti with four players got
	// 1-18 whole playouts in 300 ms before it cut at its Horizon), so
	// playouts are cut short instead.
	minPlayouts = 64
	// shortPlayout is the cut-off, in plies, of playouts cut short for
	// time or past dice; the Evaluator scores where they stop.
	shortPlayout = 8
	// defaultC is the UCB1 exploration constant for rewards in [0, 1]; the
	// textbook sqrt(2) explores too much for board games in practice.
	defaultC = 0.7
	// defaultBias weighs the Evaluator's opinion in progressive bias: at 1
	// a child's heuristic counts like one visit's worth of reward.
	defaultBias = 1.0
	// defaultMaxNodes bounds the tree (about 100 bytes a node, so ~20 MiB),
	// the memory a bot may take on a shared server; past it iterations
	// still run playouts but add no nodes.
	defaultMaxNodes = 200_000
	// defaultIterations is the budget when the caller sets no limit at
	// all, so a search always ends.
	defaultIterations = 20_000
	// maxPlayoutPlies cuts a playout that does not end (a game whose random
	// play may cycle); it is then scored by the Evaluator or as a draw.
	maxPlayoutPlies = 1000
	// reuseDepth is how many plies below the previous root the position
	// of the next search is looked for (the bot's move, the opponents'
	// replies and chance events in between).
	reuseDepth = 6
	// playoutCheck is the number of playout plies between clock and context
	// checks inside a playout while plies are cheap: a clock read is tens of
	// nanoseconds, the cheapest ply (Talat) over a microsecond. The clock
	// is also read before every iteration.
	playoutCheck = 16
	// slowCheck is the gap between checks past which the clock is read
	// after every ply: a Palagonia or Villa Paletti ply can take a
	// millisecond (ten times more under the race detector), so a whole
	// playout, or even 16 plies, would overrun a small budget.
	slowCheck = time.Millisecond
)

// Config tunes a Searcher. The zero value is a full-strength searcher.
type Config struct {
	// C is the exploration constant (default 0.7).
	C float64
	// Bias weighs progressive bias from the game's Evaluator (default 1;
	// negative disables it).
	Bias float64
	// Greedy is the probability that a playout move is the better of two
	// random candidates by the Evaluator instead of a uniform random one
	// (default 0: uniform playouts).
	Greedy float64
	// PlayoutDepth, when positive and the game has an Evaluator, cuts each
	// playout after that many plies and scores it with the Evaluator.
	// When it is 0, a game that implements game.Horizon sets the cut-off;
	// in other games with an Evaluator a timed search whose first
	// probePlayouts show that fewer than minPlayouts whole playouts would
	// fit cuts its playouts at shortPlayout plies (so does CutChance);
	// the rest play their playouts to the end.
	PlayoutDepth int
	// LeafEval, in a game with a playout horizon (game.Horizon), scores
	// each new leaf with the Evaluator at once instead of after the
	// horizon's random plies: fewer, costlier iterations (each new node's
	// search moves are generated) whose values carry no playout noise.
	LeafEval bool
	// CutChance, in a game with an Evaluator whose playouts pass chance
	// events (dice), cuts every playout after the first few at
	// shortPlayout plies and scores it with the Evaluator. A whole
	// Palagonia playout rolls the dice about 25 times, so its result
	// says more about that luck than about the position it started from,
	// and the time a whole playout takes buys ten cut ones: a tree about
	// ten times larger, which sees the tiles of the rest of an action.
	CutChance bool
	// Noisy is the probability that a playout move is drawn from the
	// game's noisy moves (game.Noisy: captures, push-offs) when the
	// position has any, instead of from all moves (default 0). Random
	// play that ignores a free capture misjudges positions badly.
	Noisy float64
	// MaxNodes bounds the tree size (default 200000).
	MaxNodes int
	// NoSolver turns MCTS-Solver off; NoReuse turns tree reuse off.
	NoSolver, NoReuse bool
	// Rand drives every random choice (default: a fixed seed).
	Rand *rand.Rand
	// Now is the clock (default time.Now).
	Now func() time.Time
	// MultiPV is the number of root moves Result.Lines reports, most
	// visited first (0 or 1: the chosen move alone). It changes nothing
	// in the search.
	MultiPV int
	// Yield, when set, is called at every clock check (before each
	// iteration and every playoutCheck playout plies at most) and may
	// block to pause the search, returning how long it paused; the search
	// goes on when it returns. The clock runs while it blocks: a pause
	// spends the time limit. Nil costs nothing.
	Yield func() time.Duration
}

// Limits bound one search. Zero fields are unlimited; with no limit at all
// a search runs 20000 iterations.
type Limits struct {
	Time       time.Duration
	Iterations int64
}

// Result is the outcome of a search.
type Result struct {
	Move game.Move
	// Value is the mover's expected reward in [0, 1] after Move (1 a win).
	Value float64
	// Proven is +1 when Move is a proven win, -1 when every move is a
	// proven loss, 0 otherwise; ProvenDraw is set when the position is a
	// proven draw.
	Proven     int
	ProvenDraw bool
	Iterations int64 // playouts this search
	Visits     int64 // visits of the chosen move, including reused ones
	Nodes      int   // nodes in the tree at the end
	Reused     int   // nodes kept from the previous search
	// PlayoutDepth is the plies a playout played before the Evaluator
	// scored it; -1 when playouts ran to the end.
	PlayoutDepth int
	PV           []game.Move
	Elapsed      time.Duration
	// Lines are the chosen move's line and then the most visited other
	// root moves, Config.MultiPV in all (fewer when the tree's root has
	// fewer children: a root the solver proves early stops expanding).
	Lines []Line
}

// Line is one root move as the tree sees it.
type Line struct {
	Move game.Move
	// Value is the mover's mean reward after Move in [0, 1]; Rewards is
	// every seat's mean reward (the expected result per seat), indexed by
	// seat. A proven result overrides both.
	Value   float64
	Rewards []float64
	Visits  int64
	// Proven is +1 when Move is a proven win for the mover, -1 a proven
	// loss (two players), 0 otherwise.
	Proven int
	// PV follows the most visited child from Move down.
	PV []game.Move
}

// ErrNoMove is returned for a state where no seat is to move.
var ErrNoMove = errors.New("mcts: no seat to move")

type node struct {
	move     game.Move
	toMove   game.Player
	hash     uint64
	visits   float64
	reward   []float64 // per seat, summed over visits
	children []*node
	untried  []game.Move // decision nodes: moves not expanded yet
	outcomes int         // chance nodes: number of outcomes
	bias     float64     // heuristic value in [0,1] for the seat that moved here
	proven   bool        // the result below this node is known
	winner   game.Player // the proven result: the winner, or NoPlayer for a draw
	init     bool        // untried/outcomes filled
}

// Searcher runs searches for one game, keeping its tree between them. It is
// not safe for concurrent use.
type Searcher struct {
	cfg   Config
	root  *node
	nodes int

	// per search
	ctx       context.Context
	deadline  time.Time
	sinceTick int       // playout plies since the last clock check
	every     int       // plies between clock checks: playoutCheck, or 1 when plies are slow
	lastCheck time.Time // time of the last clock check
	w         *walk.Walker
	n         int // seats
	eval      bool
	cut       int  // playout cut-off in plies for this search, -1 for none
	chance    bool // a playout of this search passed a chance event
	noisy     bool // the game marks noisy moves and Config.Noisy > 0
	rewards   []float64
	buf       []game.Move
	path      []*node
	pool      []float64 // reward slices are cut from here
}

// New returns a searcher with the given configuration.
func New(cfg Config) *Searcher {
	if cfg.C == 0 {
		cfg.C = defaultC
	}
	if cfg.Bias == 0 {
		cfg.Bias = defaultBias
	}
	if cfg.MaxNodes <= 0 {
		cfg.MaxNodes = defaultMaxNodes
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.New(rand.NewPCG(1, 2))
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Searcher{cfg: cfg}
}

// Reset drops the kept tree.
func (s *Searcher) Reset() { s.root, s.nodes = nil, 0 }

func isEvaluator(st game.State) bool { _, ok := st.(game.Evaluator); return ok }

// Search chooses a move for the seat to move in st within lim and ctx. When
// the context ends it returns the best move found so far, with a nil error.
func (s *Searcher) Search(ctx context.Context, st game.State, lim Limits) (Result, error) {
	start := s.cfg.Now()
	p := st.ToMove()
	if p < 0 {
		return Result{}, fmt.Errorf("%w (ToMove = %v)", ErrNoMove, p)
	}
	s.w = walk.New(st, isEvaluator)
	s.n = st.NumPlayers()
	s.eval = isEvaluator(s.w.State())
	_, s.noisy = s.w.State().(game.Noisy)
	s.noisy = s.noisy && s.cfg.Noisy > 0
	s.rewards = make([]float64, s.n)
	s.reuse(st)
	reused := s.nodes
	if s.root == nil {
		s.root = s.newNode(0)
		s.nodes = 1
	}
	s.ctx, s.deadline = ctx, time.Time{}
	s.sinceTick, s.every, s.lastCheck = 0, 1, start
	if lim.Time > 0 {
		s.deadline = start.Add(lim.Time)
	}
	maxIter := lim.Iterations
	if maxIter <= 0 && lim.Time <= 0 {
		maxIter = defaultIterations
	}
	s.cut, s.chance = -1, false
	if h, ok := st.(game.Horizon); ok && s.eval {
		s.cut = h.PlayoutDepth()
	}
	if s.cut >= 0 && s.cfg.LeafEval {
		s.cut = 0
	}
	if s.eval && s.cfg.PlayoutDepth > 0 {
		s.cut = s.cfg.PlayoutDepth
	}
	var it int64
	if len(st.LegalMoves(nil)) > 1 {
		for maxIter <= 0 || it < maxIter {
			if s.expired() {
				break
			}
			s.iterate()
			it++
			if s.root.proven {
				break // nothing left to learn
			}
			if it == probePlayouts && s.eval && s.cut < 0 {
				switch {
				case s.chance && s.cfg.CutChance:
					s.cut = shortPlayout // whole playouts mostly measure the dice
				case lim.Time > 0 && s.cfg.Now().Sub(start)*minPlayouts > lim.Time*probePlayouts:
					s.cut = shortPlayout // whole playouts are too dear for this budget
				}
			}
		}
	}
	if len(s.root.children) == 0 {
		s.expandAll(s.root) // no iteration ran: the result still needs a child
	}
	res := s.result(p)
	res.Iterations = it
	res.Reused = reused
	res.PlayoutDepth = s.cut
	res.Elapsed = s.cfg.Now().Sub(start)
	return res, nil
}

// expired reports whether the search must stop: its context is done or its
// time is up.
func (s *Searcher) expired() bool {
	if s.cfg.Yield != nil {
		s.lastCheck = s.lastCheck.Add(s.cfg.Yield()) // a pause is not a slow ply
	}
	now := s.cfg.Now()
	s.every = playoutCheck
	if now.Sub(s.lastCheck) > slowCheck {
		s.every = 1
	}
	s.lastCheck, s.sinceTick = now, 0
	return s.ctx.Err() != nil || (!s.deadline.IsZero() && !now.Before(s.deadline))
}

// tick counts a playout ply and reports whether the search must stop,
// reading the clock every s.every plies.
func (s *Searcher) tick() bool {
	if s.sinceTick++; s.sinceTick < s.every {
		return false
	}
	return s.expired()
}

// reuse moves the root to the node of st if the kept tree has it.
func (s *Searcher) reuse(st game.State) {
	if s.root == nil || s.cfg.NoReuse || len(s.root.reward) != s.n {
		s.root, s.nodes = nil, 0
		return
	}
	h, p := st.Hash(), st.ToMove()
	level := []*node{s.root}
	for d := 0; d <= reuseDepth && len(level) > 0; d++ {
		var next []*node
		for _, n := range level {
			if n.hash == h && n.toMove == p {
				s.root = n
				s.nodes = count(n)
				return
			}
			next = append(next, n.children...)
		}
		level = next
	}
	s.root, s.nodes = nil, 0
}

func count(n *node) int {
	c := 1
	for _, ch := range n.children {
		c += count(ch)
	}
	return c
}

// newNode makes a node for the walker's current position.
func (s *Searcher) newNode(m game.Move) *node {
	st := s.w.State()
	if len(s.pool) < s.n {
		s.pool = make([]float64, s.n*256)
	}
	n := &node{move: m, toMove: st.ToMove(), hash: st.Hash(), reward: s.pool[:s.n:s.n]}
	s.pool = s.pool[s.n:]
	if n.toMove == game.NoPlayer && s.n == 2 && !s.cfg.NoSolver {
		o, _ := st.Outcome()
		n.proven = true
		n.winner = game.NoPlayer
		if len(o.Winners) == 1 {
			n.winner = o.Winners[0]
		}
	}
	return n
}

func (s *Searcher) initNode(n *node) {
	if n.init {
		return
	}
	n.init = true
	st := s.w.State()
	switch n.toMove {
	case game.NoPlayer:
	case game.Chance:
		n.outcomes = len(st.ChanceOutcomes())
	default:
		n.untried = game.SearchMoves(st, nil)
		s.cfg.Rand.Shuffle(len(n.untried), func(i, j int) {
			n.untried[i], n.untried[j] = n.untried[j], n.untried[i]
		})
	}
}

// expandAll adds every child of a decision node (used when there is
// nothing to search, so the result still names a child).
func (s *Searcher) expandAll(n *node) {
	s.initNode(n)
	for len(n.untried) > 0 {
		s.expand(n)
		s.w.Undo()
	}
}

// expand adds a child for the next untried move and leaves the walker on it.
func (s *Searcher) expand(n *node) *node {
	m := n.untried[len(n.untried)-1]
	n.untried = n.untried[:len(n.untried)-1]
	mover := n.toMove
	s.w.Apply(m)
	c := s.newNode(m)
	if s.eval && s.cfg.Bias > 0 {
		c.bias = (s.w.State().(game.Evaluator).Evaluate(mover) + 1) / 2
	}
	n.children = append(n.children, c)
	s.nodes++
	return c
}

// iterate runs one selection, expansion, playout and backup.
func (s *Searcher) iterate() {
	path := append(s.path[:0], s.root)
	defer func() { s.path = path[:0] }()
	n := s.root
	depth := 0
	for {
		s.initNode(n)
		if n.toMove == game.NoPlayer {
			break
		}
		if n.toMove == game.Chance {
			m := walk.Sample(s.w.State().ChanceOutcomes(), s.cfg.Rand.Float64())
			var c *node
			for _, ch := range n.children {
				if ch.move == m {
					c = ch
					break
				}
			}
			s.w.Apply(m)
			depth++
			if c == nil {
				if s.nodes >= s.cfg.MaxNodes {
					break
				}
				c = s.newNode(m)
				n.children = append(n.children, c)
				s.nodes++
				path = append(path, c)
				break
			}
			n = c
			path = append(path, n)
			continue
		}
		if len(n.untried) > 0 && s.nodes < s.cfg.MaxNodes {
			c := s.expand(n)
			depth++
			path = append(path, c)
			break
		}
		if len(n.children) == 0 {
			break // the tree is full: play out from here
		}
		n = s.selectChild(n)
		s.w.Apply(n.move)
		depth++
		path = append(path, n)
	}
	leaf := path[len(path)-1]
	if leaf.toMove == game.NoPlayer {
		s.outcomeRewards(s.w.State())
	} else {
		s.playout()
	}
	for _, nd := range path {
		nd.visits++
		for i, r := range s.rewards {
			nd.reward[i] += r
		}
	}
	if s.n == 2 && !s.cfg.NoSolver {
		for i := len(path) - 1; i >= 0; i-- {
			if !s.prove(path[i]) {
				break
			}
		}
	}
	for range depth {
		s.w.Undo()
	}
}

// selectChild picks a child of a decision node by UCB1 with progressive
// bias; with the solver on it takes a proven win at once and avoids proven
// losses.
func (s *Searcher) selectChild(n *node) *node {
	p := n.toMove
	logN := math.Log(n.visits + 1)
	var best, fallback *node
	bestV := math.Inf(-1)
	for _, c := range n.children {
		if c.proven && s.n == 2 {
			if c.winner == p {
				return c
			}
			if c.winner != game.NoPlayer {
				if fallback == nil || c.visits > fallback.visits {
					fallback = c
				}
				continue
			}
		}
		if c.visits == 0 {
			// Added by expandAll in a search that ran no iteration, and
			// kept by tree reuse: UCB1 would divide by zero.
			return c
		}
		v := c.reward[p]/c.visits + s.cfg.C*math.Sqrt(logN/c.visits)
		if s.cfg.Bias > 0 {
			v += s.cfg.Bias * c.bias / (c.visits + 1)
		}
		if v > bestV {
			best, bestV = c, v
		}
	}
	if best == nil {
		return fallback
	}
	return best
}

// prove applies the MCTS-Solver rules to n (two players) and reports
// whether n is proven now.
func (s *Searcher) prove(n *node) bool {
	if n.proven {
		return true
	}
	if !n.init {
		return false // children not listed yet
	}
	switch n.toMove {
	case game.NoPlayer:
		return false
	case game.Chance:
		if len(n.children) < n.outcomes {
			return false
		}
		w := n.children[0].winner
		for _, c := range n.children {
			if !c.proven || c.winner != w {
				return false
			}
		}
		n.proven, n.winner = true, w
		return true
	}
	p := n.toMove
	bestVal, bestW, all := -1.0, game.NoPlayer, len(n.untried) == 0
	for _, c := range n.children {
		if !c.proven {
			all = false
			continue
		}
		v := 0.5
		switch c.winner {
		case p:
			n.proven, n.winner = true, p
			return true
		case game.NoPlayer:
		default:
			v = 0
		}
		if v > bestVal {
			bestVal, bestW = v, c.winner
		}
	}
	if !all {
		return false
	}
	n.proven, n.winner = true, bestW
	return true
}

// outcomeRewards sets s.rewards from a finished game. With one or two
// seats a seat's reward is its share of the win (game.Outcome.Reward). With
// more it is the seat's standing: the fraction of the other seats it
// finished ahead of, a level pair counting half (a winner is ahead of a
// loser; two winners or two losers compare by game score where the game
// keeps one). So a winner gets 1, the last seat 0, and second place is worth
// more than third: a win-only reward would leave the search indifferent
// among every seat that loses, and in a three-player game that is most
// playouts. A game everyone lost is scored by the Evaluator when the game
// has one, on the same scale as the positions evaluated before the end:
// as a standing of 1/2 it was worth more than a position the evaluation
// rates below even, and seats steered towards collapses nobody wins.
func (s *Searcher) outcomeRewards(st game.State) {
	o, _ := st.Outcome()
	if s.n <= 2 {
		for i := range s.rewards {
			s.rewards[i] = o.Reward(game.Player(i), s.n)
		}
		return
	}
	if o.AllLose && s.eval {
		s.evalRewards(st)
		return
	}
	Standings(o, s.rewards)
}

// Standings sets r[i], for each of the len(r) > 1 seats, to the fraction
// of the other seats that seat i finished ahead of in o, a level pair
// counting half: a winner is ahead of a loser, and two winners or two
// losers compare by game score (o.Scores) where the game keeps one. A draw
// or a game everyone lost gives every seat 1/2.
func Standings(o game.Outcome, r []float64) {
	n := len(r)
	for i := range r {
		r[i] = 0.5
	}
	if n < 2 || o.IsDraw() || o.AllLose {
		return
	}
	for i := range n {
		sum := 0.0
		for j := range n {
			if j != i {
				sum += (float64(o.Ahead(game.Player(i), game.Player(j))) + 1) / 2
			}
		}
		r[i] = sum / float64(n-1)
	}
}

// evalRewards sets s.rewards from the Evaluator, or to an even share
// without one. With two seats the values are normalised to sum to 1 like
// a game's rewards; with more each seat's (Evaluate+1)/2 is used as it is,
// on the scale of the standings (1/2 is an even position).
func (s *Searcher) evalRewards(st game.State) {
	if !s.eval {
		even := 1 / float64(s.n)
		if s.n > 2 {
			even = 0.5
		}
		for i := range s.rewards {
			s.rewards[i] = even
		}
		return
	}
	ev := st.(game.Evaluator)
	sum := 0.0
	for i := range s.rewards {
		s.rewards[i] = (ev.Evaluate(game.Player(i)) + 1) / 2
		sum += s.rewards[i]
	}
	if s.n == 2 && sum > 0 {
		for i := range s.rewards {
			s.rewards[i] /= sum
		}
	}
}

// playout plays from the walker's position to the end (or the cut-off) and
// sets s.rewards.
func (s *Searcher) playout() {
	applied := 0
	for {
		st := s.w.State()
		q := st.ToMove()
		if q == game.NoPlayer {
			s.outcomeRewards(st)
			break
		}
		if applied >= maxPlayoutPlies || (s.cut >= 0 && applied >= s.cut) ||
			s.tick() {
			// Cut off (by length, by choice or because time is up): scored
			// by the Evaluator, or as an even share without one.
			s.evalRewards(st)
			break
		}
		var m game.Move
		if q == game.Chance {
			m = walk.Sample(st.ChanceOutcomes(), s.cfg.Rand.Float64())
			s.chance = true
		} else {
			s.buf = st.LegalMoves(s.buf[:0])
			m = s.buf[s.cfg.Rand.IntN(len(s.buf))]
			if s.noisy && s.cfg.Rand.Float64() < s.cfg.Noisy {
				m = s.noisyMove(st.(game.Noisy), m)
			}
			if s.eval && s.cfg.Greedy > 0 && len(s.buf) > 1 && s.cfg.Rand.Float64() < s.cfg.Greedy {
				m2 := s.buf[s.cfg.Rand.IntN(len(s.buf))]
				if s.score(m2, q) > s.score(m, q) {
					m = m2
				}
			}
		}
		s.w.Apply(m)
		applied++
	}
	for range applied {
		s.w.Undo()
	}
}

// noisyMove returns a uniformly chosen noisy move of s.buf, or m when there
// is none.
func (s *Searcher) noisyMove(nz game.Noisy, m game.Move) game.Move {
	k := 0
	for _, x := range s.buf {
		if nz.Noisy(x) {
			k++
			if s.cfg.Rand.IntN(k) == 0 { // reservoir sampling: each noisy move with probability 1/k
				m = x
			}
		}
	}
	return m
}

// score is the Evaluator's value for p after m.
func (s *Searcher) score(m game.Move, p game.Player) float64 {
	s.w.Apply(m)
	v := s.w.State().(game.Evaluator).Evaluate(p)
	s.w.Undo()
	return v
}

// result picks the root's move: a proven win if there is one, else the most
// visited child that is not a proven loss.
func (s *Searcher) result(p game.Player) Result {
	r := s.root
	var best *node
	better := func(c *node) bool {
		if best == nil {
			return true
		}
		if c.visits != best.visits {
			return c.visits > best.visits
		}
		return c.reward[p] > best.reward[p]
	}
	for _, c := range r.children {
		if c.proven && c.winner == p {
			best = c
			break
		}
		if c.proven && c.winner != game.NoPlayer && s.n == 2 {
			continue
		}
		if better(c) {
			best = c
		}
	}
	if best == nil { // every move loses: resist longest by visits
		for _, c := range r.children {
			if better(c) {
				best = c
			}
		}
	}
	res := Result{Move: best.move, Visits: int64(best.visits), Nodes: s.nodes}
	if best.visits > 0 {
		res.Value = best.reward[p] / best.visits
	}
	switch {
	case best.proven && best.winner == p:
		res.Proven, res.Value = 1, 1
	case best.proven && best.winner != game.NoPlayer && s.n == 2:
		res.Proven, res.Value = -1, 0
	case best.proven && r.proven:
		res.ProvenDraw, res.Value = true, 0.5
	}
	res.PV = mostVisited(best)
	res.Lines = []Line{s.line(best, p)}
	if k := s.cfg.MultiPV; k > 1 {
		others := make([]*node, 0, len(r.children))
		for _, c := range r.children {
			if c != best {
				others = append(others, c)
			}
		}
		slices.SortStableFunc(others, func(a, b *node) int { return cmp.Compare(b.visits, a.visits) })
		for _, c := range others[:min(k-1, len(others))] {
			res.Lines = append(res.Lines, s.line(c, p))
		}
	}
	return res
}

// mostVisited is the line from n down through the most visited children.
func mostVisited(n *node) []game.Move {
	var pv []game.Move
	for n != nil {
		pv = append(pv, n.move)
		if n.toMove < 0 || len(n.children) == 0 {
			break
		}
		var next *node
		for _, c := range n.children {
			if next == nil || c.visits > next.visits {
				next = c
			}
		}
		n = next
	}
	return pv
}

// line describes root child c for the mover p.
func (s *Searcher) line(c *node, p game.Player) Line {
	l := Line{Move: c.move, Visits: int64(c.visits), Rewards: make([]float64, s.n), PV: mostVisited(c)}
	if c.visits > 0 {
		for i := range l.Rewards {
			l.Rewards[i] = c.reward[i] / c.visits
		}
	} else {
		for i := range l.Rewards {
			l.Rewards[i] = 1 / float64(s.n)
		}
	}
	if c.proven {
		o := game.Outcome{}
		if c.winner != game.NoPlayer {
			o.Winners = []game.Player{c.winner}
		}
		for i := range l.Rewards {
			l.Rewards[i] = o.Reward(game.Player(i), s.n)
		}
		switch {
		case c.winner == p:
			l.Proven = 1
		case c.winner != game.NoPlayer && s.n == 2:
			l.Proven = -1
		}
	}
	l.Value = l.Rewards[p]
	return l
}
