package web

// The rules pages draw each game's example with the game's own board. A
// board fed by the server (package game/ui) needs the example's board forms:
// this test reads the examples from src/rules-text.ts and writes the forms
// of those whose game describes itself into src/boards/rules-boards.json,
// which the rules page reads: go test ./web -run TestRulesBoards -update

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/game/ui"
	"github.com/tabula-games/tabula/games"
)

const rulesBoards = "src/boards/rules-boards.json"

var (
	rulesGameLine = regexp.MustCompile(`^  (\w+): \{$`)
	rulesExample  = regexp.MustCompile(`example: \{ position: ?'([^']*)'`)
	rulesField    = func(name string) *regexp.Regexp { return regexp.MustCompile(name + `: '([^']*)'`) }
	rulesPlayers  = regexp.MustCompile(`players: (\d+)`)
)

func TestRulesBoards(t *testing.T) {
	src, err := os.ReadFile(filepath.FromSlash("src/rules-text.ts"))
	if err != nil {
		t.Fatal(err)
	}
	infos := map[string]*game.Info{}
	for _, i := range games.All() {
		infos[i.ID] = i
	}
	out := map[string]*ui.Board{}
	id, multi := "", ""
	for line := range strings.SplitSeq(string(src), "\n") {
		if m := rulesGameLine.FindStringSubmatch(line); m != nil {
			id = m[1]
			continue
		}
		// An example written over several lines is read as one.
		switch {
		case strings.TrimSpace(line) == "example: {":
			multi = "example: {"
			continue
		case multi != "" && strings.TrimSpace(line) == "},":
			line, multi = multi+" }", ""
		case multi != "":
			multi += " " + strings.TrimSpace(line)
			continue
		}
		m := rulesExample.FindStringSubmatch(line)
		info := infos[id]
		if m == nil || info == nil {
			continue
		}
		players := 0
		if p := rulesPlayers.FindStringSubmatch(line); p != nil {
			players, _ = strconv.Atoi(p[1])
		}
		opts := game.Options{Players: players}
		st, err := info.ParsePosition(m[1], opts)
		if err != nil {
			t.Fatalf("%s example: %v", id, err)
		}
		if _, ok := st.(ui.Describer); !ok {
			continue
		}
		var before game.State
		var last game.Move
		if b := rulesField("before").FindStringSubmatch(line); b != nil {
			lm := rulesField("lastMove").FindStringSubmatch(line)
			if lm == nil {
				t.Fatalf("%s example: a position before and no lastMove", id)
			}
			if before, err = info.ParsePosition(b[1], opts); err != nil {
				t.Fatalf("%s example before: %v", id, err)
			}
			if last, err = before.ParseMove(lm[1]); err != nil {
				t.Fatalf("%s example: %v", id, err)
			}
			after, err := before.Play(last)
			if err != nil || after.String() != st.String() {
				t.Fatalf("%s example: %s played in the position before gives %v (%v), not the example", id, lm[1], after, err)
			}
		} else if rulesField("lastMove").MatchString(line) {
			t.Errorf("%s example: a lastMove without the position before it (before: '...'); the board cannot show it", id)
		}
		out[id] = ui.Of(st, nil, before, last)
	}
	for _, g := range []string{"abalone", "talat"} {
		if out[g] == nil {
			t.Fatalf("no %s example found in src/rules-text.ts", g)
		}
	}
	got, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	gametest.Golden(t, filepath.FromSlash(rulesBoards), string(got)+"\n")
}
