package server

import (
	"context"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/rating"
)

// lobbyClient is a device's lobby stream.
type lobbyClient struct {
	t     testing.TB
	ws    *websocket.Conn
	hello protocol.LobbyMessage
}

// lobby opens the device's lobby stream (with its cookie and address)
// and reads the hello.
func (d *device) lobby() *lobbyClient {
	d.h.t.Helper()
	ws, err := d.dialLobby()
	if err != nil {
		d.h.t.Fatal(err)
	}
	l := &lobbyClient{t: d.h.t, ws: ws}
	l.hello = l.next(protocol.LobbyHello)
	if l.hello.Conn == "" {
		d.h.t.Fatalf("hello %+v: no connection ID", l.hello)
	}
	return l
}

func (d *device) dialLobby() (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	hdr := http.Header{}
	if d.cookie != "" {
		hdr.Set("Cookie", sessionCookie+"="+d.cookie)
	}
	if d.addr != "" {
		hdr.Set("X-Forwarded-For", d.addr)
	}
	ws, _, err := websocket.Dial(ctx, strings.Replace(d.url, "http", "ws", 1)+"/ws/lobby", &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	d.h.t.Cleanup(func() { ws.CloseNow() })
	return ws, nil
}

// next reads messages until one of type typ and returns it.
func (l *lobbyClient) next(typ string) protocol.LobbyMessage {
	l.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	defer cancel()
	for {
		var m protocol.LobbyMessage
		if err := wsjson.Read(ctx, l.ws, &m); err != nil {
			l.t.Fatalf("waiting for %q: %v", typ, err)
		}
		if m.Type == typ {
			return m
		}
	}
}

// seek posts a seek for the device's lobby stream l.
func (d *device) seek(l *lobbyClient, req protocol.SeekRequest) protocol.SeekResponse {
	d.h.t.Helper()
	req.Conn = l.hello.Conn
	var out protocol.SeekResponse
	d.must(http.StatusCreated, "POST", "/api/seeks", req, &out)
	return out
}

// waitSeeks polls GET /api/seeks until it lists n seekers in all.
func (h *harness) waitSeeks(n int) []protocol.SeekTable {
	h.t.Helper()
	deadline := time.Now().Add(testTimeout)
	for {
		var list protocol.SeekList
		h.api("GET", "/api/seeks", nil, &list)
		got := 0
		for _, t := range list.Tables {
			got += len(t.Seekers)
		}
		if got == n {
			return list.Tables
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("seek book holds %d seekers (%+v); want %d", got, list.Tables, n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestSeekPairsRatedPathagon: two accounts seek a rated Pathagon match;
// the first waits in the book, the second fits and the match starts at
// once; both streams get their seat (the two seats, drawn at random) and
// token; they play it to the end and both ratings are what Glicko-2
// (rating.Update) gives for the result.
func TestSeekPairsRatedPathagon(t *testing.T) {
	h := rated(t)
	names := []string{"alice", "bob"}
	ds := h.players(names...)
	ls := []*lobbyClient{ds[0].lobby(), ds[1].lobby()}
	req := protocol.SeekRequest{Game: "pathagon", TimeControl: fischer, Rated: true}
	if r := ds[0].seek(ls[0], req); r.Paired != "" || r.ID == "" {
		t.Fatalf("first seek = %+v; want it waiting", r)
	}
	tables := h.waitSeeks(1)
	if tb := tables[0]; tb.Game != "pathagon" || !tb.Rated || tb.Seekers[0].Username != "alice" || tb.Seekers[0].Rating != 1500 {
		t.Errorf("book = %+v; want alice's rated pathagon seek at 1500", tables)
	}
	if m := ls[1].next(protocol.LobbySeeks); len(m.Tables) != 1 || m.Tables[0].Seekers[0].Mine {
		t.Errorf("bob's stream: %+v; want alice's seek, not his", m.Tables)
	}
	paired := ds[1].seek(ls[1], req).Paired
	if paired == "" {
		t.Fatal("the second seek did not pair")
	}
	tokens, bySeat := paired2(t, ls, paired, names)
	h.waitSeeks(0)
	if st := h.srv.mustSnap(t, paired); !st.Rated || st.Status != protocol.StatusLive || st.Seats[0].Username != bySeat[0] || st.Seats[1].Username != bySeat[1] {
		t.Fatalf("paired match: rated %v, %s, seats %+v; want %v", st.Rated, st.Status, st.Seats, bySeat)
	}
	final := h.playToEnd(paired, tokens, pathagonPick)
	if final.Status != protocol.StatusFinished || final.Result == nil {
		t.Fatalf("final %+v", final)
	}
	places := wantPlaces(final.Result, 2)
	want, err := rating.Update([]rating.Rating{rating.Initial(), rating.Initial()}, places, rating.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s; places %v: %.2f and %.2f", final.Result.Text, places, want[0].Rating, want[1].Rating)
	for seat, name := range bySeat {
		p := ds[0].profile(name)
		if len(p.Ratings) != 1 || p.Ratings[0].Rating != want[seat].Rating || p.Ratings[0].RD != want[seat].RD || p.Ratings[0].Games != 1 {
			t.Fatalf("%s's ratings = %+v; want %.4f / RD %.4f after one game", name, p.Ratings, want[seat].Rating, want[seat].RD)
		}
		if p.Ratings[0].Rating == 1500 && len(final.Result.Winners) == 1 {
			t.Errorf("%s's rating did not change after a decisive game", name)
		}
	}
}

// paired2 reads the paired message of each stream of ls (names[i]'s) for
// match id, checks the seats are all taken once, and returns the tokens
// and the names by seat.
func paired2(t *testing.T, ls []*lobbyClient, id string, names []string) (tokens, bySeat []string) {
	t.Helper()
	tokens, bySeat = make([]string, len(ls)), make([]string, len(ls))
	for i, l := range ls {
		m := l.next(protocol.LobbyPaired)
		if m.Match != id || m.Seat == nil || *m.Seat < 0 || *m.Seat >= len(ls) || tokens[*m.Seat] != "" || m.Token == "" {
			t.Fatalf("%s's paired message %+v; want a seat of %s of its own", names[i], m, id)
		}
		tokens[*m.Seat], bySeat[*m.Seat] = m.Token, names[i]
	}
	return tokens, bySeat
}

// TestSeekPalagoniaFillsSeatBySeat: four accounts seek a rated 4-player
// Palagonia match; the table shows one more seeker after each seek and
// starts only with the fourth, each seeker in a seat of its own; the
// match is played to its end and rated by the documented rule (the
// places of docs/ratings.md through rating.Update), and a better place
// never ends with a lower rating.
func TestSeekPalagoniaFillsSeatBySeat(t *testing.T) {
	h := rated(t)
	names := []string{"ann", "ben", "cat", "dan"}
	ds := h.players(names...)
	req := protocol.SeekRequest{Game: "palagonia", Players: 4, TimeControl: fischer, Rated: true}
	ls := make([]*lobbyClient, 4)
	var id string
	for i, d := range ds {
		ls[i] = d.lobby()
		r := d.seek(ls[i], req)
		if i < 3 {
			if r.Paired != "" {
				t.Fatalf("seek %d paired %s; want the table waiting", i+1, r.Paired)
			}
			tables := h.waitSeeks(i + 1)
			if len(tables) != 1 || tables[0].Players != 4 || tables[0].Seekers[i].Username != names[i] {
				t.Fatalf("after %d seeks: %+v; want one table of 4 with %d seated", i+1, tables, i+1)
			}
			continue
		}
		if id = r.Paired; id == "" {
			t.Fatal("the fourth seek did not start the match")
		}
	}
	tokens, bySeat := paired2(t, ls, id, names)
	final := h.playToEnd(id, tokens, palagoniaPick)
	if final.Status != protocol.StatusFinished || final.Result == nil || final.Players != 4 || !final.Rated {
		t.Fatalf("final %+v", final)
	}
	places := wantPlaces(final.Result, 4)
	start := rating.Initial()
	want, err := rating.Update([]rating.Rating{start, start, start, start}, places, rating.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s; places %v", final.Result.Text, places)
	got := make([]float64, 4)
	for seat, name := range bySeat {
		p := ds[0].profile(name)
		if len(p.Ratings) != 1 || p.Ratings[0].Rating != want[seat].Rating || p.Ratings[0].Players != 4 {
			t.Errorf("%s (place %d): ratings %+v; want %.4f for 4 players", name, places[seat], p.Ratings, want[seat].Rating)
			continue
		}
		got[seat] = p.Ratings[0].Rating
	}
	for i := range 4 {
		for j := range 4 {
			if places[i] < places[j] && got[i] < got[j] {
				t.Errorf("%s placed %d ends at %.2f, below %s placed %d at %.2f", bySeat[i], places[i], got[i], bySeat[j], places[j], got[j])
			}
		}
	}
}

// TestSeekGoneWhenOwnerLeaves: a guest's seek is in the book while its
// lobby stream is open and leaves it when the stream closes; another
// stream is told.
func TestSeekGoneWhenOwnerLeaves(t *testing.T) {
	h := start(t, "", behindProxy)
	guest, other := h.device("192.0.2.1"), h.device("192.0.2.2")
	lg, lo := guest.lobby(), other.lobby()
	guest.seek(lg, protocol.SeekRequest{Game: "race", TimeControl: protocol.TimeControl{Kind: "none"}})
	if m := lo.next(protocol.LobbySeeks); len(m.Tables) != 1 || m.Tables[0].Seekers[0].Username != "" {
		t.Fatalf("other's stream: %+v; want the guest's seek", m.Tables)
	}
	h.waitSeeks(1)
	lg.ws.Close(websocket.StatusNormalClosure, "")
	h.waitSeeks(0)
	if m := lo.next(protocol.LobbySeeks); len(m.Tables) != 0 {
		t.Errorf("other's stream after the owner left: %+v; want no seeks", m.Tables)
	}
}

// TestSeekCasualGuestsPair: two guests (two clients) pair in a casual
// match; a guest from the same client as the seeker is not paired with
// it (one person's two tabs).
func TestSeekCasualGuestsPair(t *testing.T) {
	h := start(t, "", behindProxy)
	a, same, b := h.device("192.0.2.1"), h.device("192.0.2.1"), h.device("192.0.2.2")
	la, ls, lb := a.lobby(), same.lobby(), b.lobby()
	req := protocol.SeekRequest{Game: "race", TimeControl: protocol.TimeControl{Kind: "fischer", BaseMs: 60_000, IncrementMs: 1000}}
	a.seek(la, req)
	if r := same.seek(ls, req); r.Paired != "" {
		t.Fatalf("two seeks of one client paired: %+v", r)
	}
	h.waitSeeks(2)
	id := b.seek(lb, req).Paired
	if id == "" {
		t.Fatal("the other client's seek did not pair")
	}
	paired2(t, []*lobbyClient{la, lb}, id, []string{"a", "b"})
	h.waitSeeks(1) // the same-client seek still waits
	if st := h.srv.mustSnap(t, id); st.Rated || st.Status != protocol.StatusLive {
		t.Errorf("guests' match: rated %v, %s; want casual and live", st.Rated, st.Status)
	}
}

// TestSeekRules: what a seek may be, and the caps and rates that bound
// the book.
func TestSeekRules(t *testing.T) {
	h := rated(t, behindProxy, func(c *Config) { c.Limits = Limits{Seek: Rate{Every: time.Hour, Burst: 1000}} })
	alice := h.device("198.51.100.1")
	alice.signup("alice", "correct horse")
	guest := h.device("198.51.100.2")
	la, lg := alice.lobby(), guest.lobby()
	none := protocol.TimeControl{Kind: "none"}
	for _, tt := range []struct {
		name string
		d    *device
		req  protocol.SeekRequest
		code protocol.Code
	}{
		{"guest rated", guest, protocol.SeekRequest{Conn: lg.hello.Conn, Game: "race", Rated: true, TimeControl: fischer}, protocol.CodeRatedNeedsAccount},
		{"rated without clock", alice, protocol.SeekRequest{Conn: la.hello.Conn, Game: "race", Rated: true, TimeControl: none}, protocol.CodeNotRatable},
		{"another's connection", guest, protocol.SeekRequest{Conn: la.hello.Conn, Game: "race", TimeControl: none}, protocol.CodeNotFound},
		{"no connection", guest, protocol.SeekRequest{Conn: "l_nope", Game: "race", TimeControl: none}, protocol.CodeNotFound},
		{"one player", guest, protocol.SeekRequest{Conn: lg.hello.Conn, Game: "palagonia", Players: 1, TimeControl: none}, protocol.CodeBadOption},
		{"unknown game", guest, protocol.SeekRequest{Conn: lg.hello.Conn, Game: "chess", TimeControl: none}, protocol.CodeUnknownGame},
		{"huge base", guest, protocol.SeekRequest{Conn: lg.hello.Conn, Game: "race", TimeControl: protocol.TimeControl{Kind: "fischer", BaseMs: 1 << 50}}, protocol.CodeBadRequest},
		{"bad range", guest, protocol.SeekRequest{Conn: lg.hello.Conn, Game: "race", TimeControl: none, RatingMin: 1600, RatingMax: 1400}, protocol.CodeBadRequest},
	} {
		if st, code := tt.d.call("POST", "/api/seeks", tt.req, nil); code != tt.code || st != tt.code.HTTPStatus() {
			t.Errorf("%s: %d %s; want %s", tt.name, st, code, tt.code)
		}
	}
	// Without the CSRF token, a logged-in seek is refused.
	csrf := alice.csrf
	alice.csrf = ""
	if _, code := alice.call("POST", "/api/seeks", protocol.SeekRequest{Conn: la.hello.Conn, Game: "race", TimeControl: none}, nil); code != protocol.CodeCsrf {
		t.Errorf("seek without the CSRF token: %s; want csrf", code)
	}
	alice.csrf = csrf
	// The rating range keeps players apart: alice (1500) does not fit a
	// seek for 1600 and up.
	guest.seek(lg, protocol.SeekRequest{Game: "race", TimeControl: none, RatingMin: 1600})
	if r := alice.seek(la, protocol.SeekRequest{Game: "race", TimeControl: none}); r.Paired != "" {
		t.Errorf("alice paired with a seek for 1600+: %+v", r)
	}
	// Caps: seeksPerConn per connection, seeksPerClient per client.
	for range seeksPerConn - 1 {
		guest.seek(lg, protocol.SeekRequest{Game: "race", TimeControl: none, RatingMin: 1600})
	}
	if _, code := guest.call("POST", "/api/seeks", protocol.SeekRequest{Conn: lg.hello.Conn, Game: "race", TimeControl: none}, nil); code != protocol.CodeTooManySeeks {
		t.Errorf("seek %d on one connection: %s; want too-many-seeks", seeksPerConn+1, code)
	}
	lg2 := guest.lobby()
	for range seeksPerClient - seeksPerConn {
		guest.seek(lg2, protocol.SeekRequest{Game: "race", TimeControl: none, RatingMin: 1600})
	}
	lg3 := guest.lobby()
	if _, code := guest.call("POST", "/api/seeks", protocol.SeekRequest{Conn: lg3.hello.Conn, Game: "race", TimeControl: none}, nil); code != protocol.CodeTooManySeeks {
		t.Errorf("seek %d of one client: %s; want too-many-seeks", seeksPerClient+1, code)
	}
	// Lobby streams per client: lobbyPerClient, then 429.
	for range lobbyPerClient - 3 {
		guest.lobby()
	}
	if _, err := guest.dialLobby(); err == nil || !strings.Contains(err.Error(), "429") {
		t.Errorf("lobby stream %d of one client: %v; want refused with 429", lobbyPerClient+1, err)
	}
}

// TestSeekRate: a client may seek defaultSeekBurst times at once, then
// is refused as rate-limited (refused seeks count too: the rate bounds
// the requests).
func TestSeekRate(t *testing.T) {
	h := start(t, "", behindProxy)
	guest := h.device("198.51.100.2")
	l := guest.lobby()
	var codes []protocol.Code
	for range defaultSeekBurst + 1 {
		_, code := guest.call("POST", "/api/seeks", protocol.SeekRequest{Conn: l.hello.Conn, Game: "race", Players: 1, TimeControl: protocol.TimeControl{Kind: "none"}}, nil)
		codes = append(codes, code)
	}
	want := slices.Repeat([]protocol.Code{protocol.CodeBadOption}, defaultSeekBurst)
	if want = append(want, protocol.CodeRateLimited); !slices.Equal(codes, want) {
		t.Errorf("%d seeks at once: codes %v; want %v", defaultSeekBurst+1, codes, want)
	}
}

// TestLobbyCapsOff: Limits.Off (load tests, the e2e server) lifts the
// per-client caps of lobby streams and seeks, as it lifts the others.
func TestLobbyCapsOff(t *testing.T) {
	h := start(t, "", func(c *Config) { c.Limits = Limits{Off: true} })
	d := h.device("")
	var ls []*lobbyClient
	for range lobbyPerClient + 1 {
		ls = append(ls, d.lobby())
	}
	for _, l := range ls[:seeksPerClient/seeksPerConn+1] {
		for range seeksPerConn {
			d.seek(l, protocol.SeekRequest{Game: "race", TimeControl: protocol.TimeControl{Kind: "none"}, RatingMin: 9000})
		}
	}
	h.waitSeeks(seeksPerClient + seeksPerConn)
}

// TestSeekSeatsDrawn: the seats of a pairing are drawn, not given by who
// sought first: over 10 pairings the first seeker gets each seat (the
// server's randomness is seeded, so the draws are the same every run).
func TestSeekSeatsDrawn(t *testing.T) {
	h := start(t, "", behindProxy, func(c *Config) { c.Limits = Limits{Off: true}; c.Random = rand.NewChaCha8([32]byte{20}) })
	a, b := h.device("192.0.2.1"), h.device("192.0.2.2")
	la, lb := a.lobby(), b.lobby()
	req := protocol.SeekRequest{Game: "race", TimeControl: protocol.TimeControl{Kind: "none"}}
	first := map[int]int{}
	for range 10 {
		a.seek(la, req)
		id := b.seek(lb, req).Paired
		if id == "" {
			t.Fatal("no pairing")
		}
		m := la.next(protocol.LobbyPaired)
		lb.next(protocol.LobbyPaired)
		first[*m.Seat]++
	}
	if first[0] == 0 || first[1] == 0 {
		t.Errorf("the first seeker's seats over 10 pairings: %v; want both seats", first)
	}
}

// TestSeekCancel: only the seek's own stream cancels it.
func TestSeekCancel(t *testing.T) {
	h := start(t, "", behindProxy)
	a, b := h.device("192.0.2.1"), h.device("192.0.2.2")
	la, lb := a.lobby(), b.lobby()
	id := a.seek(la, protocol.SeekRequest{Game: "race", TimeControl: protocol.TimeControl{Kind: "none"}}).ID
	for _, tt := range []struct {
		name string
		d    *device
		conn string
		code protocol.Code
	}{
		{"another client's stream", b, lb.hello.Conn, protocol.CodeNotFound},
		{"a stream of another client named by the seeker", b, la.hello.Conn, protocol.CodeNotFound},
	} {
		if _, code := tt.d.call("POST", "/api/seeks/"+id+"/cancel", protocol.SeekCancel{Conn: tt.conn}, nil); code != tt.code {
			t.Errorf("%s: %s; want %s", tt.name, code, tt.code)
		}
	}
	h.waitSeeks(1)
	a.must(http.StatusOK, "POST", "/api/seeks/"+id+"/cancel", protocol.SeekCancel{Conn: la.hello.Conn}, nil)
	h.waitSeeks(0)
	if _, code := a.call("POST", "/api/seeks/"+id+"/cancel", protocol.SeekCancel{Conn: la.hello.Conn}, nil); code != protocol.CodeNotFound {
		t.Errorf("cancel twice: %s; want not-found", code)
	}
}
