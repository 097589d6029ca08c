package abalone

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// This file holds a second, deliberately naive move generator: a mailbox
// over the spec's (row, diagonal) coordinates that follows the enumeration
// of docs/rules/abalone.md#moves word for word and shares no code with the bitboard
// engine (not even its cell names). The tests compare the two on random
// games and random boards.

type refCell struct{ r, n int }

// refDirs are the spec's directions as (Δr, Δn): E, W, NE, SW, NW, SE.
var refDirs = [6]refCell{{0, 1}, {0, -1}, {1, 1}, {-1, -1}, {1, 0}, {-1, 0}}

// refAxes are E, NE and NW.
var refAxes = [3]refCell{{0, 1}, {1, 1}, {1, 0}}

func (c refCell) add(d refCell) refCell { return refCell{c.r + d.r, c.n + d.n} }
func (c refCell) on() bool {
	return c.r >= 0 && c.r <= 8 && c.n >= max(1, c.r-3) && c.n <= min(9, c.r+5)
}
func (c refCell) name() string { return fmt.Sprintf("%c%d", 'a'+c.r, c.n) }

type refBoard struct {
	cells map[refCell]byte // 'b', 'w'; missing = empty
	side  byte
	off   map[byte]int
}

func refFromText(t *testing.T, text string) refBoard {
	t.Helper()
	f := strings.Fields(text)
	rows := strings.Split(f[0], "/")
	b := refBoard{cells: map[refCell]byte{}, side: f[1][0], off: map[byte]int{}}
	for i, row := range rows {
		r := 8 - i
		for j := range row {
			if row[j] != '.' {
				b.cells[refCell{r, max(1, r-3) + j}] = row[j]
			}
		}
	}
	var bo, wo int
	fmt.Sscan(f[2], &bo)
	fmt.Sscan(f[3], &wo)
	b.off['b'], b.off['w'] = bo, wo
	return b
}

func (b refBoard) rows() string {
	var out []string
	for r := 8; r >= 0; r-- {
		var row []byte
		for n := max(1, r-3); n <= min(9, r+5); n++ {
			if v, ok := b.cells[refCell{r, n}]; ok {
				row = append(row, v)
			} else {
				row = append(row, '.')
			}
		}
		out = append(out, string(row))
	}
	return strings.Join(out, "/")
}

func other(side byte) byte {
	if side == 'b' {
		return 'w'
	}
	return 'b'
}

// refMoves lists the legal moves in canonical ABA-PRO notation.
func (b refBoard) refMoves() []string {
	me, them := b.side, other(b.side)
	own := func(c refCell) bool { return c.on() && b.cells[c] == me }
	enemy := func(c refCell) bool { return c.on() && b.cells[c] == them }
	empty := func(c refCell) bool { _, taken := b.cells[c]; return c.on() && !taken }
	var out []string
	for t, v := range b.cells {
		if v != me {
			continue
		}
		for _, d := range refDirs {
			g, c := 1, t.add(d)
			for own(c) && g < 4 {
				g, c = g+1, c.add(d)
			}
			if g > 3 || !c.on() {
				continue
			}
			if empty(c) {
				out = append(out, t.name()+t.add(d).name())
				continue
			}
			k, e := 0, c
			for enemy(e) {
				k, e = k+1, e.add(d)
			}
			if k < g && (!e.on() || empty(e)) {
				out = append(out, t.name()+t.add(d).name())
			}
		}
		for _, a := range refAxes {
			for L := 2; L <= 3; L++ {
				ok := true
				for i := range L {
					ok = ok && own(refCell{t.r + i*a.r, t.n + i*a.n})
				}
				if !ok {
					continue
				}
				for _, d := range refDirs {
					if d == a || (d.r == -a.r && d.n == -a.n) {
						continue
					}
					free := true
					for i := range L {
						free = free && empty(refCell{t.r + i*a.r + d.r, t.n + i*a.n + d.n})
					}
					if free {
						end := refCell{t.r + (L-1)*a.r, t.n + (L-1)*a.n}
						out = append(out, t.name()+end.name()+t.add(d).name())
					}
				}
			}
		}
	}
	slices.Sort(out)
	return out
}

func refParse(s string) refCell { return refCell{int(s[0] - 'a'), int(s[1] - '0')} }

// refPlay plays a canonical move in place.
func (b *refBoard) refPlay(m string) {
	me, them := b.side, other(b.side)
	if len(m) == 4 {
		t, to := refParse(m[:2]), refParse(m[2:])
		d := refCell{to.r - t.r, to.n - t.n}
		var line []refCell // own marbles, then enemy marbles, along d
		for c := t; c.on() && b.cells[c] == me; c = c.add(d) {
			line = append(line, c)
		}
		for c := t.add(refCell{len(line) * d.r, len(line) * d.n}); c.on() && b.cells[c] == them; c = c.add(d) {
			line = append(line, c)
		}
		// Move from the front so nothing is overwritten.
		for i := len(line) - 1; i >= 0; i-- {
			v := b.cells[line[i]]
			delete(b.cells, line[i])
			if dst := line[i].add(d); dst.on() {
				b.cells[dst] = v
			} else {
				b.off[v]++
			}
		}
	} else {
		e1, e2, dst := refParse(m[:2]), refParse(m[2:4]), refParse(m[4:])
		d := refCell{dst.r - e1.r, dst.n - e1.n}
		ar, an := sign(e2.r-e1.r), sign(e2.n-e1.n)
		for c := e1; ; c = (refCell{c.r + ar, c.n + an}) {
			delete(b.cells, c)
			b.cells[c.add(d)] = me
			if c == e2 {
				break
			}
		}
	}
	b.side = them
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// compareWithReference checks one state against the reference generator.
func compareWithReference(t *testing.T, s *State) {
	t.Helper()
	ref := refFromText(t, s.String())
	want := ref.refMoves()
	var got []string
	for _, m := range s.LegalMoves(nil) {
		got = append(got, s.MoveString(m))
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Fatalf("position %s:\n engine    %v\n reference %v", s, got, want)
	}
	if n := s.NumLegalMoves(); n != len(want) {
		t.Fatalf("position %s: NumLegalMoves = %d, reference lists %d", s, n, len(want))
	}
}

// TestReferenceRandomGames plays seeded random games of every layout and
// compares moves and resulting positions with the reference at every ply.
func TestReferenceRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	opts := game.Options{Values: map[string]string{OptPlyCap: "0", OptRepetitionDraw: "false"}}
	for _, v := range Info.Variants {
		opts.Variant = v
		for g := range 2 {
			st, err := Info.New(opts)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			for ply := 0; ply < 250 && s.ToMove() != game.NoPlayer; ply++ {
				compareWithReference(t, s)
				moves := s.LegalMoves(nil)
				m := moves[rng.IntN(len(moves))]
				ref := refFromText(t, s.String())
				ref.refPlay(s.MoveString(m))
				next, err := s.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				s = next.(*State)
				f := strings.Fields(s.String())
				if f[0] != ref.rows() || f[2] != fmt.Sprint(ref.off['b']) || f[3] != fmt.Sprint(ref.off['w']) {
					t.Fatalf("%s game %d ply %d: after %s engine has %s, reference %s %d %d",
						v, g, ply, s.MoveString(m), s, ref.rows(), ref.off['b'], ref.off['w'])
				}
			}
		}
	}
}

// TestReferenceRandomBoards compares on crowded random boards, where pushes,
// sandwiches and edges are everywhere.
func TestReferenceRandomBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for i := 0; i < 1000; i++ {
		var rows []string
		nb, nw := 0, 0
		for r := 8; r >= 0; r-- {
			row := make([]byte, rowLen(r))
			for j := range row {
				row[j] = '.'
				x := rng.IntN(100)
				switch {
				case x < 30 && nb < marblesPerSide:
					row[j] = 'b'
					nb++
				case x < 60 && nw < marblesPerSide:
					row[j] = 'w'
					nw++
				}
			}
			rows = append(rows, string(row))
		}
		text := strings.Join(rows, "/") + " " + []string{"b", "w"}[i%2] + " 0 0"
		st, err := Info.ParsePosition(text, game.Options{})
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", text, err)
		}
		s := st.(*State)
		if s.ToMove() == game.NoPlayer {
			if len(refFromText(t, text).refMoves()) != 0 {
				t.Fatalf("position %s is over but the reference has moves", text)
			}
			continue
		}
		compareWithReference(t, s)
	}
}

// refPerft counts with the reference alone.
func refPerft(b refBoard, depth int) uint64 {
	moves := b.refMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		next := refBoard{cells: maps(b.cells), side: b.side, off: map[byte]int{'b': b.off['b'], 'w': b.off['w']}}
		next.refPlay(m)
		n += refPerft(next, depth-1)
	}
	return n
}

func maps(m map[refCell]byte) map[refCell]byte {
	out := make(map[refCell]byte, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

var refDepth = flag.Int("refdepth", 2, "depth of TestReferencePerft (3 takes seconds)")

// TestReferencePerft checks the engine's perft against the reference's for
// every layout, including German daisy, which has no outside numbers beyond
// depth 1 (testdata/perft.txt).
func TestReferencePerft(t *testing.T) {
	for _, v := range Info.Variants {
		s, err := Info.New(game.Options{Variant: v})
		if err != nil {
			t.Fatal(err)
		}
		for depth := 1; depth <= *refDepth; depth++ {
			want := refPerft(refFromText(t, s.String()), depth)
			if got := game.Perft(s, depth); got != want {
				t.Errorf("%s: Perft(%d) = %d, reference %d", v, depth, got, want)
			}
		}
	}
}
