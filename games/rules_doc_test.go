package games_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/games"
)

// rulesDir holds the rules page of every game.
const rulesDir = "../docs/rules"

// rulingID matches what option docs must not contain: a section sign or a
// bare ruling id such as "(G5)" or "ruling P2", which name a document the
// repository does not hold.
var rulingID = regexp.MustCompile(`§|\([A-Z][0-9]{1,2}[),;–]|[Rr]ulings? [A-Z]?[0-9]`)

// TestRulesPages checks that docs/rules documents every registered game:
// a page per game, linked from the index, naming every variant and option
// the engine accepts; and that the option docs the lobby and "tabula games"
// show cite no ruling ids.
func TestRulesPages(t *testing.T) {
	index, err := os.ReadFile(filepath.Join(rulesDir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	linked := map[string]bool{}
	for _, info := range games.All() {
		page := info.ID + ".md"
		linked[page] = true
		t.Run(info.ID, func(t *testing.T) {
			if !strings.Contains(string(index), "("+page+")") {
				t.Errorf("docs/rules/README.md does not link %s", page)
			}
			data, err := os.ReadFile(filepath.Join(rulesDir, page))
			if err != nil {
				t.Fatalf("no rules page: %v", err)
			}
			text := string(data)
			for _, v := range info.Variants {
				if len(info.Variants) > 1 && !strings.Contains(text, "`"+v+"`") {
					t.Errorf("variant %q is not on the page", v)
				}
			}
			for _, o := range info.Options {
				if !strings.Contains(text, "| `"+o.Name+"` |") {
					t.Errorf("option %q is not in the page's options table", o.Name)
				}
				if rulingID.MatchString(o.Doc) {
					t.Errorf("option %q: doc %q cites a ruling id; say it in words", o.Name, o.Doc)
				}
			}
			if strings.Contains(text, "shared/") || strings.Contains(text, "§") {
				t.Errorf("the page cites something outside the repository")
			}
		})
	}
	pages, err := filepath.Glob(filepath.Join(rulesDir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		if name := filepath.Base(p); name != "README.md" && !linked[name] {
			t.Errorf("docs/rules/%s documents no registered game", name)
		}
	}
}
