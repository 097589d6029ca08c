// Package engine implements the engine side of the Tabula engine protocol, a
// line-based text protocol in the spirit of UCI and the Abalone Engine
// Protocol; docs/engine.md is its specification. A Server plays one game
// with any agent from ai.FromSpec; the client side is ai.External.
//
// A session (">" is input, "<" output):
//
//	> tabula
//	< id name Tabula
//	< id game tictactoe
//	< option name Level type combo default bot:hard var random var bot:easy ...
//	< tabulaok
//	> position startpos moves 4
//	> go depth 3
//	< info depth 3 score 0.0833 nodes 120 time 1 nps 120000 pv 0 8
//	< bestmove 0
package engine

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/game"
)

const (
	// maxLine bounds one command line; position texts and the move lists
	// of whole games are well below it.
	maxLine = 1 << 20
	// maxContempt bounds the Contempt option: the evaluation's whole
	// range (alphabeta.EvalScale); more would prefer a draw to any
	// evaluation.
	maxContempt = alphabeta.EvalScale
	// maxSeats bounds the seat numbers of go's clock fields; no game
	// seats more.
	maxSeats = 16
)

// Server answers the engine protocol for one game.
type Server struct {
	// Game is the game the engine plays.
	Game *game.Info
	// Name is the engine's name for "id name" (default "Tabula").
	Name string
	// NewAgent makes the agent for a level spec (default ai.FromSpec).
	NewAgent func(spec string, seed uint64) (ai.Agent, error)
	// Now is the clock for the time reported in info lines (default
	// time.Now).
	Now func() time.Time
	// Options are the game options a session starts with (setoption
	// changes them).
	Options game.Options
	// Level and Seed are the agent spec and seed a session starts with
	// (default "bot:hard" and 1).
	Level string
	Seed  uint64
	// NoBook starts sessions with the OwnBook option off: bot:max
	// searches every move instead of playing the game's opening book.
	NoBook bool
}

// session is the state of one connection.
type session struct {
	sv     *Server
	out    io.Writer
	outMu  sync.Mutex
	level  string
	seed   uint64
	bot    ai.BotOptions // Hash and Contempt, for the bot levels
	opts   game.Options
	agent  ai.Agent
	state  game.State
	cancel context.CancelFunc // of the running search, nil when idle
	done   chan struct{}      // closed when the running search ends
	// infinite is set while a "go infinite" or "go ponder" runs: the
	// end of input stops it, while a bounded search is allowed to finish.
	infinite bool
	// pondering holds the arguments of a running "go ponder" without the
	// word ponder: ponderhit searches them as a plain go. nil otherwise.
	pondering []string
	// quiet, set before a ponder search is stopped by ponderhit, keeps
	// that search from writing its bestmove.
	quiet *atomic.Bool
	// pondered is the principal variation of the ponder search that
	// ponderhit stopped, for the bestmove of the search that follows.
	pondered []game.Move
	// ponder is the Ponder option: bestmove names the expected reply.
	ponder  bool
	started bool
}

// Serve reads commands from in and writes answers to out until "quit", the
// end of in, or ctx's end. A running search is stopped before it returns.
func (sv *Server) Serve(ctx context.Context, in io.Reader, out io.Writer) error {
	if sv.NewAgent == nil {
		sv.NewAgent = ai.FromSpec
	}
	if sv.Now == nil {
		sv.Now = time.Now
	}
	if sv.Name == "" {
		sv.Name = "Tabula"
	}
	if sv.Level == "" {
		sv.Level = "bot:hard"
	}
	if sv.Seed == 0 {
		sv.Seed = 1
	}
	opts := sv.Options
	opts.Values = maps(opts.Values)
	ss := &session{sv: sv, out: out, level: sv.Level, seed: sv.Seed, opts: opts, bot: ai.DefaultBotOptions()}
	ss.bot.NoBook = sv.NoBook
	defer ss.stop()
	lines := make(chan string)
	errc := make(chan error, 1)
	go func() { // ends at the end of in; Serve's caller owns in
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 4096), maxLine)
		for sc.Scan() {
			lines <- sc.Text()
		}
		errc <- sc.Err()
		close(lines)
	}()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case line, ok := <-lines:
			if !ok {
				if ss.infinite {
					ss.stop()
				}
				ss.wait()
				return <-errc
			}
			if quit := ss.handle(ctx, line); quit {
				return nil
			}
		}
	}
}

func (ss *session) printf(format string, args ...any) {
	ss.outMu.Lock()
	defer ss.outMu.Unlock()
	fmt.Fprintf(ss.out, format+"\n", args...)
}

func (ss *session) errorf(format string, args ...any) {
	ss.printf("info string error: "+format, args...)
}

// busy reports whether a search is running. It takes the output lock,
// which a search holds from writing its bestmove until it is marked done,
// so a client answering that bestmove at once never finds the engine busy.
func (ss *session) busy() bool {
	ss.outMu.Lock()
	defer ss.outMu.Unlock()
	if ss.done == nil {
		return false
	}
	select {
	case <-ss.done:
		return false
	default:
		return true
	}
}

func (ss *session) stop() {
	if ss.cancel != nil {
		ss.cancel()
	}
	ss.wait()
}

func (ss *session) wait() {
	if ss.done != nil {
		<-ss.done
	}
}

// handle runs one command line and reports whether it was quit.
func (ss *session) handle(ctx context.Context, line string) bool {
	f := strings.Fields(line)
	if len(f) == 0 {
		return false
	}
	cmd, args := f[0], f[1:]
	if ss.busy() && cmd != "stop" && cmd != "isready" && cmd != "quit" && cmd != "ponderhit" {
		ss.errorf("%s: searching; send stop first", cmd)
		return false
	}
	switch cmd {
	case "tabula":
		ss.hello()
	case "isready":
		ss.printf("readyok")
	case "setoption":
		ss.setOption(args)
	case "newgame":
		ss.agent, ss.state = nil, nil
	case "position":
		ss.position(args)
	case "go":
		ss.goSearch(ctx, args)
	case "stop":
		ss.stop()
		ss.pondering = nil
	case "ponderhit":
		ss.ponderHit(ctx)
	case "show":
		if s := ss.current(); s != nil {
			ss.printf("info string position %s", s)
			ss.printf("info string tomove %s", s.ToMove())
		}
	case "quit":
		return true
	default:
		ss.errorf("unknown command %q", cmd)
	}
	return false
}

func (ss *session) hello() {
	g := ss.sv.Game
	ss.printf("id name %s", ss.sv.Name)
	ss.printf("id game %s", g.ID)
	ss.printf("option name Level type combo default %s var %s", ss.level, strings.Join(ai.Specs(), " var "))
	ss.printf("option name Seed type spin default 1 min 0 max %d", uint64(1<<63-1))
	ss.printf("option name Hash type spin default %d min 1 max %d", alphabeta.DefaultHashMiB, alphabeta.MaxHashMiB)
	ss.printf("option name Contempt type spin default %d min %d max %d", ai.DefaultContempt, -maxContempt, maxContempt)
	ss.printf("option name Threads type spin default 1 min 1 max %d", alphabeta.MaxThreads)
	ss.printf("option name Ponder type check default false")
	ss.printf("option name OwnBook type check default %t", !ss.bot.NoBook)
	ss.printf("option name Variant type combo default %s var %s", g.Variants[0], strings.Join(g.Variants, " var "))
	ss.printf("option name Players type spin default %d min %d max %d", g.DefaultPlayers, g.MinPlayers, g.MaxPlayers)
	for _, o := range g.Options {
		switch o.Kind {
		case game.Bool:
			ss.printf("option name %s type check default %s", o.Name, o.Default)
		case game.Int:
			ss.printf("option name %s type spin default %s min %d max %d", o.Name, o.Default, o.Min, o.Max)
		case game.Enum:
			ss.printf("option name %s type combo default %s var %s", o.Name, o.Default, strings.Join(o.Choices, " var "))
		}
	}
	ss.printf("feature moves")
	ss.printf("feature multipv")
	ss.printf("tabulaok")
	ss.started = true
}

// setOption handles "setoption name NAME value VALUE".
func (ss *session) setOption(args []string) {
	if len(args) < 4 || args[0] != "name" || args[2] != "value" {
		ss.errorf("setoption: want \"setoption name NAME value VALUE\"")
		return
	}
	name, value := args[1], strings.Join(args[3:], " ")
	opts := ss.opts
	opts.Values = maps(ss.opts.Values)
	switch strings.ToLower(name) {
	case "level":
		if !slices.Contains(ai.Specs(), value) {
			ss.errorf("setoption: level %q: want one of %s", value, strings.Join(ai.Specs(), ", "))
			return
		}
		ss.level, ss.agent = value, nil
		return
	case "seed":
		n, err := strconv.ParseUint(value, 10, 64)
		if err != nil {
			ss.errorf("setoption: seed %q is not a number", value)
			return
		}
		ss.seed, ss.agent = n, nil
		return
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > alphabeta.MaxHashMiB {
			ss.errorf("setoption: hash %q: want MiB from 1 to %d", value, alphabeta.MaxHashMiB)
			return
		}
		ss.bot.HashMiB, ss.agent = n, nil
		return
	case "threads":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > alphabeta.MaxThreads {
			ss.errorf("setoption: threads %q: want a number from 1 to %d", value, alphabeta.MaxThreads)
			return
		}
		ss.bot.Threads, ss.agent = n, nil
		return
	case "ponder", "ownbook":
		on, err := strconv.ParseBool(value)
		if err != nil {
			ss.errorf("setoption: %s %q: want true or false", strings.ToLower(name), value)
			return
		}
		if strings.EqualFold(name, "ponder") {
			ss.ponder = on
		} else {
			ss.bot.NoBook, ss.agent = !on, nil
		}
		return
	case "contempt":
		n, err := strconv.Atoi(value)
		if err != nil || n < -maxContempt || n > maxContempt {
			ss.errorf("setoption: contempt %q: want a number from %d to %d", value, -maxContempt, maxContempt)
			return
		}
		ss.bot.Contempt, ss.agent = n, nil
		return
	case "variant":
		opts.Variant = value
	case "players":
		n, err := strconv.Atoi(value)
		if err != nil {
			ss.errorf("setoption: players %q is not a number", value)
			return
		}
		opts.Players = n
	default:
		opts.Values[name] = value
	}
	if _, err := ss.sv.Game.Check(opts); err != nil {
		ss.errorf("setoption: %v", err)
		return
	}
	if opts.Variant != ss.opts.Variant || opts.Players != ss.opts.Players || len(opts.Values) != len(ss.opts.Values) || opts.Values[name] != ss.opts.Values[name] {
		ss.state = nil // the old position belongs to other options
	}
	ss.opts = opts
}

func maps(m map[string]string) map[string]string {
	c := make(map[string]string, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// current returns the position, the start position if none was set.
func (ss *session) current() game.State {
	if ss.state == nil {
		s, err := ss.sv.Game.New(ss.opts)
		if err != nil {
			ss.errorf("%v", err)
			return nil
		}
		ss.state = s
	}
	return ss.state
}

// position handles "position startpos|[text|fen] TEXT [moves M1 M2 ...]".
func (ss *session) position(args []string) {
	if len(args) == 0 {
		ss.errorf("position: want startpos or a position text")
		return
	}
	i := slices.Index(args, "moves")
	if i < 0 {
		i = len(args)
	}
	head, moves := args[:i], args[min(i+1, len(args)):]
	var s game.State
	var err error
	switch {
	case len(head) == 1 && head[0] == "startpos":
		s, err = ss.sv.Game.New(ss.opts)
	default:
		if head[0] == "text" || head[0] == "fen" {
			head = head[1:]
		}
		s, err = ss.sv.Game.ParsePosition(strings.Join(head, " "), ss.opts)
	}
	if err != nil {
		ss.errorf("position: %v", err)
		return
	}
	if s, err = game.PlayAll(s, moves); err != nil {
		ss.errorf("position: %v", err)
		return
	}
	ss.state = s
}

// goSearch handles "go [movetime MS] [nodes N] [depth D] [timeS MS incS MS]...
// [infinite]".
func (ss *session) goSearch(ctx context.Context, args []string) {
	var b ai.Budget
	var clock ai.Clock
	infinite, ponder := false, false
	multipv := 0
	var searchmoves []string
	for i := 0; i < len(args); i++ {
		key := args[i]
		if key == "infinite" {
			infinite = true
			continue
		}
		if key == "ponder" {
			ponder = true
			continue
		}
		if key == "searchmoves" {
			searchmoves = args[i+1:] // the rest of the line, as in UCI
			break
		}
		if i+1 >= len(args) {
			ss.errorf("go: %s needs a value", key)
			return
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil || n < 0 {
			ss.errorf("go: %s %q is not a count", key, args[i+1])
			return
		}
		i++
		switch key {
		case "movetime":
			b.Time = time.Duration(n) * time.Millisecond
		case "nodes":
			b.Nodes = n
		case "depth":
			b.Depth = int(n)
		case "multipv":
			if n < 1 || n > ai.MaxLines {
				ss.errorf("go: multipv %d: want 1 to %d", n, ai.MaxLines)
				return
			}
			multipv = int(n)
		default:
			if !clockField(&clock, key, time.Duration(n)*time.Millisecond) {
				ss.errorf("go: unknown limit %q", key)
				return
			}
		}
	}
	s := ss.current()
	if s == nil {
		return
	}
	if len(clock.Remaining) > 0 || len(clock.Increment) > 0 {
		if n := max(len(clock.Remaining), len(clock.Increment)); n > s.NumPlayers() {
			ss.errorf("go: clock of seat %d in a game of %d", n-1, s.NumPlayers())
			return
		}
		b.Clock = &clock
	}
	if p := s.ToMove(); p < 0 {
		ss.errorf("go: no seat to move (%s)", p)
		return
	}
	var only []game.Move
	for _, text := range searchmoves {
		m, err := s.ParseMove(text)
		if err != nil {
			ss.errorf("go: searchmoves: %v", err)
			return
		}
		only = append(only, m)
	}
	if ss.agent == nil {
		a, err := ss.sv.NewAgent(ss.level, ss.seed)
		if err != nil {
			ss.errorf("go: %v", err)
			return
		}
		if bot, ok := a.(*ai.Bot); ok {
			bot.SetOptions(ss.bot)
		}
		ss.agent = a
	}
	bot, isBot := ss.agent.(*ai.Bot)
	if (multipv > 1 || len(only) > 0) && !isBot {
		ss.errorf("go: multipv and searchmoves need a bot level, not %s", ss.level)
		return
	}
	ss.pondering = nil
	pondered := ss.pondered
	ss.pondered = nil
	if ponder {
		// The limits are the move's, from ponderhit on: until then the
		// search runs unbounded, filling the table the real search reads.
		ss.pondering = slices.DeleteFunc(slices.Clone(args), func(a string) bool { return a == "ponder" })
		b, multipv, only, infinite = ai.Budget{}, 0, nil, true
	}
	if infinite && b == (ai.Budget{}) {
		b.Time = 24 * time.Hour // until stop: the bot:max level uses the whole budget
	}
	ss.infinite = infinite
	sctx, cancel := context.WithCancel(ctx)
	ss.cancel = cancel
	ss.done = make(chan struct{})
	ss.quiet = new(atomic.Bool)
	agent, done, quiet := ss.agent, ss.done, ss.quiet
	// held waits, for a ponder search that ended on its own, until stop or
	// ponderhit (no bestmove may come before either), and reports whether
	// ponderhit silenced it.
	held := func() bool {
		if ponder {
			<-sctx.Done()
		}
		return quiet.Load()
	}
	if multipv > 1 || len(only) > 0 {
		go ss.analyse(sctx, cancel, done, bot, s, b, ai.AnalyseOptions{Lines: max(multipv, 1), SearchMoves: only, Now: ss.sv.Now})
		return
	}
	go func() { // ends when the search does; stop cancels it
		defer cancel()
		start := ss.sv.Now()
		r, err := agent.Choose(sctx, s, b)
		if held() {
			if err == nil {
				ss.pondered = r.PV // read by the next go, after done is closed
			}
			ss.finish(done)
			return
		}
		if err != nil {
			if sctx.Err() == nil {
				ss.errorf("go: %v", err)
			}
			// A move is still owed: the first legal one keeps clients going.
			ss.finish(done, "bestmove "+s.MoveString(s.LegalMoves(nil)[0]))
			return
		}
		ms := ss.sv.Now().Sub(start).Milliseconds()
		var info strings.Builder
		fmt.Fprintf(&info, "info depth %d score %.4f", r.Depth, r.Score)
		if r.Mate != 0 {
			fmt.Fprintf(&info, " mate %d", r.Mate)
		}
		nps := int64(0)
		if ms > 0 {
			nps = r.Nodes * 1000 / ms
		}
		fmt.Fprintf(&info, " nodes %d time %d nps %d", r.Nodes, ms, nps)
		if len(r.PV) > 0 {
			info.WriteString(" pv")
			cur := s
			for _, m := range r.PV {
				if cur == nil || !slices.Contains(cur.LegalMoves(nil), m) {
					break
				}
				info.WriteString(" " + cur.MoveString(m))
				cur, _ = cur.Play(m)
			}
		}
		ss.finish(done, info.String(), ss.bestmove(s, r.Move, r.PV, pondered))
	}()
}

// ponderHit turns the running "go ponder" into the search of its own
// limits, which starts now: the ponder search is stopped without a
// bestmove and the position searched again with what it left in the table.
func (ss *session) ponderHit(ctx context.Context) {
	args := ss.pondering
	if args == nil || !ss.busy() {
		ss.errorf("ponderhit: not pondering")
		return
	}
	ss.quiet.Store(true)
	ss.stop()
	ss.goSearch(ctx, args)
}

// bestmove is the bestmove line for m, naming the expected reply when the
// Ponder option is on: the second move of the principal variation pv, or of
// the pondered one when pv was cut short by the table (after ponderhit it
// often is) and both begin with m.
func (ss *session) bestmove(s game.State, m game.Move, pv, pondered []game.Move) string {
	line := "bestmove " + s.MoveString(m)
	if len(pv) < 2 {
		pv = pondered
	}
	if !ss.ponder || len(pv) < 2 || pv[0] != m {
		return line
	}
	next, err := s.Play(m)
	if err != nil || !slices.Contains(next.LegalMoves(nil), pv[1]) {
		return line
	}
	return line + " ponder " + next.MoveString(pv[1])
}

// analyse runs a multi-PV search: "info multipv K" lines for every line
// at every completed depth (every report of MCTS), then bestmove.
func (ss *session) analyse(ctx context.Context, cancel context.CancelFunc, done chan struct{}, bot *ai.Bot, s game.State, b ai.Budget, opt ai.AnalyseOptions) {
	defer cancel()
	opt.Report = func(a ai.Analysis) {
		for _, l := range infoLines(s, a) {
			ss.printf("%s", l)
		}
	}
	a, err := bot.Analyse(ctx, s, b, opt)
	if err != nil || len(a.Lines) == 0 {
		if err != nil && ctx.Err() == nil {
			ss.errorf("go: %v", err)
		}
		ss.finish(done, "bestmove "+s.MoveString(s.LegalMoves(nil)[0]))
		return
	}
	ss.finish(done, ss.bestmove(s, a.Lines[0].Move, a.Lines[0].PV, nil))
}

// infoLines are the info lines of an analysis, one per line, numbered from
// multipv 1 (the best).
func infoLines(s game.State, a ai.Analysis) []string {
	ms := a.Elapsed.Milliseconds()
	nps := int64(0)
	if ms > 0 {
		nps = a.Nodes * 1000 / ms
	}
	var out []string
	for k, l := range a.Lines {
		var info strings.Builder
		fmt.Fprintf(&info, "info multipv %d depth %d score %.4f", k+1, a.Depth, l.Score)
		if l.Mate != 0 {
			fmt.Fprintf(&info, " mate %d", l.Mate)
		}
		fmt.Fprintf(&info, " nodes %d time %d nps %d pv", a.Nodes, ms, nps)
		cur := s
		for _, m := range l.PV {
			if cur == nil || !slices.Contains(cur.LegalMoves(nil), m) {
				break
			}
			info.WriteString(" " + cur.MoveString(m))
			cur, _ = cur.Play(m)
		}
		out = append(out, info.String())
	}
	return out
}

// clockField reads a go field "timeS" (seat S's remaining time) or "incS"
// (its increment) into c; false when key is neither.
func clockField(c *ai.Clock, key string, d time.Duration) bool {
	var list *[]time.Duration
	var seat string
	switch {
	case strings.HasPrefix(key, "time"):
		list, seat = &c.Remaining, key[len("time"):]
	case strings.HasPrefix(key, "inc"):
		list, seat = &c.Increment, key[len("inc"):]
	default:
		return false
	}
	p, err := strconv.Atoi(seat)
	if err != nil || p < 0 || p >= maxSeats || seat != strconv.Itoa(p) {
		return false
	}
	for len(*list) <= p {
		*list = append(*list, 0)
	}
	(*list)[p] = d
	return true
}

// finish writes a search's last lines and marks it done under one hold
// of the output lock (see busy).
func (ss *session) finish(done chan struct{}, lines ...string) {
	ss.outMu.Lock()
	defer ss.outMu.Unlock()
	for _, l := range lines {
		fmt.Fprintln(ss.out, l)
	}
	close(done)
}
