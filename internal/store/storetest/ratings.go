package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// RatingStore is a store with accounts, ratings (store.Ratings) and
// matches: what internal/server uses for rated matches, profiles and
// leaderboards.
type RatingStore interface {
	AccountStore
	store.Ratings
}

// RunRatings runs the ratings suite; open returns a new, empty store for
// each subtest.
func RunRatings(t *testing.T, open func(t *testing.T) RatingStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s RatingStore)
	}{
		{"RatedFlag", testRatedFlag},
		{"RateWithResult", testRateWithResult},
		{"RateFailsWithResult", testRateFails},
		{"UnboundSeatNotRated", testUnboundNotRated},
		{"ConcurrentRatings", testConcurrentRatings},
		{"Leaderboard", testLeaderboard},
		{"Profile", testProfile},
		{"Archive", testArchive},
		{"Tallies", testTallies},
		{"RatingHistory", testRatingHistory},
		{"BindWithChange", testBindWithChange},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, open(t)) })
	}
}

// start is the rating the suite's updates give a new account.
var start = store.Rating{Rating: 1500, RD: 350, Volatility: 0.06}

// plus returns a Rate that adds d[i] to seat i's rating, takes 10 from
// its RD and counts a game, recording what it was given in *got.
func plus(d []float64, got *[]store.Rating) func([]store.Rating) ([]store.Rating, error) {
	return func(before []store.Rating) ([]store.Rating, error) {
		if got != nil {
			*got = append([]store.Rating(nil), before...)
		}
		out := make([]store.Rating, len(before))
		for i, b := range before {
			out[i] = b
			out[i].Rating += d[i]
			out[i].RD -= 10
			out[i].Games++
		}
		return out, nil
	}
}

// ratedMatch creates match id (2 seats, fischer, rated) with its seats
// bound to the accounts, created at base+i seconds.
func ratedMatch(t *testing.T, s RatingStore, id string, i int, accounts ...string) store.Match {
	t.Helper()
	ctx := context.Background()
	m := NewMatch(id, i)
	m.Rated = true
	m.Seats = []store.Seat{{TokenHash: "aa"}, {TokenHash: "bb"}}
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	for seat, a := range accounts {
		if a == "" {
			continue
		}
		if err := s.BindSeat(ctx, a, store.SeatRef{Match: id, Seat: seat}); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// finish returns the change that finishes m (seat 0 wins), rated by rate.
func finish(m store.Match, rate func([]store.Rating) ([]store.Rating, error)) store.Change {
	next := advance(m, 0)
	next.Status = store.StatusFinished
	next.Result = &store.Result{Winners: []int{0}, Reason: "resignation"}
	ch := store.Change{Match: next, Prev: m.Version, Truncate: -1}
	if rate != nil {
		ch.Ratings = &store.RatingUpdate{Key: store.RatingKey{Game: m.Game, Variant: m.Variant, Players: m.Players}, Start: start, Rate: rate, At: next.Updated}
	}
	return ch
}

func createAccounts(t *testing.T, s RatingStore, names ...string) {
	t.Helper()
	for i, n := range names {
		if err := s.CreateAccount(context.Background(), NewAccount("a_"+n, n, i)); err != nil {
			t.Fatal(err)
		}
	}
}

func testRatedFlag(t *testing.T, s RatingStore) {
	ctx := context.Background()
	m := NewMatch("m1", 0)
	m.Rated = true
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	got, _, err := s.Load(ctx, "m1")
	if err != nil || !reflect.DeepEqual(got, m) {
		t.Errorf("Load = %+v, %v; want %+v", got, err, m)
	}
	ms, err := s.List(ctx, store.Filter{})
	if err != nil || len(ms) != 1 || !ms[0].Rated {
		t.Errorf("List = %+v, %v; want the rated match", ms, err)
	}
}

func testRateWithResult(t *testing.T, s RatingStore) {
	ctx := context.Background()
	createAccounts(t, s, "alice", "bob")
	m := ratedMatch(t, s, "m1", 0, "a_alice", "a_bob")
	var given []store.Rating
	ch := finish(m, plus([]float64{100, -100}, &given))
	if err := s.Save(ctx, ch); err != nil {
		t.Fatal(err)
	}
	key := store.RatingKey{Game: m.Game, Variant: m.Variant, Players: 2}
	want := []store.Rating{
		{Account: "a_alice", Key: key, Rating: 1500, RD: 350, Volatility: 0.06},
		{Account: "a_bob", Key: key, Rating: 1500, RD: 350, Volatility: 0.06},
	}
	if !reflect.DeepEqual(given, want) {
		t.Errorf("Rate was given %+v; want the start ratings %+v", given, want)
	}
	for i, name := range []string{"a_alice", "a_bob"} {
		got, err := s.Ratings(ctx, name)
		w := store.Rating{Account: name, Key: key, Rating: 1500 + []float64{100, -100}[i], RD: 340, Volatility: 0.06, Games: 1, Updated: ch.Match.Updated}
		if err != nil || len(got) != 1 || !reflect.DeepEqual(got[0], w) {
			t.Errorf("Ratings(%s) = %+v, %v; want [%+v]", name, got, err, w)
		}
	}
	// The next rated match starts from the stored ratings.
	m2 := ratedMatch(t, s, "m2", 1, "a_bob", "a_alice")
	if err := s.Save(ctx, finish(m2, plus([]float64{5, -5}, &given))); err != nil {
		t.Fatal(err)
	}
	if len(given) != 2 || given[0].Rating != 1400 || given[0].Games != 1 || given[1].Rating != 1600 || !given[1].Updated.Equal(ch.Match.Updated) {
		t.Errorf("second match's Rate was given %+v; want bob at 1400 and alice at 1600 after one game", given)
	}
}

func testRateFails(t *testing.T, s RatingStore) {
	ctx := context.Background()
	createAccounts(t, s, "alice", "bob")
	m := ratedMatch(t, s, "m1", 0, "a_alice", "a_bob")
	boom := errors.New("boom")
	err := s.Save(ctx, finish(m, func([]store.Rating) ([]store.Rating, error) { return nil, boom }))
	if !errors.Is(err, boom) {
		t.Fatalf("Save with a failing Rate = %v; want it wrapped", err)
	}
	got, _, err := s.Load(ctx, "m1")
	if err != nil || got.Status != store.StatusLive || got.Result != nil || got.Version != m.Version {
		t.Errorf("after the failed rating the match is %+v, %v; want it as before (the result not stored)", got, err)
	}
	// The same change with a working Rate then commits.
	if err := s.Save(ctx, finish(m, plus([]float64{1, -1}, nil))); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Ratings(ctx, "a_alice"); err != nil || len(r) != 1 || r[0].Rating != 1501 {
		t.Errorf("Ratings(alice) = %+v, %v; want 1501", r, err)
	}
}

func testUnboundNotRated(t *testing.T, s RatingStore) {
	ctx := context.Background()
	createAccounts(t, s, "alice")
	m := ratedMatch(t, s, "m1", 0, "a_alice", "")
	called := false
	rate := func(b []store.Rating) ([]store.Rating, error) { called = true; return b, nil }
	if err := s.Save(ctx, finish(m, rate)); err != nil {
		t.Fatal(err)
	}
	if called {
		t.Error("Rate was called for a match with a seat no account holds")
	}
	if r, err := s.Ratings(ctx, "a_alice"); err != nil || len(r) != 0 {
		t.Errorf("Ratings(alice) = %+v, %v; want none", r, err)
	}
	if got, _, err := s.Load(ctx, "m1"); err != nil || got.Status != store.StatusFinished {
		t.Errorf("match = %+v, %v; want finished", got, err)
	}
}

// testConcurrentRatings finishes many matches of one account at once:
// every one's update must build on the one before (no lost update).
func testConcurrentRatings(t *testing.T, s RatingStore) {
	ctx := context.Background()
	const n = 20
	names := []string{"hub"}
	for i := range n {
		names = append(names, fmt.Sprintf("p%d", i))
	}
	createAccounts(t, s, names...)
	ms := make([]store.Match, n)
	for i := range n {
		ms[i] = ratedMatch(t, s, fmt.Sprintf("m%d", i), i, "a_hub", fmt.Sprintf("a_p%d", i))
	}
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() { errs[i] = s.Save(ctx, finish(ms[i], plus([]float64{1, -1}, nil))) })
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	r, err := s.Ratings(ctx, "a_hub")
	if err != nil || len(r) != 1 || r[0].Games != n || r[0].Rating != 1500+n {
		t.Errorf("Ratings(hub) = %+v, %v; want %d games and rating %d", r, err, n, 1500+n)
	}
}

func testLeaderboard(t *testing.T, s RatingStore) {
	ctx := context.Background()
	createAccounts(t, s, "Ann", "bea", "cid", "dan")
	// ann beats bea by 50 (RD 340 each), cid beats dan by 200.
	m1 := ratedMatch(t, s, "m1", 0, "a_Ann", "a_bea")
	m2 := ratedMatch(t, s, "m2", 1, "a_cid", "a_dan")
	if err := s.Save(ctx, finish(m1, plus([]float64{50, -50}, nil))); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(ctx, finish(m2, plus([]float64{200, -200}, nil))); err != nil {
		t.Fatal(err)
	}
	key := store.RatingKey{Game: "race", Variant: "standard", Players: 2}
	got, err := s.Leaderboard(ctx, key, 400, 3)
	names := func(ls []store.Leader) []string {
		var out []string
		for _, l := range ls {
			out = append(out, fmt.Sprintf("%s %.0f", l.Name, l.Rating.Rating))
		}
		return out
	}
	if want := []string{"cid 1700", "Ann 1550", "bea 1450"}; err != nil || !reflect.DeepEqual(names(got), want) {
		t.Errorf("Leaderboard = %v, %v; want %v", names(got), err, want)
	}
	if got, err := s.Leaderboard(ctx, key, 340, 10); err != nil || len(got) != 0 {
		t.Errorf("Leaderboard below RD 340 = %v, %v; want none (every RD is 340)", names(got), err)
	}
	if got, err := s.Leaderboard(ctx, store.RatingKey{Game: "race", Variant: "standard", Players: 3}, 400, 10); err != nil || len(got) != 0 {
		t.Errorf("Leaderboard for 3 players = %v, %v; want none", names(got), err)
	}
}

func testProfile(t *testing.T, s RatingStore) {
	ctx := context.Background()
	createAccounts(t, s, "alice", "bob")
	m1 := ratedMatch(t, s, "m1", 0, "a_alice", "a_bob")
	if err := s.Save(ctx, finish(m1, plus([]float64{10, -10}, nil))); err != nil {
		t.Fatal(err)
	}
	// A casual match bob wins from seat 0, played after, against a guest.
	m2 := ratedMatch(t, s, "m2", 5, "a_bob", "")
	next := finish(m2, nil)
	next.Match.Updated = next.Match.Updated.Add(time.Minute)
	if err := s.Save(ctx, next); err != nil {
		t.Fatal(err)
	}
	// A live match is not played yet.
	ratedMatch(t, s, "m3", 6, "a_alice", "a_bob")

	got, err := s.PlayedMatches(ctx, "a_bob", store.ArchiveFilter{Limit: 10})
	if err != nil || len(got) != 2 {
		t.Fatalf("PlayedMatches(bob) = %+v, %v; want 2", got, err)
	}
	if p := got[0]; p.Match.ID != "m2" || p.Seat != 0 || p.Outcome != store.OutcomeWin || !reflect.DeepEqual(p.Names, []string{"bob", ""}) || p.Change != nil {
		t.Errorf("newest played = %+v; want m2 from seat 0 against a guest, no rating change", p)
	}
	if p := got[1]; p.Match.ID != "m1" || p.Seat != 1 || p.Outcome != store.OutcomeLoss || !reflect.DeepEqual(p.Names, []string{"alice", "bob"}) ||
		p.Change == nil || p.Change.Before != 1500 || p.Change.After != 1490 || p.Change.RD != 340 || p.Change.Seat != 1 {
		t.Errorf("older played = %+v (change %+v); want m1 from seat 1, 1500 -> 1490", p, p.Change)
	}
	if got, err := s.PlayedMatches(ctx, "a_bob", store.ArchiveFilter{Limit: 1}); err != nil || len(got) != 1 || got[0].Match.ID != "m2" {
		t.Errorf("PlayedMatches(bob, 1) = %+v, %v; want m2 only", got, err)
	}
	names, err := s.SeatNames(ctx, []string{"m1", "m2", "nope"})
	want := map[string]map[int]string{"m1": {0: "alice", 1: "bob"}, "m2": {0: "bob"}}
	if err != nil || !reflect.DeepEqual(names, want) {
		t.Errorf("SeatNames = %v, %v; want %v", names, err, want)
	}
}

// finishWith finishes m with res at base+at seconds, rated by rate (nil:
// casual).
func finishWith(t *testing.T, s RatingStore, m store.Match, res store.Result, at int, rate func([]store.Rating) ([]store.Rating, error)) {
	t.Helper()
	ch := finish(m, rate)
	ch.Match.Result = &res
	ch.Match.Updated = base.Add(time.Duration(at) * time.Second)
	if ch.Ratings != nil {
		ch.Ratings.At = ch.Match.Updated
	}
	if err := s.Save(context.Background(), ch); err != nil {
		t.Fatal(err)
	}
}

// archiveFixture has alice play bob five finished matches (m1 oldest ..
// m5 newest; alice wins m1 and m4 rated, loses m2 casual, draws m3 rated,
// and m5, a casual "other" game, ends with everyone losing) and one
// live match m6.
func archiveFixture(t *testing.T, s RatingStore) {
	t.Helper()
	createAccounts(t, s, "alice", "bob")
	type spec struct {
		id    string
		game  string
		rated bool
		res   store.Result
	}
	for i, sp := range []spec{
		{"m1", "race", true, store.Result{Winners: []int{0}, Reason: "line"}},
		{"m2", "race", false, store.Result{Winners: []int{1}, Reason: "line"}},
		{"m3", "race", true, store.Result{Reason: "agreed"}},
		{"m4", "race", true, store.Result{Winners: []int{0}, Reason: "timeout"}},
		{"m5", "other", false, store.Result{AllLose: true, Reason: "collapse"}},
	} {
		m := NewMatch(sp.id, i)
		m.Game, m.Rated = sp.game, sp.rated
		m.Seats = []store.Seat{{TokenHash: "aa"}, {TokenHash: "bb"}}
		if err := s.Create(context.Background(), m); err != nil {
			t.Fatal(err)
		}
		for seat, a := range []string{"a_alice", "a_bob"} {
			if err := s.BindSeat(context.Background(), a, store.SeatRef{Match: sp.id, Seat: seat}); err != nil {
				t.Fatal(err)
			}
		}
		var rate func([]store.Rating) ([]store.Rating, error)
		if sp.rated {
			rate = plus([]float64{float64(10 * (i + 1)), -float64(10 * (i + 1))}, nil)
		}
		finishWith(t, s, m, sp.res, 100+i*10, rate)
	}
	ratedMatch(t, s, "m6", 9, "a_alice", "a_bob")
}

func testArchive(t *testing.T, s RatingStore) {
	ctx := context.Background()
	archiveFixture(t, s)
	yes, no := true, false
	ids := func(ps []store.PlayedMatch) []string {
		out := []string{}
		for _, p := range ps {
			out = append(out, p.Match.ID+":"+p.Outcome)
		}
		return out
	}
	for _, tt := range []struct {
		name    string
		account string
		f       store.ArchiveFilter
		want    []string
	}{
		{"all", "a_alice", store.ArchiveFilter{Limit: 10}, []string{"m5:loss", "m4:win", "m3:draw", "m2:loss", "m1:win"}},
		{"bob sees the other side", "a_bob", store.ArchiveFilter{Limit: 10}, []string{"m5:loss", "m4:loss", "m3:draw", "m2:win", "m1:loss"}},
		{"game", "a_alice", store.ArchiveFilter{Game: "race", Limit: 10}, []string{"m4:win", "m3:draw", "m2:loss", "m1:win"}},
		{"wins", "a_alice", store.ArchiveFilter{Outcome: store.OutcomeWin, Limit: 10}, []string{"m4:win", "m1:win"}},
		{"losses", "a_alice", store.ArchiveFilter{Outcome: store.OutcomeLoss, Limit: 10}, []string{"m5:loss", "m2:loss"}},
		{"draws", "a_alice", store.ArchiveFilter{Outcome: store.OutcomeDraw, Limit: 10}, []string{"m3:draw"}},
		{"rated", "a_alice", store.ArchiveFilter{Rated: &yes, Limit: 10}, []string{"m4:win", "m3:draw", "m1:win"}},
		{"casual", "a_alice", store.ArchiveFilter{Rated: &no, Limit: 10}, []string{"m5:loss", "m2:loss"}},
		{"rated wins of race", "a_alice", store.ArchiveFilter{Game: "race", Rated: &yes, Outcome: store.OutcomeWin, Limit: 10}, []string{"m4:win", "m1:win"}},
		{"limit", "a_alice", store.ArchiveFilter{Limit: 2}, []string{"m5:loss", "m4:win"}},
		{"after", "a_alice", store.ArchiveFilter{Limit: 2, After: &store.ArchiveCursor{Ended: base.Add(130 * time.Second), ID: "m4"}}, []string{"m3:draw", "m2:loss"}},
		{"after with filter", "a_alice", store.ArchiveFilter{Outcome: store.OutcomeWin, Limit: 10, After: &store.ArchiveCursor{Ended: base.Add(130 * time.Second), ID: "m4"}}, []string{"m1:win"}},
		{"none", "a_alice", store.ArchiveFilter{Game: "nope", Limit: 10}, []string{}},
		{"no account", "a_nobody", store.ArchiveFilter{Limit: 10}, []string{}},
	} {
		got, err := s.PlayedMatches(ctx, tt.account, tt.f)
		if err != nil || !reflect.DeepEqual(ids(got), tt.want) {
			t.Errorf("%s: PlayedMatches = %v, %v; want %v", tt.name, ids(got), err, tt.want)
		}
	}
	// Paging through everything two at a time gives every match once.
	var all []string
	f := store.ArchiveFilter{Limit: 2}
	for page := 0; page < 5; page++ {
		got, err := s.PlayedMatches(ctx, "a_alice", f)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) == 0 {
			break
		}
		all = append(all, ids(got)...)
		last := got[len(got)-1].Match
		f.After = &store.ArchiveCursor{Ended: last.Updated, ID: last.ID}
	}
	if want := []string{"m5:loss", "m4:win", "m3:draw", "m2:loss", "m1:win"}; !reflect.DeepEqual(all, want) {
		t.Errorf("paged archive = %v; want %v", all, want)
	}
}

func testTallies(t *testing.T, s RatingStore) {
	ctx := context.Background()
	archiveFixture(t, s)
	// A 3-player match alice wins with bob (both winners, not everyone).
	m := NewMatch("m7", 20)
	m.Players = 3
	m.Seats = []store.Seat{{TokenHash: "aa"}, {TokenHash: "bb"}, {TokenHash: "cc"}}
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	for seat, a := range []string{"a_alice", "a_bob"} {
		if err := s.BindSeat(ctx, a, store.SeatRef{Match: "m7", Seat: seat}); err != nil {
			t.Fatal(err)
		}
	}
	finishWith(t, s, m, store.Result{Winners: []int{0, 1}, Reason: "line"}, 300, nil)
	// A 2-player match where both seats won: a draw.
	m8 := NewMatch("m8", 21)
	m8.Seats = []store.Seat{{TokenHash: "aa"}, {TokenHash: "bb"}}
	if err := s.Create(ctx, m8); err != nil {
		t.Fatal(err)
	}
	if err := s.BindSeat(ctx, "a_alice", store.SeatRef{Match: "m8", Seat: 1}); err != nil {
		t.Fatal(err)
	}
	finishWith(t, s, m8, store.Result{Winners: []int{0, 1}, Reason: "shared"}, 310, nil)
	for _, tt := range []struct {
		account string
		want    []store.Tally
	}{
		{"a_alice", []store.Tally{{Game: "other", Losses: 1}, {Game: "race", Wins: 3, Draws: 2, Losses: 1}}},
		{"a_bob", []store.Tally{{Game: "other", Losses: 1}, {Game: "race", Wins: 2, Draws: 1, Losses: 2}}},
		{"a_nobody", nil},
	} {
		got, err := s.Tallies(ctx, tt.account)
		if err != nil || (len(got) > 0 || len(tt.want) > 0) && !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Tallies(%s) = %+v, %v; want %+v", tt.account, got, err, tt.want)
		}
	}
}

func testRatingHistory(t *testing.T, s RatingStore) {
	ctx := context.Background()
	archiveFixture(t, s)
	key := store.RatingKey{Game: "race", Variant: "standard", Players: 2}
	points := func(cs []store.RatingChange) []string {
		out := []string{}
		for _, c := range cs {
			out = append(out, fmt.Sprintf("%s %.0f>%.0f", c.Match, c.Before, c.After))
		}
		return out
	}
	// alice gains 10 in m1, 30 in m3, 40 in m4 (plus's deltas by index).
	for _, tt := range []struct {
		account string
		key     store.RatingKey
		limit   int
		want    []string
	}{
		{"a_alice", key, 10, []string{"m1 1500>1510", "m3 1510>1540", "m4 1540>1580"}},
		{"a_alice", key, 2, []string{"m3 1510>1540", "m4 1540>1580"}},
		{"a_bob", key, 10, []string{"m1 1500>1490", "m3 1490>1460", "m4 1460>1420"}},
		{"a_alice", store.RatingKey{Game: "other", Variant: "standard", Players: 2}, 10, []string{}},
	} {
		got, err := s.RatingHistory(ctx, tt.account, tt.key, tt.limit)
		if err != nil || !reflect.DeepEqual(points(got), tt.want) {
			t.Errorf("RatingHistory(%s, %v, %d) = %v, %v; want %v", tt.account, tt.key, tt.limit, points(got), err, tt.want)
		}
	}
	got, err := s.RatingHistory(ctx, "a_alice", key, 1)
	if err != nil || len(got) != 1 || !got[0].At.Equal(base.Add(130*time.Second)) || got[0].RD != 320 || got[0].Seat != 0 || got[0].Key != key {
		t.Errorf("RatingHistory(alice, 1) = %+v, %v; want m4 at base+130s, RD 320, seat 0", got, err)
	}
}

// testBindWithChange binds a seat in the change that takes it (a
// logged-in join): the seat and the binding commit together, and a
// binding that fails (another account holds the seat, or no such
// account) keeps nothing of the change.
func testBindWithChange(t *testing.T, s RatingStore) {
	ctx := context.Background()
	createAccounts(t, s, "alice", "bob")
	m := NewMatch("m1", 0)
	m.Status = store.StatusWaiting
	m.Seats = []store.Seat{{TokenHash: "aa"}, {}}
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	if err := s.BindSeat(ctx, "a_alice", store.SeatRef{Match: "m1", Seat: 0}); err != nil {
		t.Fatal(err)
	}
	join := func(from store.Match, account string, seat int) store.Change {
		next := advance(from, 0)
		next.Status = store.StatusLive
		next.Seats = []store.Seat{{TokenHash: "aa"}, {TokenHash: "bb"}}
		return store.Change{Match: next, Prev: from.Version, Truncate: -1, Bind: []store.Binding{{Account: account, Seat: seat}}}
	}
	// Another account's seat: refused, and the join is not stored.
	if err := s.Save(ctx, join(m, "a_bob", 0)); !errors.Is(err, store.ErrConflict) {
		t.Fatalf("Save binding alice's seat to bob = %v; want ErrConflict", err)
	}
	// No such account: refused, nothing stored.
	if err := s.Save(ctx, join(m, "a_nobody", 1)); err == nil {
		t.Fatal("Save binding a seat to no account succeeded")
	}
	if got, _, err := s.Load(ctx, "m1"); err != nil || got.Version != m.Version || got.Seats[1].TokenHash != "" || got.Status != store.StatusWaiting {
		t.Fatalf("after the refused joins the match is %+v, %v; want it as created", got, err)
	}
	if got, err := s.SeatAccounts(ctx, "m1"); err != nil || !reflect.DeepEqual(got, map[int]string{0: "a_alice"}) {
		t.Fatalf("after the refused joins SeatAccounts = %v, %v; want alice's seat only", got, err)
	}
	// bob's join of seat 1 commits with its binding.
	ch := join(m, "a_bob", 1)
	if err := s.Save(ctx, ch); err != nil {
		t.Fatal(err)
	}
	if got, err := s.SeatAccounts(ctx, "m1"); err != nil || !reflect.DeepEqual(got, map[int]string{0: "a_alice", 1: "a_bob"}) {
		t.Errorf("after the join SeatAccounts = %v, %v; want alice and bob", got, err)
	}
	if got, _, err := s.Load(ctx, "m1"); err != nil || got.Version != ch.Match.Version || got.Status != store.StatusLive {
		t.Errorf("after the join the match is %+v, %v; want it live at version %d", got, err, ch.Match.Version)
	}
}
