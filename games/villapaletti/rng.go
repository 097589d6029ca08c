package villapaletti

import "math"

// splitMix is the game's generator: SplitMix64 over a state
// kept in the position, so that every draw replays from the record.
type splitMix uint64

// next returns the next 64-bit output.
func (s *splitMix) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// uniform returns u = (z >> 11)·2^−53 in [0, 1).
func (s *splitMix) uniform() float64 { return float64(s.next()>>11) / (1 << 53) }

// normal returns sqrt(−2·ln(1−u1))·cos(2π·u2) from two fresh uniforms.
func (s *splitMix) normal() float64 {
	u1 := s.uniform()
	u2 := s.uniform()
	return math.Sqrt(-2*math.Log(1-u1)) * math.Cos(2*math.Pi*u2)
}
