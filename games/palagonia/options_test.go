package palagonia

import (
	"errors"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// TestOptions checks docs/rules/palagonia.md#components: 1 or 3..5 players, tiles 48 | 96 (docs/rules/palago.md#supply-size).
func TestOptions(t *testing.T) {
	for _, tc := range []struct {
		name string
		o    game.Options
		ok   bool
		bag  int
	}{
		{"default 4 players, 48 tiles", game.Options{}, true, 48},
		{"solo", game.Options{Players: 1}, true, 48},
		{"5 players, two sets", game.Options{Players: 5, Values: map[string]string{OptTiles: "96"}}, true, 96},
		{"2 players", game.Options{Players: 2}, false, 0},
		{"6 players", game.Options{Players: 6}, false, 0},
		{"tiles 50", game.Options{Values: map[string]string{OptTiles: "50"}}, false, 0},
		{"bad rotationScoring", game.Options{Values: map[string]string{OptRotationScoring: "all"}}, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Info.New(tc.o)
			if !tc.ok {
				if !errors.Is(err, game.ErrBadOption) {
					t.Errorf("New = %v, want ErrBadOption", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := s.(*State).Bag(); got != tc.bag {
				t.Errorf("bag %d, want %d", got, tc.bag)
			}
		})
	}
}

// TestParsePositionErrors checks that malformed or impossible position
// texts are refused with a *game.ParseError (or ErrBadOption for a player
// count that contradicts the options).
func TestParsePositionErrors(t *testing.T) {
	for _, text := range []string{
		"",
		"roll",
		"dance p1 scores=0,0,0 bag=48 table=-",
		"roll p4 scores=0,0,0 bag=48 table=-",
		"roll p1 scores=0,0 bag=48 table=-",
		"roll p1 scores=0,0,0 bag=47 table=-",
		"roll p1 scores=0,0,0 bag=46 table=(0,0):0+(5,5):0",
		"roll p1 scores=0,0,0 bag=46 table=(0,0):0+(0,0):1",
		"roll p1 dice=3+4 scores=0,0,0 bag=48 table=-",
		"choose p1 dice=3+3 scores=0,0,0 bag=47 table=(0,0):0",
		"choose p1 dice=R+X scores=0,0,0 bag=47 table=(0,0):0",
		"place p1 dice=3+4 left=2 placed=0 scores=0,0,0 bag=47 table=(0,0):0",
		"rotate p1 dice=3+R scores=0,0,0 bag=47 table=(0,0):0",
		"pass p1 dice=X+R scores=0,0,0 bag=47 table=(0,0):0",
		"over - scores=0,0,0 bag=47 table=(0,0):0",
		"start - rolls=4-2 scores=0,0,0 bag=48 table=-",
		"roll p1 extra extra scores=0,0,0 bag=48 table=-",
		"roll p1 scores=0,0,0 bag=48 table=- color=red",
	} {
		_, err := Info.ParsePosition(text, game.Options{})
		var pe *game.ParseError
		if !errors.As(err, &pe) || !errors.Is(err, game.ErrSyntax) {
			t.Errorf("ParsePosition(%q) = %v, want a *game.ParseError", text, err)
		}
	}
	if _, err := Info.ParsePosition("roll p1 scores=0,0,0 bag=48 table=-", game.Options{Players: 4}); !errors.Is(err, game.ErrBadOption) {
		t.Errorf("3 scores with Players: 4 = %v, want ErrBadOption", err)
	}
}
