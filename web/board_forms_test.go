package web

// The boards fed by the server (package game/ui) are tested in the client
// against forms the Go rules made: this test writes the board forms of a
// few positions into a file the client's unit tests read, so that a board's
// tests always click through the forms the server really sends:
// go test ./web -run TestBoardFormsGolden -update

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/games/pathagon"
	"github.com/tabula-games/tabula/games/talat"
)

const formsGolden = "src/boards/testdata/board-forms.json"

// formsCase is a position of the file: a start (Variant), or a position
// text (Position), then Moves played from it.
type formsCase struct {
	Name     string
	Info     *game.Info
	Variant  string
	Position string
	// Values are the game's option values.
	Values map[string]string
	Moves  []string
	// First plays the first legal move this many times after Moves.
	First int
}

var formsCases = []formsCase{
	{Name: "abalone start", Info: abalone.Info},
	{Name: "abalone belgian-daisy", Info: abalone.Info, Variant: "belgian-daisy"},
	{Name: "abalone german-daisy", Info: abalone.Info, Variant: "german-daisy"},
	{Name: "abalone after a1b2", Info: abalone.Info, Moves: []string{"a1b2"}},
	{Name: "abalone after c3c5d4", Info: abalone.Info, Moves: []string{"c3c5d4"}},
	{Name: "abalone after a1b2 i5h5 c4c5d5", Info: abalone.Info, Moves: []string{"a1b2", "i5h5", "c4c5d5"}},
	{Name: "abalone 3v2 push-off", Info: abalone.Info, Position: "...../....../......./......../....bbbww/......../......./....../..... b 0 0"},
	{Name: "abalone after the 3v2 push-off", Info: abalone.Info, Position: "...../....../......./......../....bbbww/......../......./....../..... b 0 0", Moves: []string{"e5e6"}},
	{Name: "abalone 3v1 and 2v1 pushes", Info: abalone.Info, Position: "...../....../......./......../........./......../......./bbbw.w/..... b 0 0"},
	{Name: "abalone pushed off 2 and 5", Info: abalone.Info, Position: "...../....../......./......../....b..../......../......./....../....w w 2 5"},
	{Name: "talat start", Info: talat.Info},
	{Name: "talat after two placements", Info: talat.Info, Moves: []string{"B01:a1=S3", "B01:a5=L6"}},
	{Name: "palat start", Info: talat.Info, Variant: "palat"},
	{Name: "talat end", Info: talat.Info, Position: "talat - B01=0M4..../....0L4/...0L60S6/...1L61L4/1M4...1S6 B02=..2L4../.2M4.../...../....2S6/...0S4. B12=.2L3.../...../....2M6/...1S42S4/1M31L31S31M6. reserve=-/-/- taken=2L6/2S3,2M3/0S3,0M3,0M6,0L3 closed=B02,B12"},
	{Name: "palat end", Info: talat.Info, Variant: "palat", Position: "palat - B01=0M4...1L6/..1M4.0L4/...../...0L60S6/...1L41S6 B02=2L4..2L62S6/...../...../...../0S30M3... B12=2L3..2M3./..2S4../.1S31M3.2M6/1M61L3.../..... reserve=-/-/- taken=1S4/0S4,0M6,0L3,2S3 closed=B02,B12"},
	{Name: "palat spirit setup", Info: talat.Info, Variant: "palat", First: 3},
	{Name: "talat play", Info: talat.Info, First: 30},
	{Name: "pathagon start", Info: pathagon.Info},
	{Name: "pathagon after d4 c4", Info: pathagon.Info, Moves: []string{"d4", "c4"}},
	{Name: "pathagon capture", Info: pathagon.Info, Position: "L....../......./......./.L..DL./......./......./......D l 11 12 a7,- d5"},
	{Name: "pathagon after the capture", Info: pathagon.Info, Position: "L....../......./......./.L..DL./......./......./......D l 11 12 a7,- d5", Moves: []string{"d4xe4"}},
	{Name: "pathagon optional captures", Info: pathagon.Info, Position: "......./......./......./LD.DL../......./......./....... l 12 12 -,- -", Values: map[string]string{pathagon.OptOptionalCaptures: "true"}},
	{Name: "pathagon relocation", Info: pathagon.Info, Position: "LLLLLL./L.L.L../L.L.L../L.L..../DDDDD../DDDDD../DDDD... l 0 0 -,- -"},
	{Name: "pathagon relocation locked", Info: pathagon.Info, Position: "LLLLLL./L.L.L../L.L.L../L.L..../DDDDD../DDDDD../DDDD... l 0 0 -,- -", First: 2},
}

// formsEntry is one position in the file: what a match state carries.
type formsEntry struct {
	Name     string   `json:"name"`
	Game     string   `json:"game"`
	Variant  string   `json:"variant,omitempty"`
	Position string   `json:"position"`
	ToMove   int      `json:"toMove"`
	Moves    []string `json:"moves"`
	Legal    []string `json:"legal"`
	Board    ui.Board `json:"board"`
}

func TestBoardFormsGolden(t *testing.T) {
	var out []formsEntry
	for _, c := range slices.Concat(formsCases, palagoFormsCases) {
		opts := game.Options{Variant: c.Variant, Values: c.Values}
		var st game.State
		var err error
		if c.Position != "" {
			st, err = c.Info.ParsePosition(c.Position, opts)
		} else {
			st, err = c.Info.New(opts)
		}
		if err != nil {
			t.Fatalf("%s: %v", c.Name, err)
		}
		var before game.State
		var last game.Move
		for _, text := range c.Moves {
			m, err := st.ParseMove(text)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.Name, text, err)
			}
			before, last = st, m
			if st, err = st.Play(m); err != nil {
				t.Fatalf("%s: %s: %v", c.Name, text, err)
			}
		}
		for range c.First {
			m := st.LegalMoves(nil)[0]
			c.Moves = append(c.Moves, st.MoveString(m))
			before, last = st, m
			if st, err = st.Play(m); err != nil {
				t.Fatalf("%s: %v", c.Name, err)
			}
		}
		legal := st.LegalMoves(nil)
		e := formsEntry{Name: c.Name, Game: c.Info.ID, Variant: c.Variant, Position: st.String(), ToMove: int(st.ToMove()), Moves: c.Moves, Board: *ui.Of(st, legal, before, last)}
		if e.Moves == nil {
			e.Moves = []string{}
		}
		for _, m := range legal {
			e.Legal = append(e.Legal, st.MoveString(m))
		}
		out = append(out, e)
	}
	got, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	gametest.Golden(t, filepath.FromSlash(formsGolden), string(got)+"\n")
}
