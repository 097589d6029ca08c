package hexgrid

// Dir is one of the six directions between adjacent cells, numbered
// counter-clockwise from east.
type Dir uint8

// The six directions.
const (
	E Dir = iota
	NE
	NW
	W
	SW
	SE
)

// NumDirs is the number of directions.
const NumDirs = 6

// Dirs returns the six directions in order, E first, counter-clockwise.
func Dirs() [NumDirs]Dir { return [NumDirs]Dir{E, NE, NW, W, SW, SE} }

var dirVectors = [NumDirs]Coord{{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}}

var dirNames = [NumDirs]string{"E", "NE", "NW", "W", "SW", "SE"}

// Vector returns the step from a cell to its neighbour in direction d.
func (d Dir) Vector() Coord { return dirVectors[d%NumDirs] }

// Opposite returns the direction pointing the other way.
func (d Dir) Opposite() Dir { return (d + 3) % NumDirs }

// Rotate returns d turned counter-clockwise by k·60 degrees; a negative k
// turns clockwise.
func (d Dir) Rotate(k int) Dir { return Dir(mod6(int(d) + k)) }

// Valid reports whether d is one of the six directions.
func (d Dir) Valid() bool { return d < NumDirs }

// String returns the compass name: "E", "NE", "NW", "W", "SW" or "SE".
func (d Dir) String() string {
	if d >= NumDirs {
		return "Dir(?)"
	}
	return dirNames[d]
}

// ParseDir reads a compass name as printed by Dir.String (upper or lower
// case).
func ParseDir(s string) (Dir, bool) {
	for d, n := range dirNames {
		if len(s) == len(n) && (s == n || upper(s) == n) {
			return Dir(d), true
		}
	}
	return 0, false
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

func mod6(x int) int {
	x %= NumDirs
	if x < 0 {
		x += NumDirs
	}
	return x
}
