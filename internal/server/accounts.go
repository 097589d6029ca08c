package server

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/tabula-games/tabula/internal/account"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// AccountStore is what accounts need from the store: all of
// store.Accounts, whose contract the storetest suite checks on every
// implementation. A store without it serves guests only: the account
// routes answer not-found.
type AccountStore interface {
	store.Accounts
}

// AccountConfig tunes password hashing; the zero value is the documented
// defaults (account.DefaultParams, DefaultConcurrent, DefaultQueue,
// DefaultWait).
type AccountConfig struct {
	// Params are argon2id's costs for new hashes (tests make them cheap).
	Params account.Params
	// Concurrent bounds password hashes at once, Queue those waiting for
	// a turn; Wait is how long one waits before the request is refused as
	// overloaded (at once past Queue).
	Concurrent, Queue int
	Wait              time.Duration
}

const (
	// sessionCookie holds the session token.
	sessionCookie = "tabula_session"
	// csrfHeader carries the session's CSRF token on state changes.
	csrfHeader = "X-CSRF-Token"
	// sessionTokenLen is a session token's length (256 bits, base64url):
	// a cookie of another length is no session and costs no lookup.
	sessionTokenLen = 43
	// maxClaim bounds the seats of one claim: more than a guest may hold
	// (defaultSeatsPerClient).
	maxClaim = 32
	// maxAccountMatches bounds GET /api/account/matches: more unfinished
	// matches than anyone plays at once.
	maxAccountMatches = 100
	// accountIDLen is the random part of an account ID: 16 base32
	// characters, 80 bits.
	accountIDLen = 16
)

// accounts is the server's account machinery.
type accounts struct {
	st       AccountStore // nil: the store keeps no accounts
	hasher   *account.Hasher
	dummy    string   // a hash nobody's password matches (see login)
	reserved []string // bot and engine names, besides account's own list
}

func newAccounts(cfg Config) *accounts {
	ac := cfg.Accounts
	if ac.Params == (account.Params{}) {
		ac.Params = account.DefaultParams
	}
	if ac.Concurrent <= 0 {
		ac.Concurrent = account.DefaultConcurrent
	}
	if ac.Queue <= 0 {
		ac.Queue = account.DefaultQueue
	}
	if ac.Wait <= 0 {
		ac.Wait = account.DefaultWait
	}
	a := &accounts{hasher: account.NewHasher(ac.Params, cfg.Random, ac.Concurrent, ac.Queue, ac.Wait)}
	a.dummy = a.hasher.Dummy()
	a.st, _ = cfg.Store.(AccountStore)
	a.reserved = append(a.reserved, cfg.Bots...)
	for _, e := range cfg.Engines {
		a.reserved = append(a.reserved, e.Name)
	}
	return a
}

// session is a request's logged-in session.
type session struct {
	token string
	s     store.Session
	a     store.Account
}

// sessionToken returns the request's session cookie, "" when it has none
// of the right form.
func sessionToken(r *http.Request) string {
	c, err := r.Cookie(sessionCookie)
	if err != nil || len(c.Value) != sessionTokenLen {
		return ""
	}
	return c.Value
}

// csrfOK reports whether a state-changing request may go on: it carries no
// session cookie (none of a session token's form: such a cookie gives no
// authority either), or the session's CSRF token in X-CSRF-Token, or it
// is a signup or login (which act with no session's authority; another
// site's requests were refused before). Stateless: the token is derived
// from the cookie (account.CSRF), so the check costs no lookup.
func csrfOK(r *http.Request) bool {
	token := sessionToken(r)
	if token == "" || r.URL.Path == "/api/account/signup" || r.URL.Path == "/api/account/login" {
		return true
	}
	got := r.Header.Get(csrfHeader)
	return got != "" && subtle.ConstantTimeCompare([]byte(got), []byte(account.CSRF(token))) == 1
}

// sessionOf returns the request's session, nil when it has none, or it
// ended or expired (an expired one is deleted). A session not used for
// account.TouchEvery is touched: its expiry slides to SessionIdle from
// now, and the cookie is sent again with it.
func (s *Server) sessionOf(w http.ResponseWriter, r *http.Request) (*session, error) {
	token := sessionToken(r)
	if token == "" || s.acct.st == nil {
		return nil, nil
	}
	hash := account.HashToken(token)
	se, a, err := s.acct.st.SessionAccount(r.Context(), hash)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("server: session: %w", err)
	}
	now := s.clock.Now()
	if !now.Before(se.Expires) {
		if err := s.acct.st.DeleteSession(r.Context(), hash); err != nil {
			s.log.Warn("delete expired session", "err", err)
		}
		return nil, nil
	}
	if now.Sub(se.Seen) >= account.TouchEvery {
		se.Seen, se.Expires = now, now.Add(account.SessionIdle)
		if err := s.acct.st.TouchSession(r.Context(), hash, se.Seen, se.Expires); err != nil {
			return nil, fmt.Errorf("server: touch session: %w", err)
		}
		s.setSessionCookie(w, r, token, se.Expires)
	}
	return &session{token: token, s: se, a: a}, nil
}

// needSession returns the request's session, or answers not-logged-in
// (or the store's failure) and returns nil.
func (s *Server) needSession(w http.ResponseWriter, r *http.Request) *session {
	if !s.accountsOn(w) {
		return nil
	}
	se, err := s.sessionOf(w, r)
	if err != nil {
		s.httpError(w, err)
		return nil
	}
	if se == nil {
		s.httpError(w, protocol.Errorf(protocol.CodeNotLoggedIn, "log in first"))
		return nil
	}
	return se
}

// accountsOn reports whether the store keeps accounts, answering
// not-found when it does not.
func (s *Server) accountsOn(w http.ResponseWriter) bool {
	if s.acct.st == nil {
		s.httpError(w, protocol.Errorf(protocol.CodeNotFound, "this server has no accounts"))
		return false
	}
	return true
}

// setSessionCookie sends the session cookie: HttpOnly (no script reads
// it), SameSite=Lax (another site's requests carry it only when they
// navigate), Secure when the client came over TLS.
func (s *Server) setSessionCookie(w http.ResponseWriter, r *http.Request, token string, expires time.Time) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: token, Path: "/", Expires: expires,
		MaxAge: max(int(expires.Sub(s.clock.Now()).Seconds()), 1), HttpOnly: true, Secure: s.schemeOf(r) == "https", SameSite: http.SameSiteLaxMode})
}

// clearSessionCookie tells the browser to forget the session cookie.
func (s *Server) clearSessionCookie(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{Name: sessionCookie, Value: "", Path: "/", MaxAge: -1,
		HttpOnly: true, Secure: s.schemeOf(r) == "https", SameSite: http.SameSiteLaxMode})
}

func accountInfo(se *session) protocol.AccountInfo {
	if se == nil {
		return protocol.AccountInfo{}
	}
	return protocol.AccountInfo{Account: &protocol.Account{ID: se.a.ID, Username: se.a.Name, Created: se.a.Created.UnixMilli()},
		CSRF: account.CSRF(se.token)}
}

// startSession logs a into a new session, ending the one the request
// came with (a login replaces it), and sets the cookie.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, a store.Account) (*session, error) {
	token, err := account.NewToken(s.cfg.Random)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	se := store.Session{Hash: account.HashToken(token), Account: a.ID, Created: now, Seen: now, Expires: now.Add(account.SessionIdle)}
	if err := s.acct.st.CreateSession(r.Context(), se, account.MaxSessions); err != nil {
		return nil, fmt.Errorf("server: create session: %w", err)
	}
	if old := sessionToken(r); old != "" {
		if err := s.acct.st.DeleteSession(r.Context(), account.HashToken(old)); err != nil {
			s.log.Warn("end replaced session", "err", err)
		}
	}
	s.setSessionCookie(w, r, token, se.Expires)
	return &session{token: token, s: se, a: a}, nil
}

// passwordError maps the hasher's errors to wire errors.
func passwordError(err error) error {
	if errors.Is(err, account.ErrBusy) {
		return protocol.Errorf(protocol.CodeOverloaded, "the server is checking many passwords; retry in a few seconds")
	}
	return err
}

// GET /api/account: the session's account and CSRF token, or
// {"account": null} (and a stale cookie cleared).
func (s *Server) handleAccount(w http.ResponseWriter, r *http.Request) {
	if !s.accountsOn(w) {
		return
	}
	se, err := s.sessionOf(w, r)
	if err != nil {
		s.httpError(w, err)
		return
	}
	if _, err := r.Cookie(sessionCookie); se == nil && err == nil {
		s.clearSessionCookie(w, r) // ended, expired or malformed
	}
	s.writeJSON(w, http.StatusOK, accountInfo(se))
}

// POST /api/account/signup. Only accounts made count against the
// client's signup rate (a name refused by the rules costs nothing), but a
// client past it is refused before any work.
func (s *Server) handleSignup(w http.ResponseWriter, r *http.Request) {
	if !s.accountsOn(w) {
		return
	}
	take, ok, retry := s.attempt(s.clientOf(r), limitSignup)
	if !ok {
		s.tooMany(w, retry, "too many new accounts from this address")
		return
	}
	var req protocol.Credentials
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	canon, err := account.CheckName(req.Username, s.acct.reserved)
	if err != nil {
		s.httpError(w, protocol.Errorf(protocol.CodeBadUsername, "%v", err))
		return
	}
	if err := account.CheckPassword(req.Password); err != nil {
		s.httpError(w, protocol.Errorf(protocol.CodeBadPassword, "%v", err))
		return
	}
	taken := protocol.Errorf(protocol.CodeUsernameTaken, "the username %q is taken", req.Username)
	// Asked first so a taken name costs no hash; CreateAccount decides.
	if _, err := s.acct.st.AccountByName(r.Context(), canon); err == nil {
		s.httpError(w, taken)
		return
	} else if !errors.Is(err, store.ErrNotFound) {
		s.httpError(w, err)
		return
	}
	hash, err := s.acct.hasher.Hash(r.Context(), req.Password)
	if err != nil {
		s.httpError(w, passwordError(err))
		return
	}
	id, err := s.newAccountID()
	if err != nil {
		s.httpError(w, err)
		return
	}
	now := s.clock.Now()
	a := store.Account{ID: id, Name: req.Username, Canonical: canon, PasswordHash: hash, Created: now, Updated: now}
	if err := s.acct.st.CreateAccount(r.Context(), a); errors.Is(err, store.ErrConflict) {
		s.httpError(w, taken)
		return
	} else if err != nil {
		s.httpError(w, err)
		return
	}
	take()
	se, err := s.startSession(w, r, a)
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.log.Info("account created", "account", a.ID, "client", s.clientOf(r))
	s.writeJSON(w, http.StatusCreated, accountInfo(se))
}

// newAccountID returns "a_" and accountIDLen base32 characters.
func (s *Server) newAccountID() (string, error) {
	var b [accountIDLen * 5 / 8]byte
	if _, err := io.ReadFull(s.cfg.Random, b[:]); err != nil {
		return "", fmt.Errorf("server: random: %w", err)
	}
	return "a_" + idEncoding.EncodeToString(b[:]), nil
}

// POST /api/account/login. An unknown username and a wrong password get
// the same answer after the same work (a hash is checked either way).
// Every attempt counts against the client's login rate, and a failed one
// at an existing account against that account's (so its owner, logging
// in from several devices, is not limited by its own logins).
func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) {
	if !s.accountsOn(w) || !s.limitHTTP(w, r, limitLogin) {
		return
	}
	var req protocol.Credentials
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	wrong := protocol.Errorf(protocol.CodeWrongCredentials, "wrong username or password")
	if len(req.Username) > account.MaxName || len(req.Password) > account.MaxPassword {
		s.httpError(w, wrong) // no account has such a name or password
		return
	}
	a, err := s.acct.st.AccountByName(r.Context(), account.Canonical(req.Username))
	stored, failed := a.PasswordHash, func() {}
	switch {
	case errors.Is(err, store.ErrNotFound):
		stored = s.acct.dummy
	case err != nil:
		s.httpError(w, err)
		return
	default:
		if failed = s.limitAccount(w, a.ID); failed == nil {
			return
		}
	}
	ok, _, err := s.acct.hasher.Verify(r.Context(), stored, req.Password)
	if err != nil {
		s.httpError(w, passwordError(err))
		return
	}
	if !ok || a.ID == "" {
		failed()
		s.httpError(w, wrong)
		return
	}
	se, err := s.startSession(w, r, a)
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, accountInfo(se))
}

// limitAccount checks the account's rate of wrong passwords and returns
// what counts one, or answers rate-limited when it is used up and
// returns nil.
func (s *Server) limitAccount(w http.ResponseWriter, id string) (failed func()) {
	failed, ok, retry := s.attempt("account "+id, limitLoginAccount)
	if !ok {
		s.tooMany(w, retry, "too many wrong passwords for this account")
		return nil
	}
	return failed
}

// POST /api/account/logout: ends the session (server-side: the token is
// worthless after) and clears the cookie. Without a session it does
// nothing.
func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) {
	if !s.accountsOn(w) {
		return
	}
	if token := sessionToken(r); token != "" {
		if err := s.acct.st.DeleteSession(r.Context(), account.HashToken(token)); err != nil {
			s.httpError(w, err)
			return
		}
	}
	s.clearSessionCookie(w, r)
	s.writeJSON(w, http.StatusOK, protocol.AccountInfo{})
}

// POST /api/account/password: checks the old password (counted against
// the account's login rate: a borrowed session cannot guess it fast),
// stores the new one's hash, ends every session of the account, and
// starts a new one for this client.
func (s *Server) handlePassword(w http.ResponseWriter, r *http.Request) {
	se := s.needSession(w, r)
	if se == nil {
		return
	}
	var req protocol.PasswordChange
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	if err := account.CheckPassword(req.New); err != nil {
		s.httpError(w, protocol.Errorf(protocol.CodeBadPassword, "%v", err))
		return
	}
	failed := s.limitAccount(w, se.a.ID)
	if failed == nil {
		return
	}
	ok, _, err := s.acct.hasher.Verify(r.Context(), se.a.PasswordHash, req.Old)
	if err != nil {
		s.httpError(w, passwordError(err))
		return
	}
	if !ok {
		failed()
		s.httpError(w, protocol.Errorf(protocol.CodeWrongCredentials, "the old password is wrong"))
		return
	}
	hash, err := s.acct.hasher.Hash(r.Context(), req.New)
	if err != nil {
		s.httpError(w, passwordError(err))
		return
	}
	if err := s.acct.st.SetPassword(r.Context(), se.a.ID, hash, s.clock.Now(), ""); err != nil {
		s.httpError(w, err)
		return
	}
	se.a.PasswordHash = hash
	next, err := s.startSession(w, r, se.a)
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, accountInfo(next))
}

// POST /api/account/claim: binds seats the client holds by token to the
// session's account. Every token is checked before any seat is bound; a
// wrong one counts against the client's wrong-token rate.
func (s *Server) handleClaim(w http.ResponseWriter, r *http.Request) {
	se := s.needSession(w, r)
	if se == nil || !s.limitHTTP(w, r, limitJoin) {
		return
	}
	var req protocol.ClaimRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	if len(req.Seats) == 0 || len(req.Seats) > maxClaim {
		s.httpError(w, protocol.Errorf(protocol.CodeBadRequest, "%d seats; want 1..%d", len(req.Seats), maxClaim))
		return
	}
	client := s.clientOf(r)
	refs := make([]store.SeatRef, 0, len(req.Seats))
	for _, c := range req.Seats {
		id, seat, err := s.claimSeat(r.Context(), c.Match, c.Token) // cluster3: a match another node runs is read from the store (claimseat.go)
		if err != nil {
			s.httpError(w, err)
			return
		}
		if seat < 0 {
			if ok, retry := s.allow(client, limitBadToken); !ok {
				s.tooMany(w, retry, "too many wrong seat tokens")
				return
			}
			s.httpError(w, protocol.Errorf(protocol.CodeBadToken, "the token holds no seat of match %s", c.Match))
			return
		}
		refs = append(refs, store.SeatRef{Match: id, Seat: seat})
	}
	out := protocol.ClaimResponse{Seats: []protocol.SeatRef{}}
	for _, ref := range refs {
		if err := s.acct.st.BindSeat(r.Context(), se.a.ID, ref); errors.Is(err, store.ErrConflict) {
			s.httpError(w, protocol.Errorf(protocol.CodeSeatTaken, "seat %d of match %s belongs to another account", ref.Seat, ref.Match))
			return
		} else if err != nil {
			s.httpError(w, err)
			return
		}
		out.Seats = append(out.Seats, protocol.SeatRef{Match: ref.Match, Seat: ref.Seat})
	}
	s.writeJSON(w, http.StatusOK, out)
}

// GET /api/account/matches: the account's waiting and live matches with
// its seats in each, newest first.
func (s *Server) handleAccountMatches(w http.ResponseWriter, r *http.Request) {
	se := s.needSession(w, r)
	if se == nil {
		return
	}
	refs, err := s.acct.st.AccountMatches(r.Context(), se.a.ID, maxAccountMatches)
	if err != nil {
		s.httpError(w, err)
		return
	}
	out := protocol.AccountMatches{Matches: []protocol.AccountMatch{}}
	var names map[string]map[int]string
	for i := 0; i < len(refs); {
		id := refs[i].Match
		var seats []int
		for ; i < len(refs) && refs[i].Match == id; i++ {
			seats = append(seats, refs[i].Seat)
		}
		m, _, err := s.cfg.Store.Load(r.Context(), id)
		if err == nil {
			names, err = s.listNames(r.Context(), []store.Match{m})
		}
		if err != nil {
			s.httpError(w, err)
			return
		}
		if info, ok := s.games[m.Game]; ok {
			out.Matches = append(out.Matches, protocol.AccountMatch{Match: summary(info, m, nameList(names[m.ID], m.Players)), Seats: seats})
		}
	}
	s.writeJSON(w, http.StatusOK, out)
}

// rematchBinds are the seat bindings of a rematch: the accounts that held
// the old match's seats, in their new seats (seats rotate by one, as the
// tokens do), so a player who plays from the account alone has the
// rematch too. They are written with the rematch (CreateBound).
func (s *Server) rematchBinds(ctx context.Context, old string, players int) ([]store.Binding, error) {
	if s.acct.st == nil {
		return nil, nil
	}
	owners, err := s.acct.st.SeatAccounts(ctx, old)
	if err != nil {
		return nil, fmt.Errorf("server: rematch seats: %w", err)
	}
	var binds []store.Binding
	for seat, a := range owners {
		binds = append(binds, store.Binding{Account: a, Seat: (seat + 1) % players})
	}
	return binds, nil
}

// sweepSessions deletes expired sessions (a sweep pass's work).
func (s *Server) sweepSessions(ctx context.Context, now time.Time) {
	if s.acct.st == nil {
		return
	}
	n, err := s.acct.st.DeleteExpiredSessions(ctx, now)
	if err != nil {
		s.log.Warn("delete expired sessions", "err", err)
	} else if n > 0 {
		s.log.Info("deleted expired sessions", "count", n)
	}
}
