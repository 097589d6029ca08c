package villapaletti

import (
	"fmt"
	"math"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/villapaletti/geometry"
)

// Fixed-point units of the position: positions are whole micrometres and
// angles whole millidegrees, so that a position prints exactly and hashes
// simply; noise results are rounded to them (far below what a hand feels).
const (
	micro     = 1000   // µm per mm, millidegrees per degree
	fullTurn  = 360000 // millidegrees in a turn
	noPlayer  = -1
	outOfGame = -1 // column level of a column that left the game
	inHand    = -2 // column level of a column not yet placed (custom setup)
)

// column is where one column is.
type column struct {
	x, y   int32  // centre in µm
	level  int8   // surface it stands on: 0 foundation, k top of floor k; outOfGame
	on     Column // the column it is stacked on (above red), or NoColumn
	frozen bool
}

func (c *column) pos() geometry.Vec {
	return geometry.Vec{X: float64(c.x) / micro, Y: float64(c.y) / micro}
}

// pose is a floor pose in µm and millidegrees, θ in [0, 360000).
type pose struct{ x, y, th int32 }

func (p pose) geometry() geometry.Pose {
	return geometry.Pose{X: float64(p.x) / micro, Y: float64(p.y) / micro, Theta: float64(p.th) / micro}
}

// phase is where the state machine of a turn stands.
type phase uint8

const (
	phaseTurn             phase = iota // turn starts a turn: a column move (3p: the neutral step first) or a floor proposal
	phaseOwn                           // 3p: turn makes the own step after the neutral step
	phaseNeutralObjection              // 3p: asker may try another neutral column after turn's failed one
	phaseFloorObjection                // asker may object to turn's proposal prop
	phaseRemove                        // turn removes one of objector's columns after a failed objection
	phasePlace                         // turn places the floor at a pose of their choice
	phaseOver                          // the game has ended; culprit is set after a collapse
	phaseSetup                         // custom setup: turn places a column on the foundation; start begins
	phaseBlue                          // custom setup: turn (the start player) lays the blue floor
)

// State is a position of Villa Paletti. It is a value type: copying it
// copies the position. It implements game.State, game.Mutabler and
// game.Evaluator.
type State struct {
	info     *game.Info
	n        int8
	wobble   float64 // φ_w in degrees
	unsteady bool

	cols    [NumColumns]column
	floors  int8 // F, floors placed
	poses   [NumFloors]pose
	phase   phase
	turn    int8 // the seat whose turn it is (mover, proposer)
	asker   int8 // the seat asked to object
	objctr  int8 // the objector whose column the proposer removes
	prop    pose // the proposed pose
	holder  int8 // seal holder or noPlayer
	prev    int8 // previous holder or noPlayer
	claimed bool // an own column has been placed on the current top floor
	culprit int8 // who collapsed the villa, or noPlayer
	start   int8 // the start player, during a custom setup
	rng     splitMix

	// Derived, not part of the position: the support hulls of the
	// structure and the keys of their support sets (see cacheHulls).
	hulls   [NumFloors + 1]hull
	hullKey [NumFloors + 1]uint64

	history []State    // Apply/Undo stack of a Mutable copy
	lifts   *hullCache // hulls of lifted columns, in a Mutable copy only (never shared)
}

var (
	_ game.State     = (*State)(nil)
	_ game.Mutabler  = (*State)(nil)
	_ game.Evaluator = (*State)(nil)
)

// Info returns the game's description.
func (s *State) Info() *game.Info { return s.info }

// NumPlayers returns 2, 3 or 4.
func (s *State) NumPlayers() int { return int(s.n) }

// ToMove returns the seat that acts next: the mover, the asked objector or
// the proposer; NoPlayer once the game is over.
func (s *State) ToMove() game.Player {
	switch s.phase {
	case phaseOver:
		return game.NoPlayer
	case phaseNeutralObjection, phaseFloorObjection:
		return game.Player(s.asker)
	}
	return game.Player(s.turn)
}

// ChanceOutcomes returns nil: noise comes from the seeded generator.
func (s *State) ChanceOutcomes() []game.ChanceOutcome { return nil }

// Floors returns how many floors have been placed.
func (s *State) Floors() int { return int(s.floors) }

// Owner returns the seat that plays colour c, or game.NoPlayer for the
// neutral colour of the 3-player game: with 4 players seat i plays
// colour i (blue, yellow, green, red); with 3, red is neutral; with 2, seat
// 0 plays blue and green, seat 1 yellow and red.
func (s *State) Owner(c Colour) game.Player {
	switch s.n {
	case 2:
		return game.Player(c % 2)
	case 3:
		if c == Red {
			return game.NoPlayer
		}
	}
	return game.Player(c)
}

// Frozen reports whether column c is frozen.
func (s *State) Frozen(c Column) bool { return s.cols[c].frozen }

// ColumnAt returns column c's surface (0 foundation, k the top of floor k,
// -1 out of the game) and its centre in millimetres.
func (s *State) ColumnAt(c Column) (level int, centre geometry.Vec) {
	return int(s.cols[c].level), s.cols[c].pos()
}

// Seal returns the Master Builder seal's holder and previous holder
// (game.NoPlayer for none).
func (s *State) Seal() (holder, previous game.Player) {
	return game.Player(s.holder), game.Player(s.prev)
}

// Score returns p's points on the top level: thin 1, medium 2, thick
// 3 for each of p's columns there, stacked ones included. It is 0 until the
// green floor is placed.
func (s *State) Score(p game.Player) int {
	if s.floors < 2 {
		return 0
	}
	n := 0
	for c := range Column(NumColumns) {
		if s.cols[c].level == s.floors && s.Owner(c.Colour()) == p {
			n += c.Kind().Points()
		}
	}
	return n
}

// Statics returns the stability model of the current structure.
func (s *State) Statics() *Statics { return s.structure() }

// ShakeBand returns the shake animation band for the current
// structure: 0 calm (φ ≥ 15°), 1 (8–15°), 2 (4–8°), 3 (< 4°).
func (s *State) ShakeBand() int {
	a := s.structure().MinAngle()
	switch {
	case a >= 15:
		return 0
	case a >= 8:
		return 1
	case a >= 4:
		return 2
	}
	return 3
}

// depth returns how many columns c stands on above the red floor.
func (s *State) depth(c Column) int {
	d := 0
	for b := s.cols[c].on; b != NoColumn && d <= NumColumns; b = s.cols[b].on {
		d++
	}
	return d
}

// depthOn returns the depth of a column placed on base: 0 on a floor
// (base NoColumn), else one more than base's.
func (s *State) depthOn(base Column) int {
	if base == NoColumn {
		return 0
	}
	return s.depth(base) + 1
}

// hasOnTop reports whether a column is stacked on c.
func (s *State) hasOnTop(c Column) bool {
	for i := range s.cols {
		if s.cols[i].on == c && s.cols[i].level != outOfGame {
			return true
		}
	}
	return false
}

// footprint returns c's footprint where it stands.
func (s *State) footprint(c Column) geometry.Footprint {
	k := c.Kind()
	return geometry.Footprint{C: s.cols[c].pos(), Shape: k.Shape(), R: k.Radius()}
}

// neutral reports whether c has the neutral colour (3 players).
func (s *State) neutral(c Column) bool { return s.n == 3 && c.Colour() == Red }

// basicMovable reports whether c may be taken at all, before looking for a
// target: present, not frozen, below the top level, and for a neutral column
// not the last neutral column on its level.
func (s *State) basicMovable(c Column) bool {
	col := &s.cols[c]
	if col.frozen || col.level < 0 || col.level >= s.floors {
		return false
	}
	if s.neutral(c) {
		others := 0
		for d := range Column(NumColumns) {
			if d != c && s.neutral(d) && s.cols[d].level == col.level {
				others++
			}
		}
		if others == 0 {
			return false
		}
	}
	return true
}

// eligibility caches, for one state, which kinds have a legal target.
type eligibility struct {
	sf    *surface
	known [3]bool
	has   [3]bool
}

func (s *State) newEligibility() *eligibility { return &eligibility{sf: s.surface()} }

// kindHasTarget reports whether a column of kind k has a legal target.
func (e *eligibility) kindHasTarget(k Kind) bool {
	if !e.known[k] {
		e.known[k] = true
		e.has[k] = e.sf.anyTarget(k)
	}
	return e.has[k]
}

// eligible reports whether c is eligible, without the colour test.
func (s *State) eligible(e *eligibility, c Column) bool {
	return s.basicMovable(c) && e.kindHasTarget(c.Kind())
}

// anyEligible reports whether a column passing keep is eligible.
func (s *State) anyEligible(e *eligibility, keep func(Column) bool) bool {
	for c := range Column(NumColumns) {
		if keep(c) && s.eligible(e, c) {
			return true
		}
	}
	return false
}

func (s *State) ownedBy(p int8) func(Column) bool {
	return func(c Column) bool { return s.Owner(c.Colour()) == game.Player(p) }
}

func (s *State) isNeutral(c Column) bool { return s.neutral(c) }

// canAct reports whether seat p has something to do at the start of a
// turn: an eligible own or neutral column, or a floor to propose.
func (s *State) canAct(e *eligibility, p int8) bool {
	if s.anyEligible(e, s.ownedBy(p)) {
		return true
	}
	if s.n == 3 && s.anyEligible(e, s.isNeutral) {
		return true
	}
	return s.floorPossible(e.sf)
}

// floorPossible reports whether a floor remains and some candidate pose is
// legal.
func (s *State) floorPossible(sf *surface) bool {
	if s.floors >= NumFloors {
		return false
	}
	found := false
	s.floorCandidates(sf, func(pose) bool { found = true; return false })
	return found
}

// beginTurn starts the turn of the first seat from p on who can act
// (a seat that can do nothing passes); when nobody can, the game ends.
func (s *State) beginTurn(p int8) {
	e := s.newEligibility()
	for i := range s.n {
		q := (p + i) % s.n
		if s.canAct(e, q) {
			s.phase, s.turn = phaseTurn, q
			return
		}
	}
	s.phase, s.culprit = phaseOver, noPlayer
}

// endTurn ends the current turn and starts the next one.
func (s *State) endTurn() { s.beginTurn((s.turn + 1) % s.n) }

// collapse ends the game with p as the culprit.
func (s *State) collapse(p int8) { s.phase, s.culprit = phaseOver, p }

// Outcome reports the result once the game is over.
func (s *State) Outcome() (game.Outcome, bool) {
	if s.phase != phaseOver {
		return game.Outcome{}, false
	}
	o := game.Outcome{Scores: make([]int, s.n), Reason: "standstill"}
	for p := range s.n {
		o.Scores[p] = s.Score(game.Player(p))
	}
	if s.culprit != noPlayer {
		o.Reason = "collapse"
	}
	switch {
	case s.holder == noPlayer:
		// Nobody holds the seal: nobody wins.
		o.AllLose = true
	case s.culprit != s.holder:
		o.Winners = []game.Player{game.Player(s.holder)}
	case s.prev != noPlayer:
		o.Winners = []game.Player{game.Player(s.prev)}
	default:
		// The culprit holds the seal and there is no previous holder: the
		// highest score among the others wins, ties jointly.
		best := math.MinInt
		for p := range s.n {
			if p == s.culprit {
				continue
			}
			switch sc := o.Scores[p]; {
			case sc > best:
				best, o.Winners = sc, []game.Player{game.Player(p)}
			case sc == best:
				o.Winners = append(o.Winners, game.Player(p))
			}
		}
	}
	return o, true
}

// Hash returns a hash of the position: equal positions, equal hashes.
func (s *State) Hash() uint64 {
	h := uint64(0x7669_6c6c_6170_616c)
	mix := func(v uint64) { h = (h ^ v) * 0x100000001b3; h ^= h >> 29 }
	for _, c := range s.cols {
		mix(uint64(uint32(c.x)) | uint64(uint32(c.y))<<32)
		fl := uint64(0)
		if c.frozen {
			fl = 1
		}
		mix(uint64(uint8(c.level)) | uint64(uint8(c.on))<<8 | fl<<16)
	}
	for _, p := range s.poses[:s.floors] {
		mix(uint64(uint32(p.x)) | uint64(uint32(p.y))<<32)
		mix(uint64(uint32(p.th)))
	}
	cl := uint64(0)
	if s.claimed {
		cl = 1
	}
	mix(uint64(s.floors) | uint64(s.phase)<<8 | uint64(uint8(s.turn))<<16 | uint64(uint8(s.asker))<<24 |
		uint64(uint8(s.objctr))<<32 | uint64(uint8(s.holder))<<40 | uint64(uint8(s.prev))<<48 | cl<<56)
	mix(uint64(uint8(s.culprit)) | uint64(uint8(s.start))<<8)
	if s.phase == phaseFloorObjection {
		mix(uint64(uint32(s.prop.x)) | uint64(uint32(s.prop.y))<<32)
		mix(uint64(uint32(s.prop.th)))
	}
	mix(uint64(s.rng))
	h ^= h >> 31
	h *= 0x94D049BB133111EB
	return h ^ h>>29
}

// Mutable returns a private copy with Apply and Undo.
func (s *State) Mutable() game.Mutable {
	c := *s
	c.history = nil
	c.lifts = &hullCache{m: make(map[uint64]hull)}
	return &c
}

// Apply plays a legal move in place.
func (s *State) Apply(m game.Move) {
	saved := *s
	saved.history = nil
	s.history = append(s.history, saved)
	mv, ok := decode(m)
	if !ok {
		panic(fmt.Sprintf("villapaletti: Apply(%#x): not a move", uint64(m))) // the Mutable contract: m must be legal
	}
	s.apply(mv)
	s.normalize()
	s.cacheHulls()
}

// Undo takes back the last Apply.
func (s *State) Undo() {
	h := s.history[:len(s.history)-1]
	*s = s.history[len(s.history)-1]
	s.history = h
}
