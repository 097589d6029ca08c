package villapaletti_test

import (
	"regexp"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/villapaletti"
)

// TestPublicString: the public text hides the generator's state, which the
// full text carries, and parses back to the same public text.
func TestPublicString(t *testing.T) {
	opts := game.Options{Players: 4, Seed: 9, Values: map[string]string{"unsteadyHands": "true"}}
	st, err := villapaletti.Info.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	for range 6 {
		if st, err = st.Play(st.LegalMoves(nil)[0]); err != nil {
			t.Fatal(err)
		}
	}
	full, public := st.String(), st.(*villapaletti.State).PublicString()
	hex := regexp.MustCompile(`rng: [0-9a-f]{16}$`)
	if !hex.MatchString(full) || hex.MatchString(public) || public != hex.ReplaceAllString(full, "rng: hidden") {
		t.Fatalf("full %q\npublic %q", full, public)
	}
	back, err := villapaletti.Info.ParsePosition(public, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.(*villapaletti.State).PublicString(); got != public {
		t.Errorf("parsed back: %q, want %q", got, public)
	}
}
