package ai_test

import (
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games"
)

// docList is one row of docs/strength.md's rating lists.
type docList struct {
	command string
	elo     map[string]int
}

// ratingRow is a row of the "Rating lists" table: game, `command`, then
// the four levels' "rating ±margin".
var ratingRow = regexp.MustCompile("^\\| [^|]+ \\| `(tabula match [^`]+)` \\| (-?\\d+) ±\\d+ \\| (-?\\d+) ±\\d+ \\| (-?\\d+) ±\\d+ \\| (-?\\d+) ±\\d+ \\|$")

// docRatingLists reads the rating lists from docs/strength.md's section
// "Rating lists".
func docRatingLists(t *testing.T) []docList {
	t.Helper()
	b, err := os.ReadFile("../docs/strength.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(b), "\n## Rating lists")
	if !ok {
		t.Fatal(`docs/strength.md has no section "Rating lists"`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var out []docList
	for line := range strings.SplitSeq(section, "\n") {
		if !strings.HasPrefix(line, "| ") || !strings.Contains(line, "`tabula match") {
			continue
		}
		m := ratingRow.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("docs/strength.md: rating list row not in the form | game | `command` | easy ±m | medium ±m | hard ±m | max ±m |:\n%s", line)
		}
		l := docList{command: m[1], elo: map[string]int{}}
		for i, spec := range ai.LevelSpecs() {
			l.elo[spec], _ = strconv.Atoi(m[2+i])
		}
		out = append(out, l)
	}
	if len(out) == 0 {
		t.Fatal("docs/strength.md: no rating list rows")
	}
	return out
}

// TestRatingListsMatchDocs checks that the ratings the lobby shows
// (ai.RatingLists) are docs/strength.md's lists, row for row: the same
// commands and the same numbers, so neither can drift from the other.
func TestRatingListsMatchDocs(t *testing.T) {
	docs := docRatingLists(t)
	lists := ai.RatingLists()
	byCommand := map[string]ai.RatingList{}
	for _, l := range lists {
		if _, dup := byCommand[l.Command]; dup {
			t.Errorf("ai.RatingLists has %q twice", l.Command)
		}
		byCommand[l.Command] = l
	}
	seen := map[string]bool{}
	for _, d := range docs {
		l, ok := byCommand[d.command]
		if !ok {
			t.Errorf("docs/strength.md lists `%s`; ai.RatingLists has no list with that command", d.command)
			continue
		}
		seen[d.command] = true
		if !maps.Equal(l.Elo, d.elo) {
			t.Errorf("`%s`: ai.RatingLists has %v, docs/strength.md %v", d.command, l.Elo, d.elo)
		}
	}
	for _, l := range lists {
		if !seen[l.Command] {
			t.Errorf("ai.RatingLists has `%s`, docs/strength.md's rating lists do not", l.Command)
		}
	}
}

// TestRatingListsDescribeTheirCommands checks each list's game, variant and
// player count against its command (a flag left out means the game's
// default) and that it rates every level and nothing else.
func TestRatingListsDescribeTheirCommands(t *testing.T) {
	infos := map[string]*game.Info{}
	for _, g := range games.All() {
		infos[g.ID] = g
	}
	type key struct {
		game, variant string
		players       int
	}
	keys := map[key]bool{}
	for _, l := range ai.RatingLists() {
		words := strings.Fields(l.Command)
		if len(words) < 3 || words[0] != "tabula" || words[1] != "match" {
			t.Errorf("command %q is not a tabula match command", l.Command)
			continue
		}
		g := infos[words[2]]
		if g == nil {
			t.Errorf("command %q: no game %q", l.Command, words[2])
			continue
		}
		flag := func(name, def string) string {
			if i := slices.Index(words, name); i >= 0 && i+1 < len(words) {
				return words[i+1]
			}
			return def
		}
		variant := flag("--variant", g.Variants[0])
		players, err := strconv.Atoi(flag("--players", strconv.Itoa(g.DefaultPlayers)))
		if vp, ok := g.VariantPlayers[variant]; ok && slices.Index(words, "--players") < 0 {
			players = vp
		}
		if err != nil {
			t.Errorf("command %q: %v", l.Command, err)
		}
		if l.Game != g.ID || l.Variant != variant || l.Players != players {
			t.Errorf("command %q plays %s/%s/%d players; its list says %s/%s/%d", l.Command, g.ID, variant, players, l.Game, l.Variant, l.Players)
		}
		if !slices.Contains(g.Variants, l.Variant) {
			t.Errorf("%s has no variant %q", g.ID, l.Variant)
		}
		k := key{l.Game, l.Variant, l.Players}
		if keys[k] {
			t.Errorf("two lists for %v", k)
		}
		keys[k] = true
		want := "random," + strings.Join(ai.LevelSpecs(), ",")
		if got := flag("--agents", ""); got != want {
			t.Errorf("command %q: agents %q, want %q (random first: the scale's zero)", l.Command, got, want)
		}
		if got := slices.Sorted(maps.Keys(l.Elo)); !slices.Equal(got, slices.Sorted(slices.Values(ai.LevelSpecs()))) {
			t.Errorf("%s: rates %v, want every level %v", l.Command, got, ai.LevelSpecs())
		}
	}
}
