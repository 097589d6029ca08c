package protocol

import "strings"

// MoveForm returns the board form of a move from its notation. When the
// notation is made of cell names (letters then digits, like "d4") joined by
// "-" (from-to) and "x" (captures), as Pathagon's "d4", "a7-g1" and "c4xb4"
// are, From, To and Captures are filled in; otherwise only Text is. This
// reads notation only, never rules: the move list itself comes from the
// rules engine.
func MoveForm(text string) Move {
	m := Move{Text: text}
	main, caps, hasCaptures := strings.Cut(text, "x")
	var captures []string
	if hasCaptures {
		captures = strings.Split(caps, "x")
		for _, c := range captures {
			if !isCell(c) {
				return m
			}
		}
	}
	from, to, isStep := strings.Cut(main, "-")
	switch {
	case isStep && isCell(from) && isCell(to):
		m.From, m.To = from, to
	case !isStep && isCell(main):
		m.To = main
	default:
		return m
	}
	m.Captures = captures
	return m
}

// isCell reports whether s looks like a cell name: one or two lower-case
// letters then one or two digits.
func isCell(s string) bool {
	i := 0
	for i < len(s) && i < 2 && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == 0 {
		return false
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	return j == len(s) && j > i && j-i <= 2
}
