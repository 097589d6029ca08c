package server

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// Limits bounds what anonymous clients may do; each zero field is the
// default named beside it (docs/deploy.md, "Limits on anonymous use").
// Clients are told apart by clientOf.
type Limits struct {
	// Off lifts every per-client limit (rates and per-client caps), for
	// load tests that play thousands of matches from one address. The
	// total cap and the expiry sweep still apply.
	Off bool
	// Create, Join, Connect and BadToken are the per-client rates of
	// match creation, seat joins, WebSocket connections and wrong seat
	// tokens (defaultCreate, defaultJoin, defaultConnect,
	// defaultBadToken).
	Create, Join, Connect, BadToken Rate
	// Login is the per-client rate of login attempts (defaultLogin),
	// LoginAccount the per-account rate of password attempts, from any
	// client (defaultLoginAccount), and Signup the per-client rate of
	// new accounts (defaultSignup).
	Login, LoginAccount, Signup Rate
	// Seek is the per-client rate of new seeks (defaultSeek), Challenge
	// of challenges sent (defaultChallenge).
	Seek, Challenge Rate
	// WaitingPerClient caps the waiting matches one client created
	// (defaultWaitingPerClient); WaitingTotal caps the waiting matches
	// of the whole server (defaultWaitingTotal); SeatsPerClient caps the
	// seats one client holds in unfinished matches
	// (defaultSeatsPerClient).
	WaitingPerClient, WaitingTotal, SeatsPerClient int
	// Clients caps the per-client rate table (defaultClients); past it,
	// new clients share one set of rates.
	Clients int
	// WaitingExpiry ends a waiting real-time (or untimed) match nobody
	// joined for this long (defaultWaitingExpiry); CorrespondenceExpiry
	// the same for a correspondence match (defaultCorrespondenceExpiry).
	WaitingExpiry, CorrespondenceExpiry time.Duration
	// Abandon ends a live match whose human seats have all been
	// disconnected this long (defaultAbandon; see abandon).
	Abandon time.Duration
}

// Rate is a token bucket: one event per Every, Burst at once.
type Rate struct {
	Every time.Duration
	Burst int
}

const (
	// defaultCreate: a person creates a match now and then; a burst of
	// 10, then one every 10 s, is ~6 a minute for a flood.
	defaultCreateEvery, defaultCreateBurst = 10 * time.Second, 10
	// defaultJoin: joining is a click in the lobby; 20 at once, then one
	// every 2 s.
	defaultJoinEvery, defaultJoinBurst = 2 * time.Second, 20
	// defaultConnect: reconnects, several tabs and spectating need a
	// few connections; 30 at once, then one a second.
	defaultConnectEvery, defaultConnectBurst = time.Second, 30
	// defaultBadToken: a client with a stale token fails once or twice;
	// 5 wrong tokens, then one every 10 s, stops guessing (a guess is
	// 128 random bits anyway). Past it a WebSocket is closed (1008).
	defaultBadTokenEvery, defaultBadTokenBurst = 10 * time.Second, 5
	// defaultLogin: a person logs in now and then and mistypes a few
	// times; 10 at once, then one every 20 s, keeps a guesser at three
	// hashes a minute per address.
	defaultLoginEvery, defaultLoginBurst = 20 * time.Second, 10
	// defaultLoginAccount: guesses at one account from many addresses;
	// 5 at once, then one a minute (its owner, locked out as long, waits
	// a minute per try).
	defaultLoginAccountEvery, defaultLoginAccountBurst = time.Minute, 5
	// defaultSignup: a person makes one account; 3 at once, then one
	// every 10 minutes, bounds the accounts one address can make.
	defaultSignupEvery, defaultSignupBurst = 10 * time.Minute, 3
	// defaultSeek: a player seeks, cancels and seeks again with other
	// settings a few times; 10 at once, then one every 3 s.
	defaultSeekEvery, defaultSeekBurst = 3 * time.Second, 10
	// defaultChallenge: a person challenges a few friends; 5 at once,
	// then one every 20 s, keeps anyone from flooding others' lists.
	defaultChallengeEvery, defaultChallengeBurst = 20 * time.Second, 5
	// defaultWaitingPerClient: one person waits for an opponent in a
	// few matches at most.
	defaultWaitingPerClient = 5
	// defaultWaitingTotal bounds the lobby and the rooms of waiting
	// matches (a room each while loaded) whatever the number of
	// clients.
	defaultWaitingTotal = 10_000
	// defaultSeatsPerClient: a person plays a few real-time matches and
	// some correspondence ones at once; 20 seats keep one client from
	// taking every open seat of a busy lobby.
	defaultSeatsPerClient = 20
	// defaultClients bounds the rate table's memory (under 1 KB a client).
	defaultClients = 50_000
	// clientIdle is how long a client's rates stay after its last
	// request: longer than any bucket takes to refill (BadToken's 5 ×
	// 10 s), so forgetting it gives it nothing.
	clientIdle = 10 * time.Minute
	// defaultWaitingExpiry: a real-time match nobody joined in an hour
	// has nobody waiting for it any more.
	defaultWaitingExpiry = time.Hour
	// defaultCorrespondenceExpiry: a correspondence match may wait
	// longer for an opponent; a week.
	defaultCorrespondenceExpiry = 7 * 24 * time.Hour
	// defaultAbandon: a player whose connection dropped has this long
	// to come back before the match is ended for them.
	defaultAbandon = 30 * time.Minute
)

// withDefaults fills in the zero fields.
func (l Limits) withDefaults() Limits {
	rate := func(r *Rate, every time.Duration, burst int) {
		if r.Every <= 0 {
			r.Every = every
		}
		if r.Burst <= 0 {
			r.Burst = burst
		}
	}
	rate(&l.Create, defaultCreateEvery, defaultCreateBurst)
	rate(&l.Join, defaultJoinEvery, defaultJoinBurst)
	rate(&l.Connect, defaultConnectEvery, defaultConnectBurst)
	rate(&l.BadToken, defaultBadTokenEvery, defaultBadTokenBurst)
	rate(&l.Login, defaultLoginEvery, defaultLoginBurst)
	rate(&l.LoginAccount, defaultLoginAccountEvery, defaultLoginAccountBurst)
	rate(&l.Signup, defaultSignupEvery, defaultSignupBurst)
	rate(&l.Seek, defaultSeekEvery, defaultSeekBurst)
	rate(&l.Challenge, defaultChallengeEvery, defaultChallengeBurst)
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	def(&l.WaitingPerClient, defaultWaitingPerClient)
	def(&l.WaitingTotal, defaultWaitingTotal)
	def(&l.SeatsPerClient, defaultSeatsPerClient)
	def(&l.Clients, defaultClients)
	dur := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	dur(&l.WaitingExpiry, defaultWaitingExpiry)
	dur(&l.CorrespondenceExpiry, defaultCorrespondenceExpiry)
	dur(&l.Abandon, defaultAbandon)
	return l
}

// limitKind names one of a client's rates.
type limitKind int

const (
	limitCreate limitKind = iota
	limitJoin
	limitConnect
	limitBadToken
	limitLogin
	limitLoginAccount // keyed by "account ID" rather than a client
	limitSignup
	limitSeek
	limitChallenge
	numLimits
)

// clientRates are one client's buckets and when it was last seen.
type clientRates struct {
	lim  [numLimits]*rate.Limiter
	seen time.Time // guarded by rateTable.mu
}

// rateTable holds the clients' rates. It never holds more than max
// clients: clients idle for clientIdle are forgotten (at most once per
// clientIdle/10, so a full table is not scanned per request), and while it
// is full new clients share the overflow rates, which a flood of distinct
// addresses therefore exhausts for itself alone.
type rateTable struct {
	rates    [numLimits]Rate
	max      int
	mu       sync.Mutex
	clients  map[string]*clientRates
	overflow *clientRates
	swept    time.Time
}

func newRateTable(l Limits, now time.Time) *rateTable {
	t := &rateTable{rates: [numLimits]Rate{l.Create, l.Join, l.Connect, l.BadToken, l.Login, l.LoginAccount, l.Signup, l.Seek, l.Challenge}, max: l.Clients,
		clients: map[string]*clientRates{}, swept: now}
	t.overflow = t.newRates()
	return t
}

func (t *rateTable) newRates() *clientRates {
	c := &clientRates{}
	for i, r := range t.rates {
		c.lim[i] = rate.NewLimiter(rate.Every(r.Every), r.Burst)
	}
	return c
}

// get returns client's rates, making them if need be.
func (t *rateTable) get(client string, now time.Time) *clientRates {
	t.mu.Lock()
	defer t.mu.Unlock()
	if now.Sub(t.swept) >= clientIdle/10 {
		t.swept = now
		for k, c := range t.clients {
			if now.Sub(c.seen) >= clientIdle {
				delete(t.clients, k)
			}
		}
	}
	c, ok := t.clients[client]
	if !ok {
		if len(t.clients) >= t.max {
			return t.overflow
		}
		c = t.newRates()
		t.clients[client] = c
	}
	c.seen = now
	return c
}

// size returns how many clients the table holds.
func (t *rateTable) size() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.clients)
}

// allow takes one event of kind from client's bucket; when it is empty
// it returns how long until one is there.
func (s *Server) allow(client string, kind limitKind) (ok bool, retry time.Duration) {
	if s.limits.Off {
		return true, 0
	}
	now := s.clock.Now()
	lim := s.rates.get(client, now).lim[kind]
	r := lim.ReserveN(now, 1)
	if !r.OK() {
		return false, time.Minute
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}

// attempt reports whether key's bucket of kind holds an event, without
// taking it, and returns what takes it: for limits that count only some
// outcomes (wrong passwords, accounts made) but refuse before the work
// once used up. Attempts running at once may each take the last event,
// so the bucket may go a few events below empty; later ones wait longer.
func (s *Server) attempt(key string, kind limitKind) (take func(), ok bool, retry time.Duration) {
	if s.limits.Off {
		return func() {}, true, 0
	}
	now := s.clock.Now()
	lim := s.rates.get(key, now).lim[kind]
	if t := lim.TokensAt(now); t < 1 {
		return nil, false, time.Duration((1 - t) / float64(lim.Limit()) * float64(time.Second))
	}
	return func() { lim.ReserveN(s.clock.Now(), 1) }, true, 0
}

// limitHTTP answers 429 rate-limited with Retry-After, and reports false,
// when r's client has used up its kind of requests.
func (s *Server) limitHTTP(w http.ResponseWriter, r *http.Request, kind limitKind) bool {
	ok, retry := s.allow(s.clientOf(r), kind)
	if !ok {
		s.tooMany(w, retry, "too many requests")
	}
	return ok
}

// tooMany answers 429 rate-limited with Retry-After.
func (s *Server) tooMany(w http.ResponseWriter, retry time.Duration, why string) {
	secs := max(int(math.Ceil(retry.Seconds())), 1)
	w.Header().Set("Retry-After", strconv.Itoa(secs))
	s.httpError(w, protocol.Errorf(protocol.CodeRateLimited, "%s; retry in %d s", why, secs))
}

// wrongToken answers a wrong seat token on a WebSocket: e while the
// client's wrong tokens are within their rate, and past it rate-limited
// and the connection closed (policy violation): a guesser gets a handful
// of tries a minute.
func (s *Server) wrongToken(c *conn, id string, version int64, e *protocol.Error) {
	if ok, _ := s.allow(c.client, limitBadToken); ok {
		c.sendError(id, version, e)
		return
	}
	c.sendError(id, version, protocol.Errorf(protocol.CodeRateLimited, "too many wrong seat tokens"))
	c.kick(websocket.StatusPolicyViolation, "too many wrong seat tokens")
}

// usage counts the waiting matches (all, and per client that created
// them) and the seats clients hold in unfinished matches, for the caps.
// The total is read from the store when the server starts; the
// per-client counts are in memory (a restart forgets who created or
// joined what, so it resets them).
type usage struct {
	mu       sync.Mutex
	waiting  int                    // waiting matches in the store, and those being created
	clients  map[string]*clientUse  // clients with waiting matches or seats
	matches  map[string]*matchUsers // unfinished matches created or joined through the API
	limits   Limits
	disabled bool // Limits.Off: per-client caps lifted
}

type clientUse struct{ waiting, seats int }

// matchUsers are who created a waiting match (empty once it is no longer
// waiting) and who took its seats through the API.
type matchUsers struct {
	creator string
	seats   []string
}

func newUsage(ctx context.Context, st Store, l Limits) (*usage, error) {
	n, err := st.Count(ctx, store.Filter{Statuses: []string{store.StatusWaiting}})
	if err != nil {
		return nil, fmt.Errorf("server: count waiting matches: %w", err)
	}
	return &usage{waiting: n, clients: map[string]*clientUse{}, matches: map[string]*matchUsers{}, limits: l, disabled: l.Off}, nil
}

// take counts a new match id of client (waiting: nobody has joined every
// seat; seat: the client takes one) or a join of one (seat only), or
// refuses it as too-many-matches. undo takes it back when the match or
// the join fails.
func (u *usage) take(client, id string, waiting, seat bool) error {
	if !waiting && !seat {
		return nil // a match of bots, or one all of whose seats are taken at once without the client
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	cu := u.clients[client]
	if cu == nil {
		cu = &clientUse{}
	}
	switch {
	case waiting && u.waiting >= u.limits.WaitingTotal:
		return protocol.Errorf(protocol.CodeTooManyMatches, "the server holds %d waiting matches, its most; join one", u.waiting)
	case !u.disabled && waiting && cu.waiting >= u.limits.WaitingPerClient:
		return protocol.Errorf(protocol.CodeTooManyMatches, "you have %d waiting matches, the most allowed; wait for them to start or expire", cu.waiting)
	case !u.disabled && seat && cu.seats >= u.limits.SeatsPerClient:
		return protocol.Errorf(protocol.CodeTooManyMatches, "you hold seats in %d unfinished matches, the most allowed", cu.seats)
	}
	u.clients[client] = cu
	mu := u.matches[id]
	if mu == nil {
		mu = &matchUsers{}
		u.matches[id] = mu
	}
	if waiting {
		u.waiting++
		cu.waiting++
		mu.creator = client
	}
	if seat {
		cu.seats++
		mu.seats = append(mu.seats, client)
	}
	return nil
}

// undo takes back what take counted for a match or join that failed.
func (u *usage) undo(client, id string, waiting, seat bool) {
	u.mu.Lock()
	defer u.mu.Unlock()
	mu := u.matches[id]
	if waiting {
		u.waiting--
		u.dec(client, -1, 0)
		if mu != nil {
			mu.creator = ""
		}
	}
	if seat {
		u.dec(client, 0, -1)
		if mu != nil {
			for i, c := range mu.seats {
				if c == client {
					mu.seats = append(mu.seats[:i], mu.seats[i+1:]...)
					break
				}
			}
		}
	}
	if mu != nil && mu.creator == "" && len(mu.seats) == 0 {
		delete(u.matches, id)
	}
}

// dec changes client's counts, forgetting a client with none left.
func (u *usage) dec(client string, waiting, seats int) {
	cu := u.clients[client]
	if cu == nil {
		return
	}
	cu.waiting += waiting
	cu.seats += seats
	if cu.waiting <= 0 && cu.seats <= 0 {
		delete(u.clients, client)
	}
}

// changed follows a match's status change (a room's commit): a match
// that leaves waiting leaves the waiting counts; one that ends gives its
// seats back.
func (u *usage) changed(id, from, to string) {
	if from == to {
		return
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	mu := u.matches[id]
	if from == store.StatusWaiting {
		u.waiting = max(u.waiting-1, 0) // one written to the store behind the server's back was not counted
		if mu != nil && mu.creator != "" {
			u.dec(mu.creator, -1, 0)
			mu.creator = ""
		}
	}
	if to == store.StatusFinished || to == store.StatusAborted {
		if mu != nil {
			for _, c := range mu.seats {
				u.dec(c, 0, -1)
			}
		}
		delete(u.matches, id)
	}
}

// waitingCount returns the waiting matches counted.
func (u *usage) waitingCount() int {
	u.mu.Lock()
	defer u.mu.Unlock()
	return u.waiting
}
