package account

import (
	"context"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/crypto/argon2"
)

const (
	// MinPassword and MaxPassword bound a password's length in bytes:
	// eight is the least a guesser cannot run through online; 256 keeps
	// what one request makes the hash read small (argon2 itself takes any
	// length).
	MinPassword, MaxPassword = 8, 256
	// PasswordRule is the password rule, as told to a client.
	PasswordRule = "8 to 256 bytes"
)

var (
	// ErrBadPassword is a password outside PasswordRule.
	ErrBadPassword = errors.New("bad password")
	// ErrBusy is a hash that found no free slot within the Hasher's wait:
	// the server is checking as many passwords as it allows.
	ErrBusy = errors.New("account: too many password checks at once")
	// ErrBadHash is a stored hash the Hasher cannot read.
	ErrBadHash = errors.New("account: unreadable password hash")
)

// CheckPassword returns an error wrapping ErrBadPassword when password
// breaks PasswordRule.
func CheckPassword(password string) error {
	if len(password) < MinPassword || len(password) > MaxPassword {
		return fmt.Errorf("%w: %d bytes; want %s", ErrBadPassword, len(password), PasswordRule)
	}
	return nil
}

// Params are argon2id's cost parameters and sizes.
type Params struct {
	Time      uint32 // passes over the memory
	MemoryKiB uint32
	Threads   uint8
	SaltLen   uint32
	KeyLen    uint32
}

// DefaultParams are the cost of a new hash. Memory is what makes a
// guesser's hardware expensive, so it is the large term: 64 MiB, the
// figure RFC 9106 recommends where that much can be spared, with two
// passes (the RFC's memory-constrained choice is 3 passes at 64 MiB; two
// keep a login near a tenth of a second of one core, see docs/deploy.md).
// One thread: the server has two cores, and two logins hashing at once
// (DefaultConcurrent) then use one each instead of contending. A 16-byte
// salt and a 32-byte key are the RFC's sizes. Hashes are stored in the
// PHC string form with their parameters, so these can be raised later
// and old hashes still verify (and are redone at the next login).
var DefaultParams = Params{Time: 2, MemoryKiB: 64 << 10, Threads: 1, SaltLen: 16, KeyLen: 32}

const (
	// DefaultConcurrent bounds hashes at once: each holds MemoryKiB
	// (64 MiB), so a login flood holds at most 128 MiB and two cores,
	// and games keep running beside it.
	DefaultConcurrent = 2
	// DefaultWait is how long a hash waits for a slot before ErrBusy: a
	// person's login waits at most this long behind a flood.
	DefaultWait = 2 * time.Second
	// DefaultQueue bounds the hashes waiting for a slot; past it a hash
	// is refused at once (ErrBusy), so a flood's requests do not pile up:
	// 64 is more than two slots get through in DefaultWait.
	DefaultQueue = 64
	// maxStoredMemoryKiB and maxStoredTime bound the parameters read back
	// from a stored hash, so a damaged row cannot make a login allocate
	// gigabytes or run for minutes.
	maxStoredMemoryKiB, maxStoredTime = 1 << 20, 16
)

// Hasher hashes and verifies passwords with argon2id, at most a fixed
// number at once.
type Hasher struct {
	p       Params
	rand    io.Reader
	slots   chan struct{}
	queue   int64
	waiting atomic.Int64
	wait    time.Duration
}

// NewHasher returns a Hasher making hashes with p and salts from random,
// running at most concurrent hashes at once, with at most queue more
// waiting, each at most wait, for their turn.
func NewHasher(p Params, random io.Reader, concurrent, queue int, wait time.Duration) *Hasher {
	return &Hasher{p: p, rand: random, slots: make(chan struct{}, max(concurrent, 1)), queue: int64(queue), wait: wait}
}

// run runs f in a slot: it waits at most h.wait (and while ctx lives) for
// one, else returns ErrBusy; so it does at once when h.queue others wait.
func (h *Hasher) run(ctx context.Context, f func()) error {
	select {
	case h.slots <- struct{}{}:
	default:
		if h.waiting.Add(1) > h.queue {
			h.waiting.Add(-1)
			return ErrBusy
		}
		defer h.waiting.Add(-1)
		t := time.NewTimer(h.wait)
		defer t.Stop()
		select {
		case h.slots <- struct{}{}:
		case <-t.C:
			return ErrBusy
		case <-ctx.Done():
			return fmt.Errorf("account: wait for a hash slot: %w", ctx.Err())
		}
	}
	defer func() { <-h.slots }()
	f()
	return nil
}

// Hash returns password's hash in the PHC string form:
// $argon2id$v=19$m=65536,t=2,p=1$SALT$KEY (unpadded standard base64).
func (h *Hasher) Hash(ctx context.Context, password string) (string, error) {
	salt := make([]byte, h.p.SaltLen)
	if _, err := io.ReadFull(h.rand, salt); err != nil {
		return "", fmt.Errorf("account: salt: %w", err)
	}
	var key []byte
	if err := h.run(ctx, func() {
		key = argon2.IDKey([]byte(password), salt, h.p.Time, h.p.MemoryKiB, h.p.Threads, h.p.KeyLen)
	}); err != nil {
		return "", err
	}
	return encodePHC(h.p, salt, key), nil
}

func encodePHC(p Params, salt, key []byte) string {
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.MemoryKiB, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key))
}

// decodePHC reads a hash Hash wrote (with any parameters within bounds).
func decodePHC(s string) (p Params, salt, key []byte, err error) {
	parts := strings.Split(s, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" || parts[2] != fmt.Sprintf("v=%d", argon2.Version) {
		return p, nil, nil, ErrBadHash
	}
	var threads uint32
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.MemoryKiB, &p.Time, &threads); err != nil {
		return p, nil, nil, fmt.Errorf("%w: %w", ErrBadHash, err)
	}
	if p.MemoryKiB == 0 || p.MemoryKiB > maxStoredMemoryKiB || p.Time == 0 || p.Time > maxStoredTime || threads == 0 || threads > 255 {
		return p, nil, nil, ErrBadHash
	}
	p.Threads = uint8(threads)
	b64 := base64.RawStdEncoding
	if salt, err = b64.DecodeString(parts[4]); err != nil {
		return p, nil, nil, fmt.Errorf("%w: %w", ErrBadHash, err)
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) == 0 || len(key) > 1024 {
		return p, nil, nil, ErrBadHash
	}
	p.SaltLen, p.KeyLen = uint32(len(salt)), uint32(len(key))
	return p, salt, key, nil
}

// Verify reports whether password matches the stored hash, and whether
// the hash was made with other parameters than the Hasher's (stale: hash
// the password again and store that).
func (h *Hasher) Verify(ctx context.Context, stored, password string) (ok, stale bool, err error) {
	p, salt, key, err := decodePHC(stored)
	if err != nil {
		return false, false, err
	}
	var got []byte
	if err := h.run(ctx, func() {
		got = argon2.IDKey([]byte(password), salt, p.Time, p.MemoryKiB, p.Threads, p.KeyLen)
	}); err != nil {
		return false, false, err
	}
	return subtle.ConstantTimeCompare(got, key) == 1, p != h.p, nil
}

// Dummy returns a hash of a password nobody knows, made with the Hasher's
// parameters: a login for an unknown name is verified against it, so it
// costs what a wrong password costs and its answer comes as late.
func (h *Hasher) Dummy() string {
	salt := make([]byte, h.p.SaltLen)
	key := make([]byte, h.p.KeyLen)
	return encodePHC(h.p, salt, key)
}
