package game_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
)

func TestSplitRecord(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"d4 e5", []string{"d4", "e5"}},
		{"1. d4 e5 2. a7-g1", []string{"d4", "e5", "a7-g1"}},
		{"1.a1b2 i5h5 2.a5b5", []string{"a1b2", "i5h5", "a5b5"}},
		{"12... c4xb4", []string{"c4xb4"}},
		{"d4 # a comment 2. e5\n\te5\r\n", []string{"d4", "e5"}},
		{"1.", nil},
		{"+1 -2 3x", []string{"+1", "-2", "3x"}},
	}
	for _, tt := range tests {
		if got := game.SplitRecord(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("SplitRecord(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPlayAll(t *testing.T) {
	s, err := race.NewInfo().New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	end, err := game.PlayAll(s, []string{"+1", "+2", "h", "zz"})
	var me *game.MoveError
	if !errors.As(err, &me) || me.Ply != 4 || me.Move != "zz" || !errors.Is(err, game.ErrSyntax) {
		t.Fatalf("PlayAll error = %v, want a MoveError at ply 4 wrapping ErrSyntax", err)
	}
	if got := end.String(); got != "4 0 1 -" {
		t.Errorf("PlayAll stopped at %q, want the last good state %q", got, "4 0 1 -")
	}
	if _, err := game.PlayAll(s, []string{"h"}); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("PlayAll of a chance move at a decision node: %v, want ErrIllegalMove", err)
	}
}

func TestOptionsCheck(t *testing.T) {
	info := &game.Info{
		ID: "demo", MinPlayers: 2, MaxPlayers: 3, DefaultPlayers: 2, Variants: []string{"a", "b"},
		Options: []game.OptionSpec{
			{Name: "cap", Kind: game.Int, Default: "300", Min: 0, Max: 1000},
			{Name: "strict", Kind: game.Bool, Default: "false"},
			{Name: "first", Kind: game.Enum, Default: "light", Choices: []string{"light", "dark"}},
		},
	}
	good, err := info.Check(game.Options{Values: map[string]string{"cap": "12", "first": "dark"}})
	if err != nil {
		t.Fatal(err)
	}
	if good.Variant != "a" || good.Players != 2 {
		t.Errorf("defaults not filled in: %+v", good)
	}
	if info.IntOption(good, "cap") != 12 || info.BoolOption(good, "strict") || info.EnumOption(good, "first") != "dark" {
		t.Errorf("option values wrong: %+v", good)
	}
	for _, bad := range []game.Options{
		{Variant: "c"},
		{Players: 4},
		{Players: 1},
		{Players: 5},
		{Values: map[string]string{"nope": "1"}},
		{Values: map[string]string{"cap": "x"}},
		{Values: map[string]string{"cap": "1001"}},
		{Values: map[string]string{"strict": "maybe"}},
		{Values: map[string]string{"first": "red"}},
	} {
		if _, err := info.Check(bad); !errors.Is(err, game.ErrBadOption) {
			t.Errorf("Check(%+v) = %v, want ErrBadOption", bad, err)
		}
	}
}

func TestOutcome(t *testing.T) {
	info := &game.Info{PlayerNames: []string{"light", "dark", "green"}}
	tests := []struct {
		o       game.Outcome
		n       int
		rewards []float64
		text    string
	}{
		{game.Outcome{Winners: []game.Player{1}, Reason: "connection"}, 2, []float64{0, 1}, "dark wins by connection"},
		{game.Outcome{Reason: "repetition"}, 2, []float64{0.5, 0.5}, "draw by repetition"},
		{game.Outcome{Winners: []game.Player{0, 2}, Scores: []int{10, 3, 10}, Reason: "score"}, 3, []float64{0.5, 0, 0.5}, "light, green win jointly by score (light 10, dark 3, green 10)"},
		{game.Outcome{Winners: []game.Player{0}, Reason: "solved"}, 1, []float64{1}, "light wins by solved"},
		{game.Outcome{Reason: "move-limit"}, 1, []float64{0}, "draw by move-limit"},
		{game.Outcome{AllLose: true, Reason: "collapse"}, 3, []float64{0, 0, 0}, "nobody wins by collapse"},
	}
	for _, tt := range tests {
		for p, want := range tt.rewards {
			if got := tt.o.Reward(game.Player(p), tt.n); got != want {
				t.Errorf("%s: Reward(%d) = %v, want %v", tt.text, p, got, want)
			}
		}
		if got := tt.o.Describe(info); got != tt.text {
			t.Errorf("Describe = %q, want %q", got, tt.text)
		}
	}
	solo := game.Outcome{Winners: []game.Player{0}, Scores: []int{7}, Reason: "solved"}
	if got, want := solo.Describe(info), "light wins by solved (score 7)"; got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
	if got := info.PlayerName(5); got != "player 6" {
		t.Errorf("PlayerName(5) = %q", got)
	}
}

func TestParseError(t *testing.T) {
	err := error(&game.ParseError{Game: "pathagon", What: "move", Input: "z9", Offset: 0, Msg: "bad file"})
	if !errors.Is(err, game.ErrSyntax) {
		t.Error("ParseError does not wrap ErrSyntax")
	}
	if got, want := err.Error(), `pathagon: move "z9": at offset 0: bad file`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestPlayerCounts(t *testing.T) {
	tests := []struct {
		min, max int
		allowed  []int
		want     string
	}{
		{2, 2, nil, "2"},
		{2, 3, nil, "2-3"},
		{1, 5, []int{1, 3, 4, 5}, "1,3-5"},
		{1, 5, []int{1, 3, 5}, "1,3,5"},
	}
	for _, tt := range tests {
		info := &game.Info{MinPlayers: tt.min, MaxPlayers: tt.max, AllowedPlayers: tt.allowed}
		if got := info.PlayerCounts(); got != tt.want {
			t.Errorf("PlayerCounts(%d..%d %v) = %q, want %q", tt.min, tt.max, tt.allowed, got, tt.want)
		}
	}
	info := &game.Info{ID: "x", MinPlayers: 1, MaxPlayers: 5, DefaultPlayers: 3, AllowedPlayers: []int{1, 3, 4, 5}, Variants: []string{"a"}}
	if _, err := info.Check(game.Options{Players: 2}); !errors.Is(err, game.ErrBadOption) {
		t.Errorf("Check(2 players) = %v, want ErrBadOption", err)
	}
	if _, err := info.Check(game.Options{Players: 4}); err != nil {
		t.Errorf("Check(4 players) = %v", err)
	}
}

func TestVariantPlayers(t *testing.T) {
	info := &game.Info{ID: "x", MinPlayers: 2, MaxPlayers: 3, DefaultPlayers: 3, Variants: []string{"full", "duel"},
		VariantPlayers: map[string]int{"duel": 2}}
	tests := []struct {
		in      game.Options
		players int
		ok      bool
	}{
		{game.Options{}, 3, true},
		{game.Options{Variant: "duel"}, 2, true},
		{game.Options{Variant: "duel", Players: 2}, 2, true},
		{game.Options{Variant: "duel", Players: 3}, 0, false},
		{game.Options{Variant: "full", Players: 2}, 2, true},
	}
	for _, tt := range tests {
		got, err := info.Check(tt.in)
		if (err == nil) != tt.ok || (tt.ok && got.Players != tt.players) {
			t.Errorf("Check(%+v) = %d players, %v; want %d, ok %v", tt.in, got.Players, err, tt.players, tt.ok)
		}
		if err != nil && !errors.Is(err, game.ErrBadOption) {
			t.Errorf("Check(%+v) = %v, want ErrBadOption", tt.in, err)
		}
	}
}

func TestSearchMovesFallsBackToLegalMoves(t *testing.T) {
	s, err := race.NewInfo().New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := game.SearchMoves(s, nil), s.LegalMoves(nil); !slices.Equal(got, want) {
		t.Errorf("SearchMoves = %v, want the legal moves %v", got, want)
	}
}

func TestOutcomeAhead(t *testing.T) {
	win := func(scores []int, ws ...game.Player) game.Outcome { return game.Outcome{Winners: ws, Scores: scores} }
	for _, tc := range []struct {
		name string
		o    game.Outcome
		a, b game.Player
		want int
	}{
		{"winner over loser", win(nil, 1), 1, 0, 1},
		{"loser under winner", win(nil, 1), 0, 1, -1},
		{"two losers, no scores", win(nil, 2), 0, 1, 0},
		{"two losers by score", win([]int{3, 5, 9}, 2), 1, 0, 1},
		{"winner with a lower score is still ahead", win([]int{1, 5}, 0), 0, 1, 1},
		{"joint winners by score", win([]int{7, 7, 2}, 0, 1), 0, 1, 0},
		{"draw with scores", game.Outcome{Scores: []int{4, 2}}, 0, 1, 0},
		{"everyone lost", game.Outcome{AllLose: true, Scores: []int{4, 2}}, 0, 1, 0},
		{"seat past the scores", win([]int{3}, 2), 0, 1, 0},
	} {
		if got := tc.o.Ahead(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: Ahead(%d, %d) = %d, want %d", tc.name, tc.a, tc.b, got, tc.want)
		}
	}
}
