package puzzle

import (
	"maps"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// Abalone's standard goal, six marbles pushed off, is rarely one move
// away in a position with a single way to get there: a marble on the edge
// can usually be pushed off by a line of two and by a line of three, both
// winning. Its puzzles are push-off tactics instead, under a rule that
// stays a proof about the game as played:
//
// NextPushOff takes a position of a standard game where both sides have
// lost the same number of marbles k (k < 6) and asks who pushes off the
// next marble: the same game with marblesToWin = k+1, so the next marble
// pushed off, by either side, ends it. Every earlier position of the game
// had both counts at most k, so the moves replay unchanged under that
// option; the puzzle records the option, and Check proves as for any
// game that exactly one move wins (pushes off first by force) within the
// horizon.

// optMarblesToWin is Abalone's option; the rule applies to Abalone only.
const optMarblesToWin = "marblesToWin"

// NextPushOff is a MineConfig.Derive for Abalone: the position after
// moves under marblesToWin = k+1 when both sides have lost k marbles,
// else false.
func NextPushOff(info *game.Info, opts game.Options, st game.State, moves []string) (game.State, game.Options, bool) {
	f := strings.Fields(st.String())
	if info.ID != "abalone" || len(f) != 4 || f[2] != f[3] {
		return nil, opts, false
	}
	k, err := strconv.Atoi(f[2])
	if err != nil {
		return nil, opts, false
	}
	v, ok := opts.Values[optMarblesToWin]
	if !ok {
		for _, spec := range info.Options {
			if spec.Name == optMarblesToWin {
				v = spec.Default
			}
		}
	}
	toWin, err := strconv.Atoi(v)
	switch {
	case err != nil || k+1 > toWin:
		return nil, opts, false
	case k+1 == toWin:
		return st, opts, true // the game's own goal: the next push-off wins
	}
	o := opts
	o.Values = maps.Clone(opts.Values)
	if o.Values == nil {
		o.Values = map[string]string{}
	}
	o.Values[optMarblesToWin] = strconv.Itoa(k + 1)
	if o, err = info.Check(o); err != nil {
		return nil, opts, false
	}
	cur, err := info.New(o)
	if err != nil {
		return nil, opts, false
	}
	for _, t := range moves {
		m, err := cur.ParseMove(t)
		if err == nil {
			cur, err = cur.Play(m)
		}
		if err != nil {
			return nil, opts, false
		}
	}
	if cur.String() != st.String() || cur.ToMove() != st.ToMove() {
		return nil, opts, false
	}
	return cur, o, true
}
