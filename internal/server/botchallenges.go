package server

import (
	"net/http"
	"strings"

	"github.com/tabula-games/tabula/internal/protocol"
)

// Challenges and offers in the bot API (docs/bot-api.md), in Lichess's
// shape: a bot lists, sends, accepts and declines challenges with its
// token, the event stream telling it of each (challenges.go sends the
// events), and answers its opponents' draw and takeback offers. The
// operations are the web routes' own (ChallengeUser, AcceptChallenge,
// DeclineChallenge, room.apply); only the authentication differs.

// GET /api/challenge: the account's pending challenges, received and
// sent.
func (s *Server) handleBotChallenges(w http.ResponseWriter, r *http.Request) {
	b := s.bearer(w, r, false, protocol.ScopeBotPlay, protocol.ScopeChallengeRead)
	if b == nil {
		return
	}
	s.writeJSON(w, http.StatusOK, s.ChallengesOf(b.a.ID))
}

// POST /api/challenge/{username}: the bot challenges a user to a
// two-player match; the answer is the challenge, and both sides' event
// streams get it.
func (s *Server) handleBotChallenge(w http.ResponseWriter, r *http.Request) {
	b := s.bearer(w, r, true, protocol.ScopeBotPlay)
	if b == nil || !s.limitHTTP(w, r, limitChallenge) {
		return
	}
	var req protocol.BotChallengeRequest
	if err := s.readJSON(w, r, &req); err != nil {
		s.httpError(w, err)
		return
	}
	c, err := s.ChallengeUser(r.Context(), *b.holder(), s.clientOf(r), protocol.ChallengeRequest{To: r.PathValue("username"),
		Game: req.Game, Variant: req.Variant, TimeControl: req.TimeControl, Rated: req.Rated})
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusCreated, c)
}

// POST /api/challenge/{id}/accept: the match starts; both sides' event
// streams get its gameStart.
func (s *Server) handleBotAccept(w http.ResponseWriter, r *http.Request) {
	b := s.bearer(w, r, true, protocol.ScopeBotPlay)
	if b == nil || !s.limitHTTP(w, r, limitJoin) {
		return
	}
	resp, err := s.AcceptChallenge(r.Context(), r.PathValue("id"), *b.holder(), s.clientOf(r))
	if err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, protocol.OK{OK: true, Match: resp.Match})
}

// POST /api/challenge/{id}/decline: declines a challenge received, or
// cancels one sent.
func (s *Server) handleBotDecline(w http.ResponseWriter, r *http.Request) {
	b := s.bearer(w, r, true, protocol.ScopeBotPlay)
	if b == nil {
		return
	}
	if err := s.DeclineChallenge(r.PathValue("id"), *b.holder()); err != nil {
		s.httpError(w, err)
		return
	}
	s.writeJSON(w, http.StatusOK, protocol.OK{OK: true})
}

// botOfferAnswers maps the {answer} of the draw and takeback routes to
// their commands; botTakebackYes is resolved in the room (a request, or
// the acceptance of the opponent's).
var botOfferAnswers = map[string]map[string]string{
	"draw":     {"yes": protocol.TypeOfferDraw, "no": protocol.TypeDeclineDraw},
	"takeback": {"yes": botTakebackYes, "no": protocol.TypeDeclineTakeback},
}

// botTakebackYes is takeback/yes before the room decides what it means.
const botTakebackYes = "takeback-yes"

// POST /api/bot/game/{id}/draw/{answer} (yes: offer a draw, or accept the
// one offered; no: decline it) and /takeback/{answer} (yes: request a
// takeback, or accept the opponent's request; no: decline it).
func (s *Server) handleBotOffer(w http.ResponseWriter, r *http.Request) {
	kind := "draw"
	if strings.Contains(r.URL.Path, "/takeback/") {
		kind = "takeback"
	}
	typ, ok := botOfferAnswers[kind][r.PathValue("answer")]
	if !ok {
		s.httpError(w, protocol.Errorf(protocol.CodeNotFound, "no API route %s %s: the answer is yes or no", r.Method, r.URL.Path))
		return
	}
	s.botCommand(w, r, typ, "")
}
