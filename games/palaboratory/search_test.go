package palaboratory

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tabula-games/tabula/games/palago"
	"github.com/tabula-games/tabula/hexgrid"
)

// searchFor runs the catalogue search, which authored cards.txt (cards 3
// to 12; it found them at step 531,916, in 3 to 5 minutes on the loaded
// 2-core machine, and prints them as "N | tiles"):
//
//	go test ./games/palaboratory -run TestSearchCatalogue -search=10m -seed=6 -temp=1.5 -v
//
// It stops at the first catalogue of cost 0, so a run that finishes
// before its deadline is deterministic for its seed. It is off in the
// default run.
var (
	searchFor    = flag.Duration("search", 0, "run TestSearchCatalogue for this long")
	searchSeed   = flag.Uint64("seed", 1, "seed of TestSearchCatalogue")
	searchReheat = flag.Float64("temp", 1.5, "start and reheat temperature of TestSearchCatalogue")
	searchInit   = flag.String("init", "", "start TestSearchCatalogue from these cards (lines \"N | tiles\")")
)

// blobOf turns a card layout back into its vertex set: the creature's
// vertices (after a colour swap if it is B) and its full cells' choices.
func blobOf(tiles []palago.Tile) *blob {
	g := creatureOf(tiles)
	if g.Colour == palago.B {
		img := make([]palago.Tile, len(tiles))
		for i, t := range tiles {
			img[i] = palago.MapTile(palago.AllSymmetries()[1], t)
		}
		tiles = img
		g = creatureOf(tiles)
	}
	b := &blob{verts: slices.Clone(g.Vertices), choice: map[palago.Cell]palago.Orientation{}}
	for _, t := range tiles {
		b.choice[t.Cell] = t.O
	}
	return b
}

// A creature whose every tile carries one of its pieces is fixed by its
// vertex set V (A-coloured, by symmetry) and the orientation of each cell
// with all three A-corners in V: a cell with one corner in V must point its
// A-tip there (its arch would otherwise reach out of V), a cell with two
// must join them with its arch (tip on the third corner), and only a cell
// with three has a choice. So the search walks over vertex sets.
type blob struct {
	verts  []palago.Vertex
	choice map[palago.Cell]palago.Orientation
}

// aCorners are the offsets dirs[k]+dirs[k+1] of the even corners k = 0, 2, 4.
var aCorners = [3]palago.Vertex{{X: 2, Y: -1}, {X: -1, Y: 2}, {X: -1, Y: -1}}

// cellsOf returns the three cells around an A-vertex and its corner index
// (0, 2, 4) in each.
func cellsOf(v palago.Vertex) [3]palago.Cell {
	var out [3]palago.Cell
	for i, off := range aCorners {
		out[i] = palago.Cell{Q: int16((v.X - off.X) / 3), R: int16((v.Y - off.Y) / 3)}
	}
	return out
}

// vertexNeighbours returns the six A-vertices that share a cell with v.
func vertexNeighbours(v palago.Vertex) []palago.Vertex {
	var out []palago.Vertex
	for i, c := range cellsOf(v) {
		k := 2 * i
		out = append(out, palago.VertexOf(c, k+2), palago.VertexOf(c, k+4))
	}
	return out
}

func (b *blob) clone() *blob {
	c := &blob{verts: slices.Clone(b.verts), choice: make(map[palago.Cell]palago.Orientation, len(b.choice))}
	for k, v := range b.choice {
		c.choice[k] = v
	}
	return c
}

func (b *blob) has(v palago.Vertex) bool { return slices.Contains(b.verts, v) }

// tiles builds the layout and lists the full cells.
func (b *blob) tiles() (tiles []palago.Tile, full []palago.Cell) {
	corners := map[palago.Cell]uint8{}
	for _, v := range b.verts {
		for i, c := range cellsOf(v) {
			corners[c] |= 1 << i
		}
	}
	for c, m := range corners {
		var o palago.Orientation
		switch m {
		case 1, 2, 4: // tip on the one corner in V
			o = palago.Orientation(bitIndex(m))
		case 7:
			o = b.choice[c]
			full = append(full, c)
		default: // arch joins the two, tip on the third
			o = palago.Orientation(bitIndex(7 &^ m))
		}
		tiles = append(tiles, palago.Tile{Cell: c, O: o})
	}
	slices.SortFunc(tiles, func(a, b palago.Tile) int {
		if a.Cell.Q != b.Cell.Q {
			return int(a.Cell.Q) - int(b.Cell.Q)
		}
		return int(a.Cell.R) - int(b.Cell.R)
	})
	slices.SortFunc(full, func(a, b palago.Cell) int {
		if a.Q != b.Q {
			return int(a.Q) - int(b.Q)
		}
		return int(a.R) - int(b.R)
	})
	return tiles, full
}

func bitIndex(m uint8) int {
	for i := range 3 {
		if m == 1<<i {
			return i
		}
	}
	panic("bitIndex")
}

// mutate changes b at random; it may leave b invalid.
func (b *blob) mutate(rng *rand.Rand) {
	switch rng.IntN(5) {
	case 0, 1: // grow
		v := b.verts[rng.IntN(len(b.verts))]
		nb := vertexNeighbours(v)
		w := nb[rng.IntN(len(nb))]
		if !b.has(w) {
			b.verts = append(b.verts, w)
		}
	case 2: // shrink
		if len(b.verts) > 2 {
			i := rng.IntN(len(b.verts))
			b.verts = slices.Delete(b.verts, i, i+1)
		}
	case 3: // move a vertex
		if len(b.verts) > 2 {
			i := rng.IntN(len(b.verts))
			b.verts = slices.Delete(b.verts, i, i+1)
			v := b.verts[rng.IntN(len(b.verts))]
			nb := vertexNeighbours(v)
			w := nb[rng.IntN(len(nb))]
			if !b.has(w) {
				b.verts = append(b.verts, w)
			}
		}
	case 4: // turn a free cell
		_, full := b.tiles()
		if len(full) > 0 {
			c := full[rng.IntN(len(full))]
			b.choice[c] = palago.Orientation((int(b.choice[c]) + 1 + rng.IntN(2)) % 3)
		}
	}
}

// images holds a layout under the 12 symmetries.
type images [hexgrid.NumSymmetries][]palago.Tile

func imagesOf(tiles []palago.Tile) *images {
	var im images
	for g := range hexgrid.NumSymmetries {
		im[g] = make([]palago.Tile, len(tiles))
		for i, t := range tiles {
			im[g][i] = palago.MapTile(palago.AllSymmetries()[g], t)
		}
	}
	return &im
}

// fastOverlap is Overlap with a flat counter over shifts.
func fastOverlap(s []palago.Tile, t *images, counts *[128 * 128]uint8) int {
	best := 0
	var touched [14 * 14]int
	for g := range t {
		n := 0
		for _, a := range s {
			for _, b := range t[g] {
				if a.O != b.O {
					continue
				}
				i := (int(a.Cell.Q-b.Cell.Q)+64)*128 + int(a.Cell.R-b.Cell.R) + 64
				if counts[i] == 0 && n < len(touched) {
					touched[n] = i
					n++
				}
				counts[i]++
				best = max(best, int(counts[i]))
			}
		}
		for _, i := range touched[:n] {
			counts[i] = 0
		}
	}
	return best
}

func TestSearchCatalogue(t *testing.T) {
	if *searchFor == 0 {
		t.Skip("catalogue search is off; run with -search=DURATION")
	}
	rng := rand.New(rand.NewPCG(*searchSeed, 99))
	tasks := ExtraTasks()
	const first, last = 3, 12 // cards 1 and 2 are the spec's test shapes
	type cons struct{ a, b, want int }
	var cs []cons
	for _, tk := range tasks {
		cs = append(cs, cons{tk.From, tk.To, Size(tk.From) - tk.Moves})
	}
	// The three 14-tile cards must not be congruent.
	distinct := [][2]int{{10, 11}, {10, 12}, {11, 12}}

	blobs := make([]*blob, last+1)
	tiles := make([][]palago.Tile, last+1)
	ims := make([]*images, last+1)
	valid := make([]bool, last+1)
	var counts [128 * 128]uint8
	seedBlob := func() *blob {
		v := palago.VertexOf(palago.Cell{}, 0)
		return &blob{verts: []palago.Vertex{v, vertexNeighbours(v)[0]}, choice: map[palago.Cell]palago.Orientation{}}
	}
	set := func(n int, b *blob) {
		blobs[n] = b
		tiles[n], _ = b.tiles()
		tiles[n] = palago.Normalize(tiles[n]) // keep shifts inside fastOverlap's counter
		ims[n] = imagesOf(tiles[n])
		valid[n] = CheckCard(tiles[n], len(tiles[n])) == nil
	}
	for n := first; n <= last; n++ {
		set(n, seedBlob())
	}
	if *searchInit != "" {
		data, err := os.ReadFile(*searchInit)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			num, rest, ok := strings.Cut(line, "|")
			n, err := strconv.Atoi(strings.TrimSpace(num))
			if !ok || err != nil || n < first || n > last {
				continue
			}
			set(n, blobOf(palago.MustParseTiles(rest)))
			if !valid[n] {
				t.Fatalf("card %d from -init is not valid", n)
			}
		}
	}
	costOf := func(n int) float64 {
		c := 0.0
		if !valid[n] {
			c += 100
		}
		c += 4 * math.Abs(float64(len(tiles[n])-Size(n)))
		return c
	}
	pairCost := func(x cons) float64 {
		o := fastOverlap(tiles[x.a], ims[x.b], &counts)
		return math.Abs(float64(o - x.want))
	}
	total := func() float64 {
		c := 0.0
		for n := first; n <= last; n++ {
			c += costOf(n)
		}
		for _, x := range cs {
			c += pairCost(x)
		}
		for _, p := range distinct {
			if fastOverlap(tiles[p[0]], ims[p[1]], &counts) == len(tiles[p[0]]) && len(tiles[p[0]]) == len(tiles[p[1]]) {
				c += 10
			}
		}
		return c
	}
	deadline := time.Now().Add(*searchFor)
	cur := total()
	best := cur
	bestBlobs := slices.Clone(blobs)
	temp := *searchReheat
	for step := 0; time.Now().Before(deadline); step++ {
		n := first + rng.IntN(last-first+1)
		old := blobs[n]
		nb := old.clone()
		for range 1 + rng.IntN(2) {
			nb.mutate(rng)
		}
		set(n, nb)
		if !valid[n] {
			set(n, old)
			continue
		}
		c := total()
		if c <= cur || rng.Float64() < math.Exp((cur-c)/temp) {
			cur = c
		} else {
			set(n, old)
		}
		if cur < best {
			best = cur
			for k := first; k <= last; k++ {
				bestBlobs[k] = blobs[k]
			}
			t.Logf("step %d: cost %.0f", step, cur)
		}
		if cur == 0 {
			break
		}
		temp = max(0.05, temp*0.99999)
		if step%200000 == 199999 && cur > 0 {
			temp = *searchReheat
		}
	}
	for n := first; n <= last; n++ {
		set(n, bestBlobs[n])
	}
	cur = total()
	var out strings.Builder
	for n := first; n <= last; n++ {
		fmt.Fprintf(&out, "%d | %s\n", n, palago.FormatTiles(palago.Normalize(tiles[n]), " "))
	}
	for _, x := range cs {
		o := fastOverlap(tiles[x.a], ims[x.b], &counts)
		fmt.Fprintf(&out, "# %d->%d overlap %d want %d\n", x.a, x.b, o, x.want)
	}
	t.Logf("final cost %.0f\n%s", cur, out.String())
	if cur != 0 {
		t.Errorf("no catalogue found")
	}
}
