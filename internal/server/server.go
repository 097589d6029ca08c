// Package server is Tabula's game server: the JSON lobby API, one WebSocket
// per match connection, and one goroutine per live match (a room) that owns
// the match's state and clocks. Connections talk to rooms through bounded
// channels; every accepted change is committed to the store before anyone
// hears of it.
//
// Goroutines and their lifetimes:
//   - one per room (room.run): until the server closes, or, for a finished
//     match, until it has had no connection for roomIdle;
//   - one per WebSocket connection (Server.serve, its read loop, started
//     by the HTTP handler, which returns):
//     until the peer goes, is too slow, or the server closes. Writes need
//     none: the sender writes into the socket without blocking, and a
//     flusher goroutine runs only while a peer is behind (sock); a ping
//     timer pings a silent peer from its own goroutine every pingInterval;
//   - BotWorkers bot workers (botPool.work): until the server closes.
//
// Locks: Server.mu guards the room table only; it is never held while
// taking another lock or while sending on a channel. room.mu is held while
// a room handles a message, by its goroutine or by a connection's read
// loop running its own hello or command (room.direct); that includes the
// wait for the commit and the socket writes (which never block, see sock).
// It may be held while taking Server.mu (a rematch starts a room), never
// the other way round.
package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/prometheus/client_golang/prometheus"
	"hash/maphash"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// Store is what the server needs from its database. Save must return only
// after the change is durable.
type Store interface {
	Create(ctx context.Context, m store.Match) error
	Save(ctx context.Context, c store.Change) error
	Load(ctx context.Context, id string) (store.Match, []store.Move, error)
	List(ctx context.Context, f store.Filter) ([]store.Match, error)
	Unfinished(ctx context.Context) ([]string, error)
}

// Config is everything a Server is built from.
type Config struct {
	Games  []*game.Info // the games it plays; production passes games.All()
	Store  Store
	Clock  clock.Clock  // nil: the system clock
	Logger *slog.Logger // nil: discard
	// Random is the source of match IDs and seat tokens; nil: crypto/rand.
	Random io.Reader
	// Web serves the web client at / (for example web.Handler()); when nil,
	// Assets is served with index.html for client routes.
	Web http.Handler
	// Assets is the web client's files, used when Web is nil; nil serves
	// nothing at /.
	Assets fs.FS
	// NewAgent makes a bot for a seat spec; nil: ai.FromSpec.
	NewAgent func(spec string, seed uint64) (ai.Agent, error)
	// Bots lists the specs offered to clients; nil: ["random"].
	Bots []string
	// BotWorkers is how many bot searches run at once; 0: one per core.
	BotWorkers int
	// BotBudget limits one bot move; zero: one second.
	BotBudget ai.Budget
	// OriginPatterns are extra WebSocket origins allowed (for a dev
	// server on another port), as coder/websocket's AcceptOptions.
	OriginPatterns []string
	// Collectors are more Prometheus metrics served at /metrics with the
	// server's own (for example the SQLite store's commit timings).
	Collectors []prometheus.Collector
}

// Server is the game server. Make one with New, serve Handler, and call
// Close at the end.
type Server struct {
	cfg     Config
	games   map[string]*game.Info
	log     *slog.Logger
	clock   clock.Clock
	metrics *metrics
	bots    *botPool

	// ackSeed keys the hashes of the command IDs rooms remember (ackRing).
	ackSeed maphash.Seed

	ctx    context.Context // the server's lifetime; cancelled by Close
	cancel context.CancelFunc
	wg     sync.WaitGroup // rooms and bot workers

	mu    sync.Mutex
	rooms map[string]*room
}

const (
	// defaultBotTime is a bot's thinking time when Config.BotBudget is
	// zero: long enough for a real search, short enough for a human.
	defaultBotTime = time.Second
	// botQueue bounds waiting bot searches; a room whose bot cannot be
	// queued retries after botRetry.
	botQueue = 1024
	// botRetry is how long a room waits to re-queue its bot after a full
	// queue.
	botRetry = 200 * time.Millisecond
)

// New returns a server. It starts the bot workers; call Recover to bring
// back unfinished matches.
func New(cfg Config) (*Server, error) {
	if cfg.Store == nil {
		return nil, errors.New("server: no store")
	}
	if cfg.Clock == nil {
		cfg.Clock = clock.Real()
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Random == nil {
		cfg.Random = rand.Reader
	}
	if cfg.NewAgent == nil {
		cfg.NewAgent = ai.FromSpec
	}
	if cfg.Bots == nil {
		cfg.Bots = []string{"random"}
	}
	if cfg.BotWorkers <= 0 {
		cfg.BotWorkers = runtime.NumCPU()
	}
	if cfg.BotBudget == (ai.Budget{}) {
		cfg.BotBudget = ai.Budget{Time: defaultBotTime}
	}
	s := &Server{cfg: cfg, games: map[string]*game.Info{}, log: cfg.Logger, clock: cfg.Clock, rooms: map[string]*room{}, ackSeed: maphash.MakeSeed()}
	for _, g := range cfg.Games {
		if _, dup := s.games[g.ID]; dup {
			return nil, fmt.Errorf("server: game %q listed twice", g.ID)
		}
		s.games[g.ID] = g
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.bots = newBotPool(botQueue)
	s.metrics = newMetrics(s)
	for range cfg.BotWorkers {
		s.wg.Go(func() { s.bots.work(s.ctx, s) })
	}
	return s, nil
}

// Recover starts a room for every unfinished match in the store, with its
// moves, seats and clocks (time while the server was down is not charged).
func (s *Server) Recover(ctx context.Context) (int, error) {
	ids, err := s.cfg.Store.Unfinished(ctx)
	if err != nil {
		return 0, fmt.Errorf("server: recover: %w", err)
	}
	n := 0
	for _, id := range ids {
		if _, err := s.room(ctx, id); err != nil {
			s.log.Error("recover match", "match", id, "err", err)
			continue
		}
		n++
	}
	s.log.Info("recovered matches", "count", n)
	return n, nil
}

// Close stops every room and bot worker and closes every connection. It
// does not close the store; do that after Close returns.
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
}

// room returns the live room of a match, loading the match from the store
// and starting its room if needed.
func (s *Server) room(ctx context.Context, id string) (*room, error) {
	s.mu.Lock()
	r, ok := s.rooms[id]
	s.mu.Unlock()
	if ok {
		return r, nil
	}
	if s.ctx.Err() != nil {
		return nil, protocol.Errorf(protocol.CodeUnavailable, "server is shutting down")
	}
	m, moves, err := s.cfg.Store.Load(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, protocol.Errorf(protocol.CodeNotFound, "no match %q", id)
	}
	if err != nil {
		return nil, err
	}
	r, err = s.newRoom(m, moves)
	if err != nil {
		return nil, err
	}
	return s.start(r), nil
}

// start registers r and runs it, unless another request started the same
// match meanwhile; it returns the registered room.
func (s *Server) start(r *room) *room {
	r.ctx = s.ctx // before anyone can find it
	s.mu.Lock()
	if other, ok := s.rooms[r.id]; ok {
		s.mu.Unlock()
		return other
	}
	s.rooms[r.id] = r
	s.mu.Unlock()
	s.metrics.rooms.Inc()
	s.wg.Go(func() {
		r.run(s.ctx)
		s.mu.Lock()
		delete(s.rooms, r.id)
		s.mu.Unlock()
		s.metrics.rooms.Dec()
	})
	return r
}

// newID returns a match ID: "m_" and 10 base32 characters (50 random bits).
func (s *Server) newID() (string, error) {
	var b [10]byte
	if _, err := io.ReadFull(s.cfg.Random, b[:]); err != nil {
		return "", fmt.Errorf("server: random: %w", err)
	}
	enc := base32.NewEncoding("0123456789abcdefghjkmnpqrstvwxyz").WithPadding(base32.NoPadding)
	return "m_" + enc.EncodeToString(b[:])[:10], nil
}

// newToken returns a seat token (128 random bits, base64url) and its hash.
func (s *Server) newToken() (token, hash string, err error) {
	var b [16]byte
	if _, err := io.ReadFull(s.cfg.Random, b[:]); err != nil {
		return "", "", fmt.Errorf("server: random: %w", err)
	}
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, hashToken(token), nil
}

// hashToken is the stored form of a seat token.
func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// codeOf maps an error to its wire code.
func codeOf(err error) protocol.Code {
	var pe *protocol.Error
	switch {
	case errors.As(err, &pe):
		return pe.Code
	case errors.Is(err, game.ErrSyntax):
		return protocol.CodeSyntax
	case errors.Is(err, game.ErrIllegalMove):
		return protocol.CodeIllegalMove
	case errors.Is(err, game.ErrNotYourTurn):
		return protocol.CodeNotYourTurn
	case errors.Is(err, game.ErrGameOver):
		return protocol.CodeGameOver
	case errors.Is(err, game.ErrBadOption):
		return protocol.CodeBadOption
	case errors.Is(err, store.ErrNotFound):
		return protocol.CodeNotFound
	}
	return protocol.CodeInternal
}

// wireError turns any error into a protocol error; internal errors keep
// their detail out of the message.
func wireError(err error) *protocol.Error {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return pe
	}
	c := codeOf(err)
	if c == protocol.CodeInternal {
		return protocol.Errorf(c, "internal error")
	}
	return protocol.Errorf(c, "%s", strings.TrimPrefix(err.Error(), "server: "))
}
