package talat_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/game/ui/uitest"
	"github.com/tabula-games/tabula/games/talat"
)

// TestUI: every legal move of random Talat and Palat games has a form that
// leads back to it.
func TestUI(t *testing.T) {
	for _, v := range talat.Info.Variants {
		t.Run(v, func(t *testing.T) {
			uitest.Run(t, talat.Info, uitest.Config{Options: game.Options{Variant: v}, Games: 3, MaxPlies: 150, Seed: 24})
		})
	}
}

// TestUIPhaseAndOwner: the position form names the step of the game and
// each placement's form the colour it puts down, so that a board needs no
// rule of its own to tell whose towers are being placed.
func TestUIPhaseAndOwner(t *testing.T) {
	for _, c := range []struct {
		name, variant string
		first         int
		phase         string
		owner         int
	}{
		{"talat start", talat.VariantTalat, 0, "setup", 0},
		{"talat, third seat to place", talat.VariantTalat, 2, "setup", 2},
		{"palat start: the spirit's towers first", talat.VariantPalat, 0, "spirit-setup", 2},
		{"palat after the spirit's towers", talat.VariantPalat, 18, "setup", 0},
		{"talat in play", talat.VariantTalat, 27, "play", -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, err := talat.Info.New(game.Options{Variant: c.variant})
			if err != nil {
				t.Fatal(err)
			}
			for range c.first {
				if st, err = st.Play(st.LegalMoves(nil)[0]); err != nil {
					t.Fatal(err)
				}
			}
			d := st.(ui.Describer)
			if got := d.UIPosition().Phase; got != c.phase {
				t.Fatalf("phase %q, want %q", got, c.phase)
			}
			for _, m := range st.LegalMoves(nil) {
				f := d.UIMove(m)
				if c.owner < 0 && f.Kind == "place" {
					t.Fatalf("%s: a placement in play", st.MoveString(m))
				}
				if c.owner >= 0 && (f.Kind != "place" || f.Owner != c.owner) {
					t.Fatalf("%s: kind %q owner %d, want a placement of colour %d", st.MoveString(m), f.Kind, f.Owner, c.owner)
				}
			}
		})
	}
}

// TestUIPhaseOver: a finished game's position form says so.
func TestUIPhaseOver(t *testing.T) {
	st, err := talat.Info.ParsePosition("talat - B01=0M4..../....0L4/...0L60S6/...1L61L4/1M4...1S6 B02=..2L4../.2M4.../...../....2S6/...0S4. B12=.2L3.../...../....2M6/...1S42S4/1M31L31S31M6. reserve=-/-/- taken=2L6/2S3,2M3/0S3,0M3,0M6,0L3 closed=B02,B12", game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := st.(ui.Describer).UIPosition().Phase; got != "over" {
		t.Fatalf("phase %q, want over", got)
	}
}
