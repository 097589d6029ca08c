package talat

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// This file is the reference the closing check (closing.go) is tested
// against: the rule of docs/rules/talat.md#closing-boards read literally and written afresh, sharing no
// code with the engine. It reads a board in the notation of the position
// text (boardText: ranks 1 to 5 separated by "/", a tower as its seat, its
// height letter and its number of sides, "0M4"), and has its own geometry,
// its own capture table (docs/rules/talat.md#a-turn), its own captures and steps (docs/rules/talat.md#a-turn) and
// its own search: a board is open iff some position reachable by
// non-capturing steps of either side, in any order, allows a capture.

// refTower is a tower as the reference sees it; the zero value is an empty
// cell.
type refTower struct {
	forward int8 // +1 if the tower steps towards rank 5, -1 towards rank 1
	height  int8 // 1 small, 2 medium, 3 large
	sides   int8 // 3, 4 or 6
}

// refBoard is a board's 25 cells, rank by rank from rank 1, file a first.
type refBoard [25]refTower

const refSize = 5

// refParse reads a board of B01, where seat 0 starts on rank 1 and steps
// towards rank 5, and seat 1 the other way.
func refParse(text string) (refBoard, error) {
	var b refBoard
	ranks := strings.Split(text, "/")
	if len(ranks) != refSize {
		return b, fmt.Errorf("want %d ranks: %q", refSize, text)
	}
	for r, rank := range ranks {
		c := 0
		for i := 0; i < len(rank); c++ {
			if c >= refSize {
				return b, fmt.Errorf("rank %d is too long: %q", r+1, rank)
			}
			if rank[i] == '.' {
				i++
				continue
			}
			if i+3 > len(rank) {
				return b, fmt.Errorf("rank %d: a tower is cut short: %q", r+1, rank)
			}
			t := refTower{height: int8(strings.IndexByte("SML", rank[i+1]) + 1), sides: int8(rank[i+2] - '0')}
			switch rank[i] {
			case '0':
				t.forward = 1
			case '1':
				t.forward = -1
			default:
				return b, fmt.Errorf("rank %d: seat %q is not on B01", r+1, rank[i])
			}
			if t.height == 0 || (t.sides != 3 && t.sides != 4 && t.sides != 6) {
				return b, fmt.Errorf("rank %d: bad tower %q", r+1, rank[i:i+3])
			}
			b[r*refSize+c] = t
			i += 3
		}
		if c != refSize {
			return b, fmt.Errorf("rank %d has %d cells: %q", r+1, c, rank)
		}
	}
	return b, nil
}

// refCanCapture is the capture table of docs/rules/talat.md#a-turn: one height taller whatever
// the shapes, the same height with more sides, and David and Goliath (the
// small triangle takes the large hexagon).
func refCanCapture(a, t refTower) bool {
	switch {
	case a.height == t.height+1:
		return true
	case a.height == t.height && a.sides > t.sides:
		return true
	}
	return a.height == 1 && a.sides == 3 && t.height == 3 && t.sides == 6
}

// refAt returns the tower on (rank r, file c), counted from 0, and whether
// the cell is on the board.
func (b *refBoard) at(r, c int) (refTower, bool) {
	if r < 0 || r >= refSize || c < 0 || c >= refSize {
		return refTower{}, false
	}
	return b[r*refSize+c], true
}

// captureNow reports whether some tower may capture now (docs/rules/talat.md#a-turn): an enemy
// tower beside it, in front of it or diagonally in front, of a kind the
// table lets it take.
func (b *refBoard) captureNow() bool {
	for i, a := range b {
		if a.forward == 0 {
			continue
		}
		r, c := i/refSize, i%refSize
		for _, d := range [5][2]int{{0, -1}, {0, 1}, {int(a.forward), -1}, {int(a.forward), 0}, {int(a.forward), 1}} {
			t, on := b.at(r+d[0], c+d[1])
			if on && t.forward != 0 && t.forward != a.forward && refCanCapture(a, t) {
				return true
			}
		}
	}
	return false
}

// hopeless reports that no capture can ever happen on the board, by the
// argument of docs/rules/talat.md#closing-boards's prefilter: count an attacker's progress in its own
// forward direction; a step moves a tower one rank on and at most one file
// aside, the attacker forwards and the target towards it, so their rank gap
// g (target ahead of attacker) only shrinks and the file distance dc
// changes by at most one a step. A capture needs g = 0 and dc = 1, or g = 1
// and dc ≤ 1, so g ≥ 0 and dc ≤ g+1 must hold now; blocking only removes
// possibilities, so it is ignored.
func (b *refBoard) hopeless() bool {
	var towers [len(b)]int
	n := 0
	for i, x := range b {
		if x.forward != 0 {
			towers[n] = i
			n++
		}
	}
	for _, i := range towers[:n] {
		for _, j := range towers[:n] {
			a, t := b[i], b[j]
			if t.forward == a.forward || !refCanCapture(a, t) {
				continue
			}
			g := (j/refSize - i/refSize) * int(a.forward)
			dc := max(j%refSize-i%refSize, i%refSize-j%refSize)
			if g >= 0 && dc <= g+1 {
				return false
			}
		}
	}
	return true
}

// refSearch decides the board by a depth-first search over every position
// reachable by steps (docs/rules/talat.md#a-turn: one rank forward, straight or diagonally, onto
// an empty cell), memoised by the whole board. With prune it cuts the
// positions where hopeless holds. It gives up (ok = false) after budget
// positions (0: no budget). nodes is the number of positions visited.
func refSearch(b refBoard, prune bool, budget int) (open, ok bool, nodes int) {
	seen := map[[len(b)]byte]bool{}
	ok = true
	var dfs func() bool
	dfs = func() bool {
		var key [len(b)]byte // the board in a byte a cell, a cheaper map key
		for i, x := range b {
			key[i] = byte(x.forward+1)<<6 | byte(x.height)<<4 | byte(x.sides)
		}
		if seen[key] {
			return false
		}
		seen[key] = true
		if budget > 0 && len(seen) > budget {
			ok = false
			return false
		}
		if b.captureNow() {
			return true
		}
		if prune && b.hopeless() {
			return false
		}
		for i, x := range b {
			if x.forward == 0 {
				continue
			}
			r, c := i/refSize, i%refSize
			for dc := -1; dc <= 1; dc++ {
				to, on := b.at(r+int(x.forward), c+dc)
				if !on || to.forward != 0 {
					continue
				}
				j := (r+int(x.forward))*refSize + c + dc
				b[i], b[j] = refTower{}, x
				found := dfs()
				b[i], b[j] = x, refTower{}
				if found || !ok {
					return found
				}
			}
		}
		return false
	}
	open = dfs()
	return open, ok, len(seen)
}

// refOpen decides a board of B01 with the reference, pruned by the
// prefilter, to the end; nodes is the positions it visited.
func refOpen(cells *[NumCells]uint8) (open bool, nodes int) {
	b, err := refParse(boardText(cells))
	if err != nil {
		panic(err)
	}
	open, _, nodes = refSearch(b, true, 0)
	return open, nodes
}

// naiveOpen decides a board of B01 by the definition with nothing clever
// at all: the reference's search without the prefilter. It gives up
// (ok = false) after budget positions.
func naiveOpen(cells [NumCells]uint8, budget int) (open, ok bool) {
	b, err := refParse(boardText(&cells))
	if err != nil {
		panic(err)
	}
	open, ok, _ = refSearch(b, false, budget)
	return open, ok
}

// naiveDistance is the number of steps of a shortest sequence from a board
// of B01 to a position with a capture, by a breadth-first search over the
// reference's boards and steps; -1 when no capture is reachable. It gives
// up (ok = false) after budget positions.
func naiveDistance(cells [NumCells]uint8, budget int) (dist int, ok bool) {
	b, err := refParse(boardText(&cells))
	if err != nil {
		panic(err)
	}
	seen := map[refBoard]bool{b: true}
	layer := []refBoard{b}
	for d := 0; len(layer) > 0; d++ {
		var next []refBoard
		for _, cur := range layer {
			if cur.captureNow() {
				return d, true
			}
			for i, x := range cur {
				if x.forward == 0 {
					continue
				}
				r, c := i/refSize, i%refSize
				for dc := -1; dc <= 1; dc++ {
					if to, on := cur.at(r+int(x.forward), c+dc); !on || to.forward != 0 {
						continue
					}
					n := cur
					n[i], n[(r+int(x.forward))*refSize+c+dc] = refTower{}, x
					if !seen[n] {
						seen[n] = true
						next = append(next, n)
					}
				}
			}
			if len(seen) > budget {
				return 0, false
			}
		}
		layer = next
	}
	return -1, true
}

// TestReferenceSharesNoCode checks that this file uses nothing the engine
// declares (its non-test files) but NumCells, the length of the cell array
// refOpen and naiveOpen are handed, so that the reference cannot share a
// mistake with the code it checks.
func TestReferenceSharesNoCode(t *testing.T) {
	fset := token.NewFileSet()
	engine := map[string]bool{}
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					engine[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						engine[s.Name.Name] = true
					case *ast.ValueSpec:
						for _, n := range s.Names {
							engine[n.Name] = true
						}
					}
				}
			}
		}
	}
	ref, err := parser.ParseFile(fset, "closing_ref_test.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	delete(engine, "_")
	delete(engine, "NumCells")
	used := map[string]bool{}
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr: // a field or method name is not a use of a package name
			ast.Inspect(n.X, walk)
			return false
		case *ast.Ident:
			if engine[n.Name] {
				used[n.Name] = true
			}
		}
		return true
	}
	ast.Inspect(ref, walk)
	if len(engine) < 50 {
		t.Fatalf("found only %d engine declarations", len(engine))
	}
	if len(used) > 0 {
		t.Errorf("closing_ref_test.go uses the engine's %v", slices.Sorted(maps.Keys(used)))
	}
}
