package main

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
)

// TestFindPrefix finds the layout and the plies of positions a few plies
// from each start (as a match's random opening leaves them) and replays
// the plies found to the same position.
func TestFindPrefix(t *testing.T) {
	for _, tc := range []struct {
		variant string
		picks   []int // indexes into the legal moves, one a ply
	}{
		{"standard", nil},
		{"standard", []int{3, 5}},
		{"belgian-daisy", []int{3, 5, 7}},
		{"german-daisy", []int{10, 1, 30, 2}},
	} {
		s, err := abalone.Info.New(game.Options{Variant: tc.variant})
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range tc.picks {
			if s, err = s.Play(s.LegalMoves(nil)[k]); err != nil {
				t.Fatal(err)
			}
		}
		text := s.String()
		v, prefix, at, err := findPrefix(text)
		if err != nil {
			t.Fatalf("%s %v: %v", tc.variant, tc.picks, err)
		}
		if v != tc.variant || len(prefix) > len(tc.picks) || at.String() != text {
			t.Fatalf("%s %v: found %s %v reaching %s", tc.variant, tc.picks, v, prefix, at)
		}
		a := &adapter{variant: v}
		begin, _ := a.startOf()
		if end, err := a.replay(begin, prefix); err != nil || end.String() != text {
			t.Fatalf("%s %v: replaying %v gives %v, %v", tc.variant, tc.picks, prefix, end, err)
		}
	}
}

// TestFindPrefixTooFar refuses a position further than maxPrefixPlies from
// every start: the standard start with the colours swapped differs from
// every start in more cells than four plies can change.
func TestFindPrefixTooFar(t *testing.T) {
	text := "bbbbb/bbbbbb/..bbb../......../........./......../..www../wwwwww/wwwww b 0 0"
	if _, err := abalone.Info.ParsePosition(text, game.Options{}); err != nil {
		t.Fatal(err)
	}
	if v, p, _, err := findPrefix(text); err == nil {
		t.Fatalf("found %s %v for the swapped start", v, p)
	}
}

// TestRestartedHistory follows a client that restarts its history in the
// middle of a game (newgame and the current position alone): the adapter
// connects the position to the last one it was given.
func TestRestartedHistory(t *testing.T) {
	s, _ := abalone.Info.New(game.Options{Variant: "belgian-daisy"})
	var moves []string
	for i := range 10 {
		legal := s.LegalMoves(nil)
		m := legal[(7*i+3)%len(legal)]
		moves = append(moves, s.MoveString(m))
		s, _ = s.Play(m)
	}
	a := &adapter{variant: "standard"}
	if err := a.position(append([]string{"startpos", "moves"}, moves[:8]...)); err == nil {
		t.Fatal("belgian-daisy moves accepted on the standard start")
	}
	a.variant = "belgian-daisy"
	if err := a.position(append([]string{"startpos", "moves"}, moves[:8]...)); err != nil {
		t.Fatal(err)
	}
	a.state = nil // newgame
	if err := a.position([]string{"text", s.String()}); err != nil {
		t.Fatal(err)
	}
	if a.state.String() != s.String() {
		t.Fatalf("state %s, want %s", a.state, s)
	}
	line := append(append([]string(nil), a.prefix...), a.moves...)
	if len(line) != 10 {
		t.Fatalf("line from the start %v, want the game's 10 plies", line)
	}
	begin, _ := a.startOf()
	if end, err := a.replay(begin, line); err != nil || end.String() != s.String() {
		t.Fatalf("replaying %v: %v, %v", line, end, err)
	}
}
