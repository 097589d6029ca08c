package gametest

import (
	"fmt"
	"hash/fnv"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// The golden playthrough format, testdata/playthroughs/*.golden in every
// game: a whole game, position by position, so that any change in the move
// generator, its order, the notation, the position text or the scoring
// shows as a diff.
//
//	# how the game was made (a comment line)
//	position TEXT            the position (State.String)
//	moves N M1 M2 ...        the number of legal moves and the moves in order:
//	                         all of them up to ListAll, else the first 8, "...",
//	                         the last 4 and hash=FNV-1a of the whole list
//	note TEXT                optional, a game's own line about the position
//	play MOVE                the move played, then the next position
//	...
//	outcome TEXT             Outcome.Describe, or "-" if the game goes on
//	diagram                  optional: the last position's diagram, indented
//	  ...                    by two spaces, to the end of the file

// ListAll is the longest move list a playthrough prints in full.
const ListAll = 24

// Playthrough describes a game for a golden file: a record replayed from
// Start, or moves chosen by Choose until the game ends.
type Playthrough struct {
	Title string     // the comment line: how the game was made
	Start game.State // the first position
	// Record is a record to replay, moves in notation. When it is nil,
	// Choose picks each move from the listed moves until the game ends.
	Record []string
	Choose func(s game.State, moves []game.Move) game.Move
	// MaxPlies bounds a game of Choose (default 10,000).
	MaxPlies int
	// Note, when set, writes a game's own line about each position (none
	// when it returns "").
	Note func(s game.State) string
	// Diagram, when set, draws the last position at the end of the file
	// (no diagram section when it returns "").
	Diagram func(s game.State) string
}

// Play plays p and returns its golden text, the moves played in notation
// and the last state.
func (p Playthrough) Play(t testing.TB) (text string, record []string, final game.State) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n", p.Title)
	maxPlies := p.MaxPlies
	if maxPlies <= 0 {
		maxPlies = 10_000
	}
	s := p.Start
	for ply := 0; ; ply++ {
		moves := s.LegalMoves(nil)
		fmt.Fprintf(&b, "position %s\nmoves %s\n", s, MoveList(s, moves))
		if p.Note != nil {
			if note := p.Note(s); note != "" {
				fmt.Fprintf(&b, "note %s\n", note)
			}
		}
		var m game.Move
		switch {
		case p.Record != nil && ply == len(p.Record), p.Record == nil && len(moves) == 0:
			outcome := "-"
			if o, over := s.Outcome(); over {
				outcome = o.Describe(s.Info())
			} else if p.Record == nil {
				t.Fatalf("ply %d: no legal moves and no outcome", ply)
			}
			fmt.Fprintf(&b, "outcome %s\n", outcome)
			if d := p.diagram(s); d != "" {
				b.WriteString("diagram\n")
				for _, line := range strings.Split(strings.TrimRight(d, "\n"), "\n") {
					fmt.Fprintf(&b, "  %s\n", line)
				}
			}
			return b.String(), record, s
		case p.Record != nil:
			var err error
			if m, err = s.ParseMove(p.Record[ply]); err != nil {
				t.Fatalf("ply %d: %v", ply, err)
			}
		case ply >= maxPlies:
			t.Fatalf("the game goes on after %d plies", maxPlies)
		default:
			m = p.Choose(s, moves)
		}
		str := s.MoveString(m)
		fmt.Fprintf(&b, "play %s\n", str)
		record = append(record, str)
		var err error
		if s, err = s.Play(m); err != nil {
			t.Fatalf("ply %d: %s: %v", ply, str, err)
		}
	}
}

func (p Playthrough) diagram(s game.State) string {
	if p.Diagram == nil {
		return ""
	}
	return p.Diagram(s)
}

// GoldenPlaythrough plays p, compares the text with the golden file at
// path (rewritten with -update, see Golden), and checks that the moves
// played, replayed in notation from Start with game.PlayAll, reach the same
// last position. It returns the last state.
func GoldenPlaythrough(t *testing.T, path string, p Playthrough) game.State {
	t.Helper()
	text, record, final := p.Play(t)
	Golden(t, path, text)
	replayed, err := game.PlayAll(p.Start, record)
	if err != nil {
		t.Fatalf("replaying the record: %v", err)
	}
	if replayed.String() != final.String() || replayed.Hash() != final.Hash() {
		t.Fatalf("replaying the record gives %s, want %s", replayed, final)
	}
	return final
}

// MoveList writes the number of moves and the moves in order, in the form
// of a playthrough's moves line.
func MoveList(s game.State, moves []game.Move) string {
	names := make([]string, len(moves))
	for i, m := range moves {
		names[i] = s.MoveString(m)
	}
	if len(names) <= ListAll {
		return strings.TrimSpace(fmt.Sprint(len(names), " ", strings.Join(names, " ")))
	}
	h := fnv.New64a()
	for _, n := range names {
		h.Write([]byte(n))
		h.Write([]byte{' '})
	}
	return fmt.Sprintf("%d %s ... %s hash=%016x", len(names), strings.Join(names[:8], " "), strings.Join(names[len(names)-4:], " "), h.Sum64())
}

// PlaythroughStep is one position of a golden playthrough.
type PlaythroughStep struct {
	Position string
	Moves    int    // the number of legal moves
	List     string // the moves line after the count
	Note     string
	Play     string // the move played, "" at the last position
}

// PlaythroughFile is a golden playthrough as read back.
type PlaythroughFile struct {
	Title   string
	Steps   []PlaythroughStep
	Outcome string // "-" for a game that goes on
	Diagram string // the diagram section without its indent, or ""
}

// ReadPlaythrough reads a golden playthrough file and checks that it
// follows the format; a line out of place fails the test.
func ReadPlaythrough(t testing.TB, path string) PlaythroughFile {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	bad := func(i int, want string) {
		t.Helper()
		t.Fatalf("%s line %d: want %s, have %q", path, i+1, want, lines[i])
	}
	var pf PlaythroughFile
	title, ok := strings.CutPrefix(lines[0], "# ")
	if !ok {
		bad(0, "# TITLE")
	}
	pf.Title = title
	i := 1
	for {
		var st PlaythroughStep
		if i >= len(lines) {
			t.Fatalf("%s: ends without an outcome line", path)
		}
		if st.Position, ok = strings.CutPrefix(lines[i], "position "); !ok {
			bad(i, "position TEXT")
		}
		i++
		if i >= len(lines) {
			t.Fatalf("%s: ends after a position", path)
		}
		moves, ok := strings.CutPrefix(lines[i], "moves ")
		count, list, _ := strings.Cut(moves, " ")
		n, err := strconv.Atoi(count)
		if !ok || err != nil || n < 0 {
			bad(i, "moves N ...")
		}
		st.Moves, st.List = n, list
		i++
		if i < len(lines) {
			if note, ok := strings.CutPrefix(lines[i], "note "); ok {
				st.Note = note
				i++
			}
		}
		if i >= len(lines) {
			t.Fatalf("%s: ends without an outcome line", path)
		}
		if play, ok := strings.CutPrefix(lines[i], "play "); ok {
			st.Play = play
			pf.Steps = append(pf.Steps, st)
			i++
			continue
		}
		pf.Steps = append(pf.Steps, st)
		if pf.Outcome, ok = strings.CutPrefix(lines[i], "outcome "); !ok {
			bad(i, "play MOVE or outcome TEXT")
		}
		i++
		break
	}
	if i < len(lines) {
		if lines[i] != "diagram" {
			bad(i, "diagram or the end of the file")
		}
		var d []string
		for _, l := range lines[i+1:] {
			d = append(d, strings.TrimPrefix(l, "  "))
		}
		pf.Diagram = strings.Join(d, "\n") + "\n"
	}
	return pf
}
