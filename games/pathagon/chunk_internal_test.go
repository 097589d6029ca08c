package pathagon

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"unsafe"

	"github.com/tabula-games/tabula/game"
)

// TestSizes pins the sizes that make Play cheap: a State is 64 bytes and
// a chunk 512, both Go size classes, so neither wastes a byte of its
// allocation.
func TestSizes(t *testing.T) {
	if got := unsafe.Sizeof(State{}); got != 64 {
		t.Errorf("State is %d bytes, want 64 (a size class; Play allocates one per ply)", got)
	}
	if got := unsafe.Sizeof(chunk{}); got != 512 {
		t.Errorf("chunk is %d bytes, want 512 (a size class; one per %d plies)", got, chunkKeys)
	}
}

// history reads back the keys of the positions before s from its chunks.
func (s *State) history() []key {
	n := int(s.pos.n)
	var chunks []*chunk
	for c := s.line; c != nil; c = c.prev {
		chunks = append(chunks, c)
	}
	slices.Reverse(chunks)
	if want := (n + chunkKeys - 1) / chunkKeys; len(chunks) != want {
		return nil
	}
	out := make([]key, 0, n)
	for _, c := range chunks {
		out = append(out, c.keys[:min(chunkKeys, n-len(out))]...)
	}
	return out
}

// treeNode is a state and the keys of the positions on its path.
type treeNode struct {
	s    *State
	path []key
}

// checkNode fails unless the history of nd.s is exactly its path and seen
// agrees with a count over the path for the state's own key and for the
// key of every earlier position an even number of plies back (the ones
// with the same side to move).
func checkNode(t *testing.T, what string, nd treeNode) {
	t.Helper()
	if got := nd.s.history(); !slices.Equal(got, nd.path) {
		t.Fatalf("%s: history of %d keys differs from its path of %d", what, len(got), len(nd.path))
	}
	n := len(nd.path)
	for i := n; i >= 0; i -= 2 {
		k := nd.s.pos.key()
		if i < n {
			k = nd.path[i]
		}
		want := min(2, countKey(nd.path, k))
		if got := seen(k, nd.s.line, nd.s.pos.n, nil); got != want {
			t.Fatalf("%s: seen(key of position %d) = %d, want %d", what, i, got, want)
		}
	}
}

func countKey(keys []key, k key) int {
	n := 0
	for _, x := range keys {
		if x == k {
			n++
		}
	}
	return n
}

// grow plays n random plies from nd that do not end the game.
func grow(t *testing.T, rng *rand.Rand, nd treeNode, n int) []treeNode {
	t.Helper()
	var out []treeNode
	for range n {
		moves := nd.s.LegalMoves(nil)
		rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		var next *State
		for _, m := range moves {
			g, err := nd.s.Play(m)
			if err != nil {
				t.Fatal(err)
			}
			if _, over := g.Outcome(); !over {
				next = g.(*State)
				break
			}
		}
		if next == nil {
			break
		}
		nd = treeNode{next, append(nd.path[:len(nd.path):len(nd.path)], nd.s.pos.key())}
		out = append(out, nd)
	}
	return out
}

// TestChunkHistory grows a tree of states (docs/rules/pathagon.md#winning-and-draws: each counts the positions
// of its own line only): a 100-ply main line, then from the states whose
// histories end just before, at and after each chunk boundary, a second
// line of 40 plies (a sibling's, crossing the next boundary), the main
// line's own move again (which must share the chunks; lastMove also plays
// every other move from there), and search copies
// that Apply a few plies and then Play or take a Mutable. Every state's
// history, read back from its chunks, must be exactly the keys of its
// path, before and after the others were played.
func TestChunkHistory(t *testing.T) {
	start, err := New(game.Options{Values: map[string]string{OptPlyCap: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(9, 10))
	main := append([]treeNode{{start, nil}}, grow(t, rng, treeNode{start, nil}, 100)...)
	if len(main) < 100 {
		t.Fatalf("the main line ended after %d plies", len(main)-1)
	}
	var all []treeNode
	branches := []int{0, 1}
	for m := chunkKeys; m+2 < len(main); m += chunkKeys {
		branches = append(branches, m-2, m-1, m, m+1)
	}
	for _, b := range branches {
		from := main[b]
		again, err := from.s.Play(main[b+1].s.lastMove(t, from.s))
		if err != nil {
			t.Fatal(err)
		}
		// From the start (no history) a Play starts a chunk of its own;
		// from any later state the main line's chunk is shared.
		if a := again.(*State); b > 0 && a.line != main[b+1].s.line {
			t.Errorf("ply %d: the main line's move again allocated a chunk instead of sharing", b+1)
		}
		all = append(all, grow(t, rng, from, 40)...)
		// Through a search copy: Apply up to 3 plies, then Play from it
		// or Mutable of it, whose history holds the applied plies.
		mut := from.s.mutable()
		path := from.path
		for range rng.IntN(3) + 1 {
			moves := mut.LegalMoves(nil)
			path = append(path[:len(path):len(path)], mut.pos.key())
			mut.Apply(moves[rng.IntN(len(moves))])
			if _, over := mut.Outcome(); over {
				break
			}
		}
		if _, over := mut.Outcome(); over {
			continue
		}
		moves := mut.LegalMoves(nil)
		g, err := mut.Play(moves[rng.IntN(len(moves))])
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, treeNode{g.(*State), append(path[:len(path):len(path)], mut.pos.key())})
		m2 := mut.Mutable().(*search)
		all = append(all, treeNode{&m2.State, path})
	}
	for _, nd := range main {
		checkNode(t, "main line", nd)
	}
	for _, nd := range all {
		checkNode(t, "branch", nd)
	}
	// The main line goes on from its tip after all that.
	for _, nd := range grow(t, rng, main[len(main)-1], 40) {
		checkNode(t, "main line after the branches", nd)
	}
}

// lastMove finds the move that leads from prev to s.
func (s *State) lastMove(t *testing.T, prev *State) game.Move {
	t.Helper()
	for _, m := range prev.LegalMoves(nil) {
		g, err := prev.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		if g.(*State).pos == s.pos {
			return m
		}
	}
	t.Fatalf("no move leads from %s to %s", prev, s)
	return 0
}

// TestChunkHistoryConcurrent: eight goroutines grow their own lines from
// one state two plies before a chunk boundary, at the same time; each
// line's history must be its own path (run with -race).
func TestChunkHistoryConcurrent(t *testing.T) {
	start, err := New(game.Options{Values: map[string]string{OptPlyCap: "0"}})
	if err != nil {
		t.Fatal(err)
	}
	main := grow(t, rand.New(rand.NewPCG(11, 12)), treeNode{start, nil}, 28)
	from := main[len(main)-1]
	var wg sync.WaitGroup
	lines := make([][]treeNode, 8)
	for w := range lines {
		wg.Go(func() {
			var nodes []treeNode
			nd := from
			rng := rand.New(rand.NewPCG(uint64(w), 13))
			for range 70 {
				moves := nd.s.LegalMoves(nil)
				m := moves[rng.IntN(len(moves))]
				g, err := nd.s.Play(m)
				if err != nil {
					t.Error(err)
					return
				}
				nd = treeNode{g.(*State), append(nd.path[:len(nd.path):len(nd.path)], nd.s.pos.key())}
				nodes = append(nodes, nd)
				if _, over := g.Outcome(); over {
					break
				}
			}
			lines[w] = nodes
		})
	}
	wg.Wait()
	for _, nodes := range lines {
		for _, nd := range nodes {
			checkNode(t, "concurrent line", nd)
		}
	}
}
