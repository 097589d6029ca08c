package storetest

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// SettingsStore is a store with accounts and their settings documents.
type SettingsStore interface {
	AccountStore
	store.Settings
}

// RunSettings runs the account settings suite; open returns a new, empty
// store for each subtest.
func RunSettings(t *testing.T, open func(t *testing.T) SettingsStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s SettingsStore)
	}{
		{"RoundTrip", testSettingsRoundTrip},
		{"NoAccount", testSettingsNoAccount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, open(t)) })
	}
}

// testSettingsRoundTrip: an account has no settings until some are set;
// setting again replaces them; settings are per account; the caller may
// reuse its buffer after the call.
func testSettingsRoundTrip(t *testing.T, s SettingsStore) {
	ctx := context.Background()
	for i, name := range []string{"alice", "bob"} {
		if err := s.CreateAccount(ctx, NewAccount("a_"+name, name, i)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.AccountSettings(ctx, "a_alice"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("AccountSettings before any = %v, want ErrNotFound", err)
	}
	one, two := []byte(`{"coords":false}`), []byte(`{"coords":true,"theme":"slate"}`)
	buf := bytes.Clone(one)
	if err := s.SetAccountSettings(ctx, "a_alice", buf, base); err != nil {
		t.Fatal(err)
	}
	copy(buf, "xxxxxxxx")
	if got, err := s.AccountSettings(ctx, "a_alice"); err != nil || !bytes.Equal(got, one) {
		t.Fatalf("AccountSettings = %s, %v; want %s", got, err, one)
	}
	if _, err := s.AccountSettings(ctx, "a_bob"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountSettings of bob = %v, want ErrNotFound", err)
	}
	if err := s.SetAccountSettings(ctx, "a_alice", two, base.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	if got, err := s.AccountSettings(ctx, "a_alice"); err != nil || !bytes.Equal(got, two) {
		t.Errorf("AccountSettings after replace = %s, %v; want %s", got, err, two)
	}
}

// testSettingsNoAccount: settings of an account that does not exist are
// refused with ErrNotFound and nothing is stored.
func testSettingsNoAccount(t *testing.T, s SettingsStore) {
	ctx := context.Background()
	if err := s.SetAccountSettings(ctx, "a_nobody", []byte(`{}`), base); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("SetAccountSettings of no account = %v, want ErrNotFound", err)
	}
	if _, err := s.AccountSettings(ctx, "a_nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("AccountSettings of no account = %v, want ErrNotFound", err)
	}
}
