package hexgrid

import "fmt"

// Symmetry is one of the twelve symmetries of the hexagonal grid that fix the
// origin. Symmetry k+6·m is "reflect across the E–W axis m times, then turn
// counter-clockwise by k·60 degrees". Symmetries 0..5 are the rotations, 6..11
// the reflections; Identity is 0.
type Symmetry uint8

// NumSymmetries is the number of symmetries of the hexagon.
const NumSymmetries = 12

// Identity is the symmetry that moves nothing.
const Identity Symmetry = 0

// Rotation returns the rotation that turns counter-clockwise by k·60 degrees.
func Rotation(k int) Symmetry { return Symmetry(mod6(k)) }

// Reflection returns the reflection across the line through the origin in
// direction d (and its opposite): Reflection(E) fixes the E–W axis.
func Reflection(d Dir) Symmetry {
	// Reflecting across E–W then turning by 2d fixes the axis of d: E goes
	// to E and then to 2d; the reflection maps d to -d, turned by 2d gives d.
	return Symmetry(NumDirs + mod6(2*int(d)))
}

// Symmetries returns all twelve symmetries, rotations first.
func Symmetries() [NumSymmetries]Symmetry {
	var out [NumSymmetries]Symmetry
	for i := range out {
		out[i] = Symmetry(i)
	}
	return out
}

// Turns returns k such that s turns counter-clockwise by k·60 degrees after
// its reflection, if any.
func (s Symmetry) Turns() int { return int(s % NumDirs) }

// Reflects reports whether s reverses orientation (is a reflection).
func (s Symmetry) Reflects() bool { return s >= NumDirs }

// Apply maps c to its image under s.
func (s Symmetry) Apply(c Coord) Coord {
	q, r, x := c.Q, c.R, c.S()
	if s.Reflects() {
		// Across the E–W axis: (q, r, s) -> (-s, -r, -q).
		q, r, x = -x, -r, -q
	}
	for range s.Turns() {
		// 60 degrees counter-clockwise: (q, r, s) -> (-s, -q, -r).
		q, r, x = -x, -q, -r
	}
	return Coord{q, r}
}

// ApplyDir maps direction d to its image under s.
func (s Symmetry) ApplyDir(d Dir) Dir {
	if s.Reflects() {
		d = Dir(mod6(-int(d)))
	}
	return d.Rotate(s.Turns())
}

// Then returns the symmetry that applies s first and t second.
func (s Symmetry) Then(t Symmetry) Symmetry {
	// t∘s = rot^kt refl^mt rot^ks refl^ms; a reflection reverses the
	// rotations it passes: refl rot^k = rot^-k refl.
	k := s.Turns()
	if t.Reflects() {
		k = -k
	}
	k += t.Turns()
	refl := s.Reflects() != t.Reflects()
	out := Symmetry(mod6(k))
	if refl {
		out += NumDirs
	}
	return out
}

// Inverse returns the symmetry that undoes s.
func (s Symmetry) Inverse() Symmetry {
	if s.Reflects() {
		return s // every reflection is its own inverse
	}
	return Rotation(-s.Turns())
}

// String returns "r0".."r5" for the rotations and "m0".."m5" for the
// reflections, with the number of 60-degree turns after the reflection.
func (s Symmetry) String() string {
	if s >= NumSymmetries {
		return fmt.Sprintf("Symmetry(%d)", uint8(s))
	}
	if s.Reflects() {
		return fmt.Sprintf("m%d", s.Turns())
	}
	return fmt.Sprintf("r%d", s.Turns())
}
