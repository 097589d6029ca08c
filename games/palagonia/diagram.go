package palagonia

import (
	"fmt"
	"strings"
)

// Diagram draws the position for a terminal: the table as
// palago.Board.Diagram draws it (hexagons labelled with their axial
// coordinates "q,r", a tile's tips "A" and "B" on its corners, empty cells
// beside the palago as bare labels), then one line per fact of the turn:
//
//	dice 3 R (extra turn)          the faces rolled this turn; X removes, R rotates
//	p2 to place 2 more tiles       whose turn it is and what the step asks
//	scores p1 0, p2 3, p3 3        every seat's points
//	bag 40                         the tiles still in the bag
//
// During the start roll-off the second line lists each seat's die this
// round ("?" still to roll, "-" out of the roll-off).
func (s *State) Diagram() string {
	var b strings.Builder
	if s.board.Len() == 0 {
		b.WriteString("(no tiles on the table: the first goes on 0,0)")
	} else {
		b.WriteString(s.board.Diagram())
	}
	names := s.info.PlayerNames
	if s.dice[0] != NoFace {
		b.WriteString("\ndice " + s.dice[0].String())
		if s.dice[1] != NoFace {
			b.WriteString(" " + s.dice[1].String())
		}
		if s.extra {
			b.WriteString(" (extra turn)")
		}
	}
	b.WriteByte('\n')
	who := ""
	if s.phase != phaseStart && s.phase != phaseOver {
		who = names[s.turn]
	}
	switch s.phase {
	case phaseStart:
		b.WriteString("start roll-off:")
		for p := range s.set.players {
			r := "-"
			switch {
			case s.contend&(1<<p) == 0:
			case s.rolls[p] == NoFace:
				r = "?"
			default:
				r = s.rolls[p].String()
			}
			fmt.Fprintf(&b, " %s %s", names[p], r)
		}
		if p := s.roller(); p >= 0 {
			fmt.Fprintf(&b, "; %s rolls", names[p])
		}
	case phaseRoll:
		fmt.Fprintf(&b, "%s to roll the dice", who)
	case phaseChoose:
		fmt.Fprintf(&b, "%s to choose a die (use:%s or use:%s)", who, s.dice[0], s.dice[1])
	case phasePlace:
		more := ""
		if s.placed > 0 {
			more = " more"
		}
		tiles := "tiles"
		if s.left == 1 {
			tiles = "tile"
		}
		fmt.Fprintf(&b, "%s to place %d%s %s", who, s.left, more, tiles)
	case phaseRemove:
		fmt.Fprintf(&b, "%s to remove an external tile", who)
	case phaseRotate:
		fmt.Fprintf(&b, "%s to turn an internal tile", who)
	case phasePass:
		fmt.Fprintf(&b, "%s cannot act and passes", who)
	case phaseOver:
		b.WriteString("game over")
	}
	b.WriteString("\nscores")
	for p := range s.set.players {
		sep := ","
		if p == 0 {
			sep = ""
		}
		fmt.Fprintf(&b, "%s %s %d", sep, names[p], s.scores[p])
	}
	fmt.Fprintf(&b, "\nbag %d", s.Bag())
	return b.String()
}
