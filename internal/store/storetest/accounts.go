package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// AccountStore is a store with accounts (store.Accounts) and matches:
// what internal/server uses when its store has accounts.
type AccountStore interface {
	Store
	store.Accounts
}

// RunAccounts runs the accounts suite; open returns a new, empty store
// for each subtest.
func RunAccounts(t *testing.T, open func(t *testing.T) AccountStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s AccountStore)
	}{
		{"CreateAccount", testCreateAccount},
		{"SetPassword", testSetPassword},
		{"Sessions", testSessions},
		{"SessionCap", testSessionCap},
		{"ExpiredSessions", testExpiredSessions},
		{"BindSeat", testBindSeat},
		{"CreateBound", testCreateBound},
		{"AccountMatches", testAccountMatches},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, open(t)) })
	}
}

// NewAccount returns an account for tests, created at base+i seconds.
func NewAccount(id, name string, i int) store.Account {
	at := base.Add(time.Duration(i) * time.Second)
	return store.Account{ID: id, Name: name, Canonical: lower(name), PasswordHash: "$argon2id$test$" + id, Created: at, Updated: at}
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

func session(hash, account string, i int) store.Session {
	at := base.Add(time.Duration(i) * time.Second)
	return store.Session{Hash: hash, Account: account, Created: at, Seen: at, Expires: at.Add(time.Hour)}
}

func testCreateAccount(t *testing.T, s AccountStore) {
	ctx := context.Background()
	a := NewAccount("a_1", "Alice", 0)
	if err := s.CreateAccount(ctx, a); err != nil {
		t.Fatal(err)
	}
	got, err := s.AccountByName(ctx, "alice")
	if err != nil || !reflect.DeepEqual(got, a) {
		t.Errorf("AccountByName = %+v, %v; want %+v", got, err, a)
	}
	if _, err := s.AccountByName(ctx, "Alice"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByName(not canonical) = %v; want ErrNotFound", err)
	}
	if err := s.CreateAccount(ctx, NewAccount("a_2", "ALICE", 1)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("CreateAccount(same canonical name) = %v; want ErrConflict", err)
	}
	if err := s.CreateAccount(ctx, NewAccount("a_1", "Bob", 1)); !errors.Is(err, store.ErrConflict) {
		t.Errorf("CreateAccount(same ID) = %v; want ErrConflict", err)
	}
	if _, err := s.AccountByName(ctx, "bob"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountByName(bob) = %v; want ErrNotFound", err)
	}
}

func testSetPassword(t *testing.T, s AccountStore) {
	ctx := context.Background()
	a := NewAccount("a_1", "alice", 0)
	if err := s.CreateAccount(ctx, a); err != nil {
		t.Fatal(err)
	}
	for i, h := range []string{"s1", "s2", "s3"} {
		if err := s.CreateSession(ctx, session(h, a.ID, i), 10); err != nil {
			t.Fatal(err)
		}
	}
	at := base.Add(time.Minute)
	if err := s.SetPassword(ctx, a.ID, "new-hash", at, "s2"); err != nil {
		t.Fatal(err)
	}
	got, err := s.AccountByName(ctx, "alice")
	if err != nil || got.PasswordHash != "new-hash" || !got.Updated.Equal(at) || !got.Created.Equal(a.Created) {
		t.Errorf("after SetPassword: %+v, %v", got, err)
	}
	for h, want := range map[string]bool{"s1": false, "s2": true, "s3": false} {
		if _, _, err := s.SessionAccount(ctx, h); (err == nil) != want {
			t.Errorf("session %s after SetPassword keeping s2: %v; want kept %v", h, err, want)
		}
	}
	if err := s.SetPassword(ctx, "a_none", "x", at, ""); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetPassword(no account) = %v; want ErrNotFound", err)
	}
}

func testSessions(t *testing.T, s AccountStore) {
	ctx := context.Background()
	a := NewAccount("a_1", "alice", 0)
	if err := s.CreateAccount(ctx, a); err != nil {
		t.Fatal(err)
	}
	se := session("h1", a.ID, 5)
	if err := s.CreateSession(ctx, se, 10); err != nil {
		t.Fatal(err)
	}
	gs, ga, err := s.SessionAccount(ctx, "h1")
	if err != nil || !reflect.DeepEqual(gs, se) || !reflect.DeepEqual(ga, a) {
		t.Errorf("SessionAccount = %+v, %+v, %v; want %+v, %+v", gs, ga, err, se, a)
	}
	seen, exp := base.Add(time.Hour), base.Add(48*time.Hour)
	if err := s.TouchSession(ctx, "h1", seen, exp); err != nil {
		t.Fatal(err)
	}
	gs, _, err = s.SessionAccount(ctx, "h1")
	if err != nil || !gs.Seen.Equal(seen) || !gs.Expires.Equal(exp) || !gs.Created.Equal(se.Created) {
		t.Errorf("after TouchSession: %+v, %v", gs, err)
	}
	if err := s.DeleteSession(ctx, "h1"); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionAccount(ctx, "h1"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SessionAccount after DeleteSession = %v; want ErrNotFound", err)
	}
	if err := s.DeleteSession(ctx, "h1"); err != nil {
		t.Errorf("DeleteSession of a gone session = %v", err)
	}
	if err := s.TouchSession(ctx, "h1", seen, exp); err != nil {
		t.Errorf("TouchSession of a gone session = %v", err)
	}
}

func testSessionCap(t *testing.T, s AccountStore) {
	ctx := context.Background()
	for _, a := range []store.Account{NewAccount("a_1", "alice", 0), NewAccount("a_2", "bob", 0)} {
		if err := s.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateSession(ctx, session("b1", "a_2", 0), 3); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := s.CreateSession(ctx, session(fmt.Sprintf("s%d", i), "a_1", i), 3); err != nil {
			t.Fatal(err)
		}
	}
	var kept []string
	for _, h := range []string{"s0", "s1", "s2", "s3", "s4", "b1"} {
		if _, _, err := s.SessionAccount(ctx, h); err == nil {
			kept = append(kept, h)
		}
	}
	if want := []string{"s2", "s3", "s4", "b1"}; !slices.Equal(kept, want) {
		t.Errorf("sessions kept with a cap of 3: %v; want %v (the newest three of alice, bob's untouched)", kept, want)
	}
}

func testExpiredSessions(t *testing.T, s AccountStore) {
	ctx := context.Background()
	if err := s.CreateAccount(ctx, NewAccount("a_1", "alice", 0)); err != nil {
		t.Fatal(err)
	}
	for i, h := range []string{"s0", "s1", "s2"} {
		se := session(h, "a_1", 0)
		se.Expires = base.Add(time.Duration(i+1) * time.Hour) // 1 h, 2 h, 3 h
		if err := s.CreateSession(ctx, se, 10); err != nil {
			t.Fatal(err)
		}
	}
	n, err := s.DeleteExpiredSessions(ctx, base.Add(2*time.Hour))
	if err != nil || n != 2 {
		t.Errorf("DeleteExpiredSessions = %d, %v; want 2", n, err)
	}
	if _, _, err := s.SessionAccount(ctx, "s2"); err != nil {
		t.Errorf("the unexpired session: %v", err)
	}
	// A login ends the account's expired sessions.
	if err := s.CreateSession(ctx, session("s3", "a_1", 4*3600), 10); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.SessionAccount(ctx, "s2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a session expired before a new login: %v; want ErrNotFound", err)
	}
}

func testBindSeat(t *testing.T, s AccountStore) {
	ctx := context.Background()
	for _, a := range []store.Account{NewAccount("a_1", "alice", 0), NewAccount("a_2", "bob", 0)} {
		if err := s.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Create(ctx, NewMatch("m1", 0)); err != nil {
		t.Fatal(err)
	}
	if err := s.BindSeat(ctx, "a_1", store.SeatRef{Match: "m1", Seat: 1}); err != nil {
		t.Fatal(err)
	}
	if err := s.BindSeat(ctx, "a_1", store.SeatRef{Match: "m1", Seat: 0}); err != nil {
		t.Fatal(err)
	}
	if err := s.BindSeat(ctx, "a_1", store.SeatRef{Match: "m1", Seat: 0}); err != nil {
		t.Errorf("binding a seat again to its account = %v", err)
	}
	if err := s.BindSeat(ctx, "a_2", store.SeatRef{Match: "m1", Seat: 0}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("binding another account's seat = %v; want ErrConflict", err)
	}
	if err := s.BindSeat(ctx, "a_2", store.SeatRef{Match: "nope", Seat: 0}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("binding a seat of no match = %v; want ErrNotFound", err)
	}
	if got, err := s.AccountSeats(ctx, "a_1", "m1"); err != nil || !slices.Equal(got, []int{0, 1}) {
		t.Errorf("AccountSeats(a_1) = %v, %v; want [0 1]", got, err)
	}
	if got, err := s.AccountSeats(ctx, "a_2", "m1"); err != nil || len(got) != 0 {
		t.Errorf("AccountSeats(a_2) = %v, %v; want none", got, err)
	}
	if got, err := s.SeatAccounts(ctx, "m1"); err != nil || !reflect.DeepEqual(got, map[int]string{0: "a_1", 1: "a_1"}) {
		t.Errorf("SeatAccounts(m1) = %v, %v; want seats 0 and 1 of a_1", got, err)
	}
	if got, err := s.SeatAccounts(ctx, "nope"); err != nil || len(got) != 0 {
		t.Errorf("SeatAccounts(nope) = %v, %v; want none", got, err)
	}
}

func testAccountMatches(t *testing.T, s AccountStore) {
	ctx := context.Background()
	if err := s.CreateAccount(ctx, NewAccount("a_1", "alice", 0)); err != nil {
		t.Fatal(err)
	}
	statuses := []string{store.StatusWaiting, store.StatusLive, store.StatusFinished, store.StatusAborted, store.StatusLive}
	for i, st := range statuses {
		m := NewMatch(fmt.Sprintf("m%d", i), i)
		m.Status = st
		if err := s.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
		if err := s.BindSeat(ctx, "a_1", store.SeatRef{Match: m.ID, Seat: i % 2}); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.BindSeat(ctx, "a_1", store.SeatRef{Match: "m4", Seat: 1}); err != nil {
		t.Fatal(err)
	}
	got, err := s.AccountMatches(ctx, "a_1", 10)
	ref := func(m string, seat int) store.SeatRef { return store.SeatRef{Match: m, Seat: seat} }
	want := []store.SeatRef{ref("m4", 0), ref("m4", 1), ref("m1", 1), ref("m0", 0)}
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("AccountMatches = %v, %v; want %v", got, err, want)
	}
	// A match that ends leaves the list.
	m1 := NewMatch("m1", 1)
	next := advance(m1, 0)
	next.Status = store.StatusFinished
	next.Result = &store.Result{Winners: []int{0}, Reason: "resign"}
	if err := s.Save(ctx, store.Change{Match: next, Prev: m1.Version, Truncate: -1}); err != nil {
		t.Fatal(err)
	}
	got, err = s.AccountMatches(ctx, "a_1", 2)
	if want := want[:2]; err != nil || !slices.Equal(got, want) {
		t.Errorf("AccountMatches(limit 2) after m1 ended = %v, %v; want %v", got, err, want)
	}
	if got, err := s.AccountMatches(ctx, "a_1", 10); err != nil || len(got) != 3 {
		t.Errorf("AccountMatches after m1 ended = %v, %v; want 3 seats", got, err)
	}
}

// testCreateBound stores a match with its creator's seat bound in one
// transaction; a binding to no account stores nothing.
func testCreateBound(t *testing.T, s AccountStore) {
	ctx := context.Background()
	if err := s.CreateAccount(ctx, NewAccount("a_1", "alice", 0)); err != nil {
		t.Fatal(err)
	}
	m := NewMatch("m1", 0)
	if err := s.CreateBound(ctx, m, []store.Binding{{Account: "a_1", Seat: 0}}); err != nil {
		t.Fatal(err)
	}
	if got, _, err := s.Load(ctx, "m1"); err != nil || !reflect.DeepEqual(got, m) {
		t.Errorf("Load = %+v, %v; want %+v", got, err, m)
	}
	if got, err := s.SeatAccounts(ctx, "m1"); err != nil || !reflect.DeepEqual(got, map[int]string{0: "a_1"}) {
		t.Errorf("SeatAccounts = %v, %v; want seat 0 of a_1", got, err)
	}
	if err := s.CreateBound(ctx, NewMatch("m2", 1), []store.Binding{{Account: "a_nobody", Seat: 0}}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("CreateBound to no account = %v; want ErrNotFound", err)
	}
	if _, _, err := s.Load(ctx, "m2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after the refused CreateBound, Load(m2) = %v; want ErrNotFound (nothing stored)", err)
	}
	if err := s.CreateBound(ctx, m, nil); !errors.Is(err, store.ErrConflict) {
		t.Errorf("CreateBound of an existing ID = %v; want ErrConflict", err)
	}
}
