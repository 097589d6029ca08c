package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// These tests build the tabula binary, run `tabula serve` on a loopback
// port over a SQLite file, and play the example bot against the server's
// random bot through the bot API, the bot's moves coming from `tabula
// engine` run by the bot.

// gameTimeout bounds one game: a few dozen engine moves of 30 ms and the
// server bot's replies, on a busy machine.
const gameTimeout = 3 * time.Minute

func build(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs the tabula binary")
	}
	bin := filepath.Join(t.TempDir(), "tabula")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/tabula-games/tabula/cmd/tabula").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// serve is a tabula serve process.
type serve struct {
	cmd    *exec.Cmd
	url    string
	stderr *lockedBuffer
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// startServe starts tabula serve on addr (127.0.0.1:0 for any port) over
// db, and waits until it listens.
func startServe(t *testing.T, bin, db, addr string) *serve {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", addr, "--db", db, "--bot-workers", "1")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &serve{cmd: cmd, stderr: &lockedBuffer{}}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("serve printed no address: %v; stderr: %s", err, s.stderr)
	}
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "listening on ")
	if !ok {
		t.Fatalf("serve printed %q", line)
	}
	s.url = url
	return s
}

// call sends a request and decodes a 2xx answer into out.
func call(t *testing.T, method, url string, body, out any, header ...string) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, url, rd)
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode >= 300 {
		t.Fatalf("%s %s: %s %s", method, url, resp.Status, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, url, err, data)
		}
	}
	if method == "POST" && strings.HasSuffix(url, "/signup") {
		for _, c := range resp.Cookies() {
			if c.Name == "tabula_session" {
				if m, ok := out.(*map[string]any); ok {
					(*m)["cookie"] = c.Value
				}
			}
		}
	}
}

// botAccount signs up an account on the web routes (cookie and CSRF),
// makes a bot:play token on its account page, upgrades it to a bot
// account with the token, and returns the token.
func botAccount(t *testing.T, url, name string) string {
	t.Helper()
	info := map[string]any{}
	call(t, "POST", url+"/api/account/signup", map[string]string{"username": name, "password": "correct horse battery"}, &info)
	cookie, _ := info["cookie"].(string)
	csrf, _ := info["csrf"].(string)
	var created struct{ Token string }
	call(t, "POST", url+"/api/account/tokens", map[string]any{"description": "example bot", "scopes": []string{"bot:play"}}, &created,
		"Cookie", "tabula_session="+cookie, "X-CSRF-Token", csrf)
	call(t, "POST", url+"/api/bot/account/upgrade", nil, nil, "Authorization", "Bearer "+created.Token)
	return created.Token
}

// newMatch has the bot create a Pathagon match against the server's
// random bot.
func newMatch(t *testing.T, url, token string) string {
	t.Helper()
	var out struct {
		Match struct{ ID string } `json:"match"`
	}
	call(t, "POST", url+"/api/bot/matches", map[string]any{"game": "pathagon", "join": 0,
		"timeControl": map[string]any{"kind": "fischer", "baseMs": 600_000, "incrementMs": 1000},
		"seats":       []map[string]string{{"kind": "human"}, {"kind": "bot", "bot": "random"}}}, &out,
		"Authorization", "Bearer "+token)
	return out.Match.ID
}

// record is the stored match as GET /api/matches/{id}/record.json has it.
type record struct {
	Status string `json:"status"`
	Result *struct {
		Text string `json:"text"`
	} `json:"result"`
	Moves []struct {
		Ply  int    `json:"ply"`
		Text string `json:"text"`
	} `json:"moves"`
}

func getRecord(t *testing.T, url, id string) record {
	t.Helper()
	resp, err := http.Get(url + "/api/matches/" + id + "/record.json")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var r record
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		t.Fatal(err)
	}
	return r
}

// acked is the moves the server acknowledged to the bot, by ply.
type acked struct {
	mu    sync.Mutex
	moves map[int]string
	ch    chan int // the count after each
}

func (a *acked) note(_ string, ply int, move string) {
	a.mu.Lock()
	a.moves[ply] = move
	n := len(a.moves)
	a.mu.Unlock()
	select {
	case a.ch <- n:
	default:
	}
}

// check fails t unless every acknowledged move is in the record at its
// ply.
func (a *acked) check(t *testing.T, rec record) {
	t.Helper()
	a.mu.Lock()
	defer a.mu.Unlock()
	for ply, move := range a.moves {
		if ply >= len(rec.Moves) || rec.Moves[ply].Text != move {
			got := "none"
			if ply < len(rec.Moves) {
				got = rec.Moves[ply].Text
			}
			t.Errorf("acknowledged move %s at ply %d: the record has %s", move, ply+1, got)
		}
	}
}

func newBot(url, token, bin string, a *acked) *Bot {
	return &Bot{Server: url, Token: token, Tabula: bin, Level: "bot:easy", MoveTime: 30 * time.Millisecond, Games: 1,
		HTTP: http.DefaultClient, Log: slog.New(slog.DiscardHandler), OnMove: a.note}
}

// TestBotPlaysToTheEnd: the example bot plays a whole Pathagon game
// against the server's random bot through the bot API.
func TestBotPlaysToTheEnd(t *testing.T) {
	bin := build(t)
	srv := startServe(t, bin, filepath.Join(t.TempDir(), "tabula.db"), "127.0.0.1:0")
	token := botAccount(t, srv.url, "ExampleBot")
	id := newMatch(t, srv.url, token)
	a := &acked{moves: map[int]string{}, ch: make(chan int, 1)}
	ctx, cancel := context.WithTimeout(context.Background(), gameTimeout)
	defer cancel()
	if err := newBot(srv.url, token, bin, a).Run(ctx); err != nil {
		t.Fatalf("bot: %v; server: %s", err, srv.stderr)
	}
	rec := getRecord(t, srv.url, id)
	if rec.Status != "finished" || rec.Result == nil {
		t.Fatalf("match %s: %s, result %v; want finished", id, rec.Status, rec.Result)
	}
	if len(a.moves) == 0 {
		t.Fatal("the bot made no move")
	}
	a.check(t, rec)
	t.Logf("%s after %d plies, %d of them the bot's", rec.Result.Text, len(rec.Moves), len(a.moves))
}

// TestBotSurvivesKill: the server is killed (SIGKILL) mid-game and
// restarted on the same database and address; the bot reconnects, the
// game finishes, and every move the server acknowledged to the bot is in
// the record at its ply.
func TestBotSurvivesKill(t *testing.T) {
	bin := build(t)
	db := filepath.Join(t.TempDir(), "tabula.db")
	srv := startServe(t, bin, db, "127.0.0.1:0")
	token := botAccount(t, srv.url, "ExampleBot")
	id := newMatch(t, srv.url, token)
	a := &acked{moves: map[int]string{}, ch: make(chan int, 64)}
	ctx, cancel := context.WithTimeout(context.Background(), gameTimeout)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- newBot(srv.url, token, bin, a).Run(ctx) }()

	const before = 3 // the bot's acknowledged moves before the kill
	for n := 0; n < before; {
		select {
		case n = <-a.ch:
		case err := <-done:
			t.Fatalf("the bot stopped after %d moves (%v): the game was too short for the test", n, err)
		case <-ctx.Done():
			t.Fatal("no moves")
		}
	}
	if err := srv.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	srv.cmd.Wait()
	a.mu.Lock()
	atKill := len(a.moves)
	a.mu.Unlock()
	addr := strings.TrimPrefix(srv.url, "http://")
	restarted := startServe(t, bin, db, addr)
	if restarted.url != srv.url {
		t.Fatalf("restarted at %s, want %s", restarted.url, srv.url)
	}
	if err := <-done; err != nil {
		t.Fatalf("bot: %v; server: %s", err, restarted.stderr)
	}
	rec := getRecord(t, restarted.url, id)
	if rec.Status != "finished" || rec.Result == nil {
		t.Fatalf("match %s: %s; want finished", id, rec.Status)
	}
	a.mu.Lock()
	after := len(a.moves) - atKill
	a.mu.Unlock()
	if after <= 0 {
		t.Errorf("the bot made no move after the restart (%d before): the kill was not mid-game", atKill)
	}
	a.check(t, rec)
	t.Logf("%s after %d plies; the bot's moves: %d before the kill, %d after", rec.Result.Text, len(rec.Moves), atKill, after)
}

// TestStreamsEndOnShutdown: a bot's open streams end when the server is
// told to stop, so it stops at once rather than after its grace period
// (the HTTP server's Shutdown waits for running handlers, and a stream's
// runs until its reader goes).
func TestStreamsEndOnShutdown(t *testing.T) {
	bin := build(t)
	srv := startServe(t, bin, filepath.Join(t.TempDir(), "tabula.db"), "127.0.0.1:0")
	token := botAccount(t, srv.url, "ExampleBot")
	req, _ := http.NewRequest("GET", srv.url+"/api/stream/event", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("event stream: %s", resp.Status)
	}
	exited := make(chan error, 1)
	start := time.Now()
	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	go func() { exited <- srv.cmd.Wait() }()
	go io.Copy(io.Discard, resp.Body) // the stream ends with the server
	const within = 5 * time.Second    // half the server's 10 s grace
	select {
	case <-exited:
	case <-time.After(30 * time.Second): // the grace is 10 s: it exits by then either way
		t.Fatalf("the server had not exited %v after SIGTERM with a stream open; stderr: %s", time.Since(start), srv.stderr)
	}
	if d := time.Since(start); d > within {
		t.Errorf("the server exited %v after SIGTERM with a stream open; want under %v", d, within)
	}
	t.Logf("exited %v after SIGTERM", time.Since(start).Round(time.Millisecond))
}

// TestBotAcceptsChallenge: one example bot challenges another by
// username (POST /api/challenge/{username}); the other, accepting
// Pathagon with a Fischer clock, first declines a waiting correspondence
// challenge it is told of as its event stream opens, then accepts, and
// the two play the game to the end through the bot API.
func TestBotAcceptsChallenge(t *testing.T) {
	bin := build(t)
	srv := startServe(t, bin, filepath.Join(t.TempDir(), "tabula.db"), "127.0.0.1:0")
	accepter, challenger := botAccount(t, srv.url, "ExampleBot"), botAccount(t, srv.url, "Challenger")
	auth := []string{"Authorization", "Bearer " + challenger}
	var slow struct{ ID string }
	call(t, "POST", srv.url+"/api/challenge/ExampleBot", map[string]any{"game": "pathagon",
		"timeControl": map[string]any{"kind": "correspondence", "days": 3}}, &slow, auth...)

	ctx, cancel := context.WithTimeout(context.Background(), gameTimeout)
	defer cancel()
	a, c := &acked{moves: map[int]string{}, ch: make(chan int, 1)}, &acked{moves: map[int]string{}, ch: make(chan int, 1)}
	bots := []*Bot{newBot(srv.url, accepter, bin, a), newBot(srv.url, challenger, bin, c)}
	bots[0].Accept, bots[0].Clocks = []string{"pathagon"}, []string{"fischer"}
	errs := make(chan error, 2)
	go func() { errs <- bots[0].Run(ctx) }()
	// Declined: the challenger has no challenge out but the one it is
	// about to send.
	for {
		var list struct {
			Out []struct{ ID string } `json:"out"`
		}
		call(t, "GET", srv.url+"/api/challenge", nil, &list, auth...)
		if len(list.Out) == 0 {
			break
		}
		select {
		case <-ctx.Done():
			t.Fatalf("challenge %s still waiting: the bot did not decline it", slow.ID)
		case <-time.After(20 * time.Millisecond):
		}
	}
	go func() { errs <- bots[1].Run(ctx) }()
	if err := bots[1].Challenge(ctx, Challenge{User: "examplebot", Game: "pathagon", Clock: "600+5"}); err != nil {
		t.Fatal(err)
	}
	for range bots {
		if err := <-errs; err != nil {
			t.Fatalf("bot: %v; server: %s", err, srv.stderr)
		}
	}
	var games struct {
		Games []struct {
			ID string `json:"id"`
		} `json:"games"`
	}
	call(t, "GET", srv.url+"/api/users/ExampleBot/games", nil, &games)
	if len(games.Games) != 1 {
		t.Fatalf("ExampleBot's archive: %+v; want one game", games)
	}
	rec := getRecord(t, srv.url, games.Games[0].ID)
	if rec.Status != "finished" || rec.Result == nil || len(a.moves) == 0 || len(c.moves) == 0 {
		t.Fatalf("match %s: %s, result %v, moves %d and %d; want finished with moves by both", games.Games[0].ID, rec.Status, rec.Result, len(a.moves), len(c.moves))
	}
	a.check(t, rec)
	c.check(t, rec)
	t.Logf("%s after %d plies", rec.Result.Text, len(rec.Moves))
}

// lines reads an NDJSON stream of the bot API with token into a channel
// of its non-empty lines, until the test ends.
func lines(t *testing.T, url, token string) <-chan []byte {
	t.Helper()
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s", url, resp.Status)
	}
	t.Cleanup(func() { resp.Body.Close() })
	ch := make(chan []byte, 256)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			if l := bytes.TrimSpace(sc.Bytes()); len(l) > 0 {
				ch <- bytes.Clone(l)
			}
		}
	}()
	return ch
}

// TestBotAnswersDrawOffers: the example bot, challenged, answers its
// opponent's draw offer as --draws says: accepted, the game ends drawn;
// declined, the opponent's game stream shows the decline and the game
// goes on (the opponent then resigns).
func TestBotAnswersDrawOffers(t *testing.T) {
	bin := build(t)
	srv := startServe(t, bin, filepath.Join(t.TempDir(), "tabula.db"), "127.0.0.1:0")
	accepter, opponent := botAccount(t, srv.url, "ExampleBot"), botAccount(t, srv.url, "Offerer")
	auth := []string{"Authorization", "Bearer " + opponent}
	events := lines(t, srv.url+"/api/stream/event", opponent)
	for _, answer := range []string{"decline", "accept"} {
		t.Run(answer, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), gameTimeout)
			defer cancel()
			bot := newBot(srv.url, accepter, bin, &acked{moves: map[int]string{}, ch: make(chan int, 1)})
			bot.Accept, bot.Clocks, bot.Draws = []string{"pathagon"}, []string{"fischer"}, answer
			done := make(chan error, 1)
			go func() { done <- bot.Run(ctx) }()
			call(t, "POST", srv.url+"/api/challenge/ExampleBot", map[string]any{"game": "pathagon",
				"timeControl": map[string]any{"kind": "fischer", "baseMs": 600_000, "incrementMs": 5000}}, nil, auth...)
			var id string
			for id == "" {
				select {
				case l, ok := <-events:
					if !ok {
						t.Fatal("the event stream ended")
					}
					var ev event
					json.Unmarshal(l, &ev)
					if ev.Type == "gameStart" && ev.Game.Status == "live" {
						id = ev.Game.ID
					}
				case <-ctx.Done():
					t.Fatal("no gameStart")
				}
			}
			// The offer is made on the opponent's turn: a move of the bot's
			// would clear it otherwise.
			game := lines(t, srv.url+"/api/bot/game/stream/"+id, opponent)
			var full gameLine
			if err := json.Unmarshal(<-game, &full); err != nil || full.Type != "gameFull" || len(full.Mine) != 1 {
				t.Fatalf("gameFull %+v, %v", full, err)
			}
			for st := *full.State; st.ToMove != full.Mine[0]; {
				select {
				case l := <-game:
					json.Unmarshal(l, &st)
				case <-ctx.Done():
					t.Fatal("the bot made no first move")
				}
			}
			call(t, "POST", srv.url+"/api/bot/game/"+id+"/draw/yes", nil, nil, auth...)
			want := map[string]string{"accept": "finished", "decline": "draw-declined"}[answer]
			for seen := false; !seen; {
				select {
				case l, ok := <-game:
					if !ok {
						t.Fatalf("the game stream ended before %s", want)
					}
					var st struct {
						Status string `json:"status"`
						Result *struct {
							Winners []int `json:"winners"`
						} `json:"result"`
						Event *struct {
							Kind string `json:"kind"`
						} `json:"event"`
					}
					json.Unmarshal(l, &st)
					switch {
					case st.Status == "finished" && answer == "accept":
						if st.Result == nil || len(st.Result.Winners) != 0 {
							t.Fatalf("finished with %s; want a draw", l)
						}
						seen = true
					case st.Status == "finished":
						t.Fatalf("the game ended (%s) though the bot was to decline the draw", l)
					case st.Event != nil && st.Event.Kind == "draw-declined":
						seen = true
					}
				case <-ctx.Done():
					t.Fatalf("no %s", want)
				}
			}
			if answer == "decline" {
				call(t, "POST", srv.url+"/api/bot/game/"+id+"/resign", nil, nil, auth...)
			}
			if err := <-done; err != nil {
				t.Fatalf("bot: %v; server: %s", err, srv.stderr)
			}
		})
	}
}
