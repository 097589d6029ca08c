package openings

import (
	"context"
	"fmt"
	"strconv"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/palago"
)

// Opening is one of the six first moves that differ up to the
// colour-preserving symmetries (docs/rules/palago.md#symmetry): the
// rulebook's names and the representative the engine's tests use.
type Opening struct {
	Name string // AB, AA, BB, AS, BS, SS
	Move string // the first move, two tiles
}

// Openings are the six distinct first moves, in the rulebook's order.
var openings = [...]Opening{
	{"AB", "(0,0):0+(1,-1):0"},
	{"AA", "(0,0):0+(1,-1):1"},
	{"BB", "(0,0):1+(1,-1):0"},
	{"AS", "(0,0):0+(0,1):2"},
	{"BS", "(0,0):0+(0,1):1"},
	{"SS", "(0,0):0+(0,1):0"},
}

// Openings returns the six distinct first moves.
func Openings() []Opening { return openings[:] }

// OpeningByName returns the opening called name.
func OpeningByName(name string) (Opening, bool) {
	for _, o := range openings {
		if o.Name == name {
			return o, true
		}
	}
	return Opening{}, false
}

// Position returns the position after the opening with the given supply
// and the default rules (strict holes, a draw when the supply runs out),
// p1 having moved first: the second player is to move.
func (o Opening) Position(tiles int) (*palago.State, error) {
	opts := game.Options{Values: map[string]string{palago.OptTiles: strconv.Itoa(tiles), palago.OptFirstPlayer: "p1"}}
	s, err := palago.Info.ParsePosition("p1 "+o.Move, opts)
	if err != nil {
		return nil, fmt.Errorf("opening %s with %d tiles: %w", o.Name, tiles, err)
	}
	return s.(*palago.State), nil
}

// Row is the proof of one opening with one supply. The Result is for the
// second player, who is to move after the opening.
type Row struct {
	Opening Opening
	Tiles   int
	Result
}

// FirstValue is the opening's value for the first player, who chose it.
func (r Row) FirstValue() Value {
	switch r.Value {
	case Win:
		return Loss
	case Loss:
		return Win
	}
	return r.Value
}

// EndMove is the move of the game, counting the opening as move 1, with
// which a won or lost game ends along the proving line.
func (r Row) EndMove() int { return 1 + r.Plies }

// Prove solves the opening with the given supply within lim.
func Prove(ctx context.Context, o Opening, tiles int, lim Limits) (Row, error) {
	s, err := o.Position(tiles)
	if err != nil {
		return Row{}, err
	}
	res, err := Solve(ctx, s, lim)
	if err != nil {
		return Row{}, fmt.Errorf("opening %s with %d tiles: %w", o.Name, tiles, err)
	}
	return Row{Opening: o, Tiles: tiles, Result: res}, nil
}

// LineText writes a proving line as move texts from the opening's
// position.
func (r Row) LineText() (string, error) {
	s, err := r.Opening.Position(r.Tiles)
	if err != nil {
		return "", err
	}
	var st game.State = s
	text := ""
	for i, m := range r.PV {
		if i > 0 {
			text += " "
		}
		text += st.MoveString(m)
		if st, err = st.Play(m); err != nil {
			return "", fmt.Errorf("proving line move %d: %w", i+1, err)
		}
	}
	return text, nil
}
