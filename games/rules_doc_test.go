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

// relLink matches the target of a relative Markdown link, without its
// anchor.
var relLink = regexp.MustCompile(`\]\(([^)#:]+)(?:#[^)]*)?\)`)

// outsidePath matches a path written out (not a link) that starts by
// leaving the directory, such as a folder beside the repository.
var outsidePath = regexp.MustCompile("(?:^|[\\s`'\"])\\.\\./")

// TestRulesPages checks that docs/rules documents every registered game:
// a page per game, linked from the index, naming every variant and option
// the engine accepts, its links pointing at files in the repository; and
// that the option docs the lobby and "tabula games" show cite no ruling
// ids.
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
			if strings.Contains(text, "§") || outsidePath.MatchString(text) {
				t.Errorf("the page cites a section id or a path outside the repository")
			}
			for _, m := range relLink.FindAllStringSubmatch(text, -1) {
				target := filepath.Join(rulesDir, m[1])
				if !strings.HasPrefix(target, "../") || strings.HasPrefix(target, "../../") {
					t.Errorf("link %q leaves the repository", m[1])
				} else if _, err := os.Stat(target); err != nil {
					t.Errorf("link %q: %v", m[1], err)
				}
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

// ruleLink matches a link into a rules page with an anchor: docs/rules/
// PAGE.md#ANCHOR in code and docs, or (PAGE.md#ANCHOR) between the pages.
var ruleLink = regexp.MustCompile(`(docs/rules/|rules/|\]\()([a-z]+)\.md#([a-z0-9-]+)`)

// TestRulesAnchors checks that every link to a rules page's heading, from
// the code, the docs or another page, names a heading the page has.
func TestRulesAnchors(t *testing.T) {
	anchors := map[string]map[string]bool{}
	pages, err := filepath.Glob(filepath.Join(rulesDir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pages {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		set := map[string]bool{}
		for line := range strings.Lines(string(data)) {
			if strings.HasPrefix(line, "#") {
				set[anchor(strings.TrimLeft(line, "# "))] = true
			}
		}
		anchors[strings.TrimSuffix(filepath.Base(p), ".md")] = set
	}
	links := 0
	for _, root := range []string{"..", "../docs"} {
		err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path != root && (root == "../docs" || strings.HasPrefix(d.Name(), ".") || d.Name() == "web" || d.Name() == "docs") {
					return filepath.SkipDir // docs on its own pass; the web client's trees are not scanned
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".md") {
				return nil
			}
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range ruleLink.FindAllStringSubmatch(string(data), -1) {
				set, ok := anchors[m[2]]
				if !ok {
					continue // a link to another document
				}
				links++
				if !set[m[3]] {
					t.Errorf("%s: %s.md has no heading #%s", path, m[2], m[3])
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if links == 0 {
		t.Error("found no links into the rules pages; the scan is broken")
	}
}

// anchor is the fragment a Markdown heading gets: lower case, punctuation
// dropped, spaces as hyphens.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ' || r == '-':
			b.WriteRune('-')
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r == '_':
			b.WriteRune(r)
		}
	}
	return b.String()
}
