// Package analysis runs the analysis board's searches: a bounded pool of
// workers that search positions of any game on behalf of clients and
// stream what they find as the search deepens.
//
// Alpha-beta analyses two-player games whose states have an Evaluator (the
// best 1 to 3 moves with exact scores, multi-PV); MCTS analyses the rest
// (the most visited moves, with every seat's expected result). Each client
// has at most one analysis running or waiting: a new one from the same
// client replaces the old, which ends with the reason "replaced". The
// number of analyses waiting for a worker is bounded, and every analysis
// stops after Config.MaxTime.
//
// Priority: the pool runs at most Config.Workers searches at once, one by
// default, so on a two-core server a core is always left for the bots'
// replies and the rooms. On Linux each search also runs on a thread of its
// own at the lowest scheduling priority (nice 19), so the kernel gives the
// core to the rooms, bots and store whenever they want it. Give the pool
// more workers only on a machine with cores to spare.
package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/livegate"
)

const (
	// DefaultWorkers is Config.Workers when zero: one search at a time
	// leaves the second core of a small server to live games.
	DefaultWorkers = 1
	// DefaultQueue is Config.Queue when zero: analyses waiting for a
	// worker, from distinct clients (each has one at most); past it a
	// request is refused with ErrBusy rather than queued behind minutes
	// of work.
	DefaultQueue = 16
	// DefaultMaxTime is Config.MaxTime when zero: 30 s is deeper than a
	// player reads, and bounds what one request costs.
	DefaultMaxTime = 30 * time.Second
	// MaxLines is the most lines a request may ask for: a player compares
	// three moves at most, and each alpha-beta line costs search time.
	MaxLines = 3
	// hashMiB is the transposition table of one alpha-beta analysis:
	// 16 MiB holds 30 s of search well enough and is small beside the
	// server's memory with Workers analyses at once.
	hashMiB = 16
	// Slope is the logistic slope that maps an evaluation s in [-1, 1]
	// (the Evaluator's scale) to the win probability 1/(1+e^(-Slope·s)):
	// s = 0.25 reads as 73 %, 0.5 as 88 %, 1 as 98 %.
	Slope = 4
)

var (
	// ErrBusy refuses an analysis when Config.Queue analyses wait.
	ErrBusy = errors.New("analysis: too many analyses waiting")
	// ErrNoMove refuses a finished position: there is nothing to analyse.
	ErrNoMove = errors.New("analysis: the game is over in this position")
	// ErrChance refuses a position where a chance event (a roll, a draw)
	// comes next: no seat has a move to choose until it happens.
	ErrChance = errors.New("analysis: a chance event comes next in this position")
)

// Config sizes a Pool; zero fields take the defaults above.
type Config struct {
	// Workers is the number of analyses searching at once (DefaultWorkers).
	Workers int
	// Queue bounds the analyses waiting for a worker (DefaultQueue).
	Queue int
	// MaxTime is the longest one analysis searches (DefaultMaxTime).
	MaxTime time.Duration
	// Now is the searchers' clock (default time.Now).
	Now func() time.Time
	// Seed seeds the searchers' random choices (playouts).
	Seed uint64
	// Child, when set, is the command of the server's own binary (its
	// path and any arguments before "engine"): two-player alpha-beta
	// analyses then run in a child `tabula engine` process at the lowest
	// priority, which the kernel schedules as a whole after the server,
	// instead of on a thread of the server's process.
	Child []string
	// Gate, when set, paces the in-process searches (analyses and
	// reviews) behind live games: each search pauses at its clock checks
	// while the gate says live work waits (internal/livegate). Analyses in
	// a child process are not paced.
	Gate *livegate.Gate
}

// Line is one of the best moves, as texts of the analysed position.
type Line struct {
	Move string   `json:"move"`
	PV   []string `json:"pv"` // Move first; stops before a chance event
	// Score is the evaluation for the side to move in [-1, 1] (alpha-beta:
	// the Evaluator's scale; MCTS: 2·expected result − 1).
	Score float64 `json:"score"`
	// Win is the side to move's win probability in [0, 1]: the logistic of
	// Score (alpha-beta, see Slope) or the expected result (MCTS); 1 or 0
	// when Mate proves the result.
	Win float64 `json:"win"`
	// Mate is the plies to a forced win (> 0) or loss (< 0); 0 unproven.
	Mate int `json:"mate,omitempty"`
	// Expected is every seat's expected result in [0, 1] (MCTS only: 1 a
	// win, 1/n a draw; with more than two seats the share of the other
	// seats finished ahead of), indexed by seat.
	Expected []float64 `json:"expected,omitempty"`
}

// Update is one report of a running analysis.
type Update struct {
	ToMove int    `json:"toMove"` // the seat the evaluation is for
	Engine string `json:"engine"` // "alphabeta" or "mcts"
	// Depth is the completed alpha-beta depth, or the longest MCTS line.
	Depth  int    `json:"depth"`
	Nodes  int64  `json:"nodes"` // nodes (alpha-beta) or playouts (MCTS)
	NPS    int64  `json:"nps"`
	TimeMS int64  `json:"timeMs"`
	Lines  []Line `json:"lines"`
	// Final marks the last update of an analysis, and Reason why it
	// ended: "done" (the search finished: proven or at its depth bound),
	// "time" (MaxTime), "stopped" (the client stopped it or left) or
	// "replaced" (the client started another).
	Final  bool   `json:"final,omitempty"`
	Reason string `json:"reason,omitempty"`
}

// Pool runs analyses.
type Pool struct {
	cfg     Config
	slots   chan struct{}
	mu      sync.Mutex
	waiting int
	running int
	clients map[string]*job
	seq     uint64
}

type job struct {
	cancel context.CancelCauseFunc
	done   chan struct{}
}

var (
	errStopped  = errors.New("stopped")
	errReplaced = errors.New("replaced")
)

// New returns a pool.
func New(cfg Config) *Pool {
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultWorkers
	}
	if cfg.Queue <= 0 {
		cfg.Queue = DefaultQueue
	}
	if cfg.MaxTime <= 0 {
		cfg.MaxTime = DefaultMaxTime
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	return &Pool{cfg: cfg, slots: make(chan struct{}, cfg.Workers), clients: map[string]*job{}}
}

// Busy returns the analyses running and waiting.
func (p *Pool) Busy() (running, waiting int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.running, p.waiting
}

// Run analyses st for client, reporting the best lines (1..MaxLines) to
// send as the search deepens, the last one Final. It returns when the
// analysis ends: at its end, after MaxTime, when ctx ends (the requester
// left or stopped it), or when the same client starts another. A new
// analysis from a client replaces its running one. It returns ErrBusy
// when the queue is full, ErrNoMove for a finished position and ErrChance
// at a chance event; send is not called then.
func (p *Pool) Run(ctx context.Context, client string, st game.State, lines int, send func(Update)) error {
	switch st.ToMove() {
	case game.NoPlayer:
		return ErrNoMove
	case game.Chance:
		return ErrChance
	}
	lines = min(max(lines, 1), MaxLines)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(errStopped)
	j := &job{cancel: cancel, done: make(chan struct{})}
	defer close(j.done)

	p.mu.Lock()
	if p.waiting >= p.cfg.Queue {
		p.mu.Unlock()
		return ErrBusy
	}
	old := p.clients[client]
	p.clients[client] = j
	p.waiting++
	p.seq++
	seed := p.cfg.Seed + p.seq
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		if p.clients[client] == j {
			delete(p.clients, client)
		}
		p.mu.Unlock()
	}()
	if old != nil {
		old.cancel(errReplaced)
		<-old.done // its worker is free before this one queues
	}

	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		p.mu.Lock()
		p.waiting--
		p.mu.Unlock()
		send(Update{ToMove: int(st.ToMove()), Lines: []Line{}, Final: true, Reason: reason(ctx)})
		return nil
	}
	p.mu.Lock()
	p.waiting--
	p.running++
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		p.running--
		p.mu.Unlock()
		<-p.slots
	}()

	start := p.cfg.Now()
	var final Update
	if p.inChild(st) {
		// The child's clock is its own: the analysis's deadline is ctx's.
		cctx, cancelTime := context.WithTimeout(ctx, p.cfg.MaxTime)
		defer cancelTime()
		var err error
		if final, err = p.runChild(cctx, st, lines, send); err != nil {
			return err
		}
	} else {
		bot := ai.NewBot(ai.Max, seed)
		bot.SetOptions(ai.BotOptions{HashMiB: hashMiB, Threads: 1})
		var last Update
		report := func(a ai.Analysis) {
			last = view(st, a)
			send(last)
		}
		var a ai.Analysis
		var err error
		lowPriority(func() {
			a, err = bot.Analyse(ctx, st, ai.Budget{Time: p.cfg.MaxTime}, ai.AnalyseOptions{Lines: lines, Report: report, Now: p.cfg.Now, Yield: p.cfg.Gate.Hook()})
		})
		if err != nil {
			return fmt.Errorf("analysis: %w", err)
		}
		final = view(st, a)
		if len(final.Lines) == 0 {
			final = last
		}
	}
	if final.Lines == nil {
		final.Lines = []Line{}
	}
	final.Final = true
	final.Reason = "done"
	switch {
	case ctx.Err() != nil:
		final.Reason = reason(ctx)
	case p.cfg.Now().Sub(start) >= p.cfg.MaxTime:
		final.Reason = "time"
	}
	send(final)
	return nil
}

func reason(ctx context.Context) string {
	if errors.Is(context.Cause(ctx), errReplaced) {
		return "replaced"
	}
	return "stopped"
}

// view turns an analysis into texts of position st.
func view(st game.State, a ai.Analysis) Update {
	u := Update{ToMove: int(st.ToMove()), Engine: "mcts", Depth: a.Depth, Nodes: a.Nodes, TimeMS: a.Elapsed.Milliseconds()}
	if a.AlphaBeta {
		u.Engine = "alphabeta"
	}
	if a.Elapsed > 0 {
		u.NPS = int64(float64(a.Nodes) / a.Elapsed.Seconds())
	}
	u.Lines = []Line{}
	for _, l := range a.Lines {
		v := Line{Move: st.MoveString(l.Move), Score: l.Score, Mate: l.Mate, Expected: l.Rewards}
		switch {
		case l.Mate > 0:
			v.Win = 1
		case l.Mate < 0:
			v.Win = 0
		case l.Rewards != nil:
			v.Win = l.Rewards[st.ToMove()]
		default:
			v.Win = WinProbability(l.Score)
		}
		cur := st
		for _, m := range l.PV {
			if cur.ToMove() < 0 {
				break
			}
			next, err := cur.Play(m)
			if err != nil {
				break
			}
			v.PV = append(v.PV, cur.MoveString(m))
			cur = next
		}
		u.Lines = append(u.Lines, v)
	}
	return u
}

// WinProbability maps an evaluation in [-1, 1] to a win probability: the
// logistic 1/(1+e^(-Slope·s)).
func WinProbability(s float64) float64 {
	return 1 / (1 + math.Exp(-Slope*s))
}
