package villapaletti

import (
	"cmp"
	"math"
	"slices"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/villapaletti/geometry"
)

// Limits of the search candidates: each bounds the branching that alpha-beta
// and MCTS see, which is what lets them look two full turns ahead.
const (
	// maxFloorCands floor poses are kept, the steadiest first: poses differ
	// mostly in which columns they cover, and a few steady ones span that.
	maxFloorCands = 3
	// maxPoseTests bounds the floor poses tested for stability (about 15 µs
	// each); more legal poses than that are sampled evenly.
	maxPoseTests = 96
	// maxWobbleCands columns whose removal wobbles are offered as a
	// deliberate "freeze one of mine" move, the cheapest columns first: a
	// wobble is the only way to pass, and one or two cover that choice.
	maxWobbleCands = 1
	// maxRankedTargets targets of one kind are ranked on the 10 mm lattice;
	// with more (a large empty floor), only the 20 mm lattice is, which
	// still finds the steady region and costs a quarter.
	maxRankedTargets = 256
	coarseStep       = 40 // half-mm: the 20 mm lattice
	// scarceRoom is the number of legal green poses (on the candidate
	// grid, about a hundred on a blue floor with room) at or below which
	// search keeps the room for green while blue is the top floor (see
	// SearchMoves): every further column on blue may take the last pose,
	// and a villa without one ends with nobody winning. 8 did best of 5,
	// 8, 10 and 25 against random in a first version that offered only
	// proposals then (docs/strength.md, session 12).
	scarceRoom = 8
	// maxRoomPlayers is the most players for which search keeps the room
	// for green. With four, one bot among three random seats cannot keep
	// it (their fifteen columns crowd blue) and lost more seal fights for
	// the columns its proposals cost (docs/strength.md, session 12).
	maxRoomPlayers = 3
)

// candidate is a search candidate with its ordering key (higher first).
type candidate struct {
	m   game.Move
	key float64
}

// SearchMoves implements game.Candidates: a small set of the legal moves,
// best first, for search (the full lists hold a thousand column moves and
// thousands of floor poses, too many to look past one ply):
//
//   - per eligible column whose removal does not wobble, the single
//     target where the villa stands steadiest (largest smallest margin
//     μ after the placement), or for an objection the first target
//     that stands (the column leaves the game);
//   - at most maxWobbleCands column moves that wobble (a turn spent freezing
//     a column), when not objecting;
//   - the maxFloorCands steadiest floor poses to propose or place; with
//     three or four players, proposals only when no objection could void
//     them (see objectable) or room for green is scarce (below);
//   - pass during an objection window, and every removal after one.
//
// With two or three players (maxRoomPlayers), at the start of a turn while
// blue is the top floor and at most scarceRoom green poses are left, the
// column moves offered are only those to a target that leaves every one of
// those poses legal (and wobbles), beside the proposals, which are then
// offered even when an objection could void them: a column moved onto
// blue may take the last pose, and the game ends in a standstill nobody
// wins (against random, a seventh of the games with two players and a
// quarter with three ended so). A proposal costs the proposer a column
// when an objection takes it, but the objector's move takes it out of the
// game rather than onto blue, so the room is kept; once the proposer has
// no eligible column left, nobody can object and green is laid.
//
// Column moves that take the Master Builder seal come first, the most
// valuable column first; then steady moves before shaky ones. When none of
// this applies (a custom setup) or nothing was found, every legal move is
// returned.
func (s *State) SearchMoves(dst []game.Move) []game.Move {
	n := len(dst)
	var cs []candidate
	switch s.phase {
	case phaseTurn, phaseOwn, phaseNeutralObjection, phaseFloorObjection:
		objection := s.objecting()
		if objection {
			cs = append(cs, candidate{m: move{kind: kindPass}.encode()})
		}
		e := s.newEligibility()
		neutral, _ := s.movable(e)
		if s.phase == phaseTurn && s.n <= maxRoomPlayers {
			if room := s.scarceRoom(e.sf); room != nil {
				cs = s.columnCands(e, s.turnColumns(neutral), false, room.keeps, cs)
				cs = s.floorCands(e.sf, kindPropose, cs)
				break
			}
		}
		cs = s.columnCands(e, s.turnColumns(neutral), objection, nil, cs)
		if s.phase == phaseTurn && (s.n == 2 || !s.objectable(e)) {
			cs = s.floorCands(e.sf, kindPropose, cs)
		}
	case phasePlace:
		cs = s.floorCands(s.surface(), kindPlace, cs)
	case phaseRemove:
		for c := range Column(NumColumns) {
			if s.removable(c) {
				// The proposer removes the objector's most valuable column.
				cs = append(cs, candidate{m: move{kind: kindRemove, col: c}.encode(), key: float64(c.Kind().Points())})
			}
		}
	}
	slices.SortStableFunc(cs, func(a, b candidate) int { return cmp.Compare(b.key, a.key) })
	for _, c := range cs {
		dst = append(dst, c.m)
	}
	if len(dst) == n {
		return s.LegalMoves(dst)
	}
	return dst
}

// objectable reports whether an objector could void a floor proposal by
// the seat to move: one of its own columns is eligible, lifts without a
// wobble and stands at one of its targets. Such a proposal costs the
// proposer that column and its turn, and with three or four players the
// evaluation cannot tell: laying the next floor (green above all) is worth
// about as much to every seat, so a search expects the others to pass, while
// an objector that takes the column gives up little (docs/strength.md,
// "Weak spots against random: objections"). With two players alpha-beta
// already assumes the objection, and keeps its proposals.
func (s *State) objectable(e *eligibility) bool {
	st := s.structure()
	var ranks perKind[[]ranked]
	rank := func(k Kind) []ranked { return s.rankTargets(e.sf, st, k, true) }
	own := s.ownedBy(s.turn)
	for c := range Column(NumColumns) {
		if !own(c) || !s.eligible(e, c) {
			continue
		}
		lifted, wobbly, _ := st.Lift(c)
		if wobbly {
			continue
		}
		k := c.Kind()
		for _, t := range ranks.get(k, rank) {
			if ok, _ := lifted.Place(k, t.p, t.depth); ok {
				return true
			}
		}
	}
	return false
}

// Ordering keys of column candidates: a move that takes the seal first (by
// the column's points), then any other standing move, then wobbles.
const (
	keySeal   = 1000
	keyStands = 100
	keyWobble = -100
)

// columnCands appends one candidate per eligible column passing keep (see
// SearchMoves). objection says the move is an objection: any standing
// target will do, and wobbles are not offered (passing is better). fits,
// when not nil, limits the targets to those it accepts for the column's
// kind, and drops the last-resort target of a column that would collapse
// the villa everywhere.
func (s *State) columnCands(e *eligibility, keep func(Column) bool, objection bool, fits func(Kind, geometry.Vec) bool, cs []candidate) []candidate {
	st := s.structure()
	var ranks perKind[[]ranked]
	rank := func(k Kind) []ranked { return s.rankTargets(e.sf, st, k, objection) }
	wobbles := 0
	var wob []candidate
	for c := range Column(NumColumns) {
		if !keep(c) || !s.eligible(e, c) {
			continue
		}
		k := c.Kind()
		tg := ranks.get(k, rank)
		if len(tg) == 0 {
			continue
		}
		lifted, wobbly, _ := st.Lift(c)
		if wobbly {
			if !objection {
				wob = append(wob, candidate{m: tg[0].move(c), key: keyWobble - float64(k.Points())})
				wobbles++
			}
			continue
		}
		found := false
		for _, t := range tg {
			if fits != nil && !fits(k, t.p) {
				continue
			}
			ok, margin := lifted.Place(k, t.p, t.depth)
			if !ok {
				continue
			}
			key := keyStands + math.Min(margin, 99)/100
			if !objection && s.takesSeal(s.mover(), c) {
				key = keySeal + float64(k.Points())*10 + math.Min(margin, 99)/100
			}
			if objection {
				key = keyStands + float64(k.Points()) // the proposer loses the most
			}
			cs = append(cs, candidate{m: t.move(c), key: key})
			found = true
			break
		}
		if !found && !objection && fits == nil {
			// Every target collapses the villa: keep the steadiest as a
			// last resort; the placer would be the culprit.
			wob = append(wob, candidate{m: tg[0].move(c), key: 2 * keyWobble})
		}
	}
	slices.SortStableFunc(wob, func(a, b candidate) int { return cmp.Compare(b.key, a.key) })
	return append(cs, wob[:min(len(wob), maxWobbleCands)]...)
}

// ranked is a column target with the villa's smallest margin after a
// column of its kind is placed there on the current structure.
type ranked struct {
	t      target
	p      geometry.Vec
	depth  int
	margin float64
}

func (r ranked) move(c Column) game.Move { return r.t.move(c).encode() }

// rankTargets returns the listed targets of a column of kind k, steadiest
// first (by the smallest margin after placing it on the structure as it
// is; a lifted column changes that only a little). For an objection the
// order does not matter and the targets are left in their listed order.
func (s *State) rankTargets(sf *surface, st *Statics, k Kind, objection bool) []ranked {
	ts := sf.targets(k, nil)
	rs := make([]ranked, 0, len(ts))
	coarse := len(ts) > maxRankedTargets
	for _, t := range ts {
		if coarse && t.onto == NoColumn && (t.x%coarseStep != 0 || t.y%coarseStep != 0) {
			continue
		}
		r := ranked{t: t, p: halfMM(t.x, t.y)}
		if t.onto != NoColumn {
			for i, top := range sf.tops {
				if top == t.onto {
					r.p = sf.topFp[i].C
				}
			}
			r.depth = s.depthOn(t.onto)
		}
		if !objection {
			_, r.margin = st.Place(k, r.p, r.depth)
		}
		rs = append(rs, r)
	}
	if !objection {
		slices.SortFunc(rs, func(a, b ranked) int {
			return cmp.Or(cmp.Compare(b.margin, a.margin), cmp.Compare(a.t.y, b.t.y), cmp.Compare(a.t.x, b.t.x), cmp.Compare(a.t.onto, b.t.onto))
		})
	}
	return rs
}

// takesSeal reports whether p placing own column c on the top level would
// take the Master Builder seal.
func (s *State) takesSeal(p int8, c Column) bool {
	if s.floors < 2 || s.neutral(c) || s.holder == p {
		return false
	}
	if !s.claimed || s.holder == noPlayer {
		return true
	}
	return s.Score(game.Player(p))+c.Kind().Points() > s.Score(game.Player(s.holder))
}

// floorCands appends the steadiest legal poses of the next floor as moves
// of the given kind (propose or place), keyed below every standing column
// move.
func (s *State) floorCands(sf *surface, kind moveKind, cs []candidate) []candidate {
	var poses []pose
	s.floorCandidates(sf, func(p pose) bool { poses = append(poses, p); return true })
	if len(poses) == 0 {
		return cs
	}
	step := max(1, len(poses)/maxPoseTests)
	var fc []candidate
	for i := 0; i < len(poses); i += step {
		p := poses[i]
		a := s.floorAngle(p)
		fc = append(fc, candidate{m: poseMove(kind, p).encode(), key: a})
	}
	slices.SortStableFunc(fc, func(a, b candidate) int { return cmp.Compare(b.key, a.key) })
	fc = fc[:min(len(fc), maxFloorCands)]
	for i := range fc {
		// Keyed between standing column moves and wobbles, steadiest first.
		fc[i].key = math.Max(-90, math.Min(90, fc[i].key)) / 2
	}
	return append(cs, fc...)
}

// floorAngle returns the smallest tipping angle of the villa with the next
// floor laid at p (negative margins give negative angles: it falls).
func (s *State) floorAngle(p pose) float64 {
	t := *s
	t.history = nil
	t.poses[t.floors] = p
	t.floors++
	st := t.structure()
	if !st.Stands() {
		return -90
	}
	return st.MinAngle()
}

// room is the legal poses of the next floor, as polygons in the world.
type room []geometry.Convex

// scarceRoom returns the legal poses of green on sf when blue is the top
// floor and there are 1 to scarceRoom of them, else nil.
func (s *State) scarceRoom(sf *surface) room {
	if s.floors != 1 {
		return nil
	}
	var poses []pose
	s.floorCandidates(sf, func(p pose) bool { poses = append(poses, p); return len(poses) <= scarceRoom })
	if len(poses) == 0 || len(poses) > scarceRoom {
		return nil
	}
	r := make(room, len(poses))
	for i, p := range poses {
		GreenFloor.convex(p.geometry(), &r[i])
	}
	return r
}

// keeps reports whether a column of kind k standing at p leaves every
// pose of r legal: its footprint lies entirely under or entirely outside
// each of them.
func (r room) keeps(k Kind, p geometry.Vec) bool {
	fp := geometry.Footprint{C: p, Shape: k.Shape(), R: k.Radius()}
	for i := range r {
		if !fp.InPolygon(&r[i]) && !fp.OutsidePolygon(&r[i]) {
			return false
		}
	}
	return true
}
