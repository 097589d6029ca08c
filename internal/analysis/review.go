package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
)

// A review searches every position of a game once and compares each move
// with the best one the search found (docs/protocol.md, "Game review").
const (
	// DefaultReviewMoveTime is the search of one position in a review: a
	// 60-ply game is reviewed in about half a minute on one worker, and
	// short searches already tell a blunder from a good move.
	DefaultReviewMoveTime = 500 * time.Millisecond
	// MaxReviewPlies is the longest game reviewed: past it a review would
	// hold a worker for minutes; the plies after it are left out.
	MaxReviewPlies = 300
	// Thresholds of the mover's loss of expected result (its win
	// probability in a two-player game) that mark a move: the bands
	// players know from chess sites, on the probability scale.
	InaccuracyLoss = 0.10
	MistakeLoss    = 0.20
	BlunderLoss    = 0.30
)

// Move classes of a review.
const (
	ClassInaccuracy = "inaccuracy"
	ClassMistake    = "mistake"
	ClassBlunder    = "blunder"
)

// ReviewBudget bounds the search of each position; zero fields are
// unlimited, and a budget with none set searches DefaultReviewMoveTime.
type ReviewBudget struct {
	Time  time.Duration
	Nodes int64
	Depth int
}

// ReviewedMove is one move of a reviewed game.
type ReviewedMove struct {
	Ply  int    `json:"ply"` // 1 for the first move
	Seat int    `json:"seat"`
	Move string `json:"move"`
	// Best is the move the search preferred in the position before, with
	// its line; empty at a chance event or when the move was forced.
	Best   string   `json:"best,omitempty"`
	BestPV []string `json:"bestPv,omitempty"`
	// Mate is the best line's plies to a forced win (> 0) or loss (< 0)
	// for the mover; 0 unproven.
	Mate int `json:"mate,omitempty"`
	// Loss is the mover's drop of expected result from the best move to
	// the move played, in [0, 1].
	Loss float64 `json:"loss"`
	// Class is "inaccuracy", "mistake", "blunder" or empty.
	Class string `json:"class,omitempty"`
	// Forced marks a move that was the only legal one (never marked).
	Forced bool `json:"forced,omitempty"`
	// Accuracy is the move's accuracy in percent (Review.Accuracy).
	Accuracy float64 `json:"accuracy"`
}

// Review is a reviewed game.
type Review struct {
	Players int `json:"players"`
	// Expected is every seat's expected result (1 a win, 0 a loss; the
	// win probability in a two-player game) in the position after each
	// ply, indexed [ply][seat], ply 0 the start.
	Expected [][]float64    `json:"expected"`
	Moves    []ReviewedMove `json:"moves"`
	// Accuracy is each seat's mean move accuracy in percent, -1 for a seat
	// with no unforced move. A move's accuracy is 100·(1 − loss)², loss its
	// Loss: 100 for the best move, 81 for a loss of 0.1, 49 for 0.3.
	Accuracy []float64 `json:"accuracy"`
	// Truncated marks a game longer than MaxReviewPlies.
	Truncated bool  `json:"truncated,omitempty"`
	TimeMS    int64 `json:"timeMs"`
}

// Classify returns the class of a move that lost loss of expected result.
func Classify(loss float64) string {
	switch {
	case loss >= BlunderLoss:
		return ClassBlunder
	case loss >= MistakeLoss:
		return ClassMistake
	case loss >= InaccuracyLoss:
		return ClassInaccuracy
	}
	return ""
}

// MoveAccuracy is the accuracy in percent of a move that lost loss.
func MoveAccuracy(loss float64) float64 {
	l := math.Min(1, math.Max(0, loss))
	return 100 * (1 - l) * (1 - l)
}

// Review searches every position of the game that starts at start and
// plays moves (texts), each within bud, on one of the pool's workers at
// low priority; progress, when set, is told each position searched. It
// returns ErrBusy when Queue jobs wait for a worker.
func (p *Pool) Review(ctx context.Context, start game.State, moves []string, bud ReviewBudget, progress func(done, total int)) (*Review, error) {
	if bud == (ReviewBudget{}) {
		bud.Time = DefaultReviewMoveTime
	}
	r := &Review{Players: start.NumPlayers()}
	if len(moves) > MaxReviewPlies {
		moves, r.Truncated = moves[:MaxReviewPlies], true
	}
	states := []game.State{start}
	for i, text := range moves {
		cur := states[len(states)-1]
		m, err := cur.ParseMove(text)
		if err != nil {
			return nil, fmt.Errorf("analysis: review ply %d %q: %w", i+1, text, err)
		}
		next, err := cur.Play(m)
		if err != nil {
			return nil, fmt.Errorf("analysis: review ply %d %q: %w", i+1, text, err)
		}
		states = append(states, next)
	}

	release, err := p.acquire(ctx)
	if err != nil {
		return nil, err
	}
	defer release()
	begin := p.cfg.Now()
	evals := make([]evaluation, len(states))
	// playedWin[i] is the mover's expected result of move i+1 as the search
	// from the position before it scores it, when it is not the best move:
	// compared with the best move's score of the same search, at the same
	// depth, it carries no side-to-move bias of the evaluation (an
	// evaluation that favours the side to move would otherwise charge
	// every move of a level game with the difference).
	playedWin := make([]float64, len(states))
	lowPriority(func() {
		p.mu.Lock()
		p.seq++
		seed := p.cfg.Seed + p.seq
		p.mu.Unlock()
		bot := ai.NewBot(ai.Max, seed)
		bot.SetOptions(ai.BotOptions{HashMiB: hashMiB, Threads: 1})
		for i, st := range states {
			if err = ctx.Err(); err != nil {
				return
			}
			var prev []float64
			if i > 0 {
				prev = evals[i-1].expected
			}
			if evals[i], err = p.evaluate(ctx, bot, st, bud, prev); err != nil {
				return
			}
			if i > 0 && states[i-1].ToMove() >= 0 && evals[i-1].best != "" {
				if playedWin[i-1], err = p.played(ctx, bot, states[i-1], moves[i-1], evals[i-1], bud); err != nil {
					return
				}
			}
			if progress != nil {
				progress(i+1, len(states))
			}
		}
	})
	if err != nil {
		return nil, fmt.Errorf("analysis: review: %w", err)
	}

	n := start.NumPlayers()
	sum, count := make([]float64, n), make([]int, n)
	for i, e := range evals {
		r.Expected = append(r.Expected, e.expected)
		if i == 0 {
			continue
		}
		before := states[i-1]
		mv := ReviewedMove{Ply: i, Seat: int(before.ToMove()), Move: moves[i-1]}
		if before.ToMove() < 0 { // a chance event: nobody chose it
			r.Moves = append(r.Moves, mv)
			continue
		}
		b := evals[i-1]
		mv.Forced = len(before.LegalMoves(nil)) == 1
		mv.Best, mv.BestPV, mv.Mate = b.best, b.pv, b.mate
		played, _ := before.ParseMove(mv.Move)
		if bm, err := before.ParseMove(b.best); b.best == "" || err != nil || bm != played {
			mv.Loss = math.Max(0, b.expected[mv.Seat]-playedWin[i-1])
		}
		mv.Loss = math.Round(mv.Loss*1000) / 1000
		mv.Accuracy = math.Round(MoveAccuracy(mv.Loss)*10) / 10
		if mv.Forced {
			mv.Best, mv.BestPV, mv.Mate, mv.Loss, mv.Accuracy = "", nil, 0, 0, 100
		} else {
			mv.Class = Classify(mv.Loss)
			sum[mv.Seat] += mv.Accuracy
			count[mv.Seat]++
		}
		r.Moves = append(r.Moves, mv)
	}
	for i := range n {
		if count[i] == 0 {
			r.Accuracy = append(r.Accuracy, -1)
			continue
		}
		r.Accuracy = append(r.Accuracy, math.Round(sum[i]/float64(count[i])*10)/10)
	}
	r.TimeMS = p.cfg.Now().Sub(begin).Milliseconds()
	return r, nil
}

// acquire waits for a worker like Run does, bounded by the queue; release
// gives it back.
func (p *Pool) acquire(ctx context.Context) (release func(), err error) {
	p.mu.Lock()
	if p.waiting >= p.cfg.Queue {
		p.mu.Unlock()
		return nil, ErrBusy
	}
	p.waiting++
	p.mu.Unlock()
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		p.mu.Lock()
		p.waiting--
		p.mu.Unlock()
		return nil, ctx.Err()
	}
	p.mu.Lock()
	p.waiting--
	p.running++
	p.mu.Unlock()
	return func() {
		p.mu.Lock()
		p.running--
		p.mu.Unlock()
		<-p.slots
	}, nil
}

// evaluation is what a review keeps of one position.
type evaluation struct {
	expected []float64 // per seat
	best     string
	pv       []string
	mate     int
	depth    int // the completed alpha-beta depth; 0 for MCTS
}

// played is the mover's expected result of the move text played in st:
// the best move's when it is the best, else a search of the position after
// it one ply shallower than the position's own search, so that both
// searches end at positions with the same side to move (MCTS: the same
// budget). When the position's search stopped early on a proven result,
// the position after the move gets the whole budget.
func (p *Pool) played(ctx context.Context, bot *ai.Bot, st game.State, text string, e evaluation, bud ReviewBudget) (float64, error) {
	me := int(st.ToMove())
	m, err := st.ParseMove(text)
	if err != nil {
		return 0, err
	}
	if bm, err := st.ParseMove(e.best); err == nil && bm == m {
		return e.expected[me], nil
	}
	next, err := st.Play(m)
	if err != nil {
		return 0, err
	}
	if e.depth > 1 && e.mate == 0 {
		bud.Depth = e.depth - 1
	}
	after, err := p.evaluate(ctx, bot, next, bud, e.expected)
	if err != nil {
		return 0, err
	}
	return after.expected[me], nil
}

// evaluate searches st: every seat's expected result and the best move.
// A finished game is its outcome; a chance event keeps prev (nobody
// chooses there), or an even share at the start.
func (p *Pool) evaluate(ctx context.Context, bot *ai.Bot, st game.State, bud ReviewBudget, prev []float64) (evaluation, error) {
	n := st.NumPlayers()
	switch st.ToMove() {
	case game.NoPlayer:
		o, _ := st.Outcome()
		e := evaluation{expected: make([]float64, n)}
		for i := range n {
			e.expected[i] = o.Reward(game.Player(i), n)
		}
		return e, nil
	case game.Chance:
		if prev == nil {
			prev = make([]float64, n)
			for i := range prev {
				prev[i] = 1 / float64(n)
			}
		}
		return evaluation{expected: prev}, nil
	}
	a, err := bot.Analyse(ctx, st, ai.Budget{Time: bud.Time, Nodes: bud.Nodes, Depth: bud.Depth}, ai.AnalyseOptions{Lines: 1, Now: p.cfg.Now, Yield: p.cfg.Gate.Hook()})
	if err != nil {
		return evaluation{}, err
	}
	u := view(st, a)
	if len(u.Lines) == 0 {
		return evaluation{}, errors.New("the search found no move")
	}
	l := u.Lines[0]
	e := evaluation{best: l.Move, pv: l.PV, mate: l.Mate}
	if a.AlphaBeta {
		e.depth = a.Depth
	}
	if l.Expected != nil && len(l.Expected) == n {
		e.expected = round3(l.Expected)
		return e, nil
	}
	e.expected = make([]float64, n)
	me := int(st.ToMove())
	for i := range n {
		if i == me {
			e.expected[i] = l.Win
		} else if n > 1 {
			e.expected[i] = (1 - l.Win) / float64(n-1)
		}
	}
	e.expected = round3(e.expected)
	return e, nil
}

func round3(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = math.Round(x*1000) / 1000
	}
	return out
}
