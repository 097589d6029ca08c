// Package server is Tabula's game server: the JSON lobby API, one WebSocket
// per match connection, and a room per loaded match that owns the match's
// state and clocks. A room has no goroutine: its changes run under its
// mutex on the goroutine that brings them (a handler running a
// connection's message, a timer, a bot worker, an HTTP handler); every
// accepted change is committed to the store before anyone hears of it. A
// room stays loaded until the server closes, or, for a finished match,
// until it has had no connection for roomIdle.
//
// Goroutines and their lifetimes:
//   - one per WebSocket connection (Server.serve, its read loop, started
//     by the HTTP handler, which returns):
//     until the peer goes, is too slow, or the server closes. Writes need
//     none: the sender writes into the socket without blocking, and a
//     flusher goroutine runs only while a peer is behind (internal/wsout); a ping
//     timer pings a silent peer from its own goroutine every pingInterval.
//     The read loop only waits for and reads each frame; a handler runs it
//     and the loop waits for it, so a connection's messages stay in order;
//   - up to maxHandlers handlers (internal/handoff), started as messages in
//     flight need them: until the server closes (past the limit a read
//     loop runs its message itself);
//   - BotWorkers bot workers (botPool.work): until the server closes;
//   - one per analysis socket (serveAnalysis, on its HTTP handler's
//     goroutine): until the peer goes or the server closes; and one per
//     running analysis, on a thread of its own at the lowest priority
//     (internal/analysis), until the analysis ends, is stopped or
//     replaced, or its socket goes;
//   - one process per external engine seat of a live match (started by
//     its first search, kept by the room) and a goroutine closing it
//     when the match ends or the room stops (room.closeAgent);
//   - short-lived ones: timer callbacks (a flag fall, a bot retry, a
//     finished room's idle check, the sweep pass that ends expired and
//     abandoned matches every sweepEvery), a bot result whose room was
//     busy (room.botDone), a rematch's first move check (start).
//
// Locks: Server.mu guards the room table only; it is never held while
// taking another lock or while sending on a channel. room.mu is held while
// a room handles anything (room.do, room.direct); that includes the wait
// for the commit and the socket writes (which never block, see internal/wsout). It
// may be held while taking Server.mu (a rematch registers a room), never
// the other way round, and never while taking another room's mu (a
// rematch's room runs its first afterChange on a goroutine of its own).
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
	"net/netip"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/analysis"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/handoff"
	"github.com/tabula-games/tabula/internal/livegate"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/seek"
	"github.com/tabula-games/tabula/internal/store"
)

// Store is what the server needs from its database. Save returns only
// after the change is durable. A store copies what it keeps: callers may
// keep or reuse whatever they pass once a call returns.
type Store interface {
	Create(ctx context.Context, m store.Match) error
	Save(ctx context.Context, c store.Change) error
	Load(ctx context.Context, id string) (store.Match, []store.Move, error)
	List(ctx context.Context, f store.Filter) ([]store.Match, error)
	Count(ctx context.Context, f store.Filter) (int, error)
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
	// Bots lists the built-in levels offered to seats (see ai.Specs);
	// nil: every one. Seats name bots; a request naming anything the
	// server does not offer (Bots and Engines) is refused.
	Bots []string
	// Engines are the operator's external engines, offered under their
	// names (tabula serve --engine). A room starts one process per
	// engine seat, once, and ends it when the match ends.
	Engines []Engine
	// NewAgent, for tests, makes the agents of the names in Bots, which
	// may then be any engine-like names; nil: the built-in levels. It is
	// only ever called with a name the server offers. An agent that is an
	// io.Closer is kept for the match and closed with it.
	NewAgent func(name string, seed uint64) (ai.Agent, error)
	// BotWorkers is how many bot searches run at once; 0: one per core.
	// Matches between bots only get all of them but one (see botPool).
	BotWorkers int
	// BotBudget limits one bot move; zero: one second.
	BotBudget ai.Budget
	// OriginPatterns are origins allowed besides the server's own, for
	// state-changing requests and the WebSocket upgrade (for example a
	// dev server on another port), as coder/websocket's AcceptOptions
	// reads them: "host[:port]" or "scheme://host[:port]", path.Match
	// patterns ("*.example.com"). See guard.
	OriginPatterns []string
	// Hosts are the Host header values the server answers (defeats DNS
	// rebinding): "name" matches the name on any port, "name:port" only
	// there; empty answers any Host. See guard.
	Hosts []string
	// TrustedProxies are the addresses of reverse proxies whose
	// X-Forwarded-For header names the client (see clientOf); none by
	// default, so the header is ignored.
	TrustedProxies []netip.Prefix
	// Limits bounds anonymous use (rates, caps, expiry); the zero value
	// is the documented defaults.
	Limits Limits
	// Collectors are more Prometheus metrics served at /metrics with the
	// server's own (for example the SQLite store's commit timings).
	Collectors []prometheus.Collector
	// Accounts tunes password hashing (accounts are on when the Store is
	// an AccountStore).
	Accounts AccountConfig
	// Analysis sizes the analysis board's worker pool (GET /ws/analysis);
	// the zero value is one worker, so analyses never take the core live
	// games need (see internal/analysis).
	Analysis analysis.Config
	// AnalysisGate paces the analysis pool's searches behind live games
	// (livegate.go); zero: the defaults of internal/livegate, Off: no
	// pacing.
	AnalysisGate livegate.Config // issue 23
	// Cluster makes the server one node of several (cluster.go); nil: a
	// single server. Set with SetCluster.
	Cluster Cluster // cluster: the Config fields for internal/cluster
	// BotQueue runs the built-in bots' searches on a work queue shared by
	// the nodes (cluster.go); nil: the server's own pool. Set with
	// SetBotQueue.
	BotQueue BotQueue // cluster
	// ChatGuests lets guests (no account) chat in rated matches, which
	// only accounts may by default (tabula serve --chat-guests; botapi).
	ChatGuests bool
	// SeekBook holds the seeks (seeks.go); nil: a book in this process's
	// memory with the documented caps.
	SeekBook seek.Book
	// Review bounds the search of each position of a game review (POST
	// /api/matches/{id}/review); zero: analysis.DefaultReviewMoveTime.
	Review analysis.ReviewBudget
}

// Server is the game server. Make one with New, serve Handler, and call
// Close at the end.
type Server struct {
	cfg      Config
	games    map[string]*game.Info
	log      *slog.Logger
	clock    clock.Clock
	metrics  *metrics
	bots     *botPool
	botTab   *botTable               // what seats may name, and their agents
	handlers *handoff.Pool[*message] // run the connections' messages

	// ackSeed keys the hashes of the command IDs rooms remember (internal/dedup).
	ackSeed maphash.Seed

	ctx    context.Context // the server's lifetime; cancelled by Close
	cancel context.CancelFunc
	wg     sync.WaitGroup // bot workers, handlers and the short-lived goroutines Close waits for
	// conns counts the WebSocket connections being served (serve); Close
	// waits for them, so their close frames are out before it returns.
	// Added to under mu while ctx is live (see handleWS).
	conns sync.WaitGroup

	limits Limits     // cfg.Limits with its defaults
	rates  *rateTable // per-client rates
	usage  *usage     // waiting matches and seats, for the caps
	sweep  *sweeper   // ends expired and abandoned matches
	acct   *accounts  // accounts and sessions
	bot    *botAPI    // the bot API's rates and streams (botapi.go; botapi)

	analysis *analysis.Pool // the analysis board's searches
	live     *livegate.Gate // issue 23: live commands in flight, pacing the analyses (livegate.go)
	tools    *tools         // issue 23: reviews and puzzles (review.go, puzzles.go)

	// seeks: the lobby streams, the seek book and the challenges (lobby.go, seeks.go, challenges.go)
	lobby      *lobby
	book       seek.Book
	challenges *challengeBook

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
	if cfg.Bots == nil {
		cfg.Bots = ai.Specs()
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
	var err error
	if s.botTab, err = newBotTable(cfg, s.games); err != nil {
		return nil, err
	}
	s.limits = cfg.Limits.withDefaults()
	s.acct = newAccounts(cfg)
	s.bot = newBotAPI()                                                                                // botapi
	s.lobby, s.book, s.challenges = newLobby(s.limits), newSeekBook(cfg, s.limits), newChallengeBook() // seeks
	if s.tools, err = newTools(); err != nil {                                                         // issue 23
		return nil, err
	}
	s.rates = newRateTable(s.limits, s.clock.Now())
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	u, err := newUsage(ctx, cfg.Store, s.limits) // one count of the store's waiting matches: the total cap holds across restarts
	if err != nil {
		return nil, err
	}
	s.usage = u
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.startSweeper()
	s.bots = newBotPool(botQueue, cfg.BotWorkers)
	s.live = newLiveGate(cfg.AnalysisGate, s.clock.Now)                    // issue 23 (livegate.go)
	s.analysis = newAnalysisPool(paced(cfg.Analysis, s.live), s.clock.Now) // issue 23: paced by s.live
	s.handlers = handoff.New(s.handleMessage, &s.wg, maxHandlers)
	s.metrics = newMetrics(s)
	s.metrics.reg.MustRegister(gateMetrics(s.live)...) // issue 23 (livegate.go)
	for range cfg.BotWorkers {
		s.wg.Go(func() { s.bots.work(s.ctx, s) })
	}
	return s, nil
}

// Recover starts a room for every live match in the store, with its
// moves, seats and clocks (time while the server was down is not
// charged), so that their flags fall and their bots move. Waiting
// matches stay in the store until a request needs one (room loads
// matches on demand), and the expiry sweep finds them there. It may run
// while the server already serves (tabula serve runs it in the
// background after it listens): a request for a match it has not reached
// yet loads that match itself. It returns the number of rooms started.
func (s *Server) Recover(ctx context.Context) (int, error) {
	ms, err := s.cfg.Store.List(ctx, store.Filter{Statuses: []string{store.StatusLive}, All: true})
	if err != nil {
		return 0, fmt.Errorf("server: recover: %w", err)
	}
	n := 0
	for _, m := range ms {
		if ctx.Err() != nil || s.ctx.Err() != nil {
			break
		}
		if _, err := s.room(ctx, m.ID); err != nil {
			s.log.Error("recover match", "match", m.ID, "err", err)
			continue
		}
		n++
	}
	s.log.Info("recovered matches", "count", n, "of", len(ms))
	return n, nil
}

// Close stops every room and bot worker and closes every connection. It
// does not close the store; do that after Close returns. A change a room
// is making when Close starts completes (Close waits for its mutex);
// nothing is handled after.
func (s *Server) Close() {
	s.stopSweeper()
	s.cancel() // start registers no room after this
	s.mu.Lock()
	rooms := make([]*room, 0, len(s.rooms))
	for _, r := range s.rooms {
		rooms = append(rooms, r)
	}
	s.mu.Unlock()
	for _, r := range rooms {
		r.shutdown()
		s.forget(r)
	}
	s.handlers.Close()
	s.wg.Wait()
	s.conns.Wait() // each ends once its close frame is out or writeTimeout passed
}

// room returns the live room of a match, loading the match from the store
// and starting its room if needed. A stopped room still in the table (an
// idle one on its way out) is replaced by a fresh load.
func (s *Server) room(ctx context.Context, id string) (*room, error) {
	s.mu.Lock()
	r, ok := s.rooms[id]
	s.mu.Unlock()
	if ok && !r.stopped.Load() {
		return r, nil
	}
	if ok {
		s.forget(r)
	}
	if s.ctx.Err() != nil {
		return nil, protocol.Errorf(protocol.CodeUnavailable, "server is shutting down")
	}
	if err := s.clusterClaim(ctx, id); err != nil { // cluster: only a match's owner loads it (cluster.go)
		return nil, err
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
	return s.start(r, false), nil
}

// start registers r, unless another request registered the same match
// meanwhile, and returns the registered room; at shutdown it registers
// nothing and returns r stopped. The room that is registered plays its
// chance moves, starts its bot and arms its clock (afterChange): on the
// caller's goroutine, or, with async (the caller holds another room's
// mutex: a rematch), on a goroutine of its own, so no goroutine holds two
// rooms' mutexes.
func (s *Server) start(r *room, async bool) *room {
	r.ctx = s.ctx // before anyone can find it

	// cluster: a new match (create, rematch) is claimed too (cluster.go)
	if s.clusterClaim(s.ctx, r.id) != nil {
		r.stopped.Store(true)
		return r
	}
	s.mu.Lock()
	if s.ctx.Err() != nil {
		s.mu.Unlock()
		r.stopped.Store(true) // nobody else has it, and nothing is armed yet
		return r
	}
	other, ok := s.rooms[r.id]
	if ok && !other.stopped.Load() {
		s.mu.Unlock()
		return other
	}
	s.rooms[r.id] = r // replacing a stopped room, which forget then leaves
	if !ok {
		s.metrics.rooms.Inc()
	}
	first := func() {
		r.do(func() {
			r.checkBots(r.ctx)
			r.afterChange(r.ctx)
		})
	}
	if async {
		s.wg.Go(first) // before Close's Wait: Close takes mu after cancelling
	}
	s.mu.Unlock()
	if !async {
		first()
	}
	return r
}

// forget removes a stopped room from the table, if it is still there.
func (s *Server) forget(r *room) {
	s.mu.Lock()
	gone := s.rooms[r.id] == r
	if gone {
		delete(s.rooms, r.id)
		s.metrics.rooms.Dec()
	}
	s.mu.Unlock()
	if gone {
		s.clusterRelease(r.id) // cluster: the stopped room's match is free for another node (cluster.go)
	}
}

// newID returns a match ID: "m_" and 10 base32 characters (50 random bits).
func (s *Server) newID() (string, error) {
	var b [10]byte
	if _, err := io.ReadFull(s.cfg.Random, b[:]); err != nil {
		return "", fmt.Errorf("server: random: %w", err)
	}
	return "m_" + idEncoding.EncodeToString(b[:])[:10], nil
}

// idEncoding writes match and account IDs: lower-case base32 without the
// letters read as digits.
var idEncoding = base32.NewEncoding("0123456789abcdefghjkmnpqrstvwxyz").WithPadding(base32.NoPadding)

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
	case errors.Is(err, store.ErrUnavailable):
		return protocol.CodeUnavailable
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
	if errors.Is(err, store.ErrUnavailable) { // the storage's detail stays in the log
		return protocol.Errorf(c, "the database cannot be written; retry later")
	}
	return protocol.Errorf(c, "%s", strings.TrimPrefix(err.Error(), "server: "))
}
