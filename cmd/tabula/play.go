package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
)

// defaultBotTime is the thinking time of a terminal bot: quick enough that
// a human never waits long, long enough for the searches to mean something.
const defaultBotTime = time.Second

// seat is who plays a seat in terminal play: a human (agent nil) or an agent.
type seat struct {
	spec  string
	agent ai.Agent
}

func runPlay(ctx context.Context, e *env) error {
	fs := e.newFlagSet()
	var g gameFlags
	g.register(fs, true)
	fs.Lookup("seed").Usage += " (default: from the clock)"
	seats := fs.String("seats", "human,random", "who plays each seat, comma-separated: human, "+strings.Join(ai.Specs(), ", ")+" or cmd:PROGRAM")
	botTime := fs.Duration("movetime", defaultBotTime, "thinking time per bot move")
	info, rest, err := parseGameArgs(e, fs, e.args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, rest[0])
	}
	seeded := false
	fs.Visit(func(f *flag.Flag) { seeded = seeded || f.Name == "seed" })
	if !seeded {
		g.seed = uint64(time.Now().UnixNano())
	}
	seed := &g.seed
	specs := strings.Split(*seats, ",")
	if g.players == 0 {
		g.players = len(specs)
	}
	s, err := g.start(info)
	if err != nil {
		return err
	}
	if len(specs) != s.NumPlayers() {
		return fmt.Errorf("%w: --seats names %d seats, the game has %d players", errUsage, len(specs), s.NumPlayers())
	}
	players := make([]seat, len(specs))
	for i, spec := range specs {
		players[i].spec = spec
		if spec == "human" {
			continue
		}
		if players[i].agent, err = ai.FromSpec(spec, *seed+uint64(i)); err != nil {
			return err
		}
	}
	p := &terminal{e: e, in: bufio.NewScanner(e.stdin), info: info, seats: players, botTime: *botTime, rng: newRand(*seed), seed: *seed}
	return p.loop(ctx, s)
}

// terminal runs one game in the terminal.
type terminal struct {
	e       *env
	in      *bufio.Scanner
	info    *game.Info
	seats   []seat
	botTime time.Duration
	rng     *rand.Rand   // chance events
	seed    uint64       // the game's and the bots' seed, printed for replays
	history []game.State // for undo
	record  []string
}

func (p *terminal) loop(ctx context.Context, s game.State) error {
	out := p.e.stdout
	fmt.Fprintf(out, "%s — type a move in notation, or: moves, undo, record, resign, help\n", p.info.Title)
	fmt.Fprintf(out, "seed: %d (replay the record with --seed %d)\n", p.seed, p.seed)
	for {
		p.show(s)
		if o, ok := s.Outcome(); ok {
			fmt.Fprintf(out, "result: %s\nrecord: %s\n", o.Describe(p.info), strings.Join(p.record, " "))
			return nil
		}
		var m game.Move
		var err error
		switch turn := s.ToMove(); {
		case turn == game.Chance:
			m = ai.SampleChance(s, p.rng)
			fmt.Fprintf(out, "chance: %s\n", s.MoveString(m))
		case p.seats[turn].agent != nil:
			m, err = p.botMove(ctx, s, p.seats[turn])
		default:
			var quit bool
			m, s, quit, err = p.humanMove(s)
			if quit || err != nil {
				return err
			}
			if m == noMove {
				continue
			}
		}
		if err != nil {
			return err
		}
		next, err := s.Play(m)
		if err != nil {
			return err
		}
		p.history = append(p.history, s)
		p.record = append(p.record, s.MoveString(m))
		s = next
	}
}

func (p *terminal) show(s game.State) {
	fmt.Fprintf(p.e.stdout, "\n%s\n", board(s))
	if turn := s.ToMove(); turn >= 0 {
		fmt.Fprintf(p.e.stdout, "%s to move (ply %d)\n", p.info.PlayerName(turn), len(p.record)+1)
	}
}

// diagrammer is implemented by states that draw themselves for a terminal.
type diagrammer interface{ Diagram() string }

// board renders the position: the game's own drawing when it has one,
// otherwise the position text.
func board(s game.State) string {
	if d, ok := s.(diagrammer); ok {
		return d.Diagram()
	}
	return s.String()
}

func (p *terminal) botMove(ctx context.Context, s game.State, st seat) (game.Move, error) {
	r, err := st.agent.Choose(ctx, s, ai.Budget{Time: p.botTime})
	if err != nil {
		return 0, fmt.Errorf("%s: %w", st.spec, err)
	}
	fmt.Fprintf(p.e.stdout, "%s (%s) plays %s\n", p.info.PlayerName(s.ToMove()), st.spec, s.MoveString(r.Move))
	return r.Move, nil
}

// noMove marks a human command that played nothing (help, a bad move).
const noMove = ^game.Move(0)

// humanMove reads one line. It returns the move to play, or noMove with a
// possibly changed state (after undo), or quit at the end of input or on
// resignation.
func (p *terminal) humanMove(s game.State) (m game.Move, cur game.State, quit bool, err error) {
	out := p.e.stdout
	fmt.Fprint(out, "> ")
	if !p.in.Scan() {
		if err := p.in.Err(); err != nil {
			return 0, s, true, err
		}
		fmt.Fprintln(out, "\nend of input: game abandoned")
		return 0, s, true, nil
	}
	line := strings.TrimSpace(p.in.Text())
	switch line {
	case "":
		return noMove, s, false, nil
	case "help", "?":
		fmt.Fprintln(out, "commands: a move in notation; moves (list legal moves); undo (take back to your previous turn); record; resign")
		return noMove, s, false, nil
	case "moves":
		var names []string
		for _, m := range s.LegalMoves(nil) {
			names = append(names, s.MoveString(m))
		}
		fmt.Fprintln(out, strings.Join(names, " "))
		return noMove, s, false, nil
	case "record":
		fmt.Fprintln(out, strings.Join(p.record, " "))
		return noMove, s, false, nil
	case "resign":
		fmt.Fprintf(out, "%s resigns\nrecord: %s\n", p.info.PlayerName(s.ToMove()), strings.Join(p.record, " "))
		return 0, s, true, nil
	case "undo":
		return noMove, p.undo(s), false, nil
	}
	m, err = s.ParseMove(line)
	if err != nil {
		fmt.Fprintf(out, "not played: %v\n", err)
		if errors.Is(err, game.ErrIllegalMove) {
			fmt.Fprintln(out, `type "moves" for the legal moves`)
		}
		return noMove, s, false, nil
	}
	return m, s, false, nil
}

// undo takes back plies until the same human seat is to move again, so a
// human playing a bot gets their own previous turn back.
func (p *terminal) undo(s game.State) game.State {
	me := s.ToMove()
	for i := len(p.history) - 1; i >= 0; i-- {
		if p.history[i].ToMove() == me {
			s = p.history[i]
			p.history = p.history[:i]
			p.record = p.record[:i]
			return s
		}
	}
	fmt.Fprintln(p.e.stdout, "nothing to undo")
	return s
}
