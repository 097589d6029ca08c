package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	natsserver "github.com/nats-io/nats-server/v2/server"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store/postgres/pgtest"
)

const (
	// failoverMatches is how many live matches the failover test plays.
	failoverMatches = 100
	// failoverNodes is how many tabula serve processes it runs.
	failoverNodes = 3
	// failoverAcks is how many acknowledged moves every match makes in
	// each phase (before the first kill, between kills, after the last).
	failoverAcks = 3
	// failoverPace is the pause between a match's moves: 100 matches
	// moving 3 times a second on a two-core machine shared with others.
	failoverPace = 300 * time.Millisecond
	// failoverBase is each seat's clock (Fischer, no increment).
	failoverBase = 10 * time.Minute
	// failoverPhase bounds one phase: the documented failover bound (5 s)
	// plus the moves, with room for a busy machine.
	failoverPhase = 40 * time.Second
	// failoverBound is the most a match may wait after a kill for its
	// next move: the documented 5 s (internal/cluster) plus the clients'
	// reconnection and a move on a busy shared machine.
	failoverBound = 8 * time.Second
	// stallGap: a reconnection this long after the last reading waited
	// for a new owner (a surviving owner's clients are back in well under
	// a second).
	stallGap = 2500 * time.Millisecond
	// uncharged is the least time of such a wait the clocks must not
	// charge: the old lease lives at most LeaseTTL (3 s) after its last
	// renewal, which came at most RenewEvery (1 s) before the kill, so it
	// lapses at least 2 s after it; half a second of that is margin for
	// the readings' millisecond rounding and the claim's own time.
	uncharged = 1500 * time.Millisecond
)

// startNATS runs a NATS server with JetStream in the test, on a random
// loopback port, storing in a temporary directory.
func startNATS(t *testing.T) string {
	t.Helper()
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: t.TempDir(), NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("nats server did not start")
	}
	t.Cleanup(ns.Shutdown)
	return ns.ClientURL()
}

// failoverMatch is one match of the failover test and what its client saw.
type failoverMatch struct {
	id     string
	tokens [2]string
	start  time.Time

	mu     sync.Mutex
	acked  map[int]string // ply → move, every acknowledged move
	byVer  map[int64]string
	acks   atomic.Int64
	done   atomic.Bool // the game ended by its rules
	errors []string
	ackAt  []time.Time // when each acknowledgement arrived, in order
	// gaps are the clock readings around each reconnection that found
	// the match where it was left (no move between): how long the server
	// was away and what the running clock was charged for it.
	gaps []clockGap
}

// clockGap is the running seat's clock before and after a reconnection.
type clockGap struct {
	away    time.Duration // between the two readings, by the server's clock
	charged time.Duration // what the running seat's clock lost between them
}

// TestClusterFailover runs three tabula serve nodes on one PostgreSQL
// database and an embedded NATS server, plays 100 matches through
// scripted WebSocket clients spread over the nodes (each seat on its own
// node, so most connections are relayed), kills one node with SIGKILL in
// the middle of play, then another, and checks: every acknowledged move
// is in the match's record at its ply; every match goes on moving after
// each kill; no version was acknowledged for two different moves (two
// owners acting); no clock charged more than the real time the match ran
// (time while no node ran it is not charged). FAILOVER_CYCLES=N runs N
// kill-and-restart cycles instead of two kills (docs/benchmarks.md).
func TestClusterFailover(t *testing.T) {
	pg := pgtest.URL(t)
	dir := t.TempDir()
	bin := buildTabula(t, dir)
	natsURL := startNATS(t)
	cycles := 0
	if v := os.Getenv("FAILOVER_CYCLES"); v != "" {
		var err error
		if cycles, err = strconv.Atoi(v); err != nil || cycles < 1 {
			t.Fatalf("FAILOVER_CYCLES=%q", v)
		}
	}
	flags := []string{"--nats", natsURL, "--no-client-limits", "--conns-per-client", "0", "--host", "127.0.0.1", "--bot-workers", "1"}
	nodes := make([]*serverProc, failoverNodes)
	for i := range nodes {
		nodes[i] = startServe(t, bin, pg, flags...)
	}
	t.Cleanup(func() {
		if t.Failed() {
			for _, p := range nodes {
				t.Logf("node %s log tail:\n%s", p.url, tail(p.stderr.String(), 3000))
			}
		}
	})
	var nodeMu sync.Mutex
	dead := make([]bool, failoverNodes)
	// pick returns a live node's URL, the k-th in turn (a load balancer).
	pick := func(k int) string {
		nodeMu.Lock()
		defer nodeMu.Unlock()
		for j := range failoverNodes {
			if i := (k + j) % failoverNodes; !dead[i] {
				return nodes[i].url
			}
		}
		return nodes[0].url
	}
	matches := make([]*failoverMatch, failoverMatches)
	for i := range matches {
		var created protocol.CreateResponse
		zero := 0
		url := pick(i)
		postJSON(t, url+"/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero,
			TimeControl: protocol.TimeControl{Kind: "fischer", BaseMs: failoverBase.Milliseconds()},
			Options:     map[string]string{"plyCap": "0", "repetitionDraw": "false"}}, &created)
		var joined protocol.JoinResponse
		postJSON(t, pick(i+1)+"/api/matches/"+created.Match.ID+"/join", protocol.JoinRequest{}, &joined)
		matches[i] = &failoverMatch{id: created.Match.ID, tokens: [2]string{created.Token, joined.Token}, start: time.Now(),
			acked: map[int]string{}, byVer: map[int64]string{}}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var wg sync.WaitGroup
	for i, m := range matches {
		wg.Go(func() { playFailover(ctx, m, i, pick) })
	}
	// waitAcks waits until every match not ended has failoverAcks more
	// acknowledged moves than at base, and returns how long that took.
	waitAcks := func(phase string) time.Duration {
		t.Helper()
		base := make([]int64, len(matches))
		for i, m := range matches {
			base[i] = m.acks.Load()
		}
		start := time.Now()
		for {
			behind := 0
			for i, m := range matches {
				if !m.done.Load() && m.acks.Load() < base[i]+failoverAcks {
					behind++
				}
			}
			if behind == 0 {
				return time.Since(start)
			}
			if time.Since(start) > failoverPhase {
				t.Fatalf("%s: %d matches made fewer than %d moves in %v", phase, behind, failoverAcks, failoverPhase)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	var kills []time.Time
	kill := func(i int) {
		kills = append(kills, time.Now())
		nodeMu.Lock()
		dead[i] = true
		nodeMu.Unlock()
		if err := nodes[i].cmd.Process.Kill(); err != nil { // SIGKILL
			t.Fatal(err)
		}
		_ = nodes[i].cmd.Wait()
	}
	t.Logf("before the kills: every match moved %d times in %v", failoverAcks, waitAcks("before the kills"))
	if cycles == 0 {
		kill(0)
		t.Logf("after killing node 0: every match moved %d times in %v", failoverAcks, waitAcks("after the first kill"))
		kill(1)
		t.Logf("after killing node 1: every match moved %d times in %v", failoverAcks, waitAcks("after the second kill"))
	} else {
		for c := range cycles {
			i := c % failoverNodes
			kill(i)
			t.Logf("cycle %d: after killing node %d every match moved %d times in %v", c+1, i, failoverAcks, waitAcks(fmt.Sprintf("cycle %d", c+1)))
			nodes[i] = startServe(t, bin, pg, flags...)
			nodeMu.Lock()
			dead[i] = false
			nodeMu.Unlock()
		}
	}
	cancel()
	wg.Wait()

	live := pick(0)
	total := 0
	for _, m := range matches {
		m.mu.Lock()
		for _, e := range m.errors {
			t.Errorf("match %s: %s", m.id, e)
		}
		m.mu.Unlock()
		st := matchState(t, live, m.id)
		for ply, text := range m.acked {
			if ply > len(st.Moves) || st.Moves[ply-1] != text {
				t.Errorf("match %s: acknowledged move %d %q is not in the record (%d moves)", m.id, ply, text, len(st.Moves))
			}
		}
		total += len(m.acked)
		if st.Result != nil && st.Result.Reason == "timeout" {
			t.Errorf("match %s lost on time", m.id)
		}
		if c := st.Clocks; c != nil {
			var charged time.Duration
			for s, left := range c.Remaining {
				used := failoverBase - time.Duration(left)*time.Millisecond
				if s == c.Running {
					used += time.Since(time.UnixMilli(c.At))
				}
				charged += used
			}
			if wall := time.Since(m.start); charged > wall+time.Second {
				t.Errorf("match %s: clocks charged %v in %v of play", m.id, charged, wall)
			}
		}
	}
	t.Logf("%d acknowledged moves checked in %d matches", total, len(matches))

	// Failover time: from each kill to each match's first acknowledged
	// move after it (the matches of surviving nodes only reconnect).
	var delays []time.Duration
	for _, k := range kills {
		for _, m := range matches {
			for _, at := range m.ackAt {
				if at.After(k) {
					delays = append(delays, at.Sub(k))
					break
				}
			}
		}
	}
	slices.Sort(delays)
	if len(delays) > 0 {
		worst := delays[len(delays)-1]
		t.Logf("from a kill to a match's next acknowledged move: p50 %v, p90 %v, max %v (%d kills)", delays[len(delays)/2].Round(time.Millisecond),
			delays[len(delays)*9/10].Round(time.Millisecond), worst.Round(time.Millisecond), len(kills))
		if worst > failoverBound {
			t.Errorf("a match waited %v after a kill for its next move (bound %v)", worst, failoverBound)
		}
	}
	// Clocks: a match that waited for a new owner was not charged the
	// time no node ran it. Its old owner's lease lapsed at least
	// LeaseTTL-RenewEvery after the kill, and the new owner's clocks start
	// at its claim, so a wait of several seconds is charged at most the
	// wait less that.
	stalls, worstCharge := 0, time.Duration(0)
	for _, m := range matches {
		for _, g := range m.gaps {
			if g.away < stallGap {
				continue
			}
			stalls++
			worstCharge = max(worstCharge, g.charged)
			if g.charged > g.away-uncharged {
				t.Errorf("match %s: away %v, its running clock charged %v (want at most %v)", m.id, g.away, g.charged, g.away-uncharged)
			}
		}
	}
	t.Logf("%d reconnections found the match unmoved after %v or more; the most any was charged: %v", stalls, stallGap, worstCharge)
	if stalls == 0 {
		t.Error("no match waited for a new owner: the kills took no owner down")
	}
}

// playFailover plays both seats of m until ctx ends, each seat on its own
// node, reconnecting (to the next node, resyncing by version) whenever a
// connection fails, and resending an unacknowledged move with its ID.
func playFailover(ctx context.Context, m *failoverMatch, k int, pick func(int) string) {
	var seats [2]*seatConn
	var state *protocol.State
	closeAll := func() {
		for i, s := range seats {
			if s != nil {
				s.ws.CloseNow()
				seats[i] = nil
			}
		}
	}
	defer closeAll()
	var pending *protocol.ClientMessage // sent, not yet acknowledged
	pendingPly := 0
	n := 0
	for ctx.Err() == nil {
		if seats[0] == nil || seats[1] == nil {
			closeAll()
			ok := true
			before := state
			for i := range seats {
				k++
				// Seat 0 resyncs by version; seat 1 asks for the whole
				// state, whose clocks are read by the node now running
				// the match.
				seen := state
				if i == 1 {
					seen = nil
				}
				c, err := dialSince(ctx, pick(k), m.id, m.tokens[i], seen)
				if err != nil {
					ok = false
					break
				}
				seats[i] = c
				if state == nil || c.state.Version > state.Version {
					state = c.state
				}
			}
			if ok && before != nil {
				if g, ok := gapOf(before, seats[1].state); ok {
					m.mu.Lock()
					m.gaps = append(m.gaps, g)
					m.mu.Unlock()
				}
			}
			if !ok {
				closeAll()
				sleep(ctx, 200*time.Millisecond)
				continue
			}
		}
		if state.Status != "live" {
			if state.Status == "finished" {
				m.done.Store(true)
			}
			return
		}
		mover := seats[state.ToMove]
		if pending == nil {
			legal := state.Legal
			if len(legal) == 0 {
				m.done.Store(true)
				return
			}
			n++
			pending = &protocol.ClientMessage{Type: protocol.TypeMove, ID: fmt.Sprintf("%s-%d", m.id, n), Version: state.Version, Move: legal[n*7%len(legal)].Text}
			pendingPly = len(state.Moves) + 1
		}
		b, _ := json.Marshal(pending)
		if err := mover.ws.Write(ctx, websocket.MessageText, b); err != nil {
			closeAll()
			continue
		}
		ack, err := awaitAck(ctx, mover, pending.ID)
		if err != nil {
			closeAll() // resent on the next connection with the same ID
			continue
		}
		if ack.Type == protocol.TypeError {
			// Refused, not applied: start again from a fresh state.
			pending = nil
			state = nil
			closeAll()
			continue
		}
		m.mu.Lock()
		if prev, ok := m.byVer[ack.Version]; ok && prev != pending.ID {
			m.errors = append(m.errors, fmt.Sprintf("version %d acknowledged for %s and %s", ack.Version, prev, pending.ID))
		}
		m.byVer[ack.Version] = pending.ID
		if prev, ok := m.acked[pendingPly]; ok && prev != pending.Move {
			m.errors = append(m.errors, fmt.Sprintf("ply %d acknowledged as %q and %q", pendingPly, prev, pending.Move))
		}
		m.acked[pendingPly] = pending.Move
		m.ackAt = append(m.ackAt, time.Now())
		m.mu.Unlock()
		m.acks.Add(1)
		pending = nil
		// Both seats catch up with the move.
		for _, s := range seats {
			for s.state.Version < ack.Version {
				if _, err := s.next(ctx); err != nil {
					closeAll()
					break
				}
			}
			if seats[0] == nil {
				break
			}
			if s.state.Version > state.Version {
				state = s.state
			}
		}
		sleep(ctx, failoverPace)
	}
}

// gapOf compares the running clock of two readings of one version.
func gapOf(a, b *protocol.State) (clockGap, bool) {
	ca, cb := a.Clocks, b.Clocks
	if ca == nil || cb == nil || a.Version != b.Version || ca.Running < 0 || ca.Running != cb.Running {
		return clockGap{}, false
	}
	r := ca.Running
	return clockGap{
		away:    time.Duration(cb.At-ca.At) * time.Millisecond,
		charged: time.Duration(ca.Remaining[r]-cb.Remaining[r]) * time.Millisecond,
	}, true
}

// dialSince connects a seat and says hello with the last version seen
// (nil: none), so the server sends only what was missed.
func dialSince(ctx context.Context, url, id, token string, seen *protocol.State) (*seatConn, error) {
	dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(dctx, strings.Replace(url, "http", "ws", 1)+"/ws/matches/"+id, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	c := &seatConn{ws: ws, state: seen}
	hello := protocol.ClientMessage{Type: protocol.TypeHello, Token: token}
	if seen != nil {
		v := seen.Version
		hello.Since = &v
	}
	b, _ := json.Marshal(hello)
	if err := ws.Write(dctx, websocket.MessageText, b); err != nil {
		ws.CloseNow()
		return nil, err
	}
	w, err := c.next(dctx)
	if err != nil || w.Type != protocol.TypeWelcome {
		ws.CloseNow()
		return nil, fmt.Errorf("hello: %v %+v", err, w.Error)
	}
	// Missed updates follow the welcome; the last carries the state.
	for c.state == nil || c.state.Version < w.Version {
		if _, err := c.next(dctx); err != nil {
			ws.CloseNow()
			return nil, err
		}
	}
	return c, nil
}

// awaitAck reads until the answer to command id, within 10 s.
func awaitAck(ctx context.Context, c *seatConn, id string) (protocol.ServerMessage, error) {
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	for {
		msg, err := c.next(rctx)
		if err != nil {
			return msg, err
		}
		if msg.ID == id && (msg.Type == protocol.TypeAck || msg.Type == protocol.TypeError) {
			return msg, nil
		}
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
