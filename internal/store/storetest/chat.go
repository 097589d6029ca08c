package storetest

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// ChatStore is a store with matches, accounts, chat and tokens: what
// internal/server uses for chat and the bot API.
type ChatStore interface {
	AccountStore
	store.Chats
	store.Tokens
}

// RunChat runs the chat and token suite; open returns a new, empty store
// for each subtest.
func RunChat(t *testing.T, open func(t *testing.T) ChatStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s ChatStore)
	}{
		{"ChatOrder", testChatOrder},
		{"ChatCap", testChatCap},
		{"ChatConcurrentCap", testChatConcurrentCap},
		{"ChatMutes", testChatMutes},
		{"Tokens", testTokens},
		{"TokenCap", testTokenCap},
		{"Bot", testBot},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, open(t)) })
	}
}

func chatLine(match string, i int) store.ChatMessage {
	return store.ChatMessage{Match: match, Channel: store.ChatPlayers, Seat: i % 2, Account: "", Name: "",
		Text: "line " + string(rune('a'+i%26)), At: base.Add(time.Duration(i) * time.Second)}
}

// testChatOrder: messages come back oldest first with their IDs, per
// match, the last limit of them.
func testChatOrder(t *testing.T, s ChatStore) {
	ctx := context.Background()
	for _, id := range []string{"m1", "m2"} {
		if err := s.Create(ctx, NewMatch(id, 0)); err != nil {
			t.Fatal(err)
		}
	}
	var want []store.ChatMessage
	for i := range 5 {
		m := chatLine("m1", i)
		if i == 3 {
			m.Channel, m.Seat, m.Account, m.Name = store.ChatSpectators, -1, "a_1", "Alice"
		}
		id, err := s.AddChat(ctx, m, 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(want) > 0 && id <= want[len(want)-1].ID {
			t.Errorf("message %d: ID %d after %d; want ascending", i, id, want[len(want)-1].ID)
		}
		m.ID = id
		want = append(want, m)
		if _, err := s.AddChat(ctx, chatLine("m2", i), 100); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.ChatMessages(ctx, "m1", 100)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("ChatMessages = %+v, %v;\nwant %+v", got, err, want)
	}
	got, err = s.ChatMessages(ctx, "m1", 2)
	if err != nil || !reflect.DeepEqual(got, want[3:]) {
		t.Errorf("ChatMessages(limit 2) = %+v, %v; want the last two %+v", got, err, want[3:])
	}
	if got, err := s.ChatMessages(ctx, "m9", 10); err != nil || len(got) != 0 {
		t.Errorf("ChatMessages(no chat) = %v, %v; want none", got, err)
	}
}

// testChatCap: a match's chat holds at most max messages.
func testChatCap(t *testing.T, s ChatStore) {
	ctx := context.Background()
	if err := s.Create(ctx, NewMatch("m1", 0)); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if _, err := s.AddChat(ctx, chatLine("m1", i), 3); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.AddChat(ctx, chatLine("m1", 3), 3); !errors.Is(err, store.ErrConflict) {
		t.Errorf("AddChat past max = %v; want ErrConflict", err)
	}
	if got, _ := s.ChatMessages(ctx, "m1", 10); len(got) != 3 {
		t.Errorf("%d messages stored; want 3", len(got))
	}
}

// testChatConcurrentCap: messages added at once never pass max.
func testChatConcurrentCap(t *testing.T, s ChatStore) {
	ctx := context.Background()
	if err := s.Create(ctx, NewMatch("m1", 0)); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() { s.AddChat(ctx, chatLine("m1", i), 5) })
	}
	wg.Wait()
	if got, err := s.ChatMessages(ctx, "m1", 100); err != nil || len(got) != 5 {
		t.Errorf("%d messages stored (%v); want 5", len(got), err)
	}
}

// testChatMutes: a seat's mutes are stored per match and seat, replaced
// by the next, and removed by 0; another match's are apart.
func testChatMutes(t *testing.T, s ChatStore) {
	ctx := context.Background()
	for _, id := range []string{"m1", "m2"} {
		if err := s.Create(ctx, NewMatch(id, 0)); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := s.ChatMutes(ctx, "m1"); err != nil || len(got) != 0 {
		t.Fatalf("ChatMutes(none) = %v, %v; want an empty map", got, err)
	}
	for _, step := range []struct {
		match string
		seat  int
		muted uint32
	}{
		{"m1", 0, 0b10}, {"m1", 2, 0b1011}, {"m2", 1, 0b1}, {"m1", 0, 0b110}, {"m1", 2, 0}, {"m1", 3, 1 << 31},
	} {
		if err := s.SetChatMutes(ctx, step.match, step.seat, step.muted); err != nil {
			t.Fatalf("SetChatMutes%+v: %v", step, err)
		}
	}
	want := map[string]map[int]uint32{"m1": {0: 0b110, 3: 1 << 31}, "m2": {1: 0b1}}
	for match, w := range want {
		if got, err := s.ChatMutes(ctx, match); err != nil || !reflect.DeepEqual(got, w) {
			t.Errorf("ChatMutes(%s) = %v, %v; want %v", match, got, err, w)
		}
	}
	if err := s.SetChatMutes(ctx, "m2", 1, 0); err != nil {
		t.Fatal(err)
	}
	if got, err := s.ChatMutes(ctx, "m2"); err != nil || len(got) != 0 {
		t.Errorf("ChatMutes after unmuting = %v, %v; want none", got, err)
	}
}

func token(id, account string, i int) store.AccessToken {
	return store.AccessToken{ID: id, Hash: "hash-" + id, Account: account, Description: "bot " + id,
		Scopes: []string{"bot:play"}, Created: base.Add(time.Duration(i) * time.Second)}
}

// testTokens: a token is found by its hash with its account, listed,
// touched and revoked by its owner only.
func testTokens(t *testing.T, s ChatStore) {
	ctx := context.Background()
	createAccountsOf(t, s, "Alice", "Bob")
	t1, t2 := token("t1", "a_alice", 1), token("t2", "a_alice", 2)
	t2.Scopes = []string{"bot:play", "challenge:read"}
	for _, tk := range []store.AccessToken{t2, t1} {
		if err := s.CreateToken(ctx, tk, 10); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateToken(ctx, token("t3", "a_nobody", 3), 10); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("CreateToken(no account) = %v; want ErrNotFound", err)
	}
	if err := s.CreateToken(ctx, token("t1", "a_bob", 3), 10); !errors.Is(err, store.ErrConflict) {
		t.Errorf("CreateToken(same ID) = %v; want ErrConflict", err)
	}
	got, err := s.AccountTokens(ctx, "a_alice")
	if err != nil || !reflect.DeepEqual(got, []store.AccessToken{t1, t2}) {
		t.Errorf("AccountTokens = %+v, %v; want t1, t2", got, err)
	}
	tk, a, bot, err := s.TokenAccount(ctx, "hash-t2")
	if err != nil || !reflect.DeepEqual(tk, t2) || a.ID != "a_alice" || a.Name != "Alice" || bot {
		t.Errorf("TokenAccount = %+v, %+v, %v, %v; want t2 of Alice, no bot", tk, a, bot, err)
	}
	at := base.Add(time.Hour)
	if err := s.TouchToken(ctx, "hash-t2", at); err != nil {
		t.Fatal(err)
	}
	if tk, _, _, _ := s.TokenAccount(ctx, "hash-t2"); !tk.Used.Equal(at) {
		t.Errorf("Used = %v after TouchToken; want %v", tk.Used, at)
	}
	if err := s.RevokeToken(ctx, "a_bob", "t2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("RevokeToken(another's) = %v; want ErrNotFound", err)
	}
	if err := s.RevokeToken(ctx, "a_alice", "t2"); err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := s.TokenAccount(ctx, "hash-t2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("TokenAccount(revoked) = %v; want ErrNotFound", err)
	}
	if got, _ := s.AccountTokens(ctx, "a_alice"); len(got) != 1 || got[0].ID != "t1" {
		t.Errorf("AccountTokens after revoke = %+v; want t1", got)
	}
}

// testTokenCap: an account holds at most max tokens.
func testTokenCap(t *testing.T, s ChatStore) {
	ctx := context.Background()
	createAccountsOf(t, s, "Alice")
	for i := range 2 {
		if err := s.CreateToken(ctx, token("t"+string(rune('0'+i)), "a_alice", i), 2); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.CreateToken(ctx, token("t9", "a_alice", 9), 2); !errors.Is(err, store.ErrConflict) {
		t.Errorf("CreateToken past max = %v; want ErrConflict", err)
	}
}

// testBot: the bot flag is set once and for good, and TokenAccount
// reports it.
func testBot(t *testing.T, s ChatStore) {
	ctx := context.Background()
	createAccountsOf(t, s, "Alice", "Bob")
	if err := s.CreateToken(ctx, token("t1", "a_alice", 1), 10); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := s.SetBot(ctx, "a_alice", base); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.SetBot(ctx, "a_nobody", base); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetBot(no account) = %v; want ErrNotFound", err)
	}
	var got []bool
	for _, a := range []string{"a_alice", "a_bob"} {
		b, err := s.IsBot(ctx, a)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, b)
	}
	if !slices.Equal(got, []bool{true, false}) {
		t.Errorf("IsBot(alice, bob) = %v; want true, false", got)
	}
	if _, _, bot, err := s.TokenAccount(ctx, "hash-t1"); err != nil || !bot {
		t.Errorf("TokenAccount of a bot = %v, %v; want bot", bot, err)
	}
}

// createAccountsOf creates accounts "a_" + lower(name).
func createAccountsOf(t *testing.T, s ChatStore, names ...string) {
	t.Helper()
	for i, n := range names {
		if err := s.CreateAccount(context.Background(), NewAccount("a_"+lower(n), n, i)); err != nil {
			t.Fatal(err)
		}
	}
}
