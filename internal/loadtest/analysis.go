package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// analysisRetry is how long a refused analysis client (analysis-busy,
// rate-limited) waits before asking again, as a player would click again.
const analysisRetry = time.Second

// analysisCounts are what the analysis clients saw.
type analysisCounts struct {
	updates, finals, refused, failed atomic.Int64
	// nodes and searchMS sum the last update of every analysis: the
	// nodes it searched and the time it took (pauses included), so
	// nodes/searchMS is the searches' speed under the live load.
	nodes, searchMS atomic.Int64
}

// nodesPerSecond is the analyses' speed: nodes over search time.
func (c *analysisCounts) nodesPerSecond() int64 {
	if ms := c.searchMS.Load(); ms > 0 {
		return c.nodes.Load() * 1000 / ms
	}
	return 0
}

// analysisLoad runs n analysis-board clients until ctx ends, each on a
// WebSocket of its own to /ws/analysis with its own X-Forwarded-For
// address (10.23.0.i), so that a server trusting the load generator
// (tabula serve --trust-proxy 127.0.0.1) counts each as a client: each asks
// for the best 3 lines of game's start position and asks again whenever an
// analysis ends. The caller waits on the returned group.
func analysisLoad(ctx context.Context, url, game string, n int) (*analysisCounts, *sync.WaitGroup) {
	c := &analysisCounts{}
	var wg sync.WaitGroup
	wsURL := strings.Replace(url, "http", "ws", 1) + "/ws/analysis"
	req, _ := json.Marshal(map[string]any{"type": "analyse", "game": game, "lines": 3})
	for i := range n {
		wg.Go(func() {
			h := http.Header{"X-Forwarded-For": {fmt.Sprintf("10.23.%d.%d", i/250, i%250+1)}}
			ws, _, err := websocket.Dial(ctx, wsURL, &websocket.DialOptions{HTTPHeader: h})
			if err != nil {
				c.failed.Add(1)
				return
			}
			defer ws.CloseNow()
			ws.SetReadLimit(1 << 20)
			var nodes, ms int64 // the last update of the running analysis
			defer func() {
				c.nodes.Add(nodes)
				c.searchMS.Add(ms)
			}()
			for ctx.Err() == nil {
				if err := ws.Write(ctx, websocket.MessageText, req); err != nil {
					return
				}
				c.nodes.Add(nodes)
				c.searchMS.Add(ms)
				nodes, ms = 0, 0
				for {
					_, data, err := ws.Read(ctx)
					if err != nil {
						return
					}
					var m struct {
						Type   string `json:"type"`
						Final  bool   `json:"final"`
						Nodes  int64  `json:"nodes"`
						TimeMS int64  `json:"timeMs"`
					}
					if json.Unmarshal(data, &m) != nil {
						c.failed.Add(1)
						return
					}
					if m.Type == "error" {
						c.refused.Add(1)
						select {
						case <-ctx.Done():
							return
						case <-time.After(analysisRetry):
						}
						break
					}
					c.updates.Add(1)
					if m.TimeMS > 0 {
						nodes, ms = m.Nodes, m.TimeMS
					}
					if m.Final {
						c.finals.Add(1)
						break
					}
				}
			}
		})
	}
	return c, &wg
}
