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

	got, err := s.PlayedMatches(ctx, "a_bob", 10)
	if err != nil || len(got) != 2 {
		t.Fatalf("PlayedMatches(bob) = %+v, %v; want 2", got, err)
	}
	if p := got[0]; p.Match.ID != "m2" || p.Seat != 0 || !reflect.DeepEqual(p.Names, []string{"bob", ""}) || p.Change != nil {
		t.Errorf("newest played = %+v; want m2 from seat 0 against a guest, no rating change", p)
	}
	if p := got[1]; p.Match.ID != "m1" || p.Seat != 1 || !reflect.DeepEqual(p.Names, []string{"alice", "bob"}) ||
		p.Change == nil || p.Change.Before != 1500 || p.Change.After != 1490 || p.Change.RD != 340 || p.Change.Seat != 1 {
		t.Errorf("older played = %+v (change %+v); want m1 from seat 1, 1500 -> 1490", p, p.Change)
	}
	if got, err := s.PlayedMatches(ctx, "a_bob", 1); err != nil || len(got) != 1 || got[0].Match.ID != "m2" {
		t.Errorf("PlayedMatches(bob, 1) = %+v, %v; want m2 only", got, err)
	}
	res, err := s.SeatResults(ctx, "a_bob")
	if err != nil || len(res) != 2 {
		t.Fatalf("SeatResults(bob) = %+v, %v; want 2", res, err)
	}
	names, err := s.SeatNames(ctx, []string{"m1", "m2", "nope"})
	want := map[string]map[int]string{"m1": {0: "alice", 1: "bob"}, "m2": {0: "bob"}}
	if err != nil || !reflect.DeepEqual(names, want) {
		t.Errorf("SeatNames = %v, %v; want %v", names, err, want)
	}
}
