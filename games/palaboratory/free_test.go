package palaboratory

import (
	"errors"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/palago"
)

func TestFreeConformance(t *testing.T) {
	gametest.Run(t, Info, gametest.Config{Options: opts(Free), Playouts: 2, MaxPlies: FreeTiles + MoveLimit + 1, MovesPerState: 4})
}

// TestFreeBuildValues builds worm a in a free build (docs/rules/palaboratory.md#tasks "Free build"):
// the game reports each creature's Palagonia value (docs/rules/palagonia.md#value-of-a-creature), and "done" ends
// the game with the values' sum as the score.
func TestFreeBuildValues(t *testing.T) {
	s, err := Info.New(opts(Free))
	if err != nil {
		t.Fatal(err)
	}
	if got := s.String(); got != "free 0" {
		t.Errorf("start position %q, want %q", got, "free 0")
	}
	s = play(t, s, wormAText)
	st := s.(*State)
	cs := st.Creatures()
	if len(cs) != 1 {
		t.Fatalf("worm a: %d creatures, want 1", len(cs))
	}
	if v := cs[0].Value; v.Loops != 1 || v.Limbs != 2 || v.Points() != 3 {
		t.Errorf("worm a's value = %+v, want 1 loop + 2 limbs = 3", v)
	}
	if _, over := s.Outcome(); over {
		t.Fatal("a free build ended before done")
	}
	if moves := s.LegalMoves(nil); s.MoveString(moves[len(moves)-1]) != "done" {
		t.Errorf("the last listed move is %q, want done", s.MoveString(moves[len(moves)-1]))
	}
	s = play(t, s, "DONE")
	o, over := s.Outcome()
	if !over || o.Reason != ReasonDone || !o.Won(0) || len(o.Scores) != 1 || o.Scores[0] != 3 {
		t.Errorf("after done: %+v, %v; want seat 0, reason done, score 3", o, over)
	}
	if n := len(s.LegalMoves(nil)); n != 0 {
		t.Errorf("%d moves after done", n)
	}
	if _, err := s.ParseMove("done"); !errors.Is(err, game.ErrGameOver) {
		t.Errorf("done twice: %v, want ErrGameOver", err)
	}
	text := s.String()
	if want := "free 0 done " + strings.Join(strings.Fields(palago.FormatTiles(sortTiles(palago.MustParseTiles(wormAText)), " ")), " "); text != want {
		t.Errorf("position %q, want %q", text, want)
	}
	back, err := Info.ParsePosition(text, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if back.String() != text || back.Hash() != s.Hash() {
		t.Errorf("round trip: %q (hash %x), want %q (hash %x)", back, back.Hash(), text, s.Hash())
	}
}

// TestFreeBuildSeveralCreatures checks that every creature is reported, the
// ones worth 1 or 2 included (the score threshold is Palagonia's, docs/rules/palagonia.md#births-and-scoring),
// and that the score is their sum.
func TestFreeBuildSeveralCreatures(t *testing.T) {
	var far []string
	for _, x := range palago.MustParseTiles(virusText) {
		x.Cell = x.Cell.Add(palago.Cell{Q: 10})
		far = append(far, x.String())
	}
	text := "free 0 " + wormAText + " " + strings.Join(far, " ")
	s, err := Info.ParsePosition(text, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*State)
	var pts []int
	for _, c := range st.Creatures() {
		pts = append(pts, c.Value.Points())
	}
	if len(pts) != 2 || pts[0]+pts[1] != 4 || st.Points() != 4 {
		t.Errorf("creature values %v, points %d; want worm 3 and virus 1, 4 in all", pts, st.Points())
	}
}

// TestFreeBuildEnds covers how a free build ends: "done" at any time, or
// the move cap (MoveLimit rotations and relocations), and never by a
// solved target.
func TestFreeBuildEnds(t *testing.T) {
	s, err := Info.ParsePosition("free 41 "+wormAText, game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s = play(t, s, "(0,0):1")
	o, over := s.Outcome()
	if !over || o.Reason != ReasonMoveLimit || !o.Won(0) {
		t.Errorf("at the move cap: %+v, %v; want seat 0, reason move-limit", o, over)
	}
	empty, _ := Info.New(opts(Free))
	done := play(t, empty, "done")
	if o, _ := done.Outcome(); o.Reason != ReasonDone || o.Scores[0] != 0 {
		t.Errorf("done on an empty table: %+v", o)
	}
}

func TestFreeBuildRules(t *testing.T) {
	red, _ := Info.New(opts(Red))
	if _, err := red.ParseMove("done"); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("done in a red task: %v, want ErrIllegalMove", err)
	}
	for _, o := range []game.Options{opts(Free, OptCard, "3"), opts(Free, OptFrom, "2")} {
		if _, err := Info.New(o); !errors.Is(err, game.ErrBadOption) {
			t.Errorf("New(%v): %v, want ErrBadOption", o.Values, err)
		}
	}
	var line []string
	for q := range FreeTiles + 1 {
		line = append(line, palago.Tile{Cell: palago.Cell{Q: int16(q)}}.String())
	}
	if _, err := Info.ParsePosition("free 0 "+strings.Join(line, " "), game.Options{}); err == nil {
		t.Errorf("a free build with %d tiles parsed", FreeTiles+1)
	}
	full, err := Info.ParsePosition("free 0 "+strings.Join(line[:FreeTiles], " "), game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := full.ParseMove("(0,1):0"); !errors.Is(err, game.ErrIllegalMove) {
		t.Errorf("a 49th tile: %v, want ErrIllegalMove", err)
	}
	for _, bad := range []string{"free:3 0", "freebuild 0"} {
		if _, err := Info.ParsePosition(bad, game.Options{}); !errors.Is(err, game.ErrSyntax) {
			t.Errorf("ParsePosition(%q): %v, want ErrSyntax", bad, err)
		}
	}
	s, _ := Info.New(opts(Free))
	s = play(t, s, wormAText)
	if v := s.(*State).Evaluate(0); v <= -1 || v >= 1 {
		t.Errorf("Evaluate = %v, want inside (-1, 1)", v)
	}
}
