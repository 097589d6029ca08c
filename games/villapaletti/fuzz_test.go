package villapaletti

import (
	"errors"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
)

// FuzzParseMove checks that ParseMove never panics, fails only with a syntax
// error or an illegal-move error, and that every move it accepts prints as
// notation that parses back to it and plays. It does not use
// gametest.FuzzMove, which also demands that accepted moves be listed:
// here Play accepts any legal point of the 0.5 mm grid, and LegalMoves lists
// only the candidate lattice (see the package documentation).
func FuzzParseMove(f *testing.F) {
	for _, seed := range []string{
		"take blue-thin-3 from 1 to (0,40)", "take blue-thin-3 to (12.5,-31.5)", "propose yellow at (0,0,0)",
		"propose (0,0,360°)", "pass", "accept", "remove green-thick", "take red-thin-1 from 4 onto blue-thick",
		"object: take blue-thick to (0,-40)", "take blue-thin-3 1e3 0", "", "take",
		"blue-thin-3:1>(12.5,-30)", "object:blue-thick:0>(0,-40)", "propose:yellow(0,0,90)", "remove:green-thick", ">", ":>(",
	} {
		f.Add(seed)
	}
	for _, seed := range gametest.SeedMoves(f, "testdata") { // the moves of the golden playthroughs
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s := greenVilla(t)
		legs(s, 2, ColumnOf(Yellow, 3), greenMedium, redMedium)
		m, err := s.ParseMove(text)
		if err != nil {
			if !errors.Is(err, game.ErrSyntax) && !errors.Is(err, game.ErrIllegalMove) {
				t.Fatalf("ParseMove(%q): %v, want a syntax or illegal-move error", text, err)
			}
			return
		}
		str := s.MoveString(m)
		if back, err := s.ParseMove(str); err != nil || back != m {
			t.Fatalf("ParseMove(%q) prints as %q, which parses as %v, %v", text, str, back, err)
		}
		if _, err := s.Play(m); err != nil {
			t.Fatalf("ParseMove(%q) accepted a move Play rejects: %v", text, err)
		}
	})
}

// FuzzParsePosition checks ParsePosition with the conformance kit's body.
func FuzzParsePosition(f *testing.F) {
	start, err := Info.New(game.Options{Seed: 1})
	if err != nil {
		f.Fatal(err)
	}
	f.Add(start.String())
	f.Add(greenVilla(f).String())
	f.Add(proposalText)
	f.Add("floors: blue (0,0,0); columns: ; seal: none; claimed: no; turn: 0; rng: 0000000000000000")
	for _, seed := range gametest.SeedPositions(f, "testdata") { // the positions of testdata (perft and playthroughs)
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) { gametest.FuzzPosition(t, Info, game.Options{}, text) })
}

// proposalText is a position in a floor objection window.
const proposalText = "floors: blue (0,0,0), green (0,0,0); columns: blue-thin-1 0 (0,20), blue-thin-2 1 (0,20), " +
	"blue-thin-3 1 (45,45), blue-medium out, blue-thick 0 (60,0), yellow-thin-1 0 (-20,0), yellow-thin-2 1 (-20,0), " +
	"yellow-thin-3 1 (-45,45), yellow-medium 2 (0,20), yellow-thick 0 (-60,0), green-thin-1 0 (0,-20), " +
	"green-thin-2 1 (0,-20), green-thin-3 1 (-45,-45), green-medium 2 (-17.321,-10), green-thick 0 (0,60), " +
	"red-thin-1 0 (20,0), red-thin-2 1 (20,0), red-thin-3 1 (45,-45), red-medium 2 (17.321,-10), red-thick 0 (0,-60); " +
	"seal: 2 after 0; claimed: yes; turn: 0 proposes (0,0,0) asking 1; rng: 0000000000000000"
