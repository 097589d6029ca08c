package villapaletti

import (
	"fmt"
	"math"

	"github.com/tabula-games/tabula/games/villapaletti/geometry"
)

// Dimensions of the villa. Millimetres and grams.
const (
	FoundationRadius = 115.0 // R_f: every floor corner stays within it
	SiteRadius       = 80.0  // R_b: columns on the foundation stand inside it
	ColumnHeight     = 45.0  // H, common to every column
	FloorThickness   = 5.0   // T
	LevelHeight      = ColumnHeight + FloorThickness
	Density          = 0.00065 // ρ, wood at 650 kg/m³, in g/mm³
	Clearance        = 1.0     // mm between circumradii of columns on one surface
	SearchLattice    = 2.0     // mm, the lattice on which "a legal target exists" is decided
)

// Kind is the size of a column.
type Kind uint8

const (
	Thin   Kind = iota // round, radius 8, 1 point
	Medium             // hexagonal prism, circumradius 11, 2 points
	Thick              // round, radius 14, 3 points
)

// perKind holds a value for each column kind, computed on first use: move
// lists need a kind's targets once however many columns of it are eligible.
type perKind[T any] struct {
	v    [Thick + 1]T
	done [Thick + 1]bool
}

// get returns the value for k, computing it with f the first time.
func (p *perKind[T]) get(k Kind, f func(Kind) T) T {
	if !p.done[k] {
		p.v[k], p.done[k] = f(k), true
	}
	return p.v[k]
}

// String returns "thin", "medium" or "thick".
func (k Kind) String() string { return [...]string{"thin", "medium", "thick"}[k] }

// Radius returns the circumradius in millimetres.
func (k Kind) Radius() float64 { return [...]float64{8, 11, 14}[k] }

// Points returns the column's value on the top level.
func (k Kind) Points() int { return int(k) + 1 }

// Shape returns the footprint shape.
func (k Kind) Shape() geometry.Shape {
	if k == Medium {
		return geometry.Hexagon
	}
	return geometry.Disc
}

// Mass returns ρ times the volume, in grams.
func (k Kind) Mass() float64 { return columnMass[k] }

// columnMass is read-only: ρ·H·area of thin, medium, thick.
var columnMass = [3]float64{
	Density * ColumnHeight * math.Pi * 8 * 8,
	Density * ColumnHeight * 3 * math.Sqrt(3) / 2 * 11 * 11,
	Density * ColumnHeight * math.Pi * 14 * 14,
}

// Colour is one of the four column colours.
type Colour uint8

const (
	Blue Colour = iota
	Yellow
	Green
	Red
	// NumColours is the number of colours.
	NumColours = 4
)

// String returns the colour's name in lower case.
func (c Colour) String() string { return [...]string{"blue", "yellow", "green", "red"}[c] }

// NumColumns is the number of columns: 4 colours × 5.
const NumColumns = 20

// Column names one of the 20 columns: colour·5 + slot, where slots 0–2 are
// the thin columns, 3 the medium and 4 the thick one.
type Column int8

// NoColumn is the sentinel for "no column".
const NoColumn Column = -1

// ColumnOf returns the column of colour c in slot i (0..4).
func ColumnOf(c Colour, slot int) Column { return Column(int(c)*5 + slot) }

// Colour returns the column's colour.
func (c Column) Colour() Colour { return Colour(c / 5) }

// Kind returns the column's size.
func (c Column) Kind() Kind {
	switch c % 5 {
	case 3:
		return Medium
	case 4:
		return Thick
	}
	return Thin
}

// String returns the column's name: "blue-thin-2", "red-medium", "green-thick".
func (c Column) String() string {
	if c < 0 || c >= NumColumns {
		return fmt.Sprintf("column(%d)", int(c))
	}
	return columnNames[c]
}

// columnNames holds the names of the columns. Read only.
var columnNames = func() (names [NumColumns]string) {
	for c := range Column(NumColumns) {
		names[c] = c.Colour().String() + "-" + c.Kind().String()
		if c.Kind() == Thin {
			names[c] += fmt.Sprintf("-%d", c%5+1)
		}
	}
	return names
}()

// Floor is one of the five floors, in the fixed order of play.
type Floor int8

const (
	BlueFloor Floor = iota
	GreenFloor
	YellowFloor
	OrangeFloor
	RedFloor
	// NumFloors is the number of floors.
	NumFloors = 5
)

// String returns the floor's colour name.
func (f Floor) String() string {
	return [...]string{"blue", "green", "yellow", "orange", "red"}[f]
}

// Polygon returns the floor's outline in local coordinates. The
// slice is shared: do not modify it.
func (f Floor) Polygon() geometry.Polygon { return floorPolygons[f] }

// Mass returns ρ·area·T in grams.
func (f Floor) Mass() float64 { return floorMass[f] }

// Centroid returns the centre of area in local coordinates.
func (f Floor) Centroid() geometry.Vec { return floorCentroid[f] }

// MinSupports returns how many columns must carry the floor: 3 for
// blue, green and yellow, 2 for orange and red.
func (f Floor) MinSupports() int {
	if f >= OrangeFloor {
		return 2
	}
	return 3
}

// floorPolygons are the local outlines of docs/rules/villapaletti.md, counter-clockwise. Read only.
var floorPolygons = [NumFloors]geometry.Polygon{
	polygon(104, 0, 74, 62, 17, 98, -46, 80, -100, 36, -92, -34, -47, -81, 18, -100, 74, -62),
	polygon(98, 0, 57, 57, 0, 66, -54, 54, -94, 0, -58, -58, 0, -70, 53, -53),
	polygon(80, 0, 40, 50, -16, 72, -54, 26, -70, -34, -15, -64, 44, -55),
	polygon(80, 0, 41, 41, 0, 45, -38, 38, -76, 0, -40, -40, 0, -47, 39, -39),
	polygon(56, 0, 29, 36, -11, 49, -38, 18, -49, -23, -11, -47, 27, -34),
}

// polygon builds a polygon from x, y pairs.
func polygon(xy ...float64) geometry.Polygon {
	p := make(geometry.Polygon, len(xy)/2)
	for i := range p {
		p[i] = geometry.Vec{X: xy[2*i], Y: xy[2*i+1]}
	}
	return p
}

// floorMass, floorCentroid and floorConvex derive from floorPolygons.
// Read only.
var floorMass, floorCentroid, floorConvex = floorData()

func floorData() (mass [NumFloors]float64, centroid [NumFloors]geometry.Vec, cv [NumFloors]geometry.Convex) {
	for f, p := range floorPolygons {
		mass[f] = Density * FloorThickness * p.Area()
		centroid[f] = p.Centroid()
		cv[f] = geometry.NewConvex(p)
	}
	return mass, centroid, cv
}

// convex sets dst to floor f at pose p, reusing dst's storage.
func (f Floor) convex(p geometry.Pose, dst *geometry.Convex) { floorConvex[f].Transform(p, dst) }

// levelZ returns z_k, the height of level k's surface.
func levelZ(k int) float64 { return float64(k) * LevelHeight }
