// Command bot is an example Tabula bot: it connects to a server's bot API
// with a personal access token (docs/bot-api.md), reads the account's
// event stream, and plays every game that starts by running the Tabula
// engine (`tabula engine`, docs/engine.md) on this machine and posting
// the engine's moves. It reconnects after a lost connection or a server
// restart and picks its games up where they are.
//
//	go run ./examples/bot --server http://127.0.0.1:8080 --token tbt_... --create pathagon --against random
//	go run ./examples/bot --token tbt_... --accept pathagon,talat --accept-clocks fischer
//	go run ./examples/bot --token tbt_... --challenge someone --challenge-game pathagon --challenge-clock 300+3
//
// It accepts the challenges sent to its account for the games of --accept
// with a clock of --accept-clocks, and declines the others.
//
// The token (or the TABULA_TOKEN environment variable) needs the bot:play
// scope, and its account must be a bot account (POST
// /api/bot/account/upgrade; --upgrade does it).
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The wire types the bot reads: the fields it needs of docs/bot-api.md's
// objects (the server's internal/protocol has them whole).

type event struct {
	Type string `json:"type"`
	Game *struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	} `json:"game"`
	Challenge *challenge `json:"challenge"`
}

type challenge struct {
	ID          string `json:"id"`
	From        string `json:"from"`
	To          string `json:"to"`
	Game        string `json:"game"`
	Rated       bool   `json:"rated"`
	TimeControl struct {
		Kind string `json:"kind"`
	} `json:"timeControl"`
}

type gameLine struct {
	Type    string            `json:"type"`
	ID      string            `json:"id"`
	Game    string            `json:"game"`
	Variant string            `json:"variant"`
	Players int               `json:"players"`
	Options map[string]string `json:"options"`
	Initial string            `json:"initial"`
	Mine    []int             `json:"mine"`
	State   *gameState        `json:"state"`
	gameState
}

type gameState struct {
	Version int64    `json:"version"`
	Moves   []string `json:"moves"`
	Status  string   `json:"status"`
	ToMove  int      `json:"toMove"`
	Clocks  *struct {
		Kind      string  `json:"kind"`
		Remaining []int64 `json:"remaining"`
	} `json:"clocks"`
	Offers struct {
		Draw     []int `json:"draw"`     // the seats offering a draw
		Takeback int   `json:"takeback"` // the seat asking to take back, -1 none
	} `json:"offers"`
}

type apiError struct {
	Error struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

const (
	// retryMin and retryMax bound the wait before reconnecting a stream:
	// quick after a blip, no faster than every few seconds while the
	// server is away.
	retryMin, retryMax = 100 * time.Millisecond, 5 * time.Second
	// engineReady bounds the engine's handshake (docs/engine.md: 10 s).
	engineReady = 10 * time.Second
)

// Bot plays an account's games through the bot API.
type Bot struct {
	Server string // the server's base URL
	Token  string
	// Tabula is the tabula program the engine runs as (`Tabula engine
	// GAME ...`).
	Tabula   string
	Level    string        // the engine's Level option
	MoveTime time.Duration // the most one move may take
	// Games, when above zero, ends Run once this many games it played
	// have ended.
	Games int
	// Accept are the games whose challenges the bot accepts, with a
	// clock of a kind in Clocks (fischer, correspondence, none); it
	// declines the others. None: it declines every challenge.
	Accept, Clocks []string
	// Draws and Takebacks answer the opponents' draw offers and takeback
	// requests: "accept", "decline", or "" to leave them unanswered.
	Draws, Takebacks string
	HTTP             *http.Client
	Log              *slog.Logger
	OnMove           func(match string, ply int, move string) // each move the server acknowledged, at its ply (0-based)

	name     string // the account's username
	mu       sync.Mutex
	playing  map[string]bool
	finished int
	done     chan struct{}
}

func main() {
	b := &Bot{HTTP: http.DefaultClient}
	flag.StringVar(&b.Server, "server", "http://127.0.0.1:8080", "the Tabula server's URL")
	flag.StringVar(&b.Token, "token", os.Getenv("TABULA_TOKEN"), "a personal access token with the bot:play scope (default $TABULA_TOKEN)")
	flag.StringVar(&b.Tabula, "tabula", "tabula", "the tabula program that runs the engine")
	flag.StringVar(&b.Level, "level", "bot:easy", "the engine's level (random, bot:easy, bot:medium, bot:hard, bot:max)")
	flag.DurationVar(&b.MoveTime, "movetime", time.Second, "the most the engine thinks per move")
	flag.IntVar(&b.Games, "games", 0, "stop after this many games have ended (0: run until interrupted)")
	create := flag.String("create", "", "create a match of this game against the server's bot --against first")
	against := flag.String("against", "random", "the server bot --create plays against")
	upgrade := flag.Bool("upgrade", false, "upgrade the token's account to a bot account first (for good)")
	accept := flag.String("accept", "", "accept challenges to these games (comma-separated game IDs; none: decline every challenge)")
	clocks := flag.String("accept-clocks", "fischer,correspondence", "accept challenges with these kinds of clock (fischer, correspondence, none)")
	var ch Challenge
	flag.StringVar(&ch.User, "challenge", "", "challenge this user first")
	flag.StringVar(&ch.Game, "challenge-game", "pathagon", "the game of --challenge")
	flag.StringVar(&ch.Clock, "challenge-clock", "600+5", "the clock of --challenge: BASE+INCREMENT in seconds, or Nd for N days a move")
	flag.BoolVar(&ch.Rated, "challenge-rated", false, "make --challenge rated")
	flag.StringVar(&b.Draws, "draws", "decline", "answer the opponents' draw offers: accept, decline, or none")
	flag.StringVar(&b.Takebacks, "takebacks", "decline", "answer the opponents' takeback requests: accept, decline, or none")
	flag.Parse()
	for _, f := range []*string{&b.Draws, &b.Takebacks} {
		switch *f {
		case "accept", "decline":
		case "none":
			*f = ""
		default:
			fmt.Fprintf(os.Stderr, "bot: --draws and --takebacks are accept, decline or none, not %q\n", *f)
			os.Exit(2)
		}
	}
	b.Accept, b.Clocks = split(*accept), split(*clocks)
	b.Log = slog.New(slog.NewTextHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := b.start(ctx, *upgrade, *create, *against); err != nil {
		fmt.Fprintln(os.Stderr, "bot:", err)
		os.Exit(1)
	}
	if ch.User != "" {
		if err := b.Challenge(ctx, ch); err != nil {
			fmt.Fprintln(os.Stderr, "bot:", err)
			os.Exit(1)
		}
	}
	if err := b.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "bot:", err)
		os.Exit(1)
	}
}

// start does the one-off requests the flags ask for.
func (b *Bot) start(ctx context.Context, upgrade bool, create, against string) error {
	if upgrade {
		if err := b.post(ctx, "/api/bot/account/upgrade", nil, nil); err != nil {
			return fmt.Errorf("upgrade: %w", err)
		}
	}
	if create != "" {
		req := map[string]any{"game": create, "join": 0, "seats": []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": against}}}
		var out struct {
			Match struct{ ID string } `json:"match"`
		}
		if err := b.post(ctx, "/api/bot/matches", req, &out); err != nil {
			return fmt.Errorf("create: %w", err)
		}
		b.Log.Info("created", "match", out.Match.ID)
	}
	return nil
}

// Challenge is a challenge the bot sends.
type Challenge struct {
	User, Game string
	// Clock is BASE+INCREMENT in seconds (600+5), or Nd for N days a move
	// (3d).
	Clock string
	Rated bool
}

// Challenge challenges a user (POST /api/challenge/{username}); the game
// starts, and Run plays it, when the user accepts.
func (b *Bot) Challenge(ctx context.Context, c Challenge) error {
	tc, err := clockOf(c.Clock)
	if err != nil {
		return err
	}
	var out challenge
	if err := b.post(ctx, "/api/challenge/"+url.PathEscape(c.User), map[string]any{"game": c.Game, "timeControl": tc, "rated": c.Rated}, &out); err != nil {
		return fmt.Errorf("challenge %s: %w", c.User, err)
	}
	b.Log.Info("challenged", "user", c.User, "challenge", out.ID)
	return nil
}

// clockOf parses a --challenge-clock.
func clockOf(s string) (map[string]any, error) {
	if days, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(days)
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("clock %q: want Nd, N days a move", s)
		}
		return map[string]any{"kind": "correspondence", "days": n}, nil
	}
	base, inc, ok := strings.Cut(s, "+")
	bs, err1 := strconv.Atoi(base)
	is, err2 := strconv.Atoi(inc)
	if !ok || err1 != nil || err2 != nil || bs <= 0 || is < 0 {
		return nil, fmt.Errorf("clock %q: want BASE+INCREMENT in seconds, as 600+5", s)
	}
	return map[string]any{"kind": "fischer", "baseMs": bs * 1000, "incrementMs": is * 1000}, nil
}

// answer accepts or declines a challenge sent to the bot, by Accept and
// Clocks; a challenge it sent is left alone.
func (b *Bot) answer(ctx context.Context, c *challenge) {
	if !strings.EqualFold(c.To, b.name) {
		return
	}
	verb := "decline"
	if contains(b.Accept, c.Game) && contains(b.Clocks, c.TimeControl.Kind) {
		verb = "accept"
	}
	if err := b.post(ctx, "/api/challenge/"+url.PathEscape(c.ID)+"/"+verb, nil, nil); err != nil {
		// Answered already (the stream repeats a challenge pending as it
		// opens), withdrawn, or expired.
		b.Log.Warn(verb, "challenge", c.ID, "err", err)
		return
	}
	b.Log.Info(verb+"ed", "challenge", c.ID, "from", c.From, "game", c.Game)
}

// Run reads the event stream, reconnecting when it breaks, and plays each
// game that starts, until ctx ends or Games games have ended; it answers
// the challenges sent to the account (Accept, Clocks).
func (b *Bot) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var me struct {
		Username string `json:"username"`
	}
	for wait := retryMin; ; wait = min(wait*2, retryMax) {
		err := b.get(ctx, "/api/bot/account", &me)
		var se *statusError
		if err == nil {
			break
		} else if errors.As(err, &se) || ctx.Err() != nil {
			return fmt.Errorf("account: %w", err)
		}
		b.Log.Warn("account", "err", err, "retry", wait)
		sleep(ctx, wait)
	}
	b.name = me.Username
	b.playing = map[string]bool{}
	b.done = make(chan struct{})
	var wg sync.WaitGroup
	defer wg.Wait()
	go func() {
		select {
		case <-b.done:
			cancel()
		case <-ctx.Done():
		}
	}()
	retry := retryMin
	for ctx.Err() == nil {
		err := b.stream(ctx, "/api/stream/event", func(line []byte) error {
			retry = retryMin
			var ev event
			if err := json.Unmarshal(line, &ev); err != nil {
				return err
			}
			if ev.Type == "challenge" && ev.Challenge != nil {
				b.answer(ctx, ev.Challenge)
				return nil
			}
			if ev.Type != "gameStart" || ev.Game == nil {
				return nil
			}
			id := ev.Game.ID
			b.mu.Lock()
			start := !b.playing[id]
			b.playing[id] = true
			b.mu.Unlock()
			if start {
				wg.Go(func() { b.play(ctx, id) })
			}
			return nil
		})
		var ae *statusError
		if errors.As(err, &ae) && ae.status == http.StatusUnauthorized || errors.As(err, &ae) && ae.status == http.StatusForbidden {
			return err // a revoked token, a missing scope: retrying will not help
		}
		if ctx.Err() == nil {
			b.Log.Warn("event stream", "err", err, "retry", retry)
			sleep(ctx, retry)
			retry = min(retry*2, retryMax)
		}
	}
	if b.Games > 0 && b.finishedCount() >= b.Games {
		return nil
	}
	return ctx.Err()
}

func (b *Bot) finishedCount() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.finished
}

// play plays one game until it ends, reconnecting its stream as needed.
func (b *Bot) play(ctx context.Context, id string) {
	var eng *engine
	defer func() {
		if eng != nil {
			eng.close()
		}
	}()
	retry := retryMin
	ended := false
	for ctx.Err() == nil && !ended {
		var full gameLine
		err := b.stream(ctx, "/api/bot/game/stream/"+id, func(line []byte) error {
			retry = retryMin
			var gl gameLine
			if err := json.Unmarshal(line, &gl); err != nil {
				return err
			}
			var st gameState
			switch gl.Type {
			case "gameFull":
				full = gl
				st = *gl.State
			case "gameState":
				st = gl.gameState
			default:
				return nil // chat
			}
			if st.Status != "live" {
				ended = st.Status == "finished" || st.Status == "aborted"
				return nil
			}
			if b.answerOffers(ctx, id, full.Mine, st) {
				return nil // the game is drawn or a move taken back: the next state says so
			}
			if !contains(full.Mine, st.ToMove) {
				return nil
			}
			if eng == nil {
				var err error
				if eng, err = b.startEngine(ctx, full); err != nil {
					return err
				}
			}
			move, err := eng.best(full.Initial, st, b.MoveTime)
			if err != nil {
				eng.close()
				eng = nil // a new one for the next try
				return err
			}
			if err := b.post(ctx, "/api/bot/game/"+id+"/move/"+url.PathEscape(move), nil, nil); err != nil {
				// The state after a reconnect says whether it counted.
				b.Log.Warn("move", "match", id, "move", move, "err", err)
				var se *statusError
				if !errors.As(err, &se) {
					return err
				}
				return nil
			}
			if b.OnMove != nil {
				b.OnMove(id, len(st.Moves), move)
			}
			return nil
		})
		if ended {
			break
		}
		var se *statusError
		if errors.As(err, &se) && (se.status == http.StatusNotFound || se.status == http.StatusForbidden || se.status == http.StatusUnauthorized) {
			b.Log.Error("game stream", "match", id, "err", err)
			break
		}
		if ctx.Err() == nil {
			b.Log.Warn("game stream", "match", id, "err", err, "retry", retry)
			sleep(ctx, retry)
			retry = min(retry*2, retryMax)
		}
	}
	b.Log.Info("game over", "match", id, "ended", ended)
	b.mu.Lock()
	b.finished++
	if b.Games > 0 && b.finished >= b.Games {
		select {
		case <-b.done:
		default:
			close(b.done)
		}
	}
	b.mu.Unlock()
}

// answerOffers answers an opponent's draw offer and takeback request
// (Draws, Takebacks); it reports whether it accepted one, so the state in
// hand is no longer the game's.
func (b *Bot) answerOffers(ctx context.Context, id string, mine []int, st gameState) bool {
	theirs := func(seat int) bool { return seat >= 0 && !contains(mine, seat) }
	accepted := false
	answer := func(what, how string) {
		if err := b.post(ctx, "/api/bot/game/"+id+"/"+what+"/"+map[string]string{"accept": "yes", "decline": "no"}[how], nil, nil); err != nil {
			b.Log.Warn(what, "match", id, "answer", how, "err", err) // withdrawn, or answered by a move
			return
		}
		b.Log.Info(what, "match", id, "answer", how)
		accepted = accepted || how == "accept"
	}
	if b.Draws != "" && len(st.Offers.Draw) > 0 && !slices.ContainsFunc(st.Offers.Draw, func(s int) bool { return contains(mine, s) }) {
		answer("draw", b.Draws)
	}
	if b.Takebacks != "" && theirs(st.Offers.Takeback) && !accepted {
		answer("takeback", b.Takebacks)
	}
	return accepted
}

// statusError is an HTTP answer of the server's other than 200.
type statusError struct {
	status int
	code   string
	msg    string
}

func (e *statusError) Error() string { return fmt.Sprintf("%d %s: %s", e.status, e.code, e.msg) }

func answerError(resp *http.Response) error {
	var ae apiError
	data, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	json.Unmarshal(data, &ae)
	return &statusError{status: resp.StatusCode, code: ae.Error.Code, msg: ae.Error.Message}
}

// stream reads an NDJSON stream, calling each for every line but the
// empty keep-alive lines, until it ends or fails.
func (b *Bot) stream(ctx context.Context, path string, each func([]byte) error) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, b.Server+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+b.Token)
	resp, err := b.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return answerError(resp)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 4<<20)
	for sc.Scan() {
		if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
			if err := each(line); err != nil {
				return err
			}
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	return io.EOF
}

// get gets path and decodes the answer into out.
func (b *Bot) get(ctx context.Context, path string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, b.Server+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+b.Token)
	resp, err := b.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return answerError(resp)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// post posts body (JSON; none when nil) and decodes the answer into out.
func (b *Bot) post(ctx context.Context, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		data, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, b.Server+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+b.Token)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := b.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return answerError(resp)
	}
	if out != nil {
		return json.NewDecoder(resp.Body).Decode(out)
	}
	return nil
}

// engine is a running `tabula engine` process.
type engine struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// startEngine runs the engine for a game and waits for its handshake.
func (b *Bot) startEngine(ctx context.Context, g gameLine) (*engine, error) {
	args := []string{"engine", g.Game, "--level", b.Level}
	if g.Variant != "" {
		args = append(args, "--variant", g.Variant)
	}
	if g.Players > 0 {
		args = append(args, "--players", strconv.Itoa(g.Players))
	}
	for k, v := range g.Options {
		args = append(args, "--option", k+"="+v)
	}
	cmd := exec.CommandContext(ctx, b.Tabula, args...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	e := &engine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	e.out.Buffer(nil, 1<<20)
	if _, err := e.until("tabula", "tabulaok", engineReady); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

// until sends cmd and reads answers until one starts with want, which it
// returns, failing after wait.
func (e *engine) until(cmd, want string, wait time.Duration) (string, error) {
	if _, err := fmt.Fprintln(e.in, cmd); err != nil {
		return "", fmt.Errorf("engine: %w", err)
	}
	got := make(chan string, 1)
	fail := make(chan error, 1)
	go func() {
		for e.out.Scan() {
			if line := e.out.Text(); strings.HasPrefix(line, want) {
				got <- line
				return
			}
		}
		fail <- fmt.Errorf("engine: ended before %q: %v", want, e.out.Err())
	}()
	select {
	case line := <-got:
		return line, nil
	case err := <-fail:
		return "", err
	case <-time.After(wait):
		e.close() // the reader goroutine ends with the process
		return "", fmt.Errorf("engine: no %q in %v", want, wait)
	}
}

// best asks the engine for the move in the game from initial after
// st.Moves, with the clocks when the match has them.
func (e *engine) best(initial string, st gameState, moveTime time.Duration) (string, error) {
	pos := "position text " + initial
	if initial == "" {
		pos = "position startpos"
	}
	if len(st.Moves) > 0 {
		pos += " moves " + strings.Join(st.Moves, " ")
	}
	if _, err := fmt.Fprintln(e.in, pos); err != nil {
		return "", fmt.Errorf("engine: %w", err)
	}
	goCmd := fmt.Sprintf("go movetime %d", moveTime.Milliseconds())
	if c := st.Clocks; c != nil && c.Kind == "fischer" {
		for seat, ms := range c.Remaining {
			goCmd += fmt.Sprintf(" time%d %d", seat, ms)
		}
	}
	line, err := e.until(goCmd, "bestmove ", moveTime+engineReady)
	if err != nil {
		return "", err
	}
	return strings.TrimSpace(strings.TrimPrefix(line, "bestmove ")), nil
}

func (e *engine) close() {
	fmt.Fprintln(e.in, "quit")
	e.in.Close()
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		e.cmd.Process.Kill()
		<-done
	}
}

func contains[T comparable](xs []T, x T) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// split splits a comma-separated flag, dropping empty items.
func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
	case <-ctx.Done():
	}
}
