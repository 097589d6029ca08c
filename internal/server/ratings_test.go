package server

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
	"github.com/tabula-games/tabula/games/palagonia"
	"github.com/tabula-games/tabula/games/pathagon"
	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/rating"
	"github.com/tabula-games/tabula/internal/store"
)

// rated is the harness of the ratings tests: accounts with cheap hashes,
// the per-client limits off (one test client signs up several players),
// Pathagon, Palagonia and the race game.
func rated(t *testing.T, opts ...option) *harness {
	return start(t, "", append([]option{cheapHashes, func(c *Config) {
		c.Limits = Limits{Off: true}
		c.Games = []*game.Info{pathagon.Info, palagonia.Info, race.NewInfo()}
	}}, opts...)...)
}

// fischer is a clock rated matches may have.
var fischer = protocol.TimeControl{Kind: "fischer", BaseMs: 600_000, IncrementMs: 5_000}

// players signs up a device per name.
func (h *harness) players(names ...string) []*device {
	out := make([]*device, len(names))
	for i, n := range names {
		out[i] = h.device("")
		out[i].signup(n, "correct horse")
	}
	return out
}

// seatAll has ds[0] create req (joining seat 0) and the others join the
// next seats; it returns the match and the seat tokens.
func seatAll(t *testing.T, ds []*device, req protocol.CreateRequest) (string, []string) {
	t.Helper()
	zero := 0
	req.Join = &zero
	var created protocol.CreateResponse
	ds[0].must(http.StatusCreated, "POST", "/api/matches", req, &created)
	tokens := []string{created.Token}
	for i, d := range ds[1:] {
		seat := i + 1
		var joined protocol.JoinResponse
		d.must(http.StatusOK, "POST", "/api/matches/"+created.Match.ID+"/join", protocol.JoinRequest{Seat: &seat}, &joined)
		tokens = append(tokens, joined.Token)
	}
	return created.Match.ID, tokens
}

// playToEnd plays match id to its end, each seat clicking the legal move
// pick chooses, and returns the final state as a spectator saw it.
func (h *harness) playToEnd(id string, tokens []string, pick func(seat, ply int, legal []protocol.Move) protocol.Move) *protocol.State {
	h.t.Helper()
	ps := make([]*client, len(tokens))
	for i, tok := range tokens {
		ps[i] = h.connect(id, tok)
	}
	spec := h.connect(id, "")
	for i := 0; ; i++ {
		st := spec.state
		if st.Status != protocol.StatusLive {
			return st
		}
		if i > 2000 {
			h.t.Fatal("no end after 2000 plies")
		}
		if st.ToMove < 0 { // a chance event: the server plays it
			spec.untilVersion(st.Version + 1)
			continue
		}
		mover := ps[st.ToMove]
		mover.untilVersion(st.Version)
		m := pick(st.ToMove, len(st.Moves), mover.state.Legal)
		wantAck(h.t.(*testing.T), mover.do(protocol.TypeMove, m.Text))
		spec.untilVersion(mover.version)
	}
}

// wantPlaces are a result's finishing places by the documented rule
// (docs/ratings.md), computed apart from the server's: a seat's place is
// the number of seats that did better, the winners best, then higher
// scores; no winners is a tie of all.
func wantPlaces(res *protocol.Result, n int) []int {
	better := func(a, b int) bool { // a did better than b
		wa, wb := slices.Contains(res.Winners, a), slices.Contains(res.Winners, b)
		if wa != wb {
			return wa
		}
		return !wa && len(res.Scores) == n && res.Scores[a] > res.Scores[b]
	}
	out := make([]int, n)
	for i := range n {
		for j := range n {
			if better(j, i) {
				out[i]++
			}
		}
	}
	return out
}

func (d *device) profile(name string) protocol.Profile {
	d.h.t.Helper()
	var p protocol.Profile
	d.must(http.StatusOK, "GET", "/api/users/"+name, nil, &p)
	return p
}

// TestRatedPathagon: two accounts play a rated Pathagon match with a
// Fischer clock to its end; both ratings are exactly what rating.Update
// gives for the result, the match shows as rated with its players' names,
// and both profiles list it with the change.
func TestRatedPathagon(t *testing.T) {
	h := rated(t)
	ds := h.players("alice", "bob")
	id, tokens := seatAll(t, ds, protocol.CreateRequest{Game: "pathagon", Rated: true, TimeControl: fischer,
		Options: map[string]string{"plyCap": "40"}})
	var list protocol.MatchList
	h.api("GET", "/api/matches?status=all", nil, &list)
	if len(list.Matches) != 1 || !list.Matches[0].Rated || list.Matches[0].Seats[0].Username != "alice" || list.Matches[0].Seats[1].Username != "bob" {
		t.Fatalf("lobby list = %+v; want the rated match with alice and bob", list.Matches)
	}
	if st := h.srv.mustSnap(t, id); !st.Rated || st.Seats[0].Username != "alice" || st.Seats[1].Username != "bob" {
		t.Errorf("match view: rated %v, seats %+v; want rated, alice and bob", st.Rated, st.Seats)
	}
	var mine protocol.AccountMatches
	ds[1].must(http.StatusOK, "GET", "/api/account/matches", nil, &mine)
	if len(mine.Matches) != 1 || !mine.Matches[0].Match.Rated || mine.Matches[0].Match.Seats[0].Username != "alice" {
		t.Errorf("bob's matches = %+v; want the rated one against alice", mine.Matches)
	}
	final := h.playToEnd(id, tokens, pathagonPick)
	if final.Status != protocol.StatusFinished || final.Result == nil {
		t.Fatalf("final state %+v", final)
	}
	places := wantPlaces(final.Result, 2)
	want, err := rating.Update([]rating.Rating{rating.Initial(), rating.Initial()}, places, rating.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s; places %v: %.2f/%.2f and %.2f/%.2f", final.Result.Text, places, want[0].Rating, want[0].RD, want[1].Rating, want[1].RD)
	for i, name := range []string{"alice", "bob"} {
		p := ds[0].profile(name)
		w := protocol.RatingInfo{Game: "pathagon", Variant: "standard", Players: 2, Rating: want[i].Rating, RD: want[i].RD, Provisional: true, Games: 1}
		if len(p.Ratings) != 1 {
			t.Fatalf("%s's ratings = %+v; want [%+v]", name, p.Ratings, w)
		}
		got := p.Ratings[0]
		hist := got.History
		got.History = nil
		if !reflect.DeepEqual(got, w) {
			t.Errorf("%s's rating = %+v; want %+v", name, got, w)
		}
		if len(hist) != 1 || hist[0].Match != id || hist[0].Rating != want[i].Rating || hist[0].RD != want[i].RD {
			t.Errorf("%s's rating history = %+v; want one point, %s at %v", name, hist, id, want[i].Rating)
		}
		if len(p.Recent) != 1 {
			t.Fatalf("%s's recent matches = %+v; want the one", name, p.Recent)
		}
		r := p.Recent[0]
		other := []string{"bob", "alice"}[i]
		if r.ID != id || !r.Rated || r.Seat != i || len(r.Opponents) != 1 || r.Opponents[0].Username != other ||
			r.RatingBefore == nil || *r.RatingBefore != 1500 || r.RatingAfter == nil || *r.RatingAfter != want[i].Rating {
			t.Errorf("%s's recent match = %+v; want %s from seat %d against %s, 1500 -> %v", name, r, id, i, other, want[i].Rating)
		}
		wins, draws, losses := 0, 0, 0
		switch {
		case len(final.Result.Winners) == 0:
			draws = 1
		case slices.Contains(final.Result.Winners, i):
			wins = 1
		default:
			losses = 1
		}
		if p.Wins != wins || p.Draws != draws || p.Losses != losses {
			t.Errorf("%s: %d/%d/%d wins/draws/losses; want %d/%d/%d", name, p.Wins, p.Draws, p.Losses, wins, draws, losses)
		}
	}
}

// TestCasualChangesNoRating: the same match, casual, leaves the players
// unrated.
func TestCasualChangesNoRating(t *testing.T) {
	h := rated(t)
	ds := h.players("alice", "bob")
	id, tokens := seatAll(t, ds, protocol.CreateRequest{Game: "pathagon", TimeControl: fischer, Options: map[string]string{"plyCap": "20"}})
	if final := h.playToEnd(id, tokens, firstMove); final.Status != protocol.StatusFinished {
		t.Fatalf("final %+v", final)
	}
	for _, name := range []string{"alice", "bob"} {
		p := ds[0].profile(name)
		if len(p.Ratings) != 0 || len(p.Recent) != 1 || p.Recent[0].Rated || p.Recent[0].RatingAfter != nil {
			t.Errorf("%s after a casual match: ratings %+v, recent %+v; want no rating and the match unrated", name, p.Ratings, p.Recent)
		}
	}
}

// TestRatedRules: who may create and join a rated match.
func TestRatedRules(t *testing.T) {
	h := rated(t)
	ds := h.players("alice", "bob")
	guest := h.device("")
	bot := protocol.CreateRequest{Game: "race", Rated: true, TimeControl: fischer,
		Seats: []protocol.SeatSpec{{Kind: protocol.SeatHuman}, {Kind: protocol.SeatBot, Bot: "random"}}}
	for _, tt := range []struct {
		name string
		d    *device
		req  protocol.CreateRequest
		code protocol.Code
	}{
		{"guest", guest, protocol.CreateRequest{Game: "race", Rated: true, TimeControl: fischer}, protocol.CodeRatedNeedsAccount},
		{"no clock", ds[0], protocol.CreateRequest{Game: "race", Rated: true}, protocol.CodeNotRatable},
		{"bot seat", ds[0], bot, protocol.CodeNotRatable},
		{"one player", ds[0], protocol.CreateRequest{Game: "palagonia", Players: 1, Rated: true, TimeControl: fischer}, protocol.CodeNotRatable},
	} {
		if st, code := tt.d.call("POST", "/api/matches", tt.req, nil); code != tt.code || st != tt.code.HTTPStatus() {
			t.Errorf("%s: create = %d %s; want %s", tt.name, st, code, tt.code)
		}
	}
	zero, one := 0, 1
	var created protocol.CreateResponse
	ds[0].must(http.StatusCreated, "POST", "/api/matches", protocol.CreateRequest{Game: "race", Rated: true, TimeControl: fischer, Join: &zero}, &created)
	id := created.Match.ID
	if st, code := guest.call("POST", "/api/matches/"+id+"/join", protocol.JoinRequest{Seat: &one}, nil); code != protocol.CodeRatedNeedsAccount || st != http.StatusForbidden {
		t.Errorf("a guest joins the rated match: %d %s; want 403 rated-needs-account", st, code)
	}
	if st, code := ds[0].call("POST", "/api/matches/"+id+"/join", protocol.JoinRequest{Seat: &one}, nil); code != protocol.CodeNotAllowed {
		t.Errorf("the creator takes the other seat too: %d %s; want not-allowed", st, code)
	}
	ds[1].must(http.StatusOK, "POST", "/api/matches/"+id+"/join", protocol.JoinRequest{Seat: &one}, nil)
	if st := h.srv.mustSnap(t, id); st.Status != protocol.StatusLive {
		t.Errorf("after bob joined: %s; want live", st.Status)
	}
}

// TestRatedPalagoniaFour: four accounts play a rated 4-player Palagonia
// match to its end; every rating is what rating.Update gives for the
// finishing order (winners first, then by score) with the pairwise rule,
// and a winner never ends below a loser who started equal. The server's
// randomness is seeded (the match's tile draws) and the seats' choices are
// fixed, so the game is the same every run: one with three places (one
// winner, one second by score, two tied last).
func TestRatedPalagoniaFour(t *testing.T) {
	h := rated(t, func(c *Config) { c.Random = rand.NewChaCha8([32]byte{16}) })
	names := []string{"ann", "ben", "cat", "dan"}
	ds := h.players(names...)
	id, tokens := seatAll(t, ds, protocol.CreateRequest{Game: "palagonia", Players: 4, Rated: true, TimeControl: fischer})
	final := h.playToEnd(id, tokens, palagoniaPick)
	if final.Status != protocol.StatusFinished || final.Result == nil {
		t.Fatalf("final %+v", final)
	}
	places := wantPlaces(final.Result, 4)
	if distinct := len(slices.Compact(slices.Sorted(slices.Values(places)))); distinct < 3 {
		t.Fatalf("places %v (%s): the fixed game no longer has three places; choose another seed", places, final.Result.Text)
	}
	start := rating.Initial()
	want, err := rating.Update([]rating.Rating{start, start, start, start}, places, rating.Config{})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s; scores %v, places %v", final.Result.Text, final.Result.Scores, places)
	got := make([]float64, 4)
	for i, name := range names {
		p := ds[0].profile(name)
		w := protocol.RatingInfo{Game: "palagonia", Variant: final.Variant, Players: 4, Rating: want[i].Rating, RD: want[i].RD, Provisional: true, Games: 1,
			History: []protocol.RatingPoint{{Match: id, Rating: want[i].Rating, RD: want[i].RD}}}
		if len(p.Ratings) == 1 && len(p.Ratings[0].History) == 1 {
			w.History[0].At = p.Ratings[0].History[0].At // when it ended: the server's clock
		}
		if len(p.Ratings) != 1 || !reflect.DeepEqual(p.Ratings[0], w) {
			t.Errorf("%s (place %d): ratings %+v; want [%+v]", name, places[i], p.Ratings, w)
			continue
		}
		got[i] = p.Ratings[0].Rating
	}
	for i := range 4 {
		for j := range 4 {
			if places[i] < places[j] && got[i] < got[j] {
				t.Errorf("%s placed %d ends at %.2f, below %s placed %d at %.2f", names[i], places[i], got[i], names[j], places[j], got[j])
			}
		}
	}
}

// TestLeaderboard: the leaderboard lists the non-provisional ratings of
// a game, variant and player count, highest first; profiles mark the
// provisional ones.
func TestLeaderboard(t *testing.T) {
	h := rated(t)
	names := []string{"alice", "bob", "carol", "dave"}
	ds := h.players(names...)
	ctx := t.Context()
	ids := map[string]string{}
	for _, n := range names {
		a, err := h.db.AccountByName(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		ids[n] = a.ID
	}
	// Ratings as many games leave them, written as a finished rated match
	// writes them (straight through the store).
	now := time.UnixMilli(1_763_700_000_000).UTC()
	settle := func(i int, a, b string, ra, rb store.Rating) {
		m := store.Match{ID: fmt.Sprintf("m_lb%d", i), Game: "pathagon", Variant: "standard", Players: 2, Rated: true,
			Seats: []store.Seat{{TokenHash: "aa"}, {TokenHash: "bb"}}, TimeControl: store.TimeControl{Kind: "fischer", Base: time.Minute},
			Status: store.StatusLive, Version: 1, Clock: store.Clock{Remaining: []time.Duration{time.Minute, time.Minute}, Running: -1, Since: now},
			Created: now, Updated: now}
		if err := h.db.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
		for seat, n := range []string{a, b} {
			if err := h.db.BindSeat(ctx, ids[n], store.SeatRef{Match: m.ID, Seat: seat}); err != nil {
				t.Fatal(err)
			}
		}
		next := m
		next.Version++
		next.Status, next.Result = store.StatusFinished, &store.Result{Winners: []int{0}, Reason: "resignation"}
		if err := h.db.Save(ctx, store.Change{Match: next, Prev: m.Version, Truncate: -1, Ratings: &store.RatingUpdate{
			Key: store.RatingKey{Game: "pathagon", Variant: "standard", Players: 2}, At: now,
			Rate: func([]store.Rating) ([]store.Rating, error) { return []store.Rating{ra, rb}, nil }}}); err != nil {
			t.Fatal(err)
		}
	}
	settle(0, "alice", "bob", store.Rating{Rating: 1700, RD: 60, Volatility: 0.06, Games: 30}, store.Rating{Rating: 1650, RD: 80, Volatility: 0.06, Games: 20})
	settle(1, "carol", "dave", store.Rating{Rating: 1800, RD: 150, Volatility: 0.06, Games: 3}, store.Rating{Rating: 1600, RD: 100, Volatility: 0.06, Games: 15})

	var lb protocol.Leaderboard
	ds[0].must(http.StatusOK, "GET", "/api/leaderboard?game=pathagon&variant=standard&players=2", nil, &lb)
	want := []protocol.Leader{{Rank: 1, Username: "alice", Rating: 1700, RD: 60, Games: 30}, {Rank: 2, Username: "bob", Rating: 1650, RD: 80, Games: 20},
		{Rank: 3, Username: "dave", Rating: 1600, RD: 100, Games: 15}}
	if lb.Game != "pathagon" || lb.Variant != "standard" || lb.Players != 2 || !slices.Equal(lb.Leaders, want) {
		t.Errorf("leaderboard = %+v; want %+v (carol's 1800 is provisional)", lb, want)
	}
	var dflt protocol.Leaderboard
	ds[0].must(http.StatusOK, "GET", "/api/leaderboard?game=pathagon", nil, &dflt)
	if !slices.Equal(dflt.Leaders, want) {
		t.Errorf("leaderboard with the defaults = %+v; want %+v", dflt.Leaders, want)
	}
	for _, tt := range []struct {
		query string
		code  protocol.Code
	}{
		{"game=nope", protocol.CodeUnknownGame},
		{"game=pathagon&players=3", protocol.CodeBadOption},
		{"game=pathagon&players=x", protocol.CodeBadRequest},
	} {
		if _, code := ds[0].call("GET", "/api/leaderboard?"+tt.query, nil, nil); code != tt.code {
			t.Errorf("leaderboard?%s: %s; want %s", tt.query, code, tt.code)
		}
	}
	if p := ds[0].profile("CAROL"); p.Username != "carol" || len(p.Ratings) != 1 || !p.Ratings[0].Provisional || p.Wins != 1 {
		t.Errorf("carol's profile = %+v; want one provisional rating and a win", p)
	}
	if p := ds[0].profile("alice"); len(p.Ratings) != 1 || p.Ratings[0].Provisional {
		t.Errorf("alice's profile = %+v; want one settled rating", p)
	}
	if _, code := ds[0].call("GET", "/api/users/nobody", nil, nil); code != protocol.CodeNotFound {
		t.Errorf("profile of nobody: %s; want not-found", code)
	}
}

func firstMove(_, _ int, legal []protocol.Move) protocol.Move { return legal[0] }

func pathagonPick(seat, ply int, legal []protocol.Move) protocol.Move {
	if seat == 0 {
		return legal[len(legal)-1]
	}
	return legal[(ply*7)%len(legal)]
}

func palagoniaPick(seat, ply int, legal []protocol.Move) protocol.Move {
	return legal[(ply*19+seat)%len(legal)]
}

// TestRatedConcurrentFinishes: one account's rated matches all end at
// once (every opponent resigns together); each is rated from the rating
// the one before left, none lost: the history is one chain from 1500 to
// the rating.
func TestRatedConcurrentFinishes(t *testing.T) {
	const n = 6
	h := rated(t)
	names := []string{"hub"}
	for i := range n {
		names = append(names, fmt.Sprintf("opp%d", i))
	}
	ds := h.players(names...)
	var opps []*client
	for i := range n {
		id, tokens := seatAll(t, []*device{ds[0], ds[i+1]}, protocol.CreateRequest{Game: "race", Rated: true, TimeControl: fischer})
		c := h.connect(id, tokens[1])
		c.untilVersion(2) // live
		opps = append(opps, c)
	}
	for i, c := range opps { // all resignations in flight before any answer is read
		c.sendJSON(protocol.ClientMessage{Type: protocol.TypeResign, ID: fmt.Sprint("resign-", i), Version: c.version})
	}
	for i, c := range opps {
		m := c.until(func(m protocol.ServerMessage) bool { return m.ID == fmt.Sprint("resign-", i) })
		wantAck(t, m)
	}
	p := ds[0].profile("hub")
	if len(p.Ratings) != 1 || p.Ratings[0].Games != n || p.Wins != n || len(p.Recent) != n {
		t.Fatalf("hub after %d wins at once: ratings %+v, %d wins, %d recent", n, p.Ratings, p.Wins, len(p.Recent))
	}
	at, left := 1500.0, slices.Clone(p.Recent)
	for len(left) > 0 {
		i := slices.IndexFunc(left, func(r protocol.PlayedMatch) bool { return r.RatingBefore != nil && *r.RatingBefore == at })
		if i < 0 {
			t.Fatalf("no rated match starts at %v: the history %+v is not one chain", at, p.Recent)
		}
		at = *left[i].RatingAfter
		left = slices.Delete(left, i, i+1)
	}
	if at != p.Ratings[0].Rating {
		t.Errorf("the chain ends at %v; the rating is %v", at, p.Ratings[0].Rating)
	}
}
