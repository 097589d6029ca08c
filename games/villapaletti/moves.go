package villapaletti

import (
	"fmt"
	"math"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/villapaletti/geometry"
)

// moveKind is the kind of action a move encodes.
type moveKind uint8

const (
	kindTake    moveKind = iota + 1 // take a column to a point
	kindOnto                        // take a column onto the centre of a stack top
	kindPropose                     // propose the next floor at a pose
	kindPlace                       // place the floor after a failed objection
	kindPass                        // decline to object
	kindRemove                      // remove an objector's column from the game
)

// move is a decoded Move. Coordinates are half-millimetres, the angle
// half-degrees in [0, 720).
type move struct {
	kind moveKind
	col  Column // the column taken or removed; for onto, the stack top in base
	base Column
	x, y int32
	th   int32
}

// Move layout: bits 0–2 kind, 3–7 column, 8–18 x, 19–29 y (11-bit two's
// complement half-millimetres), 30–39 θ in half-degrees or the base column,
// 40–63 a 24-bit check of bits 0–39, so that random or bit-flipped values
// are not moves.
const (
	payloadBits = 40
	checkMask   = 1<<24 - 1
	coordMax    = 1<<10 - 1 // largest 11-bit signed half-mm coordinate
)

func checksum(payload uint64) uint64 {
	z := payload*0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return (z ^ (z >> 31)) & checkMask
}

func (m move) encode() game.Move {
	th := uint64(m.th)
	if m.kind == kindOnto {
		th = uint64(m.base)
	}
	p := uint64(m.kind) | uint64(uint8(m.col))&31<<3 | uint64(uint32(m.x))&0x7ff<<8 |
		uint64(uint32(m.y))&0x7ff<<19 | th&0x3ff<<30
	return game.Move(p | checksum(p)<<payloadBits)
}

// decode unpacks a Move and checks its fields' ranges, not its legality.
func decode(gm game.Move) (move, bool) {
	p := uint64(gm) & (1<<payloadBits - 1)
	if checksum(p) != uint64(gm)>>payloadBits {
		return move{}, false
	}
	sext := func(v uint64) int32 { return int32(v<<21) >> 21 }
	m := move{
		kind: moveKind(p & 7),
		col:  Column(p >> 3 & 31),
		x:    sext(p >> 8 & 0x7ff),
		y:    sext(p >> 19 & 0x7ff),
		th:   int32(p >> 30 & 0x3ff),
		base: NoColumn,
	}
	switch m.kind {
	case kindTake:
		ok := m.col < NumColumns && m.th == 0
		return m, ok
	case kindOnto:
		m.base = Column(m.th)
		m.th = 0
		return m, m.col < NumColumns && m.base < NumColumns && m.x == 0 && m.y == 0
	case kindPropose, kindPlace:
		return m, m.col == 0 && m.th < 720
	case kindPass:
		return m, p>>3 == 0
	case kindRemove:
		return m, m.col < NumColumns && p>>8 == 0
	}
	return m, false
}

// LegalMoves appends the candidate moves (see the package documentation):
// every listed move is legal, and whenever some move is legal at least one
// is listed.
func (s *State) LegalMoves(dst []game.Move) []game.Move {
	switch s.phase {
	case phaseOver:
		return dst
	}
	e := s.newEligibility()
	var tg perKind[[]target]
	targets := func(k Kind) []target { return e.sf.targets(k, nil) }
	takes := func(keep func(Column) bool) {
		for c := range Column(NumColumns) {
			if !keep(c) || !s.eligible(e, c) {
				continue
			}
			for _, t := range tg.get(c.Kind(), targets) {
				dst = append(dst, t.move(c).encode())
			}
		}
	}
	if s.objecting() {
		dst = append(dst, move{kind: kindPass}.encode())
	}
	if neutral, ok := s.movable(e); ok {
		takes(s.turnColumns(neutral))
	}
	switch s.phase {
	case phaseTurn:
		s.floorCandidates(e.sf, func(p pose) bool {
			dst = append(dst, poseMove(kindPropose, p).encode())
			return true
		})
	case phaseRemove:
		for c := range Column(NumColumns) {
			if s.removable(c) {
				dst = append(dst, move{kind: kindRemove, col: c}.encode())
			}
		}
	case phaseSetup:
		for c := range Column(NumColumns) {
			if s.cols[c].level != inHand || !s.setupOwns(s.turn, c) {
				continue
			}
			for _, t := range tg.get(c.Kind(), targets) {
				dst = append(dst, move{kind: kindTake, col: c, x: t.x, y: t.y, base: NoColumn}.encode())
			}
		}
	case phasePlace, phaseBlue:
		s.floorCandidates(e.sf, func(p pose) bool {
			dst = append(dst, poseMove(kindPlace, p).encode())
			return true
		})
	}
	return dst
}

// removable reports whether the proposer may remove c from the game after
// a failed objection: c is the objector's, not frozen,
// present, carries no stacked column, and its removal passes the removal test.
func (s *State) removable(c Column) bool {
	col := &s.cols[c]
	if s.Owner(c.Colour()) != game.Player(s.objctr) || col.frozen || col.level == outOfGame || s.hasOnTop(c) {
		return false
	}
	_, wobbles, _ := s.structure().Lift(c)
	return !wobbles
}

// check decodes m and checks that it is legal here.
func (s *State) check(gm game.Move) (move, error) {
	if s.phase == phaseOver {
		return move{}, fmt.Errorf("villapaletti: move after the end: %w", game.ErrGameOver)
	}
	m, ok := decode(gm)
	if !ok {
		return m, fmt.Errorf("villapaletti: %#x is not a move: %w", uint64(gm), game.ErrIllegalMove)
	}
	if err := s.legal(m); err != nil {
		return m, fmt.Errorf("villapaletti: %s: %w", s.describe(m), err)
	}
	return m, nil
}

// errIllegal builds a reason wrapping game.ErrIllegalMove.
func errIllegal(format string, args ...any) error {
	return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), game.ErrIllegalMove)
}

// legal checks a decoded move against the phase and the rules.
func (s *State) legal(m move) error {
	switch m.kind {
	case kindTake, kindOnto:
		return s.legalTake(m)
	case kindPropose:
		if s.phase != phaseTurn {
			return errIllegal("no floor proposal now")
		}
		return s.legalPose(m)
	case kindPlace:
		if s.phase != phasePlace && s.phase != phaseBlue {
			return errIllegal("no floor placement now")
		}
		return s.legalPose(m)
	case kindPass:
		if !s.objecting() {
			return errIllegal("nothing to pass on")
		}
		return nil
	case kindRemove:
		if s.phase != phaseRemove {
			return errIllegal("no removal now")
		}
		if !s.removable(m.col) {
			return errIllegal("%s cannot be removed", m.col)
		}
		return nil
	}
	return errIllegal("unknown move")
}

func (s *State) legalPose(m move) error {
	sf := s.surface()
	if s.floors >= NumFloors {
		return errIllegal("no floor left")
	}
	if !s.poseLegal(sf, Floor(s.floors), m.pose().geometry()) {
		return errIllegal("pose not allowed")
	}
	return nil
}

// pose returns a floor move's pose.
func (m move) pose() pose { return pose{x: m.x * 500, y: m.y * 500, th: m.th * 500} }

// poseMove is the floor move of the given kind (propose or place) to p, a
// pose on the move grid: the inverse of pose.
func poseMove(kind moveKind, p pose) move {
	return move{kind: kind, x: p.x / 500, y: p.y / 500, th: p.th / 500}
}

// move is the move taking column c to t: onto the stack top t names, or to
// its point.
func (t target) move(c Column) move {
	if t.onto != NoColumn {
		return move{kind: kindOnto, col: c, base: t.onto}
	}
	return move{kind: kindTake, col: c, x: t.x, y: t.y, base: NoColumn}
}

// movable reports whether this phase has a column move, and whether it
// takes a neutral column rather than one of the turn player's own: a
// three-player turn takes a neutral column first while one is eligible,
// and the floor objector moves the proposer's column.
func (s *State) movable(e *eligibility) (neutral, ok bool) {
	switch s.phase {
	case phaseTurn:
		return s.n == 3 && s.anyEligible(e, s.isNeutral), true
	case phaseOwn, phaseFloorObjection:
		return false, true
	case phaseNeutralObjection:
		return true, true
	}
	return false, false
}

// turnColumns is the filter of the columns movable names: the neutral
// ones, or the turn player's. It inlines, so the filter stays on the
// caller's stack.
func (s *State) turnColumns(neutral bool) func(Column) bool {
	if neutral {
		return s.isNeutral
	}
	return s.ownedBy(s.turn)
}

// objecting reports whether an objection window is open: the asker may
// pass or object with a column move.
func (s *State) objecting() bool {
	return s.phase == phaseNeutralObjection || s.phase == phaseFloorObjection
}

// legalTake checks a column move: whose column it must be in this phase,
// that it is eligible, and its target.
func (s *State) legalTake(m move) error {
	c := m.col
	e := s.newEligibility()
	if s.phase == phaseSetup {
		if s.cols[c].level != inHand || !s.setupOwns(s.turn, c) {
			return errIllegal("%s is not %d's to place", c, s.turn)
		}
		if _, _, ok := s.resolve(e.sf, m); !ok || m.kind != kindTake {
			return errIllegal("target not inside the building site")
		}
		return nil
	}
	neutral, ok := s.movable(e)
	if !ok {
		return errIllegal("no column move now")
	}
	if !s.turnColumns(neutral)(c) {
		return errIllegal("%s may not be moved now", c)
	}
	if !s.basicMovable(c) {
		return errIllegal("%s is not eligible", c)
	}
	if _, _, ok := s.resolve(e.sf, m); !ok {
		return errIllegal("target not allowed")
	}
	return nil
}

// resolve returns a legal column move's target point and the column it
// stacks on.
func (s *State) resolve(sf *surface, m move) (p geometry.Vec, base Column, ok bool) {
	if m.kind == kindOnto {
		for i, t := range sf.tops {
			if t == m.base && sf.stackFits(m.col.Kind(), i) {
				return sf.topFp[i].C, t, true
			}
		}
		return geometry.Vec{}, NoColumn, false
	}
	p = halfMM(m.x, m.y)
	base, ok = sf.target(m.col.Kind(), p)
	return p, base, ok
}

// Play returns the position after m. It never mutates the receiver.
func (s *State) Play(gm game.Move) (game.State, error) {
	m, err := s.check(gm)
	if err != nil {
		return nil, err
	}
	next := *s
	next.history, next.lifts = nil, nil
	next.apply(m)
	next.normalize()
	next.cacheHulls()
	return &next, nil
}

// apply plays a legal move in place.
func (s *State) apply(m move) {
	switch m.kind {
	case kindTake, kindOnto:
		if s.phase == phaseSetup {
			s.cols[m.col] = column{x: m.x * 500, y: m.y * 500, level: 0, on: NoColumn}
			s.nextPlacer()
			return
		}
		s.applyTake(m)
	case kindPropose:
		s.prop = m.pose()
		s.askObjection(phaseFloorObjection)
	case kindPlace:
		if s.phase == phaseBlue {
			s.poses[BlueFloor], s.floors = m.pose(), 1 // no noise in the setup
			s.beginTurn(s.turn)                        // the start player lays blue and begins
			return
		}
		s.placeFloor(m.pose())
	case kindPass:
		s.nextAsker()
	case kindRemove:
		s.cols[m.col] = column{level: outOfGame, on: NoColumn}
		s.toPlace()
	}
}

// result is how a column attempt ended.
type result uint8

const (
	stands result = iota
	wobbles
	collapses
)

// attempt takes column c and puts it at the target of m:
// the removal test, then the placement with its noise and the collapse
// test. On a wobble the column stays and is frozen.
func (s *State) attempt(m move) result {
	c := m.col
	sf := s.surface()
	target, base, _ := s.resolve(sf, m)
	lifted, wob, phiMin := s.structure().Lift(c)
	if s.unsteady {
		u := s.rng.uniform()
		wob = phiMin < 0 || u < 1/(1+math.Exp(phiMin-s.wobble))
	}
	if wob {
		s.cols[c].frozen = true
		return wobbles
	}
	tx, ty := int32(math.Round(target.X*micro)), int32(math.Round(target.Y*micro))
	x, y := tx, ty
	if s.unsteady {
		n1, n2 := s.rng.normal(), s.rng.normal()
		for k := range noiseScales {
			cx, cy := tx+int32(math.Round(k*n1)), ty+int32(math.Round(k*n2))
			if b, ok := sf.target(c.Kind(), geometry.Vec{X: float64(cx) / micro, Y: float64(cy) / micro}); ok {
				x, y, base = cx, cy, b
				break
			}
		}
	}
	depth := s.depthOn(base)
	col := &s.cols[c]
	col.x, col.y, col.level, col.on = x, y, s.floors, base
	ok, _ := lifted.Place(c.Kind(), col.pos(), depth)
	if !ok {
		return collapses
	}
	// The column now stands on the top level, where it carries nothing: the
	// supports are those of the lifted structure, hulls included.
	s.hulls, s.hullKey = lifted.hull, lifted.key
	return stands
}

// noiseSigma is σ of the unsteady hands, in mm (and degrees for a floor's angle).
const noiseSigma = 1.0

// noiseScales yields the scales unsteady hands try, in micro units, until
// the noisy spot is legal: σ, σ/2, σ/4, σ/8. When none is, the exact
// spot is used.
func noiseScales(yield func(k float64) bool) {
	for i := range 4 {
		if !yield(math.Ldexp(noiseSigma*micro, -i)) {
			return
		}
	}
}

// mover returns the seat making a column move in the current phase.
func (s *State) mover() int8 {
	if s.objecting() {
		return s.asker
	}
	return s.turn
}

func (s *State) applyTake(m move) {
	p := s.mover()
	neutral := s.neutral(m.col)
	ph := s.phase
	r := s.attempt(m)
	if r == collapses {
		s.collapse(p) // whoever placed the column is the culprit
		return
	}
	switch ph {
	case phaseTurn, phaseOwn:
		if r == stands && !neutral {
			s.takeSeal(p)
		}
		switch {
		case !neutral:
			s.endTurn()
		case r == stands:
			s.toOwnStep()
		default:
			s.askObjection(phaseNeutralObjection)
		}
	case phaseNeutralObjection:
		if r == stands {
			s.endTurn() // the neutral objection succeeded: the player loses the turn
		} else {
			s.toOwnStep()
		}
	case phaseFloorObjection:
		if r == stands {
			s.cols[m.col] = column{level: outOfGame, on: NoColumn} // a successful objection: it leaves the game
			s.endTurn()
			return
		}
		s.objctr = p
		s.phase = phaseRemove
		for c := range Column(NumColumns) {
			if s.removable(c) {
				return
			}
		}
		s.toPlace()
	}
}

// toOwnStep moves a 3-player turn on to its own step, or ends it when the
// player has no eligible own column.
func (s *State) toOwnStep() {
	if s.anyEligible(s.newEligibility(), s.ownedBy(s.turn)) {
		s.phase = phaseOwn
		return
	}
	s.endTurn()
}

// toPlace lets the proposer place the floor at any legal pose, or ends the
// turn when there is none.
func (s *State) toPlace() {
	if s.floorPossible(s.surface()) {
		s.phase = phasePlace
		return
	}
	s.endTurn()
}

// askObjection opens an objection window after turn: every other seat in
// order may object, if an objection is possible at all.
func (s *State) askObjection(ph phase) {
	e := s.newEligibility()
	possible := false
	if ph == phaseFloorObjection {
		possible = s.anyEligible(e, s.ownedBy(s.turn))
	} else {
		possible = s.anyEligible(e, s.isNeutral)
	}
	if !possible || s.n < 2 {
		s.closeWindow(ph)
		return
	}
	s.phase, s.asker = ph, (s.turn+1)%s.n
}

// nextAsker passes the objection window on, closing it after the last
// seat.
func (s *State) nextAsker() {
	s.asker = (s.asker + 1) % s.n
	if s.asker == s.turn {
		s.closeWindow(s.phase)
	}
}

// closeWindow continues after an objection window in which nobody objected.
func (s *State) closeWindow(ph phase) {
	if ph == phaseFloorObjection {
		s.placeFloor(s.prop) // no objection: the proposer places it
		return
	}
	s.toOwnStep()
}

// placeFloor lays the next floor at p (with noise under unsteady hands),
// runs the floor test and ends the turn.
func (s *State) placeFloor(p pose) {
	f := Floor(s.floors)
	actual := p
	if s.unsteady {
		sf := s.surface()
		n1, n2, n3 := s.rng.normal(), s.rng.normal(), s.rng.normal()
		for k := range noiseScales {
			q := pose{x: p.x + int32(math.Round(k*n1)), y: p.y + int32(math.Round(k*n2)), th: normAngle(p.th + int32(math.Round(k*n3)))}
			if s.poseLegal(sf, f, q.geometry()) {
				actual = q
				break
			}
		}
	}
	s.poses[f] = actual
	s.floors++
	s.claimed = false
	s.prop = pose{}
	if !s.structure().Stands() {
		s.collapse(s.turn)
		return
	}
	s.endTurn()
}

// normAngle brings millidegrees into [0, 360000).
func normAngle(th int32) int32 {
	th %= fullTurn
	if th < 0 {
		th += fullTurn
	}
	return th
}

// takeSeal updates the Master Builder seal after p placed an own column on
// the top level.
func (s *State) takeSeal(p int8) {
	if s.floors < 2 {
		return // the contest starts with the green floor
	}
	take := !s.claimed || s.holder == noPlayer || s.Score(game.Player(p)) > s.Score(game.Player(s.holder))
	s.claimed = true
	if take && s.holder != p {
		s.prev, s.holder = s.holder, p
	}
}

// setupOwns reports whether seat p places column c in a custom setup: its
// own columns, and in a 3-player game also the neutral ones.
func (s *State) setupOwns(p int8, c Column) bool {
	return s.Owner(c.Colour()) == game.Player(p) || s.neutral(c)
}

// nextPlacer passes the custom setup on to the next seat with a column to
// place; when every column stands, the start player lays the blue floor.
func (s *State) nextPlacer() {
	// A column that finds no room in the building site never will, as
	// the site only fills up: it stays out of the game (engine ruling).
	e := s.newEligibility()
	for c := range Column(NumColumns) {
		if s.cols[c].level == inHand && !e.kindHasTarget(c.Kind()) {
			s.cols[c] = column{level: outOfGame, on: NoColumn}
		}
	}
	for i := int8(1); i <= s.n; i++ {
		q := (s.turn + i) % s.n
		for c := range Column(NumColumns) {
			if s.cols[c].level == inHand && s.setupOwns(q, c) {
				s.turn = q
				return
			}
		}
	}
	s.phase, s.turn = phaseBlue, s.start
	if !s.floorPossible(s.surface()) {
		s.phase, s.culprit = phaseOver, noPlayer // no legal blue floor: nothing can be played
	}
}
