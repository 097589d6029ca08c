package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
	"golang.org/x/time/rate"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/analysis"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

const (
	// analysisReadLimit bounds one message on the analysis socket: a
	// position text of the largest game is a few hundred bytes.
	analysisReadLimit = 16 << 10
	// analyseEvery and analyseBurst bound the analyse messages of one
	// connection: stepping through a game asks for one analysis per step,
	// a few a second; a flood only replaces its own analysis faster.
	analyseEvery, analyseBurst = 200 * time.Millisecond, 10
)

// Wire types of the analysis socket (docs/protocol.md, "Analysis").
const (
	typeAnalyse = "analyse"
	typeStop    = "stop"
	typeLines   = "lines"
)

// analyseRequest is a message from an analysis client.
type analyseRequest struct {
	Type     string            `json:"type"`
	Game     string            `json:"game,omitempty"`
	Variant  string            `json:"variant,omitempty"`
	Players  int               `json:"players,omitempty"`
	Options  map[string]string `json:"options,omitempty"`
	Position string            `json:"position,omitempty"`
	Match    string            `json:"match,omitempty"`
	Ply      *int              `json:"ply,omitempty"`
	Lines    int               `json:"lines,omitempty"`
}

// linesMessage is one analysis update; Seq numbers the connection's
// analyse requests from 1, so a client can drop the updates of one it
// replaced.
type linesMessage struct {
	Type string `json:"type"`
	Seq  int    `json:"seq"`
	analysis.Update
}

// errorMessage reports a refused request on the analysis socket.
type errorMessage struct {
	Type  string         `json:"type"`
	Seq   int            `json:"seq,omitempty"`
	Error protocol.Error `json:"error"`
}

// newAnalysisPool is the server's analysis pool, on the server's clock.
func newAnalysisPool(cfg analysis.Config, now func() time.Time) *analysis.Pool {
	if cfg.Now == nil {
		cfg.Now = now
	}
	return analysis.New(cfg)
}

// handleAnalysisWS serves GET /ws/analysis: a WebSocket on which the
// client asks for analyses of positions and receives their lines as the
// search deepens. The guard has checked Origin and Host; connections count
// against the client's connect rate. One analysis runs per connection and
// per client (the pool's rule: a new one replaces the old); leaving or
// stopping cancels it.
func (s *Server) handleAnalysisWS(w http.ResponseWriter, req *http.Request) {
	if !s.limitHTTP(w, req, limitConnect) {
		return
	}
	client := s.clientOf(req)
	ws, err := websocket.Accept(w, req, &websocket.AcceptOptions{OriginPatterns: s.cfg.OriginPatterns})
	if err != nil {
		return // Accept has answered
	}
	ws.SetReadLimit(analysisReadLimit)
	s.mu.Lock()
	closing := s.ctx.Err() != nil
	if !closing {
		s.conns.Add(1)
	}
	s.mu.Unlock()
	if closing {
		ws.Close(websocket.StatusGoingAway, "server shutting down")
		return
	}
	defer s.conns.Done()
	s.serveAnalysis(ws, client)
}

func (s *Server) serveAnalysis(ws *websocket.Conn, client string) {
	ctx, cancel := context.WithCancel(s.ctx)
	defer cancel()
	var wmu sync.Mutex
	write := func(v any) {
		wmu.Lock()
		defer wmu.Unlock()
		wctx, c := context.WithTimeout(ctx, writeTimeout)
		defer c()
		if err := wsjson.Write(wctx, ws, v); err != nil {
			cancel() // a peer that cannot take its lines is gone
		}
	}
	var (
		running context.CancelFunc
		wg      sync.WaitGroup
		seq     int
	)
	stop := func() {
		if running != nil {
			running()
			running = nil
		}
		wg.Wait()
	}
	defer func() {
		stop()
		ws.Close(websocket.StatusNormalClosure, "")
	}()
	limit := rate.NewLimiter(rate.Every(analyseEvery), analyseBurst)
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			return // the peer left, or the server is closing
		}
		var msg analyseRequest
		if err := json.Unmarshal(data, &msg); err != nil {
			write(errorMessage{Type: protocol.TypeError, Error: *protocol.Errorf(protocol.CodeBadJSON, "%v", err)})
			continue
		}
		switch msg.Type {
		case typeStop:
			stop()
		case typeAnalyse:
			if !limit.AllowN(s.clock.Now(), 1) {
				write(errorMessage{Type: protocol.TypeError, Error: *protocol.Errorf(protocol.CodeRateLimited, "more than %d analyses a second", int(time.Second/analyseEvery))})
				continue
			}
			stop()
			seq++
			st, err := s.analysisPosition(ctx, msg)
			if err != nil {
				write(errorMessage{Type: protocol.TypeError, Seq: seq, Error: *wireError(err)})
				continue
			}
			actx, acancel := context.WithCancel(ctx)
			running = acancel
			wg.Add(1)
			go func(seq int) { // ends with the analysis; stop waits for it
				defer wg.Done()
				defer acancel()
				err := s.analysis.Run(actx, client, st, msg.Lines, func(u analysis.Update) {
					write(linesMessage{Type: typeLines, Seq: seq, Update: u})
				})
				switch {
				case errors.Is(err, analysis.ErrBusy):
					write(errorMessage{Type: protocol.TypeError, Seq: seq, Error: *protocol.Errorf(protocol.CodeAnalysisBusy, "%d analyses are waiting; try again later", s.analysisQueue())})
				case err != nil:
					s.log.Error("analysis failed", "err", err)
					write(errorMessage{Type: protocol.TypeError, Seq: seq, Error: *wireError(err)})
				}
			}(seq)
		default:
			write(errorMessage{Type: protocol.TypeError, Error: *protocol.Errorf(protocol.CodeUnknownType, "type %q: want analyse or stop", msg.Type)})
		}
	}
}

// analysisQueue is the pool's queue bound, for messages.
func (s *Server) analysisQueue() int {
	if s.cfg.Analysis.Queue > 0 {
		return s.cfg.Analysis.Queue
	}
	return analysis.DefaultQueue
}

// analysisPosition is the position an analyse request names: a position
// text of a game with its options, or a stored match's position after ply
// moves (the last when ply is absent).
func (s *Server) analysisPosition(ctx context.Context, msg analyseRequest) (game.State, error) {
	if msg.Lines < 0 || msg.Lines > analysis.MaxLines {
		return nil, protocol.Errorf(protocol.CodeBadRequest, "lines %d: want 1 to %d", msg.Lines, analysis.MaxLines)
	}
	var st game.State
	switch {
	case msg.Match != "" && (msg.Position != "" || msg.Game != ""):
		return nil, protocol.Errorf(protocol.CodeBadRequest, "name a match or a game and position, not both")
	case msg.Match != "":
		m, moves, err := s.cfg.Store.Load(ctx, msg.Match)
		if errors.Is(err, store.ErrNotFound) {
			return nil, protocol.Errorf(protocol.CodeNotFound, "no match %q", msg.Match)
		}
		if err != nil {
			return nil, err
		}
		if m.Status == store.StatusWaiting || m.Status == store.StatusLive {
			// An engine at a player's side mid-game is cheating; a
			// position typed in cannot be told apart, a match's own can.
			return nil, protocol.Errorf(protocol.CodeNotAllowed, "match %s is still being played: it can be analysed once it has ended", msg.Match)
		}
		info, ok := s.games[m.Game]
		if !ok {
			return nil, fmt.Errorf("server: match %s: unknown game %q", msg.Match, m.Game)
		}
		ply := len(moves)
		if msg.Ply != nil {
			ply = *msg.Ply
		}
		if ply < 0 || ply > len(moves) {
			return nil, protocol.Errorf(protocol.CodeBadPosition, "ply %d: the match has plies 0 to %d", ply, len(moves))
		}
		opts, err := info.Check(options(m))
		if err != nil {
			return nil, err
		}
		if st, err = info.New(opts); err != nil {
			return nil, err
		}
		for _, mv := range moves[:ply] {
			if st, err = playText(st, mv.Text); err != nil {
				return nil, fmt.Errorf("server: match %s ply %d: %w", msg.Match, mv.Ply, err)
			}
		}
	default:
		info, ok := s.games[msg.Game]
		if !ok {
			return nil, protocol.Errorf(protocol.CodeUnknownGame, "no game %q", msg.Game)
		}
		opts, err := info.Check(game.Options{Variant: msg.Variant, Players: msg.Players, Values: msg.Options})
		if err != nil {
			return nil, err
		}
		if msg.Position == "" {
			st, err = info.New(opts)
		} else {
			st, err = info.ParsePosition(msg.Position, opts)
		}
		if err != nil {
			return nil, protocol.Errorf(protocol.CodeBadPosition, "%v", err)
		}
	}
	switch st.ToMove() {
	case game.NoPlayer:
		return nil, protocol.Errorf(protocol.CodeGameOver, "the game is over in this position: nothing to analyse")
	case game.Chance:
		return nil, protocol.Errorf(protocol.CodeBadPosition, "a chance event (a roll or a draw) comes next: no seat has a move to analyse before it")
	}
	return st, nil
}
