package villapaletti

import (
	"math"
	"strconv"

	"github.com/tabula-games/tabula/game"
)

// Info describes Villa Paletti for the registry.
var Info = newInfo()

// wobbleChoices are the values of the wobbleAngle option: 0.5° to 10° in
// steps of 0.5° (the contract has no fractional option kind).
func wobbleChoices() []string {
	var out []string
	for h := 1; h <= 20; h++ {
		out = append(out, strconv.FormatFloat(float64(h)/2, 'f', -1, 64))
	}
	return out
}

func newInfo() *game.Info {
	info := &game.Info{
		ID:             "villapaletti",
		Title:          "Villa Paletti",
		MinPlayers:     2,
		MaxPlayers:     4,
		DefaultPlayers: 4,
		PlayerNames:    []string{"blue", "yellow", "green", "red"},
		Variants:       []string{"standard"},
		Options: []game.OptionSpec{
			{Name: "wobbleAngle", Kind: game.Enum, Default: "3", Choices: wobbleChoices(),
				Doc: "tipping angle φ_w in degrees below which a removal wobbles"},
			{Name: "unsteadyHands", Kind: game.Bool, Default: "false",
				Doc: "seeded noise on placements and a soft wobble threshold"},
			{Name: "setup", Kind: game.Enum, Default: "standard", Choices: []string{"standard", "custom"},
				Doc: "standard rings, or players place the columns and the start player lays blue"},
		},
	}
	info.New = func(o game.Options) (game.State, error) {
		s, err := newState(info, o)
		if err != nil {
			return nil, err
		}
		u := s.rng.uniform() // the start player is the first draw
		start := int8(u * float64(s.n))
		if info.EnumOption(o, "setup") == "custom" {
			for c := range s.cols {
				s.cols[c] = column{level: inHand, on: NoColumn}
			}
			s.phase, s.turn, s.start = phaseSetup, start, start
			if !s.setupHas(start) {
				s.nextPlacer()
			}
			s.cacheHulls()
			return s, nil
		}
		s.standardSetup()
		s.beginTurn(start)
		s.normalize()
		s.cacheHulls()
		return s, nil
	}
	info.ParsePosition = func(text string, o game.Options) (game.State, error) {
		s, err := newState(info, o)
		if err != nil {
			return nil, err
		}
		if err := parsePosition(s, text); err != nil {
			return nil, err
		}
		s.cacheHulls()
		return s, nil
	}
	return info
}

// newState returns an empty state with the options applied.
func newState(info *game.Info, o game.Options) (*State, error) {
	o, err := info.Check(o)
	if err != nil {
		return nil, err
	}
	w, _ := strconv.ParseFloat(info.EnumOption(o, "wobbleAngle"), 64)
	s := &State{
		info:     info,
		n:        int8(o.Players),
		wobble:   w,
		unsteady: info.BoolOption(o, "unsteadyHands"),
		holder:   noPlayer,
		prev:     noPlayer,
		asker:    noPlayer,
		objctr:   noPlayer,
		culprit:  noPlayer,
		rng:      splitMix(o.Seed),
	}
	for c := range s.cols {
		s.cols[c].on = NoColumn
	}
	return s, nil
}

// standardSetup puts the 20 columns in the standard rings and lays the blue
// floor at (0, 0, 0°).
func (s *State) standardSetup() {
	at := func(c Column, r, deg float64) {
		sn, cs := math.Sincos(deg * math.Pi / 180)
		s.cols[c] = column{x: int32(math.Round(r * cs * micro)), y: int32(math.Round(r * sn * micro)), on: NoColumn}
	}
	// Inner ring: even i thick (blue, yellow, green, red), odd i medium
	// (green, red, blue, yellow).
	thick := [4]Colour{Blue, Yellow, Green, Red}
	medium := [4]Colour{Green, Red, Blue, Yellow}
	for i := range 8 {
		if i%2 == 0 {
			at(ColumnOf(thick[i/2], 4), 38, 45*float64(i))
		} else {
			at(ColumnOf(medium[i/2], 3), 38, 45*float64(i))
		}
	}
	// Outer ring: thin, colours repeating blue, yellow, green, red.
	for j := range 12 {
		at(ColumnOf(Colour(j%4), j/4), 64, 15+30*float64(j))
	}
	s.floors = 1
	s.poses[BlueFloor] = pose{}
}

// setupHas reports whether seat p has a column to place in the setup.
func (s *State) setupHas(p int8) bool {
	for c := range Column(NumColumns) {
		if s.cols[c].level == inHand && s.setupOwns(p, c) {
			return true
		}
	}
	return false
}
