package talat

import (
	"fmt"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// Diagram draws the position for a terminal in at most 80 columns: the
// three boards B01, B02 and B12 side by side, each with ranks 5 down to 1
// on its left and files a to e below, so a move such as "B01:c2xd2" reads
// straight off it. A tower is written as in the position text, colour digit
// then kind ("0L6" is black's large hexagon, 0 black, 1 white, 2 grey), and
// "." is an empty cell. Above each board its two colours: the one that
// starts on rank 1 and moves up, and the one that starts on rank 5 and
// moves down; "[closed]" marks a closed board, whose towers never move
// again.
// Below: one line per colour with its score, the kinds still in reserve and
// the towers it captured (in Palat grey is the spirit, which has no score;
// its captures count for the human who moved it), then whose turn it is.
func (s *State) Diagram() string {
	const (
		cellW  = 4 // "0L6" and a space
		boardW = 2 + Size*cellW
		gap    = 3 // between two boards
	)
	var b strings.Builder
	line := func(parts [NumBoards]string) {
		var l strings.Builder
		for i, p := range parts {
			if i > 0 {
				l.WriteString(strings.Repeat(" ", gap))
			}
			if i < NumBoards-1 {
				p += strings.Repeat(" ", max(0, boardW-len(p)))
			}
			l.WriteString(p)
		}
		b.WriteString(strings.TrimRight(l.String(), " "))
		b.WriteByte('\n')
	}
	var head, sub [NumBoards]string
	for bd := range Board(NumBoards) {
		head[bd] = bd.String()
		if s.Closed(bd) {
			head[bd] += " [closed]"
		}
		sub[bd] = fmt.Sprintf("%s up, %s down", s.colourName(bd.Colour(Low)), s.colourName(bd.Colour(High)))
	}
	line(head)
	line(sub)
	for r := Size - 1; r >= 0; r-- {
		var row [NumBoards]string
		for bd := range Board(NumBoards) {
			var l strings.Builder
			fmt.Fprintf(&l, "%d ", r+1)
			for c := range Size {
				if t, ok := s.At(bd, CellAt(r, c)); ok {
					fmt.Fprintf(&l, "%-*s", cellW, t.String())
				} else {
					fmt.Fprintf(&l, " %-*s", cellW-1, ".")
				}
			}
			row[bd] = l.String()
		}
		line(row)
	}
	var files [NumBoards]string
	for bd := range files {
		var l strings.Builder
		l.WriteString("  ")
		for c := range Size {
			fmt.Fprintf(&l, " %-*c", cellW-1, 'a'+c)
		}
		files[bd] = l.String()
	}
	line(files)
	for c := range Colour(NumColours) {
		var l strings.Builder // one line, its trailing spaces trimmed
		fmt.Fprintf(&l, "%d %-6s", c, s.colourName(c))
		if int(c) < s.NumPlayers() {
			fmt.Fprintf(&l, " score %2d", s.Score(game.Player(c)))
		} else {
			l.WriteString("         ")
		}
		var reserve []string
		for k := range Kind(NumKinds) {
			if s.Reserve(NewTower(c, k)) {
				reserve = append(reserve, k.String())
			}
		}
		if len(reserve) > 0 {
			fmt.Fprintf(&l, "  reserve %s", strings.Join(reserve, " "))
		}
		if int(c) < s.NumPlayers() {
			var taken []string
			for _, t := range s.Taken(game.Player(c)) {
				taken = append(taken, t.String())
			}
			if len(taken) > 0 {
				fmt.Fprintf(&l, "  took %s", strings.Join(taken, " "))
			}
		}
		b.WriteString(strings.TrimRight(l.String(), " ") + "\n")
	}
	switch {
	case s.turn == game.NoPlayer:
		b.WriteString("game over")
	case s.inSetup():
		fmt.Fprintf(&b, "%s to place", s.colourName(Colour(s.turn)))
		if pc := s.placingColour(); pc != Colour(s.turn) {
			fmt.Fprintf(&b, " a %s tower", s.colourName(pc))
		}
	default:
		fmt.Fprintf(&b, "%s to move", s.colourName(Colour(s.turn)))
	}
	return b.String()
}

// colourName names colour c for the diagram: grey is "spirit" in Palat.
func (s *State) colourName(c Colour) string {
	if s.palat && c == spirit {
		return "spirit"
	}
	return c.String()
}
