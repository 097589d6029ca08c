package geometry

import "testing"

// BenchmarkHull measures support hulls of three thin legs (a typical upper
// floor) and of the twelve outer columns of the standard setup.
func BenchmarkHull(b *testing.B) {
	three := []Footprint{{Vec{0, 20}, Disc, 8}, {Vec{-17.3, -10}, Disc, 8}, {Vec{17.3, -10}, Disc, 8}}
	b.Run("3-discs", func(b *testing.B) {
		var hb HullBuilder
		dst := make(Polygon, 0, 128)
		b.ReportAllocs()
		for b.Loop() {
			dst = hb.Hull(three, dst[:0])
		}
	})
	b.Run("3-discs-sort", func(b *testing.B) {
		var pts []Vec
		dst := make(Polygon, 0, 128)
		b.ReportAllocs()
		for b.Loop() {
			pts = pts[:0]
			for _, f := range three {
				pts = f.Points(pts)
			}
			dst = ConvexHull(pts, dst[:0])
		}
	})
}
