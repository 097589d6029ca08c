package server

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

const (
	// botAttempts is how many searches in a row a bot may fail on one
	// position before its seat forfeits: a crashed engine gets a few fresh
	// starts, a broken one does not hang the match or flood the log.
	botAttempts = 4
	// botBackoff is the wait before the first retry of a failed search;
	// each further retry waits twice as long (1 s, 2 s, 4 s), so a
	// failing engine is started at most botAttempts times in ~7 s.
	botBackoff = time.Second
	// maxEngineName bounds an engine's name: it is shown in the lobby.
	maxEngineName = 32
)

// Reasons the server ends a match because of a bot (result.reason).
const (
	// ReasonBotFailed: the bot's searches failed botAttempts times in a
	// row; its seat forfeits (aborted before the first move).
	ReasonBotFailed = "bot-failed"
	// ReasonBotUnavailable: the match names a bot the server no longer
	// offers (seen when the match is loaded); its seat forfeits (aborted
	// before the first move).
	ReasonBotUnavailable = "bot-unavailable"
)

// Engine is an external engine the operator offers under a name: a
// program that speaks the engine protocol (docs/engine.md). Requests name
// it; only the server's configuration says what it runs.
type Engine struct {
	Name  string   // what a seat names; letters, digits, '-', '_', '.'
	Argv  []string // the program and its arguments
	Games []string // the games it is offered for; none: every game
}

// ParseEngine reads an engine from "NAME=PROGRAM ARGS" or
// "NAME@GAME,GAME=PROGRAM ARGS" (the form of tabula serve's --engine):
// the arguments are split at white space, with no quoting.
func ParseEngine(s string) (Engine, error) {
	head, cmd, ok := strings.Cut(s, "=")
	if !ok {
		return Engine{}, fmt.Errorf("engine %q: want NAME=\"PROGRAM ARGS\"", s)
	}
	var e Engine
	name, games, restricted := strings.Cut(head, "@")
	e.Name = name
	if restricted {
		for g := range strings.SplitSeq(games, ",") {
			if g = strings.TrimSpace(g); g != "" {
				e.Games = append(e.Games, g)
			}
		}
		if len(e.Games) == 0 {
			return Engine{}, fmt.Errorf("engine %q: no game after @", s)
		}
	}
	e.Argv = strings.Fields(strings.Trim(strings.TrimSpace(cmd), `"'`))
	if err := e.check(); err != nil {
		return Engine{}, err
	}
	return e, nil
}

// check validates an engine's name and command (not its games: the
// server knows those).
func (e Engine) check() error {
	if !validBotName(e.Name) {
		return fmt.Errorf("engine %q: a name is 1 to %d letters, digits, '-', '_' or '.'", e.Name, maxEngineName)
	}
	if slices.Contains(ai.Specs(), e.Name) {
		return fmt.Errorf("engine %q: the name of a built-in level", e.Name)
	}
	if len(e.Argv) == 0 {
		return fmt.Errorf("engine %q: no program", e.Name)
	}
	return nil
}

// validBotName reports whether name may name an engine (or a test's bot):
// short, and no ':' (so it is never a built-in level or a "cmd:" spec).
func validBotName(name string) bool {
	if name == "" || len(name) > maxEngineName {
		return false
	}
	for _, c := range name {
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
		if !ok {
			return false
		}
	}
	return true
}

// botTable is what the server offers for seats: the built-in levels
// Config.Bots names and the operator's engines. Agents are made from it
// alone; a request's string only selects an entry.
type botTable struct {
	names   []string          // in the lobby's order: levels, then engines
	engines map[string]Engine // by name
	levels  map[string]bool   // Config.Bots
	make    func(name string, seed uint64) (ai.Agent, error)
}

// newBotTable checks the configuration's bots and engines.
func newBotTable(cfg Config, games map[string]*game.Info) (*botTable, error) {
	t := &botTable{engines: map[string]Engine{}, levels: map[string]bool{}, make: cfg.NewAgent}
	for _, b := range cfg.Bots {
		builtin := slices.Contains(ai.Specs(), b)
		if !builtin && (cfg.NewAgent == nil || !validBotName(b)) {
			return nil, fmt.Errorf("server: bot %q is not a built-in level (%s)", b, strings.Join(ai.Specs(), ", "))
		}
		if t.levels[b] {
			return nil, fmt.Errorf("server: bot %q listed twice", b)
		}
		t.levels[b] = true
		t.names = append(t.names, b)
	}
	for _, e := range cfg.Engines {
		if err := e.check(); err != nil {
			return nil, fmt.Errorf("server: %w", err)
		}
		if t.levels[e.Name] || t.engines[e.Name].Name != "" {
			return nil, fmt.Errorf("server: engine %q: the name is taken", e.Name)
		}
		for _, g := range e.Games {
			if games[g] == nil {
				return nil, fmt.Errorf("server: engine %q: no game %q", e.Name, g)
			}
		}
		e.Argv = slices.Clone(e.Argv)
		t.engines[e.Name] = e
		t.names = append(t.names, e.Name)
	}
	return t, nil
}

// offered returns the bots a seat of gameID may name.
func (t *botTable) offered(gameID string) []string {
	out := make([]string, 0, len(t.names))
	for _, n := range t.names {
		if t.offers(gameID, n) {
			out = append(out, n)
		}
	}
	return out
}

// offers reports whether a seat of gameID may name the bot.
func (t *botTable) offers(gameID, name string) bool {
	if t.levels[name] {
		return true
	}
	e, ok := t.engines[name]
	return ok && (len(e.Games) == 0 || slices.Contains(e.Games, gameID))
}

// agent makes the agent for an offered bot. An engine is a process
// started on its first search; the room keeps it for the match and
// closes it (room.agentFor, closeAgents). A built-in level is made per
// search, seeded by the match and ply, and holds nothing after it: a
// kept ai.Bot would hold its search tables (an alpha-beta
// transposition table, or an MCTS tree) for the match's whole life,
// human thinking time included, in every live room.
func (t *botTable) agent(name string, seed uint64) (ai.Agent, error) {
	if e, ok := t.engines[name]; ok {
		return ai.NewExternal(slices.Clone(e.Argv)), nil
	}
	if !t.levels[name] {
		return nil, fmt.Errorf("server: bot %q is not offered", name)
	}
	if t.make != nil {
		return t.make(name, seed)
	}
	if !slices.Contains(ai.Specs(), name) {
		return nil, fmt.Errorf("server: bot %q is not a built-in level", name)
	}
	return ai.FromSpec(name, seed) // a built-in level: never the cmd: form
}

// botJob is one bot search.
type botJob struct {
	room    *room
	ctx     context.Context // the room's bot context: ends with the match or room
	version int64
	state   game.State
	agent   ai.Agent
	name    string
	// human: the match has a human seat; its searches go before those of
	// matches between bots.
	human bool
	// clock is the match's clock when the search was queued (nil
	// untimed): the agent plans its time from its seat's entries, within
	// Config.BotBudget, so a bot with little time left never flags.
	clock *ai.Clock
}

// botPool runs bot searches on a fixed number of workers, so searches
// never take the cores the rooms need and a burst of bot moves queues
// instead of piling up goroutines. It has two queues: searches for
// matches with a human seat are taken first, and matches between bots
// only may use all workers but one (slots), so a person's reply never
// waits behind games between bots, not even for a search in progress.
type botPool struct {
	human, others chan botJob
	slots         chan struct{} // held by a worker running (or waiting for) a bot-only search
}

func newBotPool(queue, workers int) *botPool {
	return &botPool{human: make(chan botJob, queue), others: make(chan botJob, queue), slots: make(chan struct{}, max(1, workers-1))}
}

// submit queues j without blocking; false when its queue is full.
func (p *botPool) submit(j botJob) bool {
	q := p.others
	if j.human {
		q = p.human
	}
	select {
	case q <- j:
		return true
	default:
		return false
	}
}

func (p *botPool) depth() int { return len(p.human) + len(p.others) }

// work runs jobs until ctx ends: a human-facing one whenever there is
// one, else a bot-only one when a slot is free.
func (p *botPool) work(ctx context.Context, s *Server) {
	for {
		select {
		case j := <-p.human:
			s.run(j)
			continue
		default:
		}
		select {
		case <-ctx.Done():
			return
		case j := <-p.human:
			s.run(j)
		case p.slots <- struct{}{}:
			select {
			case <-ctx.Done():
				<-p.slots
				return
			case j := <-p.human:
				<-p.slots
				s.run(j)
			case j := <-p.others:
				s.run(j)
				<-p.slots
			}
		}
	}
}

// run runs one search and hands its result to the room.
func (s *Server) run(j botJob) {
	if j.room.stopped.Load() || j.ctx.Err() != nil {
		return // the room stopped or the match ended while it waited
	}
	res := botResult{version: j.version}
	res.move, res.err = s.think(j)
	s.live.Begin() // issue 23: analyses pause while a bot's move is committed (livegate.go)
	j.room.botDone(res)
	s.live.End() // issue 23
}

// botDone applies a search's result to its room on the bot worker's
// goroutine when the room is free, or else on a goroutine of its own
// (tracked by the server's wait group: the worker that starts it is
// still counted), so a worker never waits for one room's commit while
// other rooms' searches queue.
func (r *room) botDone(res botResult) {
	apply := func() { r.onBot(r.ctx, res) }
	if r.mu.TryLock() {
		r.locked(apply)
		r.mu.Unlock()
		return
	}
	r.s.wg.Go(func() { r.do(apply) })
}

func (s *Server) think(j botJob) (game.Move, error) {
	ctx := j.ctx
	if s.cfg.BotBudget.Time > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 2*s.cfg.BotBudget.Time) // a grace period over the budget for agents that overrun
		defer cancel()
	}
	start := s.clock.Now()
	budget := s.cfg.BotBudget
	budget.Clock = j.clock
	rep, err := j.agent.Choose(ctx, j.state, budget)
	s.metrics.botTime.Observe(s.clock.Now().Sub(start).Seconds())
	if err != nil {
		return 0, fmt.Errorf("server: bot %q: %w", j.name, err)
	}
	return rep.Move, nil
}

// botClock is the match's clock at now for a bot's time planning: every
// seat's time left and the Fischer increment (correspondence adds none);
// nil when the match has no clock.
func (r *room) botClock(now time.Time) *ai.Clock {
	if !r.clocks.Timed() {
		return nil
	}
	c := &ai.Clock{Remaining: make([]time.Duration, len(r.clocks.Remaining)), Increment: make([]time.Duration, len(r.clocks.Remaining))}
	for i := range c.Remaining {
		c.Remaining[i] = r.clocks.Left(i, now)
		if r.clocks.Control.Kind == clock.Fischer {
			c.Increment[i] = r.clocks.Control.Increment
		}
	}
	return c
}

// startBot queues a search when a bot is to move and none is running for
// this version. It returns when the room should look again (a full queue,
// or a retry's backoff), zero when it need not. mu held.
func (r *room) startBot(ctx context.Context) time.Time {
	p := int(r.st.ToMove())
	if p < 0 || r.m.Seats[p].Bot == "" || r.botAt == r.m.Version {
		return time.Time{}
	}
	now := r.s.clock.Now()
	if r.botFailAt == r.m.Version && now.Before(r.botRetryAt) {
		return r.botRetryAt
	}
	name := r.m.Seats[p].Bot
	agent, err := r.agentFor(p)
	if err != nil {
		return r.botFailed(ctx, p, err)
	}
	if r.botCtx == nil {
		r.botCtx, r.botCancel = context.WithCancel(r.ctx)
	}
	job := botJob{room: r, ctx: r.botCtx, version: r.m.Version, state: r.st, agent: agent, name: name, human: r.hasHuman(), clock: r.botClock(now)}
	if !r.s.submitBot(job) { // cluster: a queue shared by the nodes, or the own pool (cluster.go)
		return now.Add(botRetry)
	}
	r.botAt = r.m.Version
	return time.Time{}
}

// hasHuman reports whether the match has a human seat. mu held.
func (r *room) hasHuman() bool {
	for _, s := range r.m.Seats {
		if s.Bot == "" {
			return true
		}
	}
	return false
}

// agentFor returns the agent for seat's next search: the room's kept
// one, or a new one (kept when it holds a resource to close: an engine's
// process). mu held.
func (r *room) agentFor(seat int) (ai.Agent, error) {
	if seat < len(r.agents) && r.agents[seat] != nil {
		return r.agents[seat], nil
	}
	a, err := r.s.botTab.agent(r.m.Seats[seat].Bot, r.m.Seed^uint64(r.m.Ply)*0x9e3779b97f4a7c15)
	if err != nil {
		return nil, err
	}
	if _, ok := a.(io.Closer); ok {
		if seat >= len(r.agents) {
			r.agents = append(r.agents, make([]ai.Agent, seat+1-len(r.agents))...)
		}
		r.agents[seat] = a
	}
	return a, nil
}

// dropAgent closes and forgets seat's kept agent, if any. mu held.
func (r *room) dropAgent(seat int) {
	if seat >= 0 && seat < len(r.agents) && r.agents[seat] != nil {
		r.closeAgent(r.agents[seat])
		r.agents[seat] = nil
	}
}

// closeAgents ends the room's bot work: searches in progress are
// cancelled and kept agents closed (their processes ended and reaped).
// mu held; called when the match ends and when the room stops.
func (r *room) closeAgents() {
	if r.botCancel != nil {
		r.botCancel()
		r.botCtx, r.botCancel = nil, nil
	}
	for seat := range r.agents {
		r.dropAgent(seat)
	}
	r.agents = nil
}

// closeAgent closes a on a goroutine of its own (tracked by the server's
// wait group, so Close waits for it): an engine may take a moment to quit
// (ai.External waits, then kills it), which must not hold the room.
func (r *room) closeAgent(a ai.Agent) {
	c, ok := a.(io.Closer)
	if !ok {
		return
	}
	r.s.wg.Go(func() {
		if err := c.Close(); err != nil && !errors.Is(err, ai.ErrEngine) {
			r.s.log.Debug("bot close", "match", r.id, "err", err)
		}
	})
}

func (r *room) onBot(ctx context.Context, res botResult) {
	if res.version != r.m.Version {
		return // the match moved on (takeback, resignation); a new search follows
	}
	r.botAt = 0
	if res.err != nil {
		r.botFailed(ctx, int(r.st.ToMove()), res.err)
		r.afterChange(ctx) // arms the retry, or closes the bots after a forfeit
		return
	}
	seat := int(r.st.ToMove())
	if err := r.play(ctx, seat, res.move, ""); err != nil {
		// An illegal move, or a commit that failed: retried like a failed
		// search, never at once.
		r.botFailed(ctx, seat, fmt.Errorf("server: bot move: %w", err))
	}
	r.afterChange(ctx)
}

// botFailed counts a failed search of seat's bot and returns when to
// retry it (after a backoff); after botAttempts failures in a row the
// seat forfeits instead (one log line for it all) and it returns zero.
// mu held; the caller runs afterChange (or is it).
func (r *room) botFailed(ctx context.Context, seat int, err error) time.Time {
	r.dropAgent(seat) // a failed engine is started afresh
	if r.botFailAt != r.m.Version {
		r.botFailAt, r.botFails = r.m.Version, 0
	}
	r.botFails++
	if r.botFails < botAttempts {
		wait := botBackoff << (r.botFails - 1)
		r.botRetryAt = r.s.clock.Now().Add(wait)
		r.s.log.Debug("bot failed, retrying", "match", r.id, "seat", seat, "attempt", r.botFails, "retry_in", wait, "err", err)
		return r.botRetryAt
	}
	r.s.log.Warn("bot failed, its seat forfeits", "match", r.id, "seat", seat, "bot", r.m.Seats[seat].Bot, "attempts", r.botFails, "err", err)
	if err := r.forfeitBot(ctx, seat, ReasonBotFailed); err != nil {
		r.s.log.Error("bot forfeit", "match", r.id, "err", err)
	}
	return time.Time{}
}

// forfeitBot ends the match because of seat's bot: aborted before the
// first move, else the seat loses (the others win, as for a
// resignation); result.reason says why. mu held.
func (r *room) forfeitBot(ctx context.Context, seat int, reason string) error {
	r.ackTo = nil // nobody's command: its update carries no ack
	if r.m.Ply > 0 {
		return r.finish(ctx, protocol.Event{Kind: protocol.EventResign, Seat: seat}, others(seat, r.m.Players), reason)
	}
	saved := r.clocks
	saved.Remaining = slices.Clone(r.clocks.Remaining)
	r.clocks.Stop(r.s.clock.Now())
	next := r.next()
	next.Status = store.StatusAborted
	next.Result = &store.Result{Winners: []int{}, Reason: reason}
	r.draw = 0
	r.takeback = -1
	if err := r.commit(ctx, next, r.st, -1, nil, protocol.Event{Kind: protocol.EventAbort, Seat: seat}); err != nil {
		r.clocks = saved
		return err
	}
	return nil
}

// checkBots ends a match loaded with a bot the server no longer offers
// (the configuration changed since it was stored, or it was created
// before bots were checked): it is not started. mu held.
func (r *room) checkBots(ctx context.Context) {
	if r.ended() {
		return
	}
	for seat, s := range r.m.Seats {
		if s.Bot == "" || r.s.botTab.offers(r.m.Game, s.Bot) {
			continue
		}
		r.s.log.Warn("bot not offered, match ended", "match", r.id, "seat", seat, "bot", s.Bot, "ply", r.m.Ply)
		if err := r.forfeitBot(ctx, seat, ReasonBotUnavailable); err != nil {
			r.s.log.Error("bot forfeit", "match", r.id, "err", err)
		}
		return
	}
}
