package clock

import (
	"slices"
	"time"
)

// maxInline is the most seats whose times Save copies into its own array
// (no game has more than five); more are cloned.
const maxInline = 8

// Saved is a copy of Clocks to put back if a change fails: the seats'
// times are held in an array, so saving costs no allocation.
type Saved struct {
	c     Clocks
	times [maxInline]time.Duration
}

// Save returns a copy of c for Restore.
func (c Clocks) Save() Saved {
	s := Saved{c: c}
	if len(c.Remaining) > maxInline {
		s.c.Remaining = slices.Clone(c.Remaining)
	} else {
		copy(s.times[:], c.Remaining)
	}
	return s
}

// Restore puts back the clocks s saved; c's Remaining slice is kept, its
// times restored in place, when it has as many seats.
func (c *Clocks) Restore(s *Saved) {
	rem := c.Remaining
	*c = s.c
	if len(rem) <= maxInline && len(rem) == len(s.c.Remaining) {
		copy(rem, s.times[:len(rem)])
		c.Remaining = rem
	}
}
