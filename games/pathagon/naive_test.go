package pathagon_test

// A deliberately naive second implementation of the rules, written straight
// from docs/rules/pathagon.md with an array board, loops over coordinates and
// string keys, sharing no code with the package. Perft counts and random
// games are checked against it.

import (
	"fmt"
	"strconv"
	"strings"
)

type naiveMove struct {
	fr, fc int      // origin; fr = -1 for a placement
	tr, tc int      // target
	caps   [][2]int // removed pieces, ascending index order
}

type naive struct {
	cell     [7][7]byte // '.', 'L' or 'D'
	res      [2]int
	turn     int       // 0 Light, 1 Dark
	last     [2][2]int // row, col; row -1 for none
	forb     [7][7]bool
	ply      int
	optional bool
	repDraw  bool
	plyCap   int
	hist     []string // keys of earlier positions
	over     bool
	winner   int // -1 for a draw
	reason   string
}

var naivePiece = [2]byte{'L', 'D'}

func naiveCell(r, c int) string { return string([]byte{byte('a' + c), byte('7' - r)}) }

func naiveParseCell(s string) (int, int) { return int('7' - s[1]), int(s[0] - 'a') }

// newNaive reads the six fields of the spec's position text (and the ply).
func newNaive(text string, optional, repDraw bool, plyCap int) *naive {
	f := strings.Fields(text)
	n := &naive{optional: optional, repDraw: repDraw, plyCap: plyCap}
	for r, rank := range strings.Split(f[0], "/") {
		for c := 0; c < 7; c++ {
			n.cell[r][c] = rank[c]
		}
	}
	if f[1] == "d" {
		n.turn = 1
	}
	n.res[0], _ = strconv.Atoi(f[2])
	n.res[1], _ = strconv.Atoi(f[3])
	for p, name := range strings.Split(f[4], ",") {
		n.last[p] = [2]int{-1, -1}
		if name != "-" {
			r, c := naiveParseCell(name)
			n.last[p] = [2]int{r, c}
		}
	}
	if f[5] != "-" {
		for _, name := range strings.Split(f[5], ",") {
			r, c := naiveParseCell(name)
			n.forb[r][c] = true
		}
	}
	if len(f) > 6 {
		n.ply, _ = strconv.Atoi(f[6])
	}
	return n
}

func (n *naive) key() string {
	return fmt.Sprint(n.cell, n.turn, n.last, n.forb)
}

// traps lists the enemy pieces a piece of the mover arriving on (tr, tc)
// traps, with (fr, fc) counted as empty (the origin of a relocation).
func (n *naive) traps(tr, tc, fr, fc int) [][2]int {
	own, enemy := naivePiece[n.turn], naivePiece[1-n.turn]
	var out [][2]int
	for _, d := range [][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} { // ascending index order
		r1, c1 := tr+d[0], tc+d[1]
		r2, c2 := tr+2*d[0], tc+2*d[1]
		if r2 < 0 || r2 > 6 || c2 < 0 || c2 > 6 {
			continue
		}
		if n.cell[r1][c1] == enemy && n.cell[r2][c2] == own && (r2 != fr || c2 != fc) {
			out = append(out, [2]int{r1, c1})
		}
	}
	return out
}

func (n *naive) legal() []naiveMove {
	if n.over {
		return nil
	}
	var out []naiveMove
	add := func(fr, fc, tr, tc int) {
		caps := n.traps(tr, tc, fr, fc)
		if !n.optional {
			out = append(out, naiveMove{fr, fc, tr, tc, caps})
			return
		}
		for mask := 0; mask < 1<<len(caps); mask++ {
			var sub [][2]int
			for i := range caps {
				if mask&(1<<i) != 0 {
					sub = append(sub, caps[i])
				}
			}
			out = append(out, naiveMove{fr, fc, tr, tc, sub})
		}
	}
	if n.res[n.turn] > 0 {
		for r := 0; r < 7; r++ {
			for c := 0; c < 7; c++ {
				if n.cell[r][c] == '.' && !n.forb[r][c] {
					add(-1, -1, r, c)
				}
			}
		}
		return out
	}
	for fr := 0; fr < 7; fr++ {
		for fc := 0; fc < 7; fc++ {
			if n.cell[fr][fc] != naivePiece[n.turn] || (n.last[n.turn] == [2]int{fr, fc}) {
				continue
			}
			for r := 0; r < 7; r++ {
				for c := 0; c < 7; c++ {
					if n.cell[r][c] == '.' && !n.forb[r][c] && (r != fr || c != fc) {
						add(fr, fc, r, c)
					}
				}
			}
		}
	}
	return out
}

func (m naiveMove) String() string {
	s := naiveCell(m.tr, m.tc)
	if m.fr >= 0 {
		s = naiveCell(m.fr, m.fc) + "-" + s
	}
	for _, c := range m.caps {
		s += "x" + naiveCell(c[0], c[1])
	}
	return s
}

func (n *naive) play(m naiveMove) *naive {
	next := *n
	next.hist = append(n.hist[:len(n.hist):len(n.hist)], n.key())
	me, them := n.turn, 1-n.turn
	if m.fr >= 0 {
		next.cell[m.fr][m.fc] = '.'
		next.last[me] = [2]int{m.tr, m.tc}
	} else {
		next.res[me]--
		next.last[me] = [2]int{-1, -1}
	}
	next.cell[m.tr][m.tc] = naivePiece[me]
	next.forb = [7][7]bool{}
	for _, c := range m.caps {
		next.cell[c[0]][c[1]] = '.'
		next.res[them]++
		next.forb[c[0]][c[1]] = true
		if next.last[them] == c {
			next.last[them] = [2]int{-1, -1}
		}
	}
	next.turn = them
	next.ply++
	switch {
	case next.connected(me):
		next.over, next.winner, next.reason = true, me, "connection"
	case next.repDraw && next.count(next.key()) >= 2:
		next.over, next.winner, next.reason = true, -1, "repetition"
	case next.plyCap > 0 && next.ply >= next.plyCap:
		next.over, next.winner, next.reason = true, -1, "ply-limit"
	}
	return &next
}

func (n *naive) count(k string) int {
	c := 0
	for _, h := range n.hist {
		if h == k {
			c++
		}
	}
	return c
}

// connected does a breadth-first search from p's first edge.
func (n *naive) connected(p int) bool {
	var seen [7][7]bool
	var queue [][2]int
	for i := 0; i < 7; i++ {
		r, c := 0, i // Light: rank 7 (row 0)
		if p == 1 {
			r, c = i, 0 // Dark: file a (col 0)
		}
		if n.cell[r][c] == naivePiece[p] {
			seen[r][c] = true
			queue = append(queue, [2]int{r, c})
		}
	}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if (p == 0 && x[0] == 6) || (p == 1 && x[1] == 6) {
			return true
		}
		for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			r, c := x[0]+d[0], x[1]+d[1]
			if r >= 0 && r < 7 && c >= 0 && c < 7 && !seen[r][c] && n.cell[r][c] == naivePiece[p] {
				seen[r][c] = true
				queue = append(queue, [2]int{r, c})
			}
		}
	}
	return false
}

// String writes the spec's position text plus the package's ply and
// repetition fields.
func (n *naive) String() string {
	var ranks []string
	for r := 0; r < 7; r++ {
		ranks = append(ranks, string(n.cell[r][:]))
	}
	side := "l"
	if n.turn == 1 {
		side = "d"
	}
	var last [2]string
	for p := range last {
		last[p] = "-"
		if n.last[p][0] >= 0 {
			last[p] = naiveCell(n.last[p][0], n.last[p][1])
		}
	}
	var forb []string
	for r := 0; r < 7; r++ {
		for c := 0; c < 7; c++ {
			if n.forb[r][c] {
				forb = append(forb, naiveCell(r, c))
			}
		}
	}
	fs := "-"
	if len(forb) > 0 {
		fs = strings.Join(forb, ",")
	}
	s := fmt.Sprintf("%s %s %d %d %s,%s %s", strings.Join(ranks, "/"), side, n.res[0], n.res[1], last[0], last[1], fs)
	if n.ply != 0 || n.reason == "repetition" {
		s += " " + strconv.Itoa(n.ply)
	}
	if n.reason == "repetition" {
		s += " repetition"
	}
	return s
}

func (n *naive) perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	moves := n.legal()
	if depth == 1 {
		return uint64(len(moves))
	}
	var total uint64
	for _, m := range moves {
		total += n.play(m).perft(depth - 1)
	}
	return total
}
