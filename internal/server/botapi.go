package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/time/rate"

	"github.com/tabula-games/tabula/internal/account"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// The bot API (docs/bot-api.md), shaped like Lichess's: a program acts for
// an account with a personal access token (Authorization: Bearer), made
// and revoked on the account page and stored hashed. It reads two NDJSON
// streams, the account's events (GET /api/stream/event) and a match's
// game (GET /api/bot/game/stream/{id}), and posts moves, resignations and
// chat. Cookies never authenticate these routes, and the Origin and
// content-type checks of the web routes do not apply to them (guard): a
// page of another site cannot send the Authorization header without a
// preflight the server never answers.

// TokenStore is what the bot API needs from the store: all of
// store.Tokens (checked by the storetest suite), and the accounts. A
// store without it has no bot API: its routes answer not-found.
type TokenStore interface {
	AccountStore
	store.Tokens
}

const (
	// accessTokenPrefix starts every personal access token, so a leaked
	// one is recognisable in logs and scanners.
	accessTokenPrefix = "tbt_"
	// maxTokensPerAccount bounds an account's tokens: a few programs
	// and a spare or two each.
	maxTokensPerAccount = 20
	// maxTokenDescription bounds a token's description (bytes): a name
	// for the program, not a note.
	maxTokenDescription = 100
	// botRequestEvery and botRequestBurst are an account's rate over the
	// bot API's routes: a bot playing several fast games posts a few
	// moves a second; 40 at once for a burst of games starting.
	botRequestEvery, botRequestBurst = 50 * time.Millisecond, 40
	// maxBotStreams bounds one account's open streams (event and game):
	// a bot playing a dozen games at once, with room to reconnect.
	maxBotStreams = 32
	// streamBuffer is how many lines a stream holds for a slow reader;
	// past it the stream ends (the program reconnects and gets the full
	// state again), never holding up the match.
	streamBuffer = 256
	// streamKeepAlive is how often an idle stream writes an empty line,
	// so proxies keep it open and a dead reader is found.
	streamKeepAlive = 15 * time.Second
	// streamWriteTimeout bounds one write to a stream's reader.
	streamWriteTimeout = 30 * time.Second
	// botAccounts bounds the accounts whose request rates are kept; past
	// it, new ones share one rate until the table is swept.
	botAccounts = 10_000
)

// botAPI is the server's bot API state: rates, open streams, the event
// subscribers.
type botAPI struct {
	mu      sync.Mutex
	rates   map[string]*rate.Limiter // by account
	over    *rate.Limiter
	swept   time.Time
	streams map[string]int         // open streams by account
	events  map[*eventSub]struct{} // event stream subscribers
	// done is closed when the server begins to shut down (EndStreams).
	done     chan struct{}
	doneOnce sync.Once
}

func newBotAPI() *botAPI {
	return &botAPI{rates: map[string]*rate.Limiter{}, over: rate.NewLimiter(rate.Every(botRequestEvery), botRequestBurst),
		streams: map[string]int{}, events: map[*eventSub]struct{}{}, done: make(chan struct{})}
}

// EndStreams ends every bot API stream: the HTTP server's Shutdown waits
// for handlers, and a stream's handler otherwise runs until its reader
// goes (tabula serve registers it with RegisterOnShutdown).
func (s *Server) EndStreams() { s.bot.doneOnce.Do(func() { close(s.bot.done) }) }

// tokenStore returns the store's tokens, nil when it has none.
func (s *Server) tokenStore() TokenStore {
	ts, _ := s.cfg.Store.(TokenStore)
	return ts
}

// needTokenStore is the store's tokens, or nil after answering that this
// server has no bot API (its store keeps no tokens).
func (s *Server) needTokenStore(w http.ResponseWriter) TokenStore {
	ts := s.tokenStore()
	if ts == nil {
		s.httpError(w, protocol.Errorf(protocol.CodeNotFound, "this server has no bot API"))
	}
	return ts
}

// isBearer reports whether r is a bot API request carrying a token: the
// web routes' Origin, content-type and CSRF checks do not apply to it.
func isBearer(r *http.Request) bool {
	return (strings.HasPrefix(r.URL.Path, "/api/bot/") || strings.HasPrefix(r.URL.Path, "/api/stream/") ||
		r.URL.Path == "/api/challenge" || strings.HasPrefix(r.URL.Path, "/api/challenge/")) &&
		strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ")
}

// botCaller is a request's token and account.
type botCaller struct {
	tok store.AccessToken
	a   store.Account
	bot bool
}

// holder is the caller as a seat holder.
func (b *botCaller) holder() *holder { return &holder{account: b.a.ID, name: b.a.Name} }

// bearer authenticates a bot API request by its token (never a cookie),
// checks that the token has one of scopes and that the account is a bot
// when needBot, and takes one request from the account's rate; it answers
// the failure and returns nil.
func (s *Server) bearer(w http.ResponseWriter, r *http.Request, needBot bool, scopes ...string) *botCaller {
	ts := s.needTokenStore(w)
	if ts == nil {
		return nil
	}
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok || !strings.HasPrefix(token, accessTokenPrefix) || len(token) > 100 {
		s.httpError(w, protocol.Errorf(protocol.CodeBadAccessToken, "send a personal access token: Authorization: Bearer %s...", accessTokenPrefix))
		return nil
	}
	hash := account.HashToken(token)
	tok, a, bot, err := ts.TokenAccount(r.Context(), hash)
	if errors.Is(err, store.ErrNotFound) {
		if ok, retry := s.allow(s.clientOf(r), limitBadToken); !ok {
			s.tooMany(w, retry, "too many wrong access tokens")
			return nil
		}
		s.httpError(w, protocol.Errorf(protocol.CodeBadAccessToken, "the access token is wrong or revoked"))
		return nil
	}
	if err != nil {
		s.httpError(w, err)
		return nil
	}
	if !slices.ContainsFunc(scopes, func(sc string) bool { return slices.Contains(tok.Scopes, sc) }) {
		s.httpError(w, protocol.Errorf(protocol.CodeMissingScope, "the token needs the scope %s", strings.Join(scopes, " or ")))
		return nil
	}
	if needBot && !bot {
		s.httpError(w, protocol.Errorf(protocol.CodeNotABot, "account %s is not a bot account: POST /api/bot/account/upgrade first", a.Name))
		return nil
	}
	if ok, retry := s.botAllow(a.ID); !ok {
		s.tooMany(w, retry, "too many bot API requests for this account")
		return nil
	}
	if now := s.clock.Now(); now.Sub(tok.Used) >= account.TouchEvery {
		if err := ts.TouchToken(r.Context(), hash, now); err != nil {
			s.log.Warn("touch access token", "err", err)
		}
	}
	return &botCaller{tok: tok, a: a, bot: bot}
}

// botAllow takes one request from an account's bot API rate.
func (s *Server) botAllow(id string) (bool, time.Duration) {
	if s.limits.Off {
		return true, 0
	}
	now := s.clock.Now()
	b := s.bot
	b.mu.Lock()
	if now.Sub(b.swept) >= clientIdle {
		b.swept = now
		for k, l := range b.rates {
			if l.TokensAt(now) >= botRequestBurst {
				delete(b.rates, k) // full again: forgetting it gives nothing
			}
		}
	}
	l, ok := b.rates[id]
	if !ok {
		l = b.over
		if len(b.rates) < botAccounts {
			l = rate.NewLimiter(rate.Every(botRequestEvery), botRequestBurst)
			b.rates[id] = l
		}
	}
	b.mu.Unlock()
	res := l.ReserveN(now, 1)
	if d := res.DelayFrom(now); !res.OK() || d > 0 {
		res.CancelAt(now)
		return false, max(d, time.Second)
	}
	return true, 0
}

// Token management, on the account page (session cookie and CSRF).

// GET /api/account/tokens.
func (s *Server) handleTokens(w http.ResponseWriter, r *http.Request) {
	se := s.needSession(w, r)
	if se == nil {
		return
	}
	s.writeTokenList(w, r, se.a.ID)
}

func (s *Server) writeTokenList(w http.ResponseWriter, r *http.Request, id string) {
	ts := s.needTokenStore(w)
	if ts == nil {
		return
	}
	toks, err := ts.AccountTokens(r.Context(), id)
	if err != nil {
		s.httpError(w, err)
		return
	}
	bot, err := ts.IsBot(r.Context(), id)
	if err != nil {
		s.httpError(w, err)
		return
	}
	out := protocol.TokenList{Bot: bot, Tokens: []protocol.TokenInfo{}, Scopes: protocol.Scopes()}
	for _, t := range toks {
		out.Tokens = append(out.Tokens, tokenInfo(t))
	}
	s.writeJSON(w, http.StatusOK, out)
}

func tokenInfo(t store.AccessToken) protocol.TokenInfo {
	ti := protocol.TokenInfo{ID: t.ID, Description: t.Description, Scopes: t.Scopes, Created: t.Created.UnixMilli()}
	if !t.Used.IsZero() {
		ti.Used = t.Used.UnixMilli()
	}
	return ti
}

// POST /api/account/tokens: a new token, shown in the answer once.
func (s *Server) handleCreateToken(w http.ResponseWriter, r *http.Request) {
	se := s.needSession(w, r)
	if se == nil {
		return
	}
	ts := s.needTokenStore(w)
	if ts == nil {
		return
	}
	var req protocol.TokenRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	req.Description = strings.TrimSpace(req.Description)
	if req.Description == "" || len(req.Description) > maxTokenDescription || !utf8.ValidString(req.Description) {
		s.httpError(w, protocol.Errorf(protocol.CodeBadRequest, "a token needs a description of 1 to %d bytes", maxTokenDescription))
		return
	}
	if len(req.Scopes) == 0 {
		s.httpError(w, protocol.Errorf(protocol.CodeBadRequest, "a token needs a scope (%s)", strings.Join(protocol.Scopes(), ", ")))
		return
	}
	var scopes []string
	for _, sc := range req.Scopes {
		if !slices.Contains(protocol.Scopes(), sc) {
			s.httpError(w, protocol.Errorf(protocol.CodeBadRequest, "unknown scope %q (%s)", sc, strings.Join(protocol.Scopes(), ", ")))
			return
		}
		if !slices.Contains(scopes, sc) {
			scopes = append(scopes, sc)
		}
	}
	secret, err := account.NewToken(s.cfg.Random)
	if err != nil {
		s.httpError(w, err)
		return
	}
	id, err := s.newID()
	if err != nil {
		s.httpError(w, err)
		return
	}
	token := accessTokenPrefix + secret
	t := store.AccessToken{ID: "t_" + strings.TrimPrefix(id, "m_"), Hash: account.HashToken(token), Account: se.a.ID,
		Description: req.Description, Scopes: scopes, Created: s.clock.Now()}
	if err := ts.CreateToken(r.Context(), t, maxTokensPerAccount); errors.Is(err, store.ErrConflict) {
		s.httpError(w, protocol.Errorf(protocol.CodeNotAllowed, "an account holds at most %d tokens: revoke one first", maxTokensPerAccount))
		return
	} else if err != nil {
		s.httpError(w, err)
		return
	}
	s.log.Info("access token created", "account", se.a.ID, "token", t.ID)
	s.writeJSON(w, http.StatusCreated, protocol.TokenCreated{Token: token, Info: tokenInfo(t)})
}

// POST /api/account/tokens/{id}/revoke: the token stops working at once.
func (s *Server) handleRevokeToken(w http.ResponseWriter, r *http.Request) {
	se := s.needSession(w, r)
	if se == nil {
		return
	}
	ts := s.needTokenStore(w)
	if ts == nil {
		return
	}
	if err := s.readJSON(w, r, &struct{}{}); err != nil {
		s.httpError(w, err)
		return
	}
	if err := ts.RevokeToken(r.Context(), se.a.ID, r.PathValue("id")); errors.Is(err, store.ErrNotFound) {
		s.httpError(w, protocol.Errorf(protocol.CodeNotFound, "no token %q", r.PathValue("id")))
		return
	} else if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeTokenList(w, r, se.a.ID)
}

// The bot routes (token).

// GET /api/bot/account: the token's account.
func (s *Server) handleBotAccount(w http.ResponseWriter, r *http.Request) {
	b := s.bearer(w, r, false, protocol.ScopeBotPlay, protocol.ScopeChallengeRead)
	if b == nil {
		return
	}
	s.writeJSON(w, http.StatusOK, protocol.BotAccount{ID: b.a.ID, Username: b.a.Name, Bot: b.bot})
}

// POST /api/bot/account/upgrade: flags the token's account as a bot, for
// good. An account in the middle of a match (a seat in a waiting or live
// one) is refused: its opponents sat down with a person.
func (s *Server) handleBotUpgrade(w http.ResponseWriter, r *http.Request) {
	b := s.bearer(w, r, false, protocol.ScopeBotPlay)
	if b == nil {
		return
	}
	if !b.bot {
		refs, err := s.acct.st.AccountMatches(r.Context(), b.a.ID, 1)
		if err != nil {
			s.httpError(w, err)
			return
		}
		if len(refs) > 0 {
			s.httpError(w, protocol.Errorf(protocol.CodeNotAllowed, "finish your matches before becoming a bot (match %s)", refs[0].Match))
			return
		}
		if err := s.tokenStore().SetBot(r.Context(), b.a.ID, s.clock.Now()); err != nil {
			s.httpError(w, err)
			return
		}
		s.log.Info("account upgraded to a bot", "account", b.a.ID)
	}
	s.writeJSON(w, http.StatusOK, protocol.BotAccount{ID: b.a.ID, Username: b.a.Name, Bot: true})
}

// POST /api/bot/matches: creates a match with the bot in a seat (Join;
// seat 0 when absent), for example against one of the server's bots. It
// counts against the client's creation rate and caps as any creation.
func (s *Server) handleBotCreate(w http.ResponseWriter, r *http.Request) {
	b := s.bearer(w, r, true, protocol.ScopeBotPlay)
	if b == nil || !s.limitHTTP(w, r, limitCreate) {
		return
	}
	var req protocol.CreateRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	if req.Rated {
		s.httpError(w, protocol.Errorf(protocol.CodeNotRatable, "a bot's own matches are casual; rated ones come from challenges"))
		return
	}
	if req.Join == nil {
		zero := 0
		req.Join = &zero
	}
	// The bot's seat is bound in the transaction that stores the match.
	resp, err := s.create(r.Context(), s.clientOf(r), req, &holder{account: b.a.ID, name: b.a.Name})
	if err != nil {
		s.httpError(w, err)
		return
	}
	if rm, err := s.room(r.Context(), resp.Match.ID); err == nil {
		rm.do(func() { rm.botStatus("") }) // live from the start against bots: no commit says so
	}
	s.writeJSON(w, http.StatusCreated, resp)
}

// POST /api/bot/matches/{id}/join: takes an open seat for the bot.
func (s *Server) handleBotJoin(w http.ResponseWriter, r *http.Request) {
	b := s.bearer(w, r, true, protocol.ScopeBotPlay)
	if b == nil || !s.limitHTTP(w, r, limitJoin) {
		return
	}
	var req protocol.BotJoinRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	s.join(w, r, req.Seat, func() (*holder, error) { return b.holder(), nil })
}

// botSeats returns the seats of match id the caller's account holds, read
// from the store (a restart keeps them), and the match's room.
func (s *Server) botSeats(w http.ResponseWriter, r *http.Request, b *botCaller, id string) (*room, seatSet, bool) {
	rm, err := s.room(r.Context(), id)
	if err != nil {
		s.httpError(w, err)
		return nil, 0, false
	}
	seats, err := s.acct.st.AccountSeats(r.Context(), b.a.ID, rm.id)
	if err != nil {
		s.httpError(w, fmt.Errorf("server: account seats: %w", err))
		return nil, 0, false
	}
	var held seatSet
	for _, seat := range seats {
		if seat >= 0 && seat < 32 {
			held |= 1 << seat
		}
	}
	return rm, held, true
}

// POST /api/bot/game/{id}/move/{move}: plays a move for the account's
// seat to move. The answer comes once the move is durable.
func (s *Server) handleBotMove(w http.ResponseWriter, r *http.Request) {
	s.botCommand(w, r, protocol.TypeMove, r.PathValue("move"))
}

// POST /api/bot/game/{id}/resign.
func (s *Server) handleBotResign(w http.ResponseWriter, r *http.Request) {
	s.botCommand(w, r, protocol.TypeResign, "")
}

// POST /api/bot/game/{id}/abort.
func (s *Server) handleBotAbort(w http.ResponseWriter, r *http.Request) {
	s.botCommand(w, r, protocol.TypeAbort, "")
}

// botCommand applies a command for the caller's seat in a match: the
// seat to move if the account holds it, else its lowest.
func (s *Server) botCommand(w http.ResponseWriter, r *http.Request, typ, move string) {
	b := s.bearer(w, r, true, protocol.ScopeBotPlay)
	if b == nil {
		return
	}
	if typ == protocol.TypeMove && (move == "" || len(move) > protocol.MaxMessageBytes) {
		s.httpError(w, protocol.Errorf(protocol.CodeBadRequest, "move needs a move"))
		return
	}
	rm, held, ok := s.botSeats(w, r, b, r.PathValue("id"))
	if !ok {
		return
	}
	if held == 0 {
		s.httpError(w, protocol.Errorf(protocol.CodeNotAPlayer, "%s holds no seat of match %s", b.a.Name, rm.id))
		return
	}
	var err error
	if !rm.do(func() {
		seat := held.lowest()
		if p := int(rm.st.ToMove()); held.has(p) {
			seat = p
		}
		typ := typ
		if typ == botTakebackYes { // accept the opponent's request, or make one
			typ = protocol.TypeOfferTakeback
			if rm.takeback >= 0 && rm.takeback != seat {
				typ = protocol.TypeAcceptTakeback
			}
		}
		err = rm.apply(rm.ctx, seat, protocol.ClientMessage{Type: typ, Version: rm.m.Version, Move: move})
		if err == nil {
			if typ == protocol.TypeMove {
				rm.s.metrics.moveLatency.Observe(0)
			}
			rm.afterChange(rm.ctx)
		}
	}) {
		err = protocol.Errorf(protocol.CodeUnavailable, "match %s has closed", rm.id)
	}
	if err != nil {
		s.httpError(w, wireError(err))
		return
	}
	s.writeJSON(w, http.StatusOK, protocol.OK{OK: true})
}

// POST /api/bot/game/{id}/chat: a line in the players' chat (the
// spectators' when the account holds no seat).
func (s *Server) handleBotChat(w http.ResponseWriter, r *http.Request) {
	b := s.bearer(w, r, true, protocol.ScopeBotPlay)
	if b == nil {
		return
	}
	var req protocol.BotChatRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	msg := protocol.ClientMessage{Type: protocol.TypeChat, Text: req.Text}
	if err := protocol.CheckChat(&msg); err != nil {
		s.httpError(w, err)
		return
	}
	rm, held, ok := s.botSeats(w, r, b, r.PathValue("id"))
	if !ok {
		return
	}
	if err := s.loadChat(rm); err != nil {
		s.httpError(w, err)
		return
	}
	var line store.ChatMessage
	var perr *protocol.Error
	rm.do(func() { line, perr = rm.checkChatOf(held, b.holder(), "bot "+b.a.ID, msg) })
	if perr != nil {
		s.httpError(w, perr)
		return
	}
	if err := s.addChat(rm, &line); err != nil {
		s.httpError(w, err)
		return
	}
	rm.do(func() { rm.deliverChat(line, nil, "") })
	s.writeJSON(w, http.StatusOK, protocol.OK{OK: true})
}

// Streams.

// openStream counts one more stream of an account, or answers
// rate-limited past maxBotStreams; the caller calls the returned close.
func (s *Server) openStream(w http.ResponseWriter, id string) func() {
	b := s.bot
	b.mu.Lock()
	n := b.streams[id]
	if n >= maxBotStreams && !s.limits.Off {
		b.mu.Unlock()
		s.tooMany(w, time.Second, fmt.Sprintf("an account reads at most %d streams at once", maxBotStreams))
		return nil
	}
	b.streams[id] = n + 1
	b.mu.Unlock()
	return func() {
		b.mu.Lock()
		if b.streams[id]--; b.streams[id] <= 0 {
			delete(b.streams, id)
		}
		b.mu.Unlock()
	}
}

// ndjson writes a stream's lines, each with its own write deadline.
type ndjson struct {
	w  http.ResponseWriter
	rc *http.ResponseController
	s  *Server
}

func (s *Server) startNDJSON(w http.ResponseWriter) *ndjson {
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no") // a proxy passes lines on at once
	w.WriteHeader(http.StatusOK)
	n := &ndjson{w: w, rc: http.NewResponseController(w), s: s}
	n.flush()
	return n
}

// line writes one line (data holds no newline: JSON from encoding/json)
// and flushes it; false when the reader is gone or too slow.
func (n *ndjson) line(data []byte) bool {
	n.rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout)) // the server's WriteTimeout is for whole responses
	if _, err := n.w.Write(append(data, '\n')); err != nil {
		return false
	}
	return n.flush()
}

func (n *ndjson) flush() bool { return n.rc.Flush() == nil }

// pump writes the lines of ch until it closes, the reader goes, or the
// server shuts down, with a keep-alive line when idle.
func (n *ndjson) pump(ctx context.Context, ch <-chan []byte) {
	keep := time.NewTicker(streamKeepAlive)
	defer keep.Stop()
	for {
		select {
		case data, ok := <-ch:
			if !ok || !n.line(data) {
				return
			}
		case <-keep.C:
			if !n.line(nil) {
				return
			}
		case <-ctx.Done():
			return
		case <-n.s.ctx.Done():
			return
		case <-n.s.bot.done:
			return
		}
	}
}

// eventSub is one event stream.
type eventSub struct {
	account, name string
	ch            chan []byte
	closed        bool // guarded by botAPI.mu
}

// GET /api/stream/event: the account's events, one JSON object a line:
// gameStart for each live match it plays and challenge for each challenge
// waiting for its answer (those under way first, as the stream opens),
// gameFinish when a match ends, and the challenges sent to or by it and
// their ends (challenges.go calls notifyAccount).
func (s *Server) handleEventStream(w http.ResponseWriter, r *http.Request) {
	b := s.bearer(w, r, false, protocol.ScopeBotPlay, protocol.ScopeChallengeRead)
	if b == nil {
		return
	}
	done := s.openStream(w, b.a.ID)
	if done == nil {
		return
	}
	defer done()
	sub := &eventSub{account: b.a.ID, name: b.a.Name, ch: make(chan []byte, streamBuffer)}
	s.bot.mu.Lock()
	s.bot.events[sub] = struct{}{}
	s.bot.mu.Unlock()
	defer s.dropEventSub(sub)
	// Subscribed first, then the matches under way: a game starting in
	// between is announced twice rather than never (a bot ignores a
	// second gameStart of a game it plays).
	refs, err := s.acct.st.AccountMatches(r.Context(), b.a.ID, maxAccountMatches)
	if err != nil {
		s.httpError(w, err)
		return
	}
	n := s.startNDJSON(w)
	seen := map[string]bool{}
	for _, ref := range refs {
		if seen[ref.Match] {
			continue
		}
		seen[ref.Match] = true
		ev := s.gameStartOf(r.Context(), ref.Match, b.a.Name, seatsIn(refs, ref.Match)) // cluster3: also a match another node runs (botstart.go)
		if ev != nil {
			data, _ := json.Marshal(ev)
			if !n.line(data) {
				return
			}
		}
	}
	// players2: the challenges waiting for the account's answer, so a
	// bot that connects after one was sent still answers it.
	for _, c := range s.ChallengesOf(b.a.ID).In {
		data, _ := json.Marshal(protocol.BotEvent{Type: protocol.EventChallenge, Challenge: &c})
		if !n.line(data) {
			return
		}
	}
	n.pump(r.Context(), sub.ch)
}

func (s *Server) dropEventSub(sub *eventSub) {
	s.bot.mu.Lock()
	delete(s.bot.events, sub)
	s.bot.mu.Unlock()
}

// notifyAccount sends an event to the event streams of the account with
// username name, without blocking (a stream too far behind is ended).
// It is the hook for challenges: the challenge code sends
// protocol.BotEvent{Type: protocol.EventChallenge, Challenge: ...} here.
func (s *Server) notifyAccount(name string, ev protocol.BotEvent) {
	data, err := json.Marshal(ev)
	if err != nil {
		s.log.Error("encode bot event", "err", err)
		return
	}
	s.botEventOut(name, data) // cluster3: and the other nodes' streams (boteventbus.go)
	s.DeliverBotEvent(name, data)
}

// botEvent is the event of kind about this match for the account name.
// mu held.
func (r *room) botEvent(kind, name string) *protocol.BotEvent {
	g := &protocol.BotGame{ID: r.id, Game: r.m.Game, Variant: r.m.Variant, Players: r.m.Players, Rated: r.m.Rated,
		TimeControl: wireTC(r.m.TimeControl), Seats: []int{}, Status: r.m.Status, Result: wireResult(r.info, r.m)}
	for i, n := range r.names {
		if n != "" && strings.EqualFold(n, name) {
			g.Seats = append(g.Seats, i)
		}
	}
	return &protocol.BotEvent{Type: kind, Game: g}
}

// botStatus tells the event streams of the match's accounts that it
// started or ended (from status prev). mu held.
func (r *room) botStatus(prev string) {
	var kind string
	switch {
	case prev == r.m.Status:
		return
	case r.m.Status == store.StatusLive:
		kind = protocol.EventGameStart
	case r.ended() && prev == store.StatusLive:
		kind = protocol.EventGameFinish
	default:
		return
	}
	var named []string
	for _, n := range r.names {
		if n != "" && !slices.Contains(named, n) {
			named = append(named, n)
		}
	}
	for _, n := range named {
		r.s.notifyAccount(n, *r.botEvent(kind, n))
	}
}

// afterCommit is the bot API's part of a commit (called by room.commit
// with the status before it): the game streams get the new state, the
// event streams a start or finish. It costs a move nothing when no stream
// is open (ev is handed on by value: its address is taken only in
// streamState). mu held.
func (r *room) afterCommit(prev string, ev protocol.Event) {
	if len(r.streams) > 0 {
		r.streamState(ev)
	}
	if prev != r.m.Status {
		r.botStatus(prev)
	}
}

// streamState sends the state after ev to the game streams, and ends them
// once the match has ended. mu held.
func (r *room) streamState(ev protocol.Event) {
	data, _ := json.Marshal(r.botState(&ev))
	r.streamSend(data, func(*gameStream) bool { return true })
	if r.ended() {
		for _, gs := range r.streams {
			gs.end()
		}
		r.streams = nil
	}
}

// gameStream is one game stream of a match.
type gameStream struct {
	seats  seatSet // the seats the reader's account holds
	ch     chan []byte
	closed bool // guarded by the room's mu
}

func (gs *gameStream) end() {
	if !gs.closed {
		gs.closed = true
		close(gs.ch)
	}
}

// streamSend sends data to the streams to, ending those too far behind.
// mu held.
func (r *room) streamSend(data []byte, to func(*gameStream) bool) {
	kept := r.streams[:0]
	for _, gs := range r.streams {
		if to(gs) {
			select {
			case gs.ch <- data:
			default:
				gs.end()
				continue
			}
		}
		kept = append(kept, gs)
	}
	clear(r.streams[len(kept):])
	r.streams = kept
}

// streamChat sends a chat line to the game streams of the players who
// read it. mu held.
func (r *room) streamChat(line store.ChatMessage) {
	if len(r.streams) == 0 {
		return
	}
	data, _ := json.Marshal(protocol.BotChatLine{Type: protocol.TypeChatLine, Channel: line.Channel, Seat: line.Seat, Username: line.Name, Text: line.Text})
	r.streamSend(data, func(gs *gameStream) bool { return gs.seats != 0 && r.readsChat(gs.seats, line) })
}

// botState is the match's state for the game stream. mu held.
func (r *room) botState(ev *protocol.Event) protocol.BotGameState {
	return protocol.BotGameState{Type: protocol.TypeGameState, Version: r.m.Version, Moves: r.texts.Strings(), Status: r.m.Status,
		ToMove: r.toMove(), Clocks: r.clockView(), Result: wireResult(r.info, r.m), Event: ev,
		Offers: protocol.Offers{Draw: setList(r.draw), Takeback: r.takeback, Rematch: setList(r.rematch)}}
}

// GET /api/bot/game/stream/{id}: the match, one JSON object a line: the
// full match first (gameFull), then its state after every change
// (gameState: moves, clocks, offers, the result), and the players' chat
// (chatLine); the stream ends after the match does.
func (s *Server) handleGameStream(w http.ResponseWriter, r *http.Request) {
	b := s.bearer(w, r, true, protocol.ScopeBotPlay)
	if b == nil {
		return
	}
	rm, held, ok := s.botSeats(w, r, b, r.PathValue("id"))
	if !ok {
		return
	}
	done := s.openStream(w, b.a.ID)
	if done == nil {
		return
	}
	defer done()
	gs := &gameStream{seats: held, ch: make(chan []byte, streamBuffer)}
	var first []byte
	ended := false
	if !rm.do(func() {
		full := protocol.BotGameFull{Type: protocol.TypeGameFull, ID: rm.id, Game: rm.m.Game, Variant: rm.m.Variant, Players: rm.m.Players,
			Options: rm.m.Options, Rated: rm.m.Rated, TimeControl: wireTC(rm.m.TimeControl), Seats: seats(rm.info, rm.m, rm.names, rm.subs),
			Mine: held.list(), State: rm.botState(nil)}
		if full.Mine == nil {
			full.Mine = []int{}
		}
		if st, err := rm.info.New(options(rm.m)); err == nil {
			full.Initial = positionText(st, rm.m)
		}
		first, _ = json.Marshal(full)
		ended = rm.ended()
		if !ended {
			rm.streams = append(rm.streams, gs)
		}
	}) {
		s.httpError(w, protocol.Errorf(protocol.CodeUnavailable, "match %s has closed", rm.id))
		return
	}
	defer rm.do(func() {
		if i := slices.Index(rm.streams, gs); i >= 0 {
			rm.streams = slices.Delete(rm.streams, i, i+1)
		}
	})
	n := s.startNDJSON(w)
	if !n.line(first) {
		return
	}
	if ended {
		return
	}
	n.pump(r.Context(), gs.ch)
}
