package server

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/sqlite"
)

// bindFails is a store whose BindSeat fails for the seats in fail, as a
// database failing between two steps would: a create or join that binds
// its seat in a step of its own after the match or the seat was stored
// leaves the seat without its account.
type bindFails struct {
	*sqlite.DB
	fail map[int]bool
}

func (b bindFails) BindSeat(ctx context.Context, account string, ref store.SeatRef) error {
	if b.fail[ref.Seat] {
		return fmt.Errorf("bindFails: %w", store.ErrUnavailable)
	}
	return b.DB.BindSeat(ctx, account, ref)
}

// TestJoinBindsSeatInItsTransaction: a logged-in player's create and join
// store the seat and its account together (CreateBound, the join's
// Change's Bind), so a rated match never has a seat taken by a player
// that is no account's, whatever fails after the create or the join.
func TestJoinBindsSeatInItsTransaction(t *testing.T) {
	h := rated(t, func(c *Config) { c.Store = bindFails{c.Store.(*sqlite.DB), map[int]bool{0: true, 1: true}} })
	ds := h.players("alice", "bob")
	id, _ := seatAll(t, ds, protocol.CreateRequest{Game: "pathagon", Rated: true, TimeControl: fischer})
	got, err := h.db.SeatAccounts(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	alice, _ := h.db.AccountByName(context.Background(), "alice")
	bob, _ := h.db.AccountByName(context.Background(), "bob")
	if got[0] != alice.ID || got[1] != bob.ID {
		t.Errorf("after bob joined seat 1 the seats are held by %v; want seat 0 %s and seat 1 %s", got, alice.ID, bob.ID)
	}
	if st := h.srv.mustSnap(t, id); st.Status != protocol.StatusLive {
		t.Errorf("match %s is %s; want live", id, st.Status)
	}
}

// TestJoinOfHeldSeatRefused: a join whose binding the store refuses
// (another account holds the seat) keeps nothing: the seat stays open
// and the join is answered seat-taken.
func TestJoinOfHeldSeatRefused(t *testing.T) {
	h := rated(t)
	ds := h.players("alice", "bob", "carol")
	zero, one := 0, 1
	var created protocol.CreateResponse
	ds[0].must(http.StatusCreated, "POST", "/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero}, &created)
	id := created.Match.ID
	carol, _ := h.db.AccountByName(context.Background(), "carol")
	// Seat 1 is open in the match but recorded as carol's (as a
	// binding from another server process might be).
	if err := h.db.BindSeat(context.Background(), carol.ID, store.SeatRef{Match: id, Seat: 1}); err != nil {
		t.Fatal(err)
	}
	if st, code := ds[1].call("POST", "/api/matches/"+id+"/join", protocol.JoinRequest{Seat: &one}, nil); st != http.StatusConflict || code != protocol.CodeSeatTaken {
		t.Fatalf("bob's join of carol's seat: %d %s; want 409 seat-taken", st, code)
	}
	m, _, err := h.db.Load(context.Background(), id)
	if err != nil || m.Seats[1].TokenHash != "" || m.Status != store.StatusWaiting {
		t.Errorf("after the refused join the match is %+v, %v; want seat 1 open, waiting", m, err)
	}
}

// TestArchive: a user's games archive through the API: every filter
// (game, result, rated) selects what the store says, pages of
// archivePage follow each other without gaps or repeats, the profile's
// win/draw/loss counts agree with the archive, and bad filters are
// refused.
func TestArchive(t *testing.T) {
	h := rated(t)
	ds := h.players("alice", "bob")
	ctx := t.Context()
	alice, _ := h.db.AccountByName(ctx, "alice")
	bob, _ := h.db.AccountByName(ctx, "bob")
	now := time.UnixMilli(1_763_700_000_000).UTC()
	// n finished matches: pathagon rated ones alice wins (i%3 == 0),
	// loses (1) or draws (2); every fifth a casual race alice wins.
	const n = archivePage + 7
	want := map[string]int{}
	for i := range n {
		g, rated := "pathagon", true
		res := []store.Result{{Winners: []int{0}, Reason: "line"}, {Winners: []int{1}, Reason: "line"}, {Reason: "agreed"}}[i%3]
		if i%5 == 4 {
			g, rated, res = "race", false, store.Result{Winners: []int{0}, Reason: "goal"}
		}
		at := now.Add(time.Duration(i) * time.Minute)
		m := store.Match{ID: fmt.Sprintf("m_ar%02d", i), Game: g, Variant: "standard", Players: 2, Rated: rated,
			Seats: []store.Seat{{TokenHash: "aa"}, {TokenHash: "bb"}}, TimeControl: store.TimeControl{Kind: "fischer", Base: time.Minute},
			Status: store.StatusLive, Version: 1, Clock: store.Clock{Remaining: []time.Duration{time.Minute, time.Minute}, Running: -1, Since: at},
			Created: at, Updated: at}
		if err := h.db.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
		next := m
		next.Version++
		next.Updated = at.Add(time.Second)
		next.Status, next.Result = store.StatusFinished, &res
		ch := store.Change{Match: next, Prev: m.Version, Truncate: -1,
			Bind: []store.Binding{{Account: alice.ID, Seat: 0}, {Account: bob.ID, Seat: 1}}}
		if rated {
			ch.Ratings = ratingUpdate(next)
		}
		if err := h.db.Save(ctx, ch); err != nil {
			t.Fatal(err)
		}
		outcome := []string{"win", "loss", "draw"}[i%3]
		if !rated {
			outcome = "win"
		}
		want["all"]++
		want[outcome]++
		want["game="+g]++
		want[fmt.Sprint("rated=", rated)]++
		if rated && outcome == "win" {
			want["rated win"]++
		}
	}
	// archive pages through every match the query selects, checking each
	// one against the filter.
	archive := func(query string, check func(protocol.PlayedMatch) bool) int {
		t.Helper()
		count, after, seen := 0, "", map[string]bool{}
		var prevEnded int64 = 1 << 62
		for page := 0; ; page++ {
			q := query
			if after != "" {
				q += "&after=" + after
			}
			var a protocol.Archive
			ds[1].must(http.StatusOK, "GET", "/api/users/ALICE/games?"+q, nil, &a)
			if a.Username != "alice" || len(a.Games) > archivePage {
				t.Fatalf("%s: page %d: %s with %d games", query, page, a.Username, len(a.Games))
			}
			for _, g := range a.Games {
				if seen[g.ID] || g.Ended > prevEnded || !check(g) {
					t.Errorf("%s: page %d: %+v repeated, out of order or not selected", query, page, g)
				}
				seen[g.ID], prevEnded = true, g.Ended
				if g.Seat != 0 || len(g.Opponents) != 1 || g.Opponents[0].Username != "bob" || (g.RatingAfter != nil) != g.Rated {
					t.Errorf("%s: %+v: want alice at seat 0 against bob, a rating change only when rated", query, g)
				}
			}
			count += len(a.Games)
			if a.Next == "" {
				return count
			}
			if len(a.Games) != archivePage {
				t.Fatalf("%s: page %d has %d games and a next page", query, page, len(a.Games))
			}
			after = a.Next
		}
	}
	for _, tt := range []struct {
		name, query string
		check       func(protocol.PlayedMatch) bool
	}{
		{"all", "", func(protocol.PlayedMatch) bool { return true }},
		{"win", "result=win", func(g protocol.PlayedMatch) bool { return g.Outcome == "win" }},
		{"loss", "result=loss", func(g protocol.PlayedMatch) bool { return g.Outcome == "loss" }},
		{"draw", "result=draw", func(g protocol.PlayedMatch) bool { return g.Outcome == "draw" && len(g.Result.Winners) == 0 }},
		{"game=race", "game=race", func(g protocol.PlayedMatch) bool { return g.Game == "race" }},
		{"game=pathagon", "game=pathagon", func(g protocol.PlayedMatch) bool { return g.Game == "pathagon" }},
		{"rated=true", "rated=true", func(g protocol.PlayedMatch) bool { return g.Rated }},
		{"rated=false", "rated=false", func(g protocol.PlayedMatch) bool { return !g.Rated }},
		{"rated win", "rated=true&result=win", func(g protocol.PlayedMatch) bool { return g.Rated && g.Outcome == "win" }},
	} {
		if got := archive(tt.query, tt.check); got != want[tt.name] {
			t.Errorf("%s: %d games; want %d", tt.query, got, want[tt.name])
		}
	}
	p := ds[0].profile("alice")
	if p.Wins != want["win"] || p.Losses != want["loss"] || p.Draws != want["draw"] || len(p.Recent) != profileMatches {
		t.Errorf("profile: %d/%d/%d with %d recent; want %d/%d/%d with %d", p.Wins, p.Draws, p.Losses, len(p.Recent),
			want["win"], want["draw"], want["loss"], profileMatches)
	}
	if len(p.Ratings) != 1 || p.Ratings[0].Games != want["rated=true"] || len(p.Ratings[0].History) != want["rated=true"] {
		t.Errorf("profile ratings %+v; want pathagon's with %d games and as many points", p.Ratings, want["rated=true"])
	}
	for _, bad := range []struct {
		query string
		code  protocol.Code
	}{
		{"result=won", protocol.CodeBadRequest},
		{"rated=yes", protocol.CodeBadRequest},
		{"after=12", protocol.CodeBadRequest},
		{"after=x.m_1", protocol.CodeBadRequest},
		{"game=chess", protocol.CodeUnknownGame},
	} {
		if _, code := ds[0].call("GET", "/api/users/alice/games?"+bad.query, nil, nil); code != bad.code {
			t.Errorf("archive?%s: %s; want %s", bad.query, code, bad.code)
		}
	}
	if st, code := ds[0].call("GET", "/api/users/nobody/games", nil, nil); st != http.StatusNotFound || code != protocol.CodeNotFound {
		t.Errorf("archive of no user: %d %s; want 404 not-found", st, code)
	}
}

// TestRematchBindsSeatsWithIt: a rematch's seats are bound to the old
// match's accounts (rotated) in the transaction that stores it.
func TestRematchBindsSeatsWithIt(t *testing.T) {
	h := rated(t, func(c *Config) { c.Store = bindFails{c.Store.(*sqlite.DB), map[int]bool{0: true, 1: true}} })
	ds := h.players("alice", "bob")
	ctx := context.Background()
	alice, _ := h.db.AccountByName(ctx, "alice")
	bob, _ := h.db.AccountByName(ctx, "bob")
	id, tokens := seatAll(t, ds, protocol.CreateRequest{Game: "pathagon", TimeControl: fischer})
	c0, c1 := h.connect(id, tokens[0]), h.connect(id, tokens[1])
	wantAck(t, c0.do(protocol.TypeResign, ""))
	c1.untilVersion(c0.version)
	wantAck(t, c1.do(protocol.TypeRematch, ""))
	c0.untilVersion(c1.version)
	wantAck(t, c0.do(protocol.TypeRematch, ""))
	next := c0.state.Rematch
	if next == "" {
		t.Fatal("no rematch")
	}
	got, err := h.db.SeatAccounts(ctx, next)
	if err != nil || got[1] != alice.ID || got[0] != bob.ID {
		t.Errorf("rematch %s seats held by %v, %v; want seat 0 %s (bob) and seat 1 %s (alice)", next, got, err, bob.ID, alice.ID)
	}
}
