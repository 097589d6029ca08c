package pathagon

import (
	"math/bits"

	"github.com/tabula-games/tabula/game"
)

// Zobrist keys come from splitmix64 of a feature number rather than a
// table, so the package keeps no mutable or computed globals. Features:
// 0..127 a piece (player·64 + cell), 128..255 a lastRelocated piece,
// 256..319 a forbidden cell, 320 Dark to move.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

func zPiece(p game.Player, c Cell) uint64 { return mix(uint64(p)<<6 | uint64(c)) }
func zLast(p game.Player, c Cell) uint64  { return mix(128 | uint64(p)<<6 | uint64(c)) }
func zForbidden(c Cell) uint64            { return mix(256 | uint64(c)) }
func zDarkToMove() uint64                 { return mix(320) }

// fullHash computes the hash from scratch; apply keeps it incrementally.
func (p *position) fullHash() uint64 {
	var h uint64
	for pl := Light; pl <= Dark; pl++ {
		for b := p.bb[pl]; b != 0; b &= b - 1 {
			h ^= zPiece(pl, Cell(bits.TrailingZeros64(b)))
		}
		if p.last[pl] != NoCell {
			h ^= zLast(pl, p.last[pl])
		}
	}
	for b := p.forbidden; b != 0; b &= b - 1 {
		h ^= zForbidden(Cell(bits.TrailingZeros64(b)))
	}
	if p.toMove == Dark {
		h ^= zDarkToMove()
	}
	return h
}
