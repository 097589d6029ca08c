package sqlite

import (
	"encoding/json"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// TestEncodeLikeJSON checks appendSeats and appendClock write exactly the
// bytes of json.Marshal, on fixed cases and random ones.
func TestEncodeLikeJSON(t *testing.T) {
	seats := [][]store.Seat{
		nil, {}, {{}}, {{Bot: "random"}, {TokenHash: "ab12"}}, {{Bot: "bot:hard", TokenHash: "x"}},
		{{Bot: `a"b`}}, {{Bot: "<&>"}}, {{TokenHash: "é"}}, {{Bot: "\x01"}}, {{Bot: "\xff"}},
	}
	clocks := []store.Clock{
		{}, {Running: -1}, {Remaining: []time.Duration{}}, {Remaining: []time.Duration{-5, 3 * time.Minute}, Running: 1, Since: time.UnixMilli(1_763_700_000_123).UTC()},
		{Since: time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("x", 3600))}, {Since: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"", "a", "bot", "0f", `"`, "\\", "<", "é", "\n"}
	for range 500 {
		s := make([]store.Seat, rng.IntN(4))
		for i := range s {
			s[i] = store.Seat{Bot: alphabet[rng.IntN(len(alphabet))], TokenHash: alphabet[rng.IntN(len(alphabet))]}
		}
		seats = append(seats, s)
		c := store.Clock{Running: rng.IntN(5) - 1, Since: time.Unix(rng.Int64N(1<<34), rng.Int64N(1e9)).UTC()}
		for range rng.IntN(4) {
			c.Remaining = append(c.Remaining, time.Duration(rng.Int64()))
		}
		clocks = append(clocks, c)
	}
	for _, s := range seats {
		want, werr := json.Marshal(s)
		got, err := appendSeats(nil, s)
		if string(got) != string(want) || (err == nil) != (werr == nil) {
			t.Errorf("appendSeats(%q) = %s, %v; json.Marshal %s, %v", s, got, err, want, werr)
		}
	}
	for _, c := range clocks {
		want, werr := json.Marshal(c)
		got, err := appendClock(nil, c)
		if (err == nil) != (werr == nil) || (err == nil && string(got) != string(want)) {
			t.Errorf("appendClock(%+v) = %s, %v; json.Marshal %s, %v", c, got, err, want, werr)
		}
	}
}
