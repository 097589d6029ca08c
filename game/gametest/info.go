package gametest

import (
	"testing"

	"github.com/tabula-games/tabula/game"
)

func checkInfo(t *testing.T, info *game.Info) {
	t.Helper()
	switch {
	case info.ID == "" || info.Title == "":
		t.Fatal("gametest: Info needs an ID and a Title")
	case info.MinPlayers < 1 || info.MaxPlayers < info.MinPlayers:
		t.Fatalf("gametest: players %d..%d", info.MinPlayers, info.MaxPlayers)
	case info.DefaultPlayers < info.MinPlayers || info.DefaultPlayers > info.MaxPlayers:
		t.Fatalf("gametest: default players %d outside %d..%d", info.DefaultPlayers, info.MinPlayers, info.MaxPlayers)
	case len(info.Variants) == 0:
		t.Fatal("gametest: Info lists no variants")
	case info.New == nil || info.ParsePosition == nil:
		t.Fatal("gametest: Info needs New and ParsePosition")
	}
	if _, err := info.New(game.Options{Variant: "no-such-variant"}); err == nil {
		t.Fatal("gametest: New accepted an unknown variant")
	}
	if _, err := info.New(game.Options{Values: map[string]string{"noSuchOption": "1"}}); err == nil {
		t.Fatal("gametest: New accepted an unknown option")
	}
}

// FuzzPosition is the body of a game's FuzzParsePosition: whatever the text,
// ParsePosition must not panic, and text it accepts must give a state whose
// String parses back to the same String and Hash.
//
//	func FuzzParsePosition(f *testing.F) {
//		f.Add(startText)
//		f.Fuzz(func(t *testing.T, text string) { gametest.FuzzPosition(t, Info, game.Options{}, text) })
//	}
func FuzzPosition(t *testing.T, info *game.Info, opts game.Options, text string) {
	s, err := info.ParsePosition(text, opts)
	if err != nil {
		return
	}
	canon := s.String()
	back, err := info.ParsePosition(canon, opts)
	if err != nil {
		t.Fatalf("accepted %q, but its String %q does not parse: %v", text, canon, err)
	}
	if back.String() != canon || back.Hash() != s.Hash() {
		t.Fatalf("accepted %q; String %q reparses as %q", text, canon, back.String())
	}
	moves := s.LegalMoves(nil)
	for _, m := range moves {
		str := s.MoveString(m)
		if got, err := s.ParseMove(str); err != nil || got != m {
			t.Fatalf("position %q: move %q does not round-trip: %v", canon, str, err)
		}
	}
}

// FuzzMove is the body of a game's FuzzParseMove: ParseMove on any text in
// state s must not panic, and a move it accepts must be listed and must print
// as notation that parses to the same move.
func FuzzMove(t *testing.T, s game.State, text string) {
	m, err := s.ParseMove(text)
	if err != nil {
		return
	}
	listed := false
	for _, x := range s.LegalMoves(nil) {
		if x == m {
			listed = true
			break
		}
	}
	if !listed {
		t.Fatalf("ParseMove(%q) = %d, which LegalMoves does not list", text, m)
	}
	str := s.MoveString(m)
	if back, err := s.ParseMove(str); err != nil || back != m {
		t.Fatalf("ParseMove(%q) = %d prints as %q, which parses as %d, %v", text, m, str, back, err)
	}
}
