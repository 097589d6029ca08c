package account

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestCheckName(t *testing.T) {
	extra := []string{"Stockfish", "random"}
	for _, tt := range []struct {
		name, canon string
		ok          bool
	}{
		{"Alice", "alice", true},
		{"a_b-c9", "a_b-c9", true},
		{"abc", "abc", true},
		{strings.Repeat("x", 20), strings.Repeat("x", 20), true},
		{"ab", "", false},
		{strings.Repeat("x", 21), "", false},
		{"9lives", "", false},
		{"_under", "", false},
		{"has space", "", false},
		{"naïve", "", false},
		{"dot.ted", "", false},
		{"Random", "", false},
		{"ADMIN", "", false},
		{"tabula", "", false},
		{"system", "", false},
		{"Guest", "", false},
		{"bot", "", false},
		{"Bot3", "", false},
		{"botany", "", false},
		{"stockfish", "", false},
	} {
		canon, err := CheckName(tt.name, extra)
		if tt.ok != (err == nil) || canon != tt.canon {
			t.Errorf("CheckName(%q) = %q, %v; want %q, ok %v", tt.name, canon, err, tt.canon, tt.ok)
		}
		if err != nil && !errors.Is(err, ErrBadUsername) {
			t.Errorf("CheckName(%q): %v does not wrap ErrBadUsername", tt.name, err)
		}
	}
}

func TestCheckPassword(t *testing.T) {
	for _, tt := range []struct {
		n  int
		ok bool
	}{{7, false}, {8, true}, {256, true}, {257, false}, {0, false}} {
		err := CheckPassword(strings.Repeat("p", tt.n))
		if tt.ok != (err == nil) || (err != nil && !errors.Is(err, ErrBadPassword)) {
			t.Errorf("CheckPassword(%d bytes) = %v", tt.n, err)
		}
	}
}

// cheap are parameters for tests: the logic is the same at any cost.
var cheap = Params{Time: 1, MemoryKiB: 64, Threads: 1, SaltLen: 16, KeyLen: 32}

func TestHashVerify(t *testing.T) {
	ctx := context.Background()
	h := NewHasher(cheap, rand.Reader, 2, 2, time.Second)
	enc, err := h.Hash(ctx, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Fatalf("hash %q is not in the PHC form", enc)
	}
	if enc2, _ := h.Hash(ctx, "correct horse"); enc2 == enc {
		t.Error("two hashes of one password are equal: no salt")
	}
	if ok, stale, err := h.Verify(ctx, enc, "correct horse"); !ok || stale || err != nil {
		t.Errorf("Verify(right) = %v, %v, %v", ok, stale, err)
	}
	if ok, _, err := h.Verify(ctx, enc, "correct horsf"); ok || err != nil {
		t.Errorf("Verify(wrong) = %v, %v", ok, err)
	}
	// A hash made with other parameters still verifies, and is stale.
	h2 := NewHasher(Params{Time: 2, MemoryKiB: 128, Threads: 1, SaltLen: 16, KeyLen: 32}, rand.Reader, 1, 1, time.Second)
	if ok, stale, err := h2.Verify(ctx, enc, "correct horse"); !ok || !stale || err != nil {
		t.Errorf("Verify with new parameters = %v, %v, %v; want true, stale", ok, stale, err)
	}
	if ok, _, _ := h.Verify(ctx, h.Dummy(), "correct horse"); ok {
		t.Error("the dummy hash verified a password")
	}
	for _, bad := range []string{"", "$argon2i$v=19$m=64,t=1,p=1$AAAA$AAAA", "$argon2id$v=19$m=99999999,t=1,p=1$AAAA$AAAA",
		"$argon2id$v=19$m=64,t=1,p=0$AAAA$AAAA", "$argon2id$v=19$m=64,t=1,p=1$!!$AAAA"} {
		if _, _, err := h.Verify(ctx, bad, "x"); !errors.Is(err, ErrBadHash) {
			t.Errorf("Verify(%q) = %v; want ErrBadHash", bad, err)
		}
	}
}

// TestHasherBound checks that no more hashes run at once than the bound,
// that one waiting past the wait gets ErrBusy, and one past the queue at
// once.
func TestHasherBound(t *testing.T) {
	h := NewHasher(cheap, rand.Reader, 1, 1, 20*time.Millisecond)
	release := make(chan struct{})
	started := make(chan struct{})
	go h.run(context.Background(), func() { close(started); <-release })
	<-started
	if _, err := h.Hash(context.Background(), "password1"); !errors.Is(err, ErrBusy) {
		t.Errorf("Hash with the only slot held = %v; want ErrBusy", err)
	}
	h.wait = time.Minute
	waiting := make(chan error)
	go func() { _, err := h.Hash(context.Background(), "password1"); waiting <- err }()
	for h.waiting.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	start := time.Now()
	if _, err := h.Hash(context.Background(), "password1"); !errors.Is(err, ErrBusy) || time.Since(start) > 10*time.Second {
		t.Errorf("Hash past the queue = %v after %v; want ErrBusy at once", err, time.Since(start))
	}
	close(release)
	if err := <-waiting; err != nil {
		t.Errorf("the queued Hash once the slot was freed: %v", err)
	}
	if _, err := h.Hash(context.Background(), "password1"); err != nil {
		t.Errorf("Hash after the slot was freed: %v", err)
	}
}

func TestTokens(t *testing.T) {
	r := bytes.NewReader(bytes.Repeat([]byte{7}, 64))
	a, err := NewToken(r)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewToken(r)
	if len(a) != 43 || a != b { // same bytes, same token: the randomness is the reader's
		t.Errorf("tokens %q, %q", a, b)
	}
	if HashToken(a) == a || CSRF(a) == a || CSRF(a) == HashToken(a) || CSRF(a) == CSRF(a+"x") {
		t.Error("token, stored hash and CSRF token are not distinct")
	}
}

// BenchmarkHash measures one hash at DefaultParams: the CPU a login costs.
func BenchmarkHash(b *testing.B) {
	h := NewHasher(DefaultParams, rand.Reader, 1, 1, time.Minute)
	for b.Loop() {
		if _, err := h.Hash(context.Background(), "correct horse battery"); err != nil {
			b.Fatal(err)
		}
	}
}
