package villapaletti

import (
	"fmt"
	"math"
	"strings"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/villapaletti/geometry"
)

// The top views of Diagram: a square of the table from -diagramReach to
// +diagramReach mm, north up, one character per diagramStepX mm across and
// one line per diagramStepY mm (terminal characters are about twice as high
// as wide).
const (
	diagramReach = 120.0 // just beyond FoundationRadius, so every floor fits
	diagramStepX = 6.0   // 41 columns: a thin column (radius 8) is about 3 wide
	diagramStepY = 15.0  // 17 lines
)

// Diagram draws the villa for a terminal in at most 80 columns: a top view
// of every level from the top down, then the floors, scores, the seal and
// whose turn it is. Below the views: the floors with their poses (x, y in
// mm, angle in degrees) and the next one, every seat's score and colours,
// the seal's holder, the frozen columns, the columns out of the game and
// the step of the turn.
//
// A level is the surface the columns stand on: level 0 is the foundation,
// whose building site (radius 80 mm, where columns may stand) is drawn with
// "."; level k is the top of the k-th floor, whose outline is drawn with
// ".". North is up, x grows to the right and y upwards, in millimetres, with
// the ruler at -120, -60, 0, 60 and 120. A column is drawn at its centre as
// its colour initial (B blue, Y yellow, G green, R red) and its kind: 1, 2
// or 3 for the thin ones (blue-thin-1 is B1), M for the medium (hexagonal)
// one and T for the thick one; a frozen column has its initial in lower
// case ("bT"). Of a stack, the top column is drawn. Beside each view, the
// level's columns as the moves name them, with their centres to the
// nearest millimetre and the column they are stacked on.
func (s *State) Diagram() string {
	var b strings.Builder
	top := int(s.floors)
	for level := top; level >= 0; level-- {
		s.drawLevel(&b, level)
		b.WriteByte('\n')
	}
	names := s.info.PlayerNames
	var floors []string
	for f := range Floor(s.floors) {
		floors = append(floors, f.String()+" "+s.poses[f].text())
	}
	if s.floors < NumFloors {
		floors = append(floors, "next "+Floor(s.floors).String())
	}
	wrap(&b, "floors: ", floors)
	b.WriteString("scores:")
	for p := range game.Player(s.n) {
		var cols []string
		for c := range Colour(4) {
			if s.Owner(c) == p {
				cols = append(cols, c.String())
			}
		}
		sep := ","
		if p == 0 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s %s %d", sep, seatName(names, p, cols), s.Score(p))
	}
	if s.n == 3 {
		b.WriteString(" (red is neutral)")
	}
	b.WriteString("\nseal: ")
	if s.holder == noPlayer {
		b.WriteString("nobody")
	} else {
		b.WriteString(names[s.holder])
		if s.prev != noPlayer {
			fmt.Fprintf(&b, " (before: %s)", names[s.prev])
		}
	}
	var frozen, out []string
	for c := range Column(NumColumns) {
		if s.cols[c].frozen {
			frozen = append(frozen, c.String())
		}
		if s.cols[c].level == outOfGame {
			out = append(out, c.String())
		}
	}
	b.WriteByte('\n')
	if len(frozen) > 0 {
		wrap(&b, "frozen: ", frozen)
	}
	if len(out) > 0 {
		wrap(&b, "out of the game: ", out)
	}
	turn, asker := names[s.turn], names[max(s.asker, 0)]
	switch s.phase {
	case phaseOver:
		if s.culprit != noPlayer {
			fmt.Fprintf(&b, "game over: %s collapsed the villa", names[s.culprit])
		} else {
			b.WriteString("game over: standstill")
		}
	case phaseTurn:
		fmt.Fprintf(&b, "%s to move a column or propose the %s floor", turn, Floor(min(int(s.floors), NumFloors-1)))
	case phaseOwn:
		fmt.Fprintf(&b, "%s to move an own column", turn)
	case phaseNeutralObjection:
		fmt.Fprintf(&b, "%s may try another neutral column (or pass) after %s's failed one", asker, turn)
	case phaseFloorObjection:
		fmt.Fprintf(&b, "%s proposes the %s floor at %s;\n%s may object with a column or pass", turn, Floor(s.floors), s.prop.text(), asker)
	case phaseRemove:
		fmt.Fprintf(&b, "%s to remove one of %s's columns", turn, names[s.objctr])
	case phasePlace:
		fmt.Fprintf(&b, "%s to place the %s floor", turn, Floor(s.floors))
	case phaseSetup:
		fmt.Fprintf(&b, "%s to place a column from hand (setup, from %s)", turn, names[s.start])
	case phaseBlue:
		fmt.Fprintf(&b, "%s to lay the blue floor", turn)
	}
	return b.String()
}

// diagramWidth is the width Diagram keeps to: a standard terminal.
const diagramWidth = 80

// wrap writes prefix and items separated by ", ", breaking lines before
// diagramWidth and indenting the continuation lines, then a newline.
func wrap(b *strings.Builder, prefix string, items []string) {
	col := len(prefix)
	b.WriteString(prefix)
	for i, it := range items {
		if i > 0 {
			b.WriteByte(',')
			col++
			if col+1+len(it) > diagramWidth {
				b.WriteString("\n" + strings.Repeat(" ", len(prefix)-1))
				col = len(prefix) - 1
			}
			b.WriteByte(' ')
			col++
		}
		b.WriteString(it)
		col += len(it)
	}
	b.WriteByte('\n')
}

// seatName names a seat with its colours when it plays more than one or
// another than its name.
func seatName(names []string, p game.Player, cols []string) string {
	if len(cols) == 1 && cols[0] == names[p] {
		return names[p]
	}
	return names[p] + " (" + strings.Join(cols, "+") + ")"
}

// diagramLabel is column c's two-character mark in the top views.
func (s *State) diagramLabel(c Column) string {
	initial := strings.ToUpper(c.Colour().String()[:1])
	if s.cols[c].frozen {
		initial = strings.ToLower(initial)
	}
	switch c.Kind() {
	case Medium:
		return initial + "M"
	case Thick:
		return initial + "T"
	}
	return initial + string(rune('1'+c%5))
}

// drawLevel writes the top view of one level with its legend beside it.
func (s *State) drawLevel(b *strings.Builder, level int) {
	w := int(2*diagramReach/diagramStepX) + 1
	h := int(2*diagramReach/diagramStepY) + 1
	grid := make([][]byte, h)
	var floor geometry.Convex
	if level > 0 {
		Floor(level-1).convex(s.poses[level-1].geometry(), &floor)
	}
	for r := range grid {
		grid[r] = []byte(strings.Repeat(" ", w))
		for c := range w {
			p := geometry.Vec{X: -diagramReach + float64(c)*diagramStepX, Y: diagramReach - float64(r)*diagramStepY}
			if level == 0 && p.Len() <= SiteRadius || level > 0 && floor.Contains(p) {
				grid[r][c] = '.'
			}
		}
	}
	var legend []string
	if level == 0 {
		legend = append(legend, "level 0: the foundation")
	} else {
		legend = append(legend, fmt.Sprintf("level %d: on the %s floor", level, Floor(level-1)))
	}
	// Columns in stacking order, so that the top of a stack is drawn last.
	for depth := 0; depth <= NumColumns; depth++ {
		for c := range Column(NumColumns) {
			col := &s.cols[c]
			if int(col.level) != level || s.depth(c) != depth {
				continue
			}
			x := int(math.Round((float64(col.x)/micro+diagramReach)/diagramStepX)) - 1
			y := int(math.Round((diagramReach - float64(col.y)/micro) / diagramStepY))
			if y >= 0 && y < h {
				for i, ch := range []byte(s.diagramLabel(c)) {
					if x+i >= 0 && x+i < w {
						grid[y][x+i] = ch
					}
				}
			}
			// Whole millimetres keep the legend in 80 columns; the position
			// text has the exact centres.
			l := fmt.Sprintf("%s %s (%.0f,%.0f)", s.diagramLabel(c), c, float64(col.x)/micro, float64(col.y)/micro)
			if col.on != NoColumn {
				l += " on " + s.diagramLabel(col.on)
			}
			legend = append(legend, l)
		}
	}
	for r := range h {
		y := diagramReach - float64(r)*diagramStepY
		label := "    "
		if math.Mod(y, 60) == 0 {
			label = fmt.Sprintf("%4.0f", y)
		}
		line := label + " " + string(grid[r])
		if r < len(legend) {
			line += "  " + legend[r]
		}
		b.WriteString(strings.TrimRight(line, " "))
		b.WriteByte('\n')
	}
	ruler := []byte(strings.Repeat(" ", w))
	for _, v := range []int{-120, -60, 0, 60, 120} {
		t := fmt.Sprint(v)
		c := (v+int(diagramReach))/int(diagramStepX) - len(t)/2
		copy(ruler[max(0, min(c, w-len(t))):], t)
	}
	b.WriteString(strings.TrimRight("     "+string(ruler), " "))
	b.WriteByte('\n')
	for _, l := range legend[min(len(legend), h):] {
		b.WriteString(strings.Repeat(" ", 5+w+2) + l + "\n")
	}
}
