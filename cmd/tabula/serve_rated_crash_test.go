package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"path/filepath"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
)

const (
	// ratedRounds is how many rated matches the rated crash test ends
	// with a kill; the first is killed after the final ack, the others
	// at a random moment around the final command.
	ratedRounds = 8
	// ratedPlies is the matches' ply cap: Pathagon ends there (a draw:
	// six stones each connect nothing), unless a player resigns first.
	ratedPlies = 12
	// maxKillDelay bounds the random wait between sending the final
	// command and the kill: the commit takes about a millisecond, so
	// some kills land before it and some after.
	maxKillDelay = 3 * time.Millisecond
)

// user is a logged-in account's HTTP client: its cookie jar and CSRF
// token.
type user struct {
	name string
	hc   *http.Client
	csrf string
}

func (u *user) call(t *testing.T, url, method, path string, body, out any) int {
	t.Helper()
	var b []byte
	if body != nil {
		b, _ = json.Marshal(body)
	}
	req, _ := http.NewRequest(method, url+path, bytes.NewReader(b))
	if method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
		if u.csrf != "" {
			req.Header.Set("X-CSRF-Token", u.csrf)
		}
	}
	resp, err := u.hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if out != nil && resp.StatusCode < 300 {
		if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
	return resp.StatusCode
}

// login signs up (first) or logs in (after a restart: the cookie would
// do, the jar keeps it) and keeps the CSRF token.
func (u *user) login(t *testing.T, url, route string) {
	t.Helper()
	var info protocol.AccountInfo
	if st := u.call(t, url, "POST", "/api/account/"+route, protocol.Credentials{Username: u.name, Password: "correct horse"}, &info); st >= 300 {
		t.Fatalf("%s %s: %d", route, u.name, st)
	}
	u.csrf = info.CSRF
}

func newUser(t *testing.T, url, name string) *user {
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	u := &user{name: name, hc: &http.Client{Jar: jar}}
	u.login(t, url, "signup")
	return u
}

// TestServeRatedCrash kills tabula serve with SIGKILL around the end of
// rated matches (right after the final ack, then at random moments just
// after the final move or resignation is sent) and restarts it each time:
// every match is either unfinished with no rating change or finished with
// its rating change, never one without the other, and the rating history
// is a chain (each rated match starts where the last one ended).
func TestServeRatedCrash(t *testing.T) {
	dir := t.TempDir()
	bin := buildTabula(t, dir)
	ratedCrash(t, bin, filepath.Join(dir, "tabula.db"))
}

// TestServeRatedCrashPostgres is the same on PostgreSQL: the result and
// the ratings are written in one of its transactions.
func TestServeRatedCrashPostgres(t *testing.T) {
	if testing.Short() { // before pgtest.URL, which fails under CI without a database
		t.Skip("builds and runs the binary")
	}
	db := pgtest.URL(t)
	bin := buildTabula(t, t.TempDir())
	ratedCrash(t, bin, db)
}

// ratedCrash runs the rated crash test on the store db names (a SQLite
// file or a PostgreSQL URL).
func ratedCrash(t *testing.T, bin, db string) {
	srv := startServe(t, bin, db, "--no-client-limits")
	users := [2]*user{newUser(t, srv.url, "alice"), newUser(t, srv.url, "bob")}
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()

	var ids []string
	finished := map[string]bool{}
	for round := range ratedRounds {
		zero, one := 0, 1
		var created protocol.CreateResponse
		if st := users[0].call(t, srv.url, "POST", "/api/matches", protocol.CreateRequest{Game: "pathagon", Rated: true, Join: &zero,
			TimeControl: protocol.TimeControl{Kind: "fischer", BaseMs: 600_000, IncrementMs: 5_000},
			Options:     map[string]string{"plyCap": fmt.Sprint(ratedPlies)}}, &created); st != http.StatusCreated {
			t.Fatalf("round %d: create: %d", round, st)
		}
		id := created.Match.ID
		ids = append(ids, id)
		var joined protocol.JoinResponse
		if st := users[1].call(t, srv.url, "POST", "/api/matches/"+id+"/join", protocol.JoinRequest{Seat: &one}, &joined); st != http.StatusOK {
			t.Fatalf("round %d: join: %d", round, st)
		}
		var seats [2]*seatConn
		for i, tok := range []string{created.Token, joined.Token} {
			c, err := dialSeat(ctx, srv.url, id, tok)
			if err != nil {
				t.Fatal(err)
			}
			seats[i] = c
		}
		// Play to one command before the end: the last ply, or (every
		// other round) a resignation a few plies earlier.
		resign := round%2 == 1
		stop := ratedPlies - 1
		if resign {
			stop = 4 + rng.IntN(ratedPlies-5)
		}
		var mover *seatConn
		for ply := 0; ; ply++ {
			mover = seats[seats[0].state.ToMove]
			for mover.state.Version < seats[0].state.Version {
				if _, err := mover.next(ctx); err != nil {
					t.Fatal(err)
				}
			}
			if ply == stop {
				break
			}
			legal := mover.state.Legal
			if err := mover.move(ctx, fmt.Sprintf("r%d-%d", round, ply), legal[(ply*7+round)%len(legal)].Text); err != nil {
				t.Fatal(err)
			}
			for seats[0].state.Version < mover.state.Version {
				if _, err := seats[0].next(ctx); err != nil {
					t.Fatal(err)
				}
			}
		}
		// The final command: a move that ends the match at the cap, or a
		// resignation.
		final := protocol.ClientMessage{Type: protocol.TypeMove, ID: "final", Version: mover.state.Version, Move: mover.state.Legal[0].Text}
		if resign {
			final = protocol.ClientMessage{Type: protocol.TypeResign, ID: "final", Version: mover.state.Version}
		}
		b, _ := json.Marshal(final)
		if err := mover.ws.Write(ctx, websocket.MessageText, b); err != nil {
			t.Fatal(err)
		}
		acked := false
		if round == 0 {
			for !acked {
				m, err := mover.next(ctx)
				if err != nil {
					t.Fatal(err)
				}
				if m.ID == "final" {
					if m.Type != protocol.TypeAck {
						t.Fatalf("final command: %+v", m.Error)
					}
					acked = true
				}
			}
		} else {
			time.Sleep(time.Duration(rng.Int64N(int64(maxKillDelay))))
		}
		if err := srv.cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		srv.cmd.Wait()
		for _, c := range seats {
			c.ws.CloseNow()
		}

		srv = startServe(t, bin, db, "--no-client-limits")
		for _, u := range users {
			u.login(t, srv.url, "login")
		}
		st := matchState(t, srv.url, id)
		finished[id] = st.Status == protocol.StatusFinished
		if acked && !finished[id] {
			t.Errorf("round %d: the final command was acknowledged but the match is %s after the restart", round, st.Status)
		}
		t.Logf("round %d (%s): %s after the kill", round, map[bool]string{true: "resignation", false: "last ply"}[resign], st.Status)
		checkRatings(t, srv.url, users, ids, finished)
	}
}

// checkRatings checks each user's profile against the matches played:
// the rating's games count the finished ones, each finished match (and no
// other) shows a rating change, and the changes chain.
func checkRatings(t *testing.T, url string, users [2]*user, ids []string, finished map[string]bool) {
	t.Helper()
	want := 0
	for _, id := range ids {
		if finished[id] {
			want++
		}
	}
	for _, u := range users {
		var p protocol.Profile
		if st := u.call(t, url, "GET", "/api/users/"+u.name, nil, &p); st != http.StatusOK {
			t.Fatalf("profile %s: %d", u.name, st)
		}
		games := 0
		if len(p.Ratings) > 0 {
			games = p.Ratings[0].Games
		}
		if games != want || len(p.Recent) != want {
			t.Errorf("%s: %d rated games, %d recent matches; want %d (the finished ones)", u.name, games, len(p.Recent), want)
		}
		last := 1500.0
		for i := len(p.Recent) - 1; i >= 0; i-- { // oldest first
			r := p.Recent[i]
			if !finished[r.ID] {
				t.Errorf("%s: match %s is listed played but is not finished", u.name, r.ID)
			}
			if !r.Rated || r.RatingBefore == nil || r.RatingAfter == nil {
				t.Errorf("%s: finished match %s without its rating change: %+v", u.name, r.ID, r)
				continue
			}
			if *r.RatingBefore != last {
				t.Errorf("%s: match %s starts at %v; the one before ended at %v", u.name, r.ID, *r.RatingBefore, last)
			}
			last = *r.RatingAfter
		}
		if len(p.Ratings) > 0 && p.Ratings[0].Rating != last {
			t.Errorf("%s: rating %v; the last rated match ended at %v", u.name, p.Ratings[0].Rating, last)
		}
	}
}
