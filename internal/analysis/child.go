package analysis

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tabula-games/tabula/game"
)

// childStopGrace is how long a child engine has to answer stop with its
// bestmove before it is killed: a search checks its clock thousands of
// times a second.
const childStopGrace = 2 * time.Second

// inChild reports whether st is analysed by a child process: alpha-beta
// analyses (two seats) when Config.Child names the command. MCTS analyses
// of more seats need every seat's expected result, which the engine
// protocol does not carry, and stay in the server's process.
func (p *Pool) inChild(st game.State) bool {
	if len(p.cfg.Child) == 0 || st.NumPlayers() != 2 {
		return false
	}
	if _, ok := st.(game.Evaluator); !ok {
		return false
	}
	// The child parses the position under the game's default options:
	// only a text that means the same there is sent.
	info := st.Info()
	opts, err := info.Check(game.Options{Players: 2})
	if err != nil {
		return false
	}
	back, err := info.ParsePosition(st.String(), opts)
	return err == nil && back.String() == st.String() && back.Hash() == st.Hash()
}

// runChild analyses st in a child `tabula engine` process speaking the
// engine protocol (docs/engine.md): the game's options, the position text,
// then `go movetime … multipv K`, reporting every round of `info multipv`
// lines. The child is started from the caller's thread, which runs at the
// lowest priority (lowPriority), so the whole child process inherits it:
// the kernel schedules every thread of the search after the server's.
func (p *Pool) runChild(ctx context.Context, st game.State, lines int, send func(Update)) (Update, error) {
	info := st.Info()
	args := append(append([]string{}, p.cfg.Child[1:]...), "engine", info.ID, "--level", "bot:max")
	cmd := exec.Command(p.cfg.Child[0], args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return Update{}, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return Update{}, err
	}
	var startErr error
	lowPriority(func() { startErr = cmd.Start() })
	if startErr != nil {
		return Update{}, fmt.Errorf("analysis: child engine: %w", startErr)
	}
	done := make(chan struct{})
	defer func() {
		close(done)
		in.Close()
		_ = cmd.Wait()
	}()
	go func() { // stop the search when the analysis ends, kill a child that does not answer
		select {
		case <-ctx.Done():
			io.WriteString(in, "stop\n")
			select {
			case <-done:
			case <-time.After(childStopGrace):
				_ = cmd.Process.Kill()
			}
		case <-done:
		}
	}()

	r := bufio.NewScanner(out)
	r.Buffer(make([]byte, 64<<10), 1<<20)
	expect := func(word string) error {
		for r.Scan() {
			if strings.HasPrefix(r.Text(), word) {
				return nil
			}
		}
		if err := r.Err(); err != nil {
			return err
		}
		return errors.New("the child engine ended early")
	}
	var b strings.Builder
	b.WriteString("tabula\n")
	b.WriteString("setoption name Contempt value 0\nsetoption name Hash value " + strconv.Itoa(hashMiB) + "\n")
	fmt.Fprintf(&b, "setoption name Players value %d\n", st.NumPlayers())
	b.WriteString("position text " + st.String() + "\n")
	fmt.Fprintf(&b, "go movetime %d multipv %d\n", p.cfg.MaxTime.Milliseconds(), max(lines, 2))
	if _, err := io.WriteString(in, b.String()); err != nil {
		return Update{}, fmt.Errorf("analysis: child engine: %w", err)
	}
	if err := expect("tabulaok"); err != nil {
		return Update{}, fmt.Errorf("analysis: child engine: %w", err)
	}

	round := map[int]Line{}
	var last Update
	flush := func(u Update) {
		if len(round) == 0 {
			return
		}
		keys := make([]int, 0, len(round))
		for k := range round {
			keys = append(keys, k)
		}
		sort.Ints(keys)
		u.Lines = nil
		for _, k := range keys[:min(len(keys), lines)] {
			u.Lines = append(u.Lines, round[k])
		}
		last = u
		send(u)
		clear(round)
	}
	var cur Update
	for r.Scan() {
		f := strings.Fields(r.Text())
		if len(f) == 0 {
			continue
		}
		if f[0] == "bestmove" {
			flush(cur)
			return last, nil
		}
		if len(f) < 3 || f[0] != "info" || f[1] != "multipv" {
			continue
		}
		k, l, u, ok := parseMultiPV(st, f)
		if !ok {
			continue
		}
		if k == 1 {
			flush(cur) // a new round begins with line 1
		}
		cur = u
		round[k] = l
	}
	if err := r.Err(); err != nil {
		return last, fmt.Errorf("analysis: child engine: %w", err)
	}
	return last, nil
}

// parseMultiPV reads `info multipv I depth D score S [mate M] nodes N
// time MS nps N pv M1 …`.
func parseMultiPV(st game.State, f []string) (int, Line, Update, bool) {
	u := Update{ToMove: int(st.ToMove()), Engine: "alphabeta"}
	var l Line
	k := 0
	for i := 1; i+1 < len(f); i++ {
		v := f[i+1]
		switch f[i] {
		case "multipv":
			k, _ = strconv.Atoi(v)
		case "depth":
			u.Depth, _ = strconv.Atoi(v)
		case "score":
			l.Score, _ = strconv.ParseFloat(v, 64)
		case "mate":
			l.Mate, _ = strconv.Atoi(v)
		case "nodes":
			u.Nodes, _ = strconv.ParseInt(v, 10, 64)
		case "time":
			u.TimeMS, _ = strconv.ParseInt(v, 10, 64)
		case "nps":
			u.NPS, _ = strconv.ParseInt(v, 10, 64)
		case "pv":
			l.PV = append([]string{}, f[i+1:]...)
			i = len(f)
			continue
		default:
			continue
		}
		i++
	}
	if k < 1 || len(l.PV) == 0 {
		return 0, Line{}, Update{}, false
	}
	l.Move = l.PV[0]
	switch {
	case l.Mate > 0:
		l.Win = 1
	case l.Mate < 0:
		l.Win = 0
	default:
		l.Win = WinProbability(l.Score)
	}
	return k, l, u, true
}
