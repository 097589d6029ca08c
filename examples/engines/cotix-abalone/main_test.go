package main

import (
	"math/big"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/hexgrid"
)

// TestBits checks the cell numbering the program reads: 61 distinct bits,
// rows of 11 bits from bit 11 on, and the program's direction steps (one
// row up is +11 towards NW and +10 towards NE, east is -1).
func TestBits(t *testing.T) {
	seen := map[uint]abalone.Cell{}
	step := map[hexgrid.Dir]int{hexgrid.E: -1, hexgrid.W: 1, hexgrid.NW: 11, hexgrid.NE: 10, hexgrid.SE: -11, hexgrid.SW: -10}
	for _, c := range abalone.Cells() {
		b := bitOf(c)
		if other, dup := seen[b]; dup {
			t.Fatalf("%v and %v share bit %d", c, other, b)
		}
		seen[b] = c
		if b < 11 || b >= 110 || b%11 == 0 {
			t.Errorf("%v: bit %d outside the program's board", c, b)
		}
		for d, k := range step {
			if n := c.Next(abalone.Dir(d)); n.Valid() && int(bitOf(n)) != int(b)+k {
				t.Errorf("%v -> %v (%v): bit %d, want %d", c, n, d, bitOf(n), int(b)+k)
			}
		}
	}
	if len(seen) != abalone.NumCells {
		t.Fatalf("%d bits, want %d", len(seen), abalone.NumCells)
	}
}

// TestWords round-trips a 128-bit set through the program's two numbers.
func TestWords(t *testing.T) {
	s, _ := abalone.Info.New(game.Options{})
	own, opp := boards(s.(*abalone.State), 0)
	for _, b := range []*big.Int{own, opp} {
		got, err := parseWords(words(b))
		if err != nil || got.Cmp(b) != 0 {
			t.Fatalf("parseWords(words(%v)) = %v, %v", b, got, err)
		}
	}
	if own.BitLen() > 128 || opp.BitLen() > 128 {
		t.Fatal("a board needs more than 128 bits")
	}
}
