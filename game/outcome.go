package game

import (
	"cmp"
	"fmt"
	"strings"
)

// Outcome is the result of a finished game.
type Outcome struct {
	// Winners are the seats that won, in seat order. Several seats are
	// joint winners; no seats means a draw shared by everyone, unless
	// AllLose is set.
	Winners []Player
	// AllLose marks a game that everyone lost (Villa Paletti's "nobody
	// wins"): no winners and no shared draw. Winners is empty then.
	AllLose bool
	// Scores holds each seat's game points where the game keeps score
	// (Talat, Palagonia, Villa Paletti); nil otherwise.
	Scores []int
	// Reason says how the game ended, in lower case: "connection",
	// "push-off", "score", "repetition", "ply-limit", "resignation",
	// "timeout", "agreement", "collapse", ...
	Reason string
}

// Reasons shared by several games and by the server.
const (
	ReasonRepetition  = "repetition"
	ReasonPlyLimit    = "ply-limit"
	ReasonResignation = "resignation"
	ReasonTimeout     = "timeout"
	ReasonAgreement   = "agreement"
)

// IsDraw reports whether the result is a draw shared by everyone.
func (o Outcome) IsDraw() bool { return len(o.Winners) == 0 && !o.AllLose }

// Ahead compares how seats a and b finished: 1 when a finished ahead of b,
// -1 when behind, 0 when level. A winner is ahead of a seat that did not
// win; two winners, or two seats that did not win, compare by Scores where
// the game keeps them (more is ahead). In a draw or a game everyone lost
// every seat is level.
func (o Outcome) Ahead(a, b Player) int {
	if o.IsDraw() || o.AllLose {
		return 0
	}
	wa, wb := o.Won(a), o.Won(b)
	switch {
	case wa && !wb:
		return 1
	case wb && !wa:
		return -1
	case a >= 0 && b >= 0 && int(a) < len(o.Scores) && int(b) < len(o.Scores):
		return cmp.Compare(o.Scores[a], o.Scores[b])
	}
	return 0
}

// Won reports whether p is one of the winners.
func (o Outcome) Won(p Player) bool {
	for _, w := range o.Winners {
		if w == p {
			return true
		}
	}
	return false
}

// Reward is p's share of one point in an n-player game: the winners share
// the point equally, and in a draw everyone shares it, so with two or more
// players the rewards of all seats sum to 1 and every game is constant-sum
// for search; in a two-player game a win is 1, a loss 0 and a draw 0.5. In a
// one-player game (a puzzle) the reward is 1 for a win and 0 otherwise.
//
// When everyone lost (AllLose) every reward is 0.
func (o Outcome) Reward(p Player, n int) float64 {
	if o.AllLose {
		return 0
	}
	if o.IsDraw() {
		if n == 1 {
			return 0
		}
		return 1 / float64(n)
	}
	if o.Won(p) {
		return 1 / float64(len(o.Winners))
	}
	return 0
}

// Describe renders the outcome with the game's seat names, for example
// "light wins by connection" or "draw by repetition".
func (o Outcome) Describe(info *Info) string {
	var b strings.Builder
	switch len(o.Winners) {
	case 0:
		if o.AllLose {
			b.WriteString("nobody wins")
		} else {
			b.WriteString("draw")
		}
	case 1:
		fmt.Fprintf(&b, "%s wins", info.PlayerName(o.Winners[0]))
	default:
		names := make([]string, len(o.Winners))
		for i, w := range o.Winners {
			names[i] = info.PlayerName(w)
		}
		fmt.Fprintf(&b, "%s win jointly", strings.Join(names, ", "))
	}
	if o.Reason != "" {
		fmt.Fprintf(&b, " by %s", o.Reason)
	}
	if len(o.Scores) == 1 {
		fmt.Fprintf(&b, " (score %d)", o.Scores[0])
	} else if o.Scores != nil {
		parts := make([]string, len(o.Scores))
		for i, s := range o.Scores {
			parts[i] = fmt.Sprintf("%s %d", info.PlayerName(Player(i)), s)
		}
		fmt.Fprintf(&b, " (%s)", strings.Join(parts, ", "))
	}
	return b.String()
}
