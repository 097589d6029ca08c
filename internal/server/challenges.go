package server

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/internal/account"
	"github.com/tabula-games/tabula/internal/clock"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
)

// Direct challenges (docs/protocol.md, "Seeks, challenges and
// notifications"): an account offers a two-player match to another
// account by username; the other accepts (the match starts, the seats
// drawn at random) or declines; the challenger may cancel; an
// unanswered challenge expires after challengeTTL. Challenges are kept in
// memory: a restart forgets them, as it forgets seeks.
//
// ChallengeUser, AcceptChallenge, DeclineChallenge and ChallengesOf are
// the operations; the HTTP routes (and a bot API) call them with the
// account acting.

const (
	// challengeTTL is how long a challenge waits for an answer.
	challengeTTL = 10 * time.Minute
	// challengesOut bounds an account's pending challenges sent.
	challengesOut = 5
	// challengesIn bounds an account's pending challenges received, so
	// nobody's list can be flooded.
	challengesIn = 20
	// challengesTotal bounds the server's pending challenges.
	challengesTotal = 10_000
)

// challenge is a pending challenge.
type challenge struct {
	wire         protocol.Challenge
	fromID, toID string
	client       string // the challenger's client (its seat's cap)
	expires      time.Time
	timer        clock.Timer
}

// challengeBook holds the pending challenges.
type challengeBook struct {
	mu   sync.Mutex
	byID map[string]*challenge
}

func newChallengeBook() *challengeBook { return &challengeBook{byID: map[string]*challenge{}} }

// list returns the account's pending challenges, received and sent.
func (b *challengeBook) list(acct string, now time.Time) protocol.ChallengeList {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := protocol.ChallengeList{In: []protocol.Challenge{}, Out: []protocol.Challenge{}}
	for _, c := range b.byID {
		if !now.Before(c.expires) {
			continue
		}
		if c.toID == acct {
			out.In = append(out.In, c.wire)
		}
		if c.fromID == acct {
			out.Out = append(out.Out, c.wire)
		}
	}
	return out
}

// take removes and returns challenge id if pred accepts it.
func (b *challengeBook) take(id string, pred func(*challenge) error) (*challenge, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	c := b.byID[id]
	if c == nil {
		return nil, protocol.Errorf(protocol.CodeNotFound, "no challenge %q", id)
	}
	if err := pred(c); err != nil {
		return nil, err
	}
	delete(b.byID, id)
	if c.timer != nil {
		c.timer.Stop()
	}
	return c, nil
}

// ChallengeUser sends a challenge from the account from (acting from
// client) to the user req.To, and tells the user's lobby streams.
func (s *Server) ChallengeUser(ctx context.Context, from holder, client string, req protocol.ChallengeRequest) (protocol.Challenge, error) {
	if s.acct.st == nil {
		return protocol.Challenge{}, protocol.Errorf(protocol.CodeNotFound, "this server has no accounts")
	}
	info, ok := s.games[req.Game]
	if !ok {
		return protocol.Challenge{}, protocol.Errorf(protocol.CodeUnknownGame, "no game %q", req.Game)
	}
	opts, err := info.Check(game.Options{Variant: req.Variant, Players: 2})
	if err != nil {
		return protocol.Challenge{}, protocol.Errorf(protocol.CodeBadOption, "a challenge is a two-player match: %v", err)
	}
	tc, err := timeControl(req.TimeControl)
	if err != nil {
		return protocol.Challenge{}, err
	}
	if req.Rated {
		if s.ratingStore() == nil {
			return protocol.Challenge{}, protocol.Errorf(protocol.CodeNotRatable, "this server keeps no ratings")
		}
		if tc.Kind != clock.Fischer && tc.Kind != clock.Correspondence {
			return protocol.Challenge{}, protocol.Errorf(protocol.CodeNotRatable, "a rated match needs a fischer or correspondence clock, not %q", tc.Kind)
		}
	}
	to, err := s.acct.st.AccountByName(ctx, account.Canonical(req.To))
	if errors.Is(err, store.ErrNotFound) {
		return protocol.Challenge{}, protocol.Errorf(protocol.CodeNotFound, "no user %q", req.To)
	}
	if err != nil {
		return protocol.Challenge{}, err
	}
	if to.ID == from.account {
		return protocol.Challenge{}, protocol.Errorf(protocol.CodeBadRequest, "you cannot challenge yourself")
	}
	id, err := s.randomID(s.challengePrefix()) // cluster2: the holding node in the ID (lobbybus.go)
	if err != nil {
		return protocol.Challenge{}, err
	}
	now := s.clock.Now()
	c := &challenge{fromID: from.account, toID: to.ID, client: client, expires: now.Add(challengeTTL),
		wire: protocol.Challenge{ID: id, From: from.name, To: to.Name, Game: info.ID, Variant: opts.Variant, TimeControl: wireTC(tc),
			Rated: req.Rated, Created: now.UnixMilli(), Expires: now.Add(challengeTTL).UnixMilli()}}
	b := s.challenges
	b.mu.Lock()
	out, in := 0, 0
	for _, o := range b.byID {
		if o.fromID == from.account {
			out++
		}
		if o.toID == to.ID {
			in++
		}
	}
	switch {
	case len(b.byID) >= challengesTotal:
		err = protocol.Errorf(protocol.CodeTooManyChallenges, "the server holds %d challenges, its most", len(b.byID))
	case out >= challengesOut:
		err = protocol.Errorf(protocol.CodeTooManyChallenges, "you have %d pending challenges, the most allowed", out)
	case in >= challengesIn:
		err = protocol.Errorf(protocol.CodeTooManyChallenges, "%s has %d pending challenges, the most allowed", to.Name, in)
	}
	if err == nil {
		b.byID[id] = c
		c.timer = s.clock.AfterFunc(challengeTTL, func() { s.expireChallenge(id) })
	}
	b.mu.Unlock()
	if err != nil {
		return protocol.Challenge{}, err
	}
	w := c.wire
	s.lobby.toUser(to.Name, protocol.LobbyMessage{Type: protocol.LobbyChallenge, Challenge: &w})
	// botapi: the event streams of both sides (Lichess sends the
	// challenge to its sender too).
	for _, name := range []string{w.To, w.From} {
		w := w
		s.notifyAccount(name, protocol.BotEvent{Type: protocol.EventChallenge, Challenge: &w})
	}
	return c.wire, nil
}

// expireChallenge ends a challenge nobody answered.
func (s *Server) expireChallenge(id string) {
	c, err := s.challenges.take(id, func(*challenge) error { return nil })
	if err != nil {
		return // answered meanwhile
	}
	s.challengeGone(c, protocol.ChallengeExpired)
}

// challengeGone tells both sides a challenge ended unaccepted.
func (s *Server) challengeGone(c *challenge, reason string) {
	w := c.wire
	m := protocol.LobbyMessage{Type: protocol.LobbyChallengeGone, Challenge: &w, Reason: reason}
	s.lobby.toUser(c.wire.From, m)
	s.lobby.toUser(c.wire.To, m)
	kind := protocol.EventChallengeCanceled
	if reason == protocol.ChallengeDeclined {
		kind = protocol.EventChallengeDeclined
	}
	for _, name := range []string{c.wire.From, c.wire.To} {
		w := c.wire
		s.notifyAccount(name, protocol.BotEvent{Type: kind, Challenge: &w, Reason: reason})
	}
}

// AcceptChallenge accepts challenge id for the account by (acting from
// client): the match starts, the seats drawn at random. It returns by's
// seat and token; the challenger's streams get theirs.
func (s *Server) AcceptChallenge(ctx context.Context, id string, by holder, client string) (protocol.JoinResponse, error) {
	now := s.clock.Now()
	c, err := s.challenges.take(id, func(c *challenge) error {
		if c.toID != by.account {
			return protocol.Errorf(protocol.CodeNotFound, "no challenge %q to you", id)
		}
		if !now.Before(c.expires) {
			return protocol.Errorf(protocol.CodeNotFound, "challenge %q expired", id)
		}
		return nil
	})
	if err != nil {
		return protocol.JoinResponse{}, err
	}
	w := c.wire
	match, placed, err := s.startMatch(ctx, w.Game, w.Variant, 2, w.TimeControl, w.Rated,
		[]seatFor{{account: c.fromID, name: w.From, client: c.client}, {account: by.account, name: by.name, client: client}})
	if err != nil {
		s.challengeGone(c, protocol.ChallengeFailed)
		return protocol.JoinResponse{}, err
	}
	// The match is live from the start: the event streams of both
	// accounts get its gameStart (no commit says so).
	if rm, err := s.room(ctx, match); err == nil {
		rm.do(func() { rm.botStatus("") })
	}
	seat := placed[0].seat
	s.lobby.toUser(w.From, protocol.LobbyMessage{Type: protocol.LobbyChallengeAccepted, Challenge: &w, Match: match, Game: w.Game, Seat: &seat, Token: placed[0].token})
	return protocol.JoinResponse{Match: match, Seat: placed[1].seat, Token: placed[1].token}, nil
}

// DeclineChallenge ends challenge id for the account by: declined when
// it was sent to by, cancelled when by sent it.
func (s *Server) DeclineChallenge(id string, by holder) error {
	c, err := s.challenges.take(id, func(c *challenge) error {
		if c.toID != by.account && c.fromID != by.account {
			return protocol.Errorf(protocol.CodeNotFound, "no challenge %q of yours", id)
		}
		return nil
	})
	if err != nil {
		return err
	}
	reason := protocol.ChallengeDeclined
	if c.fromID == by.account {
		reason = protocol.ChallengeCancelled
	}
	s.challengeGone(c, reason)
	return nil
}

// ChallengesOf returns the account's pending challenges.
func (s *Server) ChallengesOf(acct string) protocol.ChallengeList {
	return s.allChallenges(acct) // cluster2: and the other nodes' (lobbybus.go)
}

// POST /api/challenges.
func (s *Server) handleChallenge(w http.ResponseWriter, r *http.Request) {
	se := s.needSession(w, r)
	if se == nil || !s.limitHTTP(w, r, limitChallenge) {
		return
	}
	var req protocol.ChallengeRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	c, err := s.ChallengeUser(r.Context(), holder{account: se.a.ID, name: se.a.Name}, s.clientOf(r), req)
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusCreated, c)
}

// GET /api/challenges.
func (s *Server) handleChallengeList(w http.ResponseWriter, r *http.Request) {
	se := s.needSession(w, r)
	if se == nil {
		return
	}
	s.writeJSON(w, http.StatusOK, s.ChallengesOf(se.a.ID))
}

// POST /api/challenges/{id}/accept.
func (s *Server) handleChallengeAccept(w http.ResponseWriter, r *http.Request) {
	se := s.needSession(w, r)
	if se == nil || !s.limitHTTP(w, r, limitJoin) {
		return
	}
	resp, err := s.AcceptChallenge(r.Context(), r.PathValue("id"), holder{account: se.a.ID, name: se.a.Name}, s.clientOf(r))
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, resp)
}

// POST /api/challenges/{id}/decline: declines a challenge received, or
// cancels one sent.
func (s *Server) handleChallengeDecline(w http.ResponseWriter, r *http.Request) {
	se := s.needSession(w, r)
	if se == nil {
		return
	}
	if err := s.DeclineChallenge(r.PathValue("id"), holder{account: se.a.ID, name: se.a.Name}); err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, struct{}{})
}
