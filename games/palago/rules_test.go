package palago

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
)

func newGame(t *testing.T, opts map[string]string) *State {
	t.Helper()
	s, err := Info.New(game.Options{Values: opts})
	if err != nil {
		t.Fatal(err)
	}
	return s.(*State)
}

func play(t *testing.T, s *State, moves ...string) *State {
	t.Helper()
	for _, mt := range moves {
		m, err := s.ParseMove(mt)
		if err != nil {
			t.Fatalf("ParseMove(%q) in %s: %v", mt, s, err)
		}
		next, err := s.Play(m)
		if err != nil {
			t.Fatalf("Play(%q) in %s: %v", mt, s, err)
		}
		s = next.(*State)
	}
	return s
}

// translate moves tiles so that tiles[i] is on (0,0).
func translate(tiles []Tile, i int) []Tile {
	d := tiles[i].Cell
	out := make([]Tile, len(tiles))
	for j, x := range tiles {
		out[j] = Tile{Cell{x.Cell.Q - d.Q, x.Cell.R - d.R}, x.O}
	}
	return out
}

// playLayout searches for a legal game that places exactly the given
// tiles, with last as the last tile, and returns its final state and the
// seat that made the last move. The first tile must be on (0,0).
func playLayout(s *State, tiles []Tile, last Tile) (*State, game.Player, bool) {
	rest := slices.DeleteFunc(slices.Clone(tiles), func(x Tile) bool { return x == last })
	var dfs func(s *State, rest []Tile) (*State, game.Player, bool)
	dfs = func(s *State, rest []Tile) (*State, game.Player, bool) {
		try := func(tiles ...Tile) (*State, game.Player, bool) {
			m, err := s.check(tiles)
			if err != nil && !errors.Is(err, errNotCanonical) {
				return nil, 0, false
			}
			mover := s.ToMove()
			next, err := s.Play(m)
			if err != nil {
				return nil, 0, false
			}
			ns := next.(*State)
			left := slices.DeleteFunc(slices.Clone(rest), func(x Tile) bool { return slices.Contains(tiles, x) })
			if slices.Contains(tiles, last) {
				return ns, mover, len(left) == 0
			}
			if ns.over {
				return nil, 0, false
			}
			return dfs(ns, left)
		}
		if len(rest) == 0 {
			return try(last)
		}
		if len(rest) == 1 {
			if r, p, ok := try(rest[0], last); ok {
				return r, p, ok
			}
		}
		for i, x := range rest {
			for j, y := range rest {
				if i == j || y == last {
					continue
				}
				if len(rest) == 2 && (x == last || y == last) {
					continue
				}
				if r, p, ok := try(x, y); ok {
					return r, p, ok
				}
			}
		}
		return nil, 0, false
	}
	return dfs(s, rest)
}

// TestShapeWins plays every creature of the spec's test vectors, in all 12
// symmetric images, as a game whose last tile completes it (docs/rules/palago.md#winning): the
// player whose colour it is wins, whoever placed the tile; and a
// one-tile move ends the turn (docs/rules/palago.md#a-turn).
func TestShapeWins(t *testing.T) {
	for _, sh := range shapes[:4] {
		base := MustParseTiles(sh.tiles)
		for _, g := range AllSymmetries() {
			img := make([]Tile, len(base))
			for i, x := range base {
				img[i] = MapTile(g, x)
			}
			for _, lastIdx := range []int{0, len(img) - 1} {
				for _, first := range []string{"p1", "p2"} {
					name := fmt.Sprintf("%s/%v/last%d/%s", sh.name, g, lastIdx, first)
					t.Run(name, func(t *testing.T) {
						origin := (lastIdx + 1) % len(img)
						tiles := translate(img, origin)
						s := newGame(t, map[string]string{OptFirstPlayer: first})
						end, mover, ok := playLayout(s, tiles, tiles[lastIdx])
						if !ok {
							t.Fatalf("no legal game places %v last", tiles[lastIdx])
						}
						o, over := end.Outcome()
						if !over || o.Reason != ReasonCreature {
							t.Fatalf("outcome %+v, over %v", o, over)
						}
						colour := A
						if !PreservesColour(g) {
							colour = B
						}
						want := mover
						if end.ColourOf(mover) != colour {
							want = 1 - mover
						}
						if !slices.Equal(o.Winners, []game.Player{want}) {
							t.Fatalf("winners %v, want %v (mover %v, creature %v)", o.Winners, want, mover, colour)
						}
						if len(tiles)%2 == 1 {
							// The last move was one tile; with a second it is illegal.
							before := prefixState(t, end, len(tiles)-1)
							for _, m := range before.LegalMoves(nil) {
								ts, _ := MoveTiles(m)
								if ts[0] == tiles[lastIdx] && len(ts) == 2 {
									t.Fatalf("%s lists a two-tile move after a completing first tile", before.MoveString(m))
								}
							}
						}
					})
				}
			}
		}
	}
}

// prefixState replays the first n tiles of s's game.
func prefixState(t *testing.T, s *State, n int) *State {
	t.Helper()
	p := newGame(t, map[string]string{OptFirstPlayer: s.info.PlayerNames[s.first]})
	for i := 0; i < n; i += 2 {
		if i+1 < n {
			p = play(t, p, s.board.tiles[i].String()+"+"+s.board.tiles[i+1].String())
		} else {
			p = play(t, p, s.board.tiles[i].String())
		}
	}
	return p
}

// TestEyeNeverWins checks docs/rules/palago.md#eye in all 12 images: the eye's third tile
// is not a one-tile move, and placing it in a two-tile move wins nothing.
func TestEyeNeverWins(t *testing.T) {
	base := MustParseTiles(shapes[4].tiles)
	for _, g := range AllSymmetries() {
		t.Run(g.String(), func(t *testing.T) {
			img := make([]Tile, 3)
			for i, x := range base {
				img[i] = MapTile(g, x)
			}
			tiles := translate(img, 0)
			s := newGame(t, nil)
			s = play(t, s, tiles[0].String()+"+"+tiles[1].String())
			if _, err := s.ParseMove(tiles[2].String()); !errors.Is(err, game.ErrIllegalMove) {
				t.Fatalf("one-tile eye move: %v, want ErrIllegalMove", err)
			}
			n := 0
			for _, m := range s.LegalMoves(nil) {
				ts, _ := MoveTiles(m)
				if !slices.Contains(ts, tiles[2]) {
					continue
				}
				n++
				next, err := s.Play(m)
				if err != nil {
					t.Fatal(err)
				}
				ns := next.(*State)
				if ns.over {
					continue // the other tile completed something: not the eye's doing
				}
				eyes := 0
				for _, gr := range ns.board.Groups() {
					if gr.IsEye() {
						eyes++
					}
				}
				if eyes == 0 {
					t.Fatalf("after %s no eye", s.MoveString(m))
				}
			}
			if n == 0 {
				t.Fatal("no move places the eye's third tile")
			}
		})
	}
}

// doubleLayouts finds layouts of a colour-A virus and a colour-B virus that
// share exactly `shared` tiles.
func doubleLayouts(shared int) [][]Tile {
	virus := MustParseTiles(shapes[0].tiles)
	var out [][]Tile
	seen := map[string]bool{}
	for _, g := range AllSymmetries() {
		if PreservesColour(g) {
			continue
		}
		for dq := int16(-4); dq <= 4; dq++ {
			for dr := int16(-4); dr <= 4; dr++ {
				at := map[Cell]Orientation{}
				for _, x := range virus {
					at[x.Cell] = x.O
				}
				tiles := slices.Clone(virus)
				common, ok := 0, true
				for _, x := range virus {
					y := MapTile(g, x)
					y.Cell = y.Cell.Add(Cell{dq, dr})
					if o, dup := at[y.Cell]; dup {
						if o != y.O {
							ok = false
						}
						common++
						continue
					}
					tiles = append(tiles, y)
				}
				if !ok || common != shared {
					continue
				}
				key := fmt.Sprint(Canonical(tiles, AllSymmetries()))
				if !seen[key] {
					seen[key] = true
					out = append(out, tiles)
				}
			}
		}
	}
	return out
}

// TestDoubleCreature checks docs/rules/palago.md#both-colours-at-once: a tile that completes creatures of
// both colours loses for the mover, whether it is a one-tile move or the
// second tile of a move.
func TestDoubleCreature(t *testing.T) {
	found := 0
	for _, shared := range []int{1, 2} {
		for li, tiles := range doubleLayouts(shared) {
			// A tile whose removal leaves no creature belongs to both.
			for i, x := range tiles {
				b := boardOf(t, tiles)
				if err := b.Remove(x.Cell); err != nil {
					t.Fatal(err)
				}
				if len(b.Creatures()) != 0 {
					continue
				}
				name := fmt.Sprintf("shared%d/layout%d/tile%d", shared, li, i)
				t.Run(name, func(t *testing.T) {
					tt := translate(tiles, (i+1)%len(tiles))
					end, mover, ok := playLayout(newGame(t, nil), tt, tt[i])
					if !ok {
						t.Skip("no legal order places this tile last")
					}
					found++
					o, _ := end.Outcome()
					if o.Reason != ReasonDoubleCreature || !slices.Equal(o.Winners, []game.Player{1 - mover}) {
						t.Fatalf("outcome %+v, want the mover %v to lose by %s", o, mover, ReasonDoubleCreature)
					}
				})
			}
		}
	}
	if found == 0 {
		t.Fatal("no double-creature game was found")
	}
}

// TestLegalMovesMatchCheck compares LegalMoves with a brute force over
// every one- and two-tile placement near the palago, validated one by one
// by the rules check (docs/rules/palago.md#a-turn), in positions from seeded random games
// under both hole rules.
func TestLegalMovesMatchCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for _, hole := range []string{HoleStrict, HoleFirstTileOnly} {
		for game := range 3 {
			s := newGame(t, map[string]string{OptHoleRule: hole, OptTiles: "23"})
			for ply := 0; !s.over; ply++ {
				if ply > 0 && (ply%2 == game%2 || s.Supply() <= 3) {
					compareMoves(t, s)
				}
				moves := s.LegalMoves(nil)
				next, err := s.Play(moves[rng.IntN(len(moves))])
				if err != nil {
					t.Fatal(err)
				}
				s = next.(*State)
			}
		}
	}
}

func compareMoves(t *testing.T, s *State) {
	t.Helper()
	listed := map[game.Move]bool{}
	for _, m := range s.LegalMoves(nil) {
		listed[m] = true
	}
	want := map[game.Move]bool{}
	var cells []Cell
	seen := map[Cell]bool{}
	for _, x := range s.board.Tiles() {
		for k := range 6 {
			for j := range 6 {
				c := x.Cell.Neighbour(k).Neighbour(j)
				if !seen[c] && !s.board.Occupied(c) {
					seen[c] = true
					cells = append(cells, c)
				}
			}
		}
	}
	for _, c1 := range cells {
		for o1 := range Orientation(3) {
			x := Tile{c1, o1}
			if m, err := s.check([]Tile{x}); err == nil {
				want[m] = true
			}
			for k := range 6 { // a second tile must touch the first (TestMoveRules)
				c2 := c1.Neighbour(k)
				for o2 := range Orientation(3) {
					m, err := s.check([]Tile{x, {c2, o2}})
					if err == nil {
						want[m] = true
					} else if errors.Is(err, errNotCanonical) && !listed[m] {
						t.Fatalf("%s: %v+%v maps to unlisted %s", s, x, Tile{c2, o2}, s.MoveString(m))
					}
				}
			}
		}
	}
	for m := range want {
		if !listed[m] {
			t.Fatalf("%s: legal move %s is not listed", s, s.MoveString(m))
		}
	}
	for m := range listed {
		if !want[m] {
			t.Fatalf("%s: listed move %s fails the rules check", s, s.MoveString(m))
		}
	}
}
