package cluster

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
)

// player is an account's browser pointed at one node.
type player struct {
	t            *testing.T
	url          string // the node it reaches
	cookie, csrf string
}

const sessionCookie = "tabula_session"

func (p *player) call(method, path string, body, out any) int {
	p.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, p.url+path, rd)
	if method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
	}
	if p.cookie != "" {
		req.AddCookie(&http.Cookie{Name: sessionCookie, Value: p.cookie})
	}
	if p.csrf != "" {
		req.Header.Set("X-CSRF-Token", p.csrf)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		p.t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	for _, c := range resp.Cookies() {
		if c.Name == sessionCookie {
			p.cookie = c.Value
		}
	}
	if resp.StatusCode < 300 && out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			p.t.Fatalf("%s %s: %v in %s", method, path, err, data)
		}
	}
	if resp.StatusCode >= 300 {
		p.t.Logf("%s %s: %d %s", method, path, resp.StatusCode, data)
	}
	return resp.StatusCode
}

func (p *player) must(want int, method, path string, body, out any) {
	p.t.Helper()
	if got := p.call(method, path, body, out); got != want {
		p.t.Fatalf("%s %s on %s: %d, want %d", method, path, p.url, got, want)
	}
}

func signup(t *testing.T, url, name string) *player {
	t.Helper()
	p := &player{t: t, url: url}
	var info protocol.AccountInfo
	p.must(http.StatusCreated, "POST", "/api/account/signup", protocol.Credentials{Username: name, Password: "correct horse " + name}, &info)
	p.csrf = info.CSRF
	return p
}

// lobbyStream is a player's /ws/lobby on its node.
type lobbyStream struct {
	t     *testing.T
	ws    *websocket.Conn
	hello protocol.LobbyMessage
}

func (p *player) lobby() *lobbyStream {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	hdr := http.Header{}
	if p.cookie != "" {
		hdr.Set("Cookie", sessionCookie+"="+p.cookie)
	}
	ws, _, err := websocket.Dial(ctx, strings.Replace(p.url, "http", "ws", 1)+"/ws/lobby", &websocket.DialOptions{HTTPHeader: hdr})
	if err != nil {
		p.t.Fatal(err)
	}
	ws.SetReadLimit(1 << 20)
	p.t.Cleanup(func() { ws.CloseNow() })
	l := &lobbyStream{t: p.t, ws: ws}
	l.hello = l.next(protocol.LobbyHello, nil)
	return l
}

// next reads until a message of type typ that ok accepts (nil: any).
func (l *lobbyStream) next(typ string, ok func(protocol.LobbyMessage) bool) protocol.LobbyMessage {
	l.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		var m protocol.LobbyMessage
		if err := wsjson.Read(ctx, l.ws, &m); err != nil {
			l.t.Fatalf("waiting for %q: %v", typ, err)
		}
		if m.Type == typ && (ok == nil || ok(m)) {
			return m
		}
	}
}

// seekers counts the seekers of tables.
func seekers(tables []protocol.SeekTable) int {
	n := 0
	for _, t := range tables {
		n += len(t.Seekers)
	}
	return n
}

// waitSeekers polls GET /api/seeks until it lists n seekers.
func (p *player) waitSeekers(n int, within time.Duration) {
	p.t.Helper()
	start := time.Now()
	for {
		var list protocol.SeekList
		p.must(http.StatusOK, "GET", "/api/seeks", nil, &list)
		if seekers(list.Tables) == n {
			return
		}
		if time.Since(start) > within {
			p.t.Fatalf("%s lists %+v after %v; want %d seekers", p.url, list.Tables, within, n)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// move plays the first legal move of match id with token, through a
// WebSocket to url, and waits for its ack.
func move(t *testing.T, url, id, token string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(url, "http", "ws", 1)+"/ws/matches/"+id, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	st := getState(t, url, id)
	if err := wsjson.Write(ctx, ws, protocol.ClientMessage{Type: protocol.TypeHello, Token: token}); err != nil {
		t.Fatal(err)
	}
	if err := wsjson.Write(ctx, ws, protocol.ClientMessage{Type: protocol.TypeMove, ID: "m", Version: st.Version, Move: st.Legal[0].Text}); err != nil {
		t.Fatal(err)
	}
	for {
		var m protocol.ServerMessage
		if err := wsjson.Read(ctx, ws, &m); err != nil {
			t.Fatal(err)
		}
		switch {
		case m.Type == protocol.TypeAck && m.ID == "m":
			return
		case m.Type == protocol.TypeError:
			t.Fatalf("move in %s: %+v", id, m.Error)
		}
	}
}

// TestSharedLobby runs two nodes, alice's browser on A and bob's on B:
// alice's seek shows in bob's lobby, bob's seek pairs with it and both
// streams get their seat; in the correspondence match it started (run by
// B), each move tells the other player's lobby it is their turn, on
// whichever node it is, and both nodes' "your turn" lists agree; alice's challenge reaches bob's lobby on B, and
// B lists it, and bob's accepting it on B (relayed to A, which holds it)
// starts the match; a seek leaves the book when its lobby stream closes,
// and when its node dies.
func TestSharedLobby(t *testing.T) {
	dsn := pgtest.URL(t)
	natsURL := startNATS(t)
	a := startNode(t, dsn, natsURL, 0)
	b := startNode(t, dsn, natsURL, 0)
	alice, bob := signup(t, a.http.URL, "alice"), signup(t, b.http.URL, "bob")
	la, lb := alice.lobby(), bob.lobby()
	corr := protocol.TimeControl{Kind: "correspondence", Days: 3}

	// Pairing across nodes.
	var sa protocol.SeekResponse
	alice.must(http.StatusCreated, "POST", "/api/seeks", protocol.SeekRequest{Conn: la.hello.Conn, Game: "pathagon", TimeControl: corr}, &sa)
	lb.next(protocol.LobbySeeks, func(m protocol.LobbyMessage) bool {
		return seekers(m.Tables) == 1 && m.Tables[0].Seekers[0].Username == "alice"
	})
	var sb protocol.SeekResponse
	bob.must(http.StatusCreated, "POST", "/api/seeks", protocol.SeekRequest{Conn: lb.hello.Conn, Game: "pathagon", TimeControl: corr}, &sb)
	if sb.Paired == "" {
		t.Fatalf("bob's seek on B did not pair with alice's on A: %+v", sb)
	}
	pa := la.next(protocol.LobbyPaired, nil)
	pb := lb.next(protocol.LobbyPaired, nil)
	if pa.Match != sb.Paired || pb.Match != sb.Paired || pa.Seat == nil || pb.Seat == nil || *pa.Seat+*pb.Seat != 1 || pa.Token == "" || pb.Token == "" {
		t.Fatalf("paired: alice %+v, bob %+v; want seats 0 and 1 of %s", pa, pb, sb.Paired)
	}
	alice.waitSeekers(0, 2*time.Second) // the pairing emptied A's copy of the book

	// "Your turn" from the match's node to each player's lobby node.
	id := sb.Paired
	tokens, streams := make([]string, 2), make([]*lobbyStream, 2)
	tokens[*pa.Seat], tokens[*pb.Seat] = pa.Token, pb.Token
	streams[*pa.Seat], streams[*pb.Seat] = la, lb
	players := make([]*player, 2)
	players[*pa.Seat], players[*pb.Seat] = alice, bob
	for range 2 {
		mover := getState(t, a.http.URL, id).ToMove
		move(t, a.http.URL, id, tokens[mover])
		other := 1 - mover
		streams[other].next(protocol.LobbyYourTurn, func(m protocol.LobbyMessage) bool { return m.Match == id && m.Seat != nil && *m.Seat == other })
		// The "your turn" list is the same on both nodes.
		for _, url := range []string{a.http.URL, b.http.URL} {
			for seat, p := range players {
				var turn protocol.TurnList
				(&player{t: t, url: url, cookie: p.cookie, csrf: p.csrf}).must(http.StatusOK, "GET", "/api/account/turn", nil, &turn)
				if mine := len(turn.Matches) == 1 && turn.Matches[0].Match.ID == id && turn.Matches[0].Seat == seat && turn.Matches[0].Deadline > 0; mine != (seat == other) || len(turn.Matches) > 1 {
					t.Errorf("seat %d's turn list on %s: %+v (seat %d to move)", seat, url, turn.Matches, other)
				}
			}
		}
	}

	// A challenge made on A, answered on B.
	var c protocol.Challenge
	alice.must(http.StatusCreated, "POST", "/api/challenges", protocol.ChallengeRequest{To: "bob", Game: "pathagon", TimeControl: corr}, &c)
	if m := lb.next(protocol.LobbyChallenge, nil); m.Challenge == nil || m.Challenge.ID != c.ID || m.Challenge.From != "alice" {
		t.Fatalf("bob's stream on B: %+v; want alice's challenge %s", m, c.ID)
	}
	var in protocol.ChallengeList
	bob.must(http.StatusOK, "GET", "/api/challenges", nil, &in)
	if len(in.In) != 1 || in.In[0].ID != c.ID {
		t.Fatalf("bob's challenges listed by B: %+v; want alice's %s, held by A", in, c.ID)
	}
	if h := bob.lobby().hello; len(h.Challenges) != 1 || h.Challenges[0].ID != c.ID {
		t.Fatalf("a new lobby stream of bob on B: hello %+v; want alice's challenge", h)
	}
	var joined protocol.JoinResponse
	bob.must(http.StatusOK, "POST", "/api/challenges/"+c.ID+"/accept", struct{}{}, &joined)
	acc := la.next(protocol.LobbyChallengeAccepted, nil)
	if acc.Match != joined.Match || acc.Seat == nil || *acc.Seat+joined.Seat != 1 || acc.Token == "" || joined.Token == "" {
		t.Fatalf("accepted: alice %+v, bob %+v; want seats 0 and 1 of one match", acc, joined)
	}
	if st := getState(t, b.http.URL, joined.Match); st.Status != protocol.StatusLive {
		t.Fatalf("the challenge's match: %+v", st)
	}

	// A seek leaves the book with its stream, and with its node.
	alice.must(http.StatusCreated, "POST", "/api/seeks", protocol.SeekRequest{Conn: la.hello.Conn, Game: "pathagon", TimeControl: corr}, &sa)
	lb.next(protocol.LobbySeeks, func(m protocol.LobbyMessage) bool { return seekers(m.Tables) == 1 })
	la.ws.Close(websocket.StatusNormalClosure, "")
	lb.next(protocol.LobbySeeks, func(m protocol.LobbyMessage) bool { return seekers(m.Tables) == 0 })

	c3 := startNode(t, dsn, natsURL, 0)
	carol := signup(t, c3.http.URL, "carol")
	lc := carol.lobby()
	carol.must(http.StatusCreated, "POST", "/api/seeks", protocol.SeekRequest{Conn: lc.hello.Conn, Game: "pathagon", TimeControl: corr, RatingMin: 2500}, &sa)
	lb.next(protocol.LobbySeeks, func(m protocol.LobbyMessage) bool { return seekers(m.Tables) == 1 })
	c3.node.nc.Close() // the node is cut off: its lease lapses, its seeks go
	cut := time.Now()
	bob.waitSeekers(0, LeaseTTL+2*time.Second)
	t.Logf("a dead node's seek left the lists %v after it was cut off", time.Since(cut))
	// Its shelf is cleaned by the next write: bob's seek of the same
	// kind waits alone, unpaired with the dead seek.
	var sb2 protocol.SeekResponse
	bob.must(http.StatusCreated, "POST", "/api/seeks", protocol.SeekRequest{Conn: lb.hello.Conn, Game: "pathagon", TimeControl: corr}, &sb2)
	if sb2.Paired != "" {
		t.Fatalf("bob was paired with a dead node's seek: %+v", sb2)
	}
}
