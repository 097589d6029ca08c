package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
)

// crashMatches and crashMinAcks size the crash test: a few matches played
// at once, each with a handful of acknowledged moves before the kill.
const (
	crashMatches = 4
	crashMinAcks = 6
)

// seatConn is a player's WebSocket.
type seatConn struct {
	ws    *websocket.Conn
	state *protocol.State
}

func dialSeat(ctx context.Context, url, id, token string) (*seatConn, error) {
	ws, _, err := websocket.Dial(ctx, strings.Replace(url, "http", "ws", 1)+"/ws/matches/"+id, nil)
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 20)
	c := &seatConn{ws: ws}
	b, _ := json.Marshal(protocol.ClientMessage{Type: protocol.TypeHello, Token: token})
	if err := ws.Write(ctx, websocket.MessageText, b); err != nil {
		return nil, err
	}
	_, err = c.next(ctx)
	return c, err
}

func (c *seatConn) next(ctx context.Context) (protocol.ServerMessage, error) {
	var m protocol.ServerMessage
	_, data, err := c.ws.Read(ctx)
	if err != nil {
		return m, err
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, err
	}
	if m.State != nil {
		c.state = m.State
	}
	return m, nil
}

// move plays text at the connection's current version and waits for the
// ack.
func (c *seatConn) move(ctx context.Context, id, text string) error {
	b, _ := json.Marshal(protocol.ClientMessage{Type: protocol.TypeMove, ID: id, Version: c.state.Version, Move: text})
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		return err
	}
	for {
		m, err := c.next(ctx)
		if err != nil {
			return err
		}
		if m.ID == id && m.Type == protocol.TypeAck {
			return nil
		}
		if m.ID == id {
			return fmt.Errorf("move %s: %+v", text, m.Error)
		}
	}
}

// TestServeCrash plays several matches at once against a real tabula serve
// process, kills it with SIGKILL mid-stream, restarts it on the same
// database and checks every acknowledged move is there and play goes on.
func TestServeCrash(t *testing.T) {
	dir := t.TempDir()
	bin := buildTabula(t, dir)
	db := filepath.Join(dir, "tabula.db")
	srv := startServe(t, bin, db, "--no-client-limits") // one client plays every match

	type match struct {
		id     string
		tokens [2]string
		mu     sync.Mutex
		acked  []string
	}
	matches := make([]*match, crashMatches)
	for i := range matches {
		var created protocol.CreateResponse
		zero := 0
		postJSON(t, srv.url+"/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero,
			Options: map[string]string{"plyCap": "0", "repetitionDraw": "false"}}, &created)
		var joined protocol.JoinResponse
		postJSON(t, srv.url+"/api/matches/"+created.Match.ID+"/join", protocol.JoinRequest{}, &joined)
		matches[i] = &match{id: created.Match.ID, tokens: [2]string{created.Token, joined.Token}}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	enough := make(chan struct{}, crashMatches)
	for _, m := range matches {
		wg.Go(func() {
			var seats [2]*seatConn
			for i, tok := range m.tokens {
				c, err := dialSeat(ctx, srv.url, m.id, tok)
				if err != nil {
					t.Errorf("dial %s: %v", m.id, err)
					return
				}
				seats[i] = c
			}
			for n := 0; ; n++ {
				mover := seats[seats[0].state.ToMove]
				for mover.state.Version < seats[0].state.Version {
					if _, err := mover.next(ctx); err != nil {
						return
					}
				}
				legal := mover.state.Legal
				if len(legal) == 0 {
					return
				}
				text := legal[n*7%len(legal)].Text
				if err := mover.move(ctx, fmt.Sprintf("%s-%d", m.id, n), text); err != nil {
					return // the server died
				}
				m.mu.Lock()
				m.acked = append(m.acked, text)
				if len(m.acked) == crashMinAcks {
					enough <- struct{}{}
				}
				m.mu.Unlock()
				other := seats[1-seats[0].state.ToMove]
				if other != mover {
					for other.state.Version < mover.state.Version {
						if _, err := other.next(ctx); err != nil {
							return
						}
					}
				}
				if mover == seats[1] {
					for seats[0].state.Version < mover.state.Version {
						if _, err := seats[0].next(ctx); err != nil {
							return
						}
					}
				}
			}
		})
	}
	for range crashMatches {
		select {
		case <-enough:
		case <-ctx.Done():
			t.Fatalf("matches did not reach %d moves: %s", crashMinAcks, srv.stderr)
		}
	}
	if err := srv.cmd.Process.Kill(); err != nil { // SIGKILL: no shutdown code runs
		t.Fatal(err)
	}
	srv.cmd.Wait()
	wg.Wait()

	srv = startServe(t, bin, db, "--no-client-limits")
	for _, m := range matches {
		resp, err := http.Get(srv.url + "/api/matches/" + m.id)
		if err != nil {
			t.Fatal(err)
		}
		var st protocol.State
		json.NewDecoder(resp.Body).Decode(&st)
		resp.Body.Close()
		// Every acknowledged move is stored; at most one more (committed,
		// but the ack was lost with the process).
		if len(st.Moves) < len(m.acked) || len(st.Moves) > len(m.acked)+1 || !slices.Equal(st.Moves[:len(m.acked)], m.acked) {
			t.Errorf("match %s: stored %v, acknowledged %v", m.id, st.Moves, m.acked)
			continue
		}
		if st.Status != protocol.StatusLive {
			t.Errorf("match %s: status %s after restart", m.id, st.Status)
			continue
		}
		c, err := dialSeat(ctx, srv.url, m.id, m.tokens[st.ToMove])
		if err != nil {
			t.Fatal(err)
		}
		if err := c.move(ctx, "after-restart", c.state.Legal[0].Text); err != nil {
			t.Errorf("match %s: move after restart: %v", m.id, err)
		}
		c.ws.CloseNow()
	}
}
