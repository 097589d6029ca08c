package abalone

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// shuffle is four plies that bring the standard start back: Black c5 to d5,
// White g5 to f5, and both back.
var shuffle = []string{"c5d5", "g5f5", "d5c5", "f5g5"}

func checkOutcome(t *testing.T, s *State, winners []game.Player, reason string) {
	t.Helper()
	o, ok := s.Outcome()
	if !ok {
		t.Fatalf("position %s: game not over, want %s", s, reason)
	}
	if o.Reason != reason || !slices.Equal(o.Winners, winners) {
		t.Fatalf("position %s: outcome %+v, want winners %v by %s", s, o, winners, reason)
	}
	if s.ToMove() != game.NoPlayer || len(s.LegalMoves(nil)) != 0 {
		t.Fatalf("finished game: ToMove %v, %d legal moves", s.ToMove(), len(s.LegalMoves(nil)))
	}
	if _, err := s.Play(0); !errors.Is(err, game.ErrGameOver) {
		t.Fatalf("Play at a finished game = %v, want ErrGameOver", err)
	}
	if _, err := s.ParseMove("a1b2"); !errors.Is(err, game.ErrGameOver) {
		t.Fatalf("ParseMove at a finished game = %v, want ErrGameOver", err)
	}
}

func checkInProgress(t *testing.T, s *State) {
	t.Helper()
	if o, ok := s.Outcome(); ok || s.ToMove() == game.NoPlayer {
		t.Fatalf("position %s: game over (%+v), want it in progress", s, o)
	}
}

// noMovesWhite is a position where White's only marble, on a1, is boxed in
// by Black once Black plays b3b2.
const noMovesWhite = "...../....../......./......../........./......../......./b.b.../wb... b 0 0"

func TestEnd(t *testing.T) {
	black, white := []game.Player{Black}, []game.Player{White}
	tests := []struct {
		name    string
		pos     string
		opts    []string
		moves   []string
		winners []game.Player
		reason  string // "" = still in progress
	}{
		{name: "check 1: the 6th push-off wins", pos: "...../....../......./......../......bbw/......../......./....../..... b 0 5",
			moves: []string{"e7e8"}, winners: black, reason: ReasonPushOff},
		{name: "check 1: the 5th push-off does not", pos: "...../....../......./......../......bbw/......../......./....../w.... b 0 4",
			moves: []string{"e7e8"}},
		{name: "marblesToWin=1", pos: "...../....../......./......../......bbw/......../......./....../w.... b 0 0",
			opts: []string{OptMarblesToWin, "1"}, moves: []string{"e7e8"}, winners: black, reason: ReasonPushOff},
		{name: "a parsed position with 6 off is over", pos: "wwwww/wwwwww/..www../......../........./......../......./....../bbbbb b 6 0",
			winners: white, reason: ReasonPushOff},
		{name: "an off count reaching marblesToWin ends a parsed game", pos: "...../....../......./......../....b..../......../......./....../....w w 0 3",
			opts: []string{OptMarblesToWin, "3"}, winners: black, reason: ReasonPushOff},
		{name: "check 2: a side left without a move loses", pos: noMovesWhite,
			moves: []string{"b3b2"}, winners: black, reason: ReasonNoMoves},
		{name: "check 2: a parsed position without a move is lost", pos: "...../....../......./......../........./......../......./bb..../wb... w 0 0",
			winners: black, reason: ReasonNoMoves},
		{name: "check 2: a side without marbles has no move", pos: "...../....../......./......../....w..../......../......./....../..... b 0 0",
			winners: white, reason: ReasonNoMoves},
		{name: "check 3: third occurrence is a draw", pos: layouts["standard"],
			moves: append(slices.Clone(shuffle), shuffle...), reason: game.ReasonRepetition},
		{name: "check 3: second occurrence is not", pos: layouts["standard"],
			moves: append(slices.Clone(shuffle), shuffle[:3]...)},
		{name: "repetitionDraw=false", pos: layouts["standard"], opts: []string{OptRepetitionDraw, "false"},
			moves: append(append(slices.Clone(shuffle), shuffle...), shuffle...)},
		{name: "check 4: ply cap with equal counts is a draw", pos: layouts["standard"], opts: []string{OptPlyCap, "3"},
			moves: shuffle[:3], reason: game.ReasonPlyLimit},
		{name: "check 4: ply cap before it is reached", pos: layouts["standard"], opts: []string{OptPlyCap, "4"},
			moves: shuffle[:3]},
		{name: "check 4: ply cap won by the side that pushed off more", pos: "...../....../......./......../......bbw/......../......./....../w.... b 0 0",
			opts: []string{OptPlyCap, "1"}, moves: []string{"e7e8"}, winners: black, reason: game.ReasonPlyLimit},
		{name: "check 4: ply cap won by White", pos: "...../....../......./......../......wwb/......../......./....../b.... w 0 0",
			opts: []string{OptPlyCap, "1"}, moves: []string{"e7e8"}, winners: white, reason: game.ReasonPlyLimit},
		{name: "push-off before ply cap", pos: "...../....../......./......../......bbw/......../......./....../w.... b 0 5",
			opts: []string{OptPlyCap, "1"}, moves: []string{"e7e8"}, winners: black, reason: ReasonPushOff},
		{name: "no move before ply cap", pos: noMovesWhite,
			opts: []string{OptPlyCap, "1"}, moves: []string{"b3b2"}, winners: black, reason: ReasonNoMoves},
		{name: "repetition before ply cap", pos: layouts["standard"], opts: []string{OptPlyCap, "8"},
			moves: append(slices.Clone(shuffle), shuffle...), reason: game.ReasonRepetition},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := mustParse(t, tt.pos, tt.opts...)
			for i, m := range tt.moves {
				if i > 0 {
					checkInProgress(t, s)
				}
				s = mustPlay(t, s, m)
			}
			if tt.reason == "" {
				checkInProgress(t, s)
				return
			}
			checkOutcome(t, s, tt.winners, tt.reason)
			// The Mutable path reaches the same end.
			mut := mustParse(t, tt.pos, tt.opts...).Mutable()
			for _, text := range tt.moves {
				m, err := mut.ParseMove(text)
				if err != nil {
					t.Fatal(err)
				}
				mut.Apply(m)
			}
			checkOutcome(t, mut.(*State), tt.winners, tt.reason)
		})
	}
}

// TestRepetitionAfterPushOff checks that positions before a push-off never
// count as repetitions after it, and that a repetition is found again after
// Undo across a push-off.
func TestRepetitionAfterPushOff(t *testing.T) {
	pos := "...../....../......./......../......bbw/......../......./....../w.... b 0 0"
	s := mustParse(t, pos)
	s = mustPlay(t, s, "e7e8") // push-off: history restarts
	s = mustPlay(t, s, "a1b1", "e8e7", "b1a1", "e7e8", "a1b1", "e8e7", "b1a1")
	checkInProgress(t, s)
	s = mustPlay(t, s, "e7e8")
	checkOutcome(t, s, nil, game.ReasonRepetition)
}

// TestOffCounts checks docs/rules/abalone.md#the-counts-in-the-position-text: the two counts of the position text are
// the marbles of that colour pushed off, not the players' scores.
func TestOffCounts(t *testing.T) {
	s := mustPlay(t, mustParse(t, "...../....../......./......../......bbw/......../......./....../w.... b 2 0"), "e7e8")
	if got := s.String(); !strings.HasSuffix(got, " w 2 1") {
		t.Errorf("after Black pushes off a White marble: %s, want the counts 2 1", got)
	}
	if s.PushedOff(White) != 1 || s.PushedOff(Black) != 2 {
		t.Errorf("PushedOff = black %d, white %d; want 2, 1", s.PushedOff(Black), s.PushedOff(White))
	}
}

func TestOutcomeDescribe(t *testing.T) {
	s := mustPlay(t, mustParse(t, "...../....../......./......../......bbw/......../......./....../..... b 0 5"), "e7e8")
	o, _ := s.Outcome()
	if got, want := o.Describe(Info), "black wins by push-off"; got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
}

func TestOptions(t *testing.T) {
	bad := []map[string]string{
		{OptMarblesToWin: "0"}, {OptMarblesToWin: "7"}, {OptMarblesToWin: "six"},
		{OptPlyCap: "-1"}, {OptPlyCap: "2000000"}, {OptRepetitionDraw: "maybe"}, {"layout": "standard"},
	}
	for _, v := range bad {
		if _, err := Info.New(game.Options{Values: v}); !errors.Is(err, game.ErrBadOption) {
			t.Errorf("New(%v) = %v, want ErrBadOption", v, err)
		}
		if _, err := Info.ParsePosition(layouts["standard"], game.Options{Values: v}); !errors.Is(err, game.ErrBadOption) {
			t.Errorf("ParsePosition with %v = %v, want ErrBadOption", v, err)
		}
	}
	for _, o := range []game.Options{{Variant: "daisy"}, {Players: 3}} {
		if _, err := Info.New(o); !errors.Is(err, game.ErrBadOption) {
			t.Errorf("New(%+v) = %v, want ErrBadOption", o, err)
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	std := layouts["standard"]
	tests := []struct {
		name, text string
	}{
		{"empty", ""},
		{"three fields", "wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b 0"},
		{"five fields", std + " 0"},
		{"double space", "wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb  b 0 0"},
		{"eight rows", "wwwww/wwwwww/..www../......../......../..bbb../bbbbbb/bbbbb b 0 0"},
		{"short row", "wwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b 0 0"},
		{"long row", "wwwww/wwwwww/..www../......../........../......../..bbb../bbbbbb/bbbbb b 0 0"},
		{"bad cell", "wwwww/wwwwww/..www../......../....x..../......../..bbb../bbbbbb/bbbbb b 0 0"},
		{"upper-case cell", "WWWWW/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b 0 0"},
		{"bad side", "wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb x 0 0"},
		{"negative count", "wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b -1 0"},
		{"leading zero", "wwwww/wwwwww/..www../......../........./......../..bbb../bbbbbb/bbbbb b 00 0"},
		{"count over 14", "...../....../......./......../........./......../......./....../..... b 15 0"},
		{"too many marbles on board and off", std[:len(std)-4] + " b 1 0"},
		{"15 black marbles", "wwwww/wwwwww/..www../......../........./......../.bbbb../bbbbbb/bbbbb b 0 0"},
		{"both sides lost 6", "...../....../......./......../....b..../......../......./....../....w b 6 6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Info.ParsePosition(tt.text, game.Options{})
			var pe *game.ParseError
			if !errors.As(err, &pe) || !errors.Is(err, game.ErrSyntax) {
				t.Fatalf("ParsePosition(%q) = %v, want a *game.ParseError", tt.text, err)
			}
		})
	}
	// Fewer marbles than 14 are allowed in test positions (docs/rules/abalone.md#position-text).
	if _, err := Info.ParsePosition("...../....../......./......../....b..../......../......./....../....w b 2 13", game.Options{}); err != nil {
		t.Errorf("a sparse position was rejected: %v", err)
	}
}
