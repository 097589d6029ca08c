// Package gametest is the conformance kit every game runs in one line:
//
//	func TestConformance(t *testing.T) {
//		gametest.Run(t, pathagon.Info, gametest.Config{MaxPlies: 400})
//	}
//
// In the style of OpenSpiel's random simulation tests, it plays seeded random
// games and checks every invariant documented on game.State at every state
// it visits, plus the Mutable fast path when the game offers one.
//
// It is also every game's test harness for data kept in testdata, each in
// one format and checked in a call or two:
//
//	gametest.CheckPerft(t, Info, "testdata/perft.txt", gametest.PerftConfig{...})
//	gametest.GoldenPlaythrough(t, "testdata/playthroughs/NAME.golden", gametest.Playthrough{...})
//	gametest.Golden(t, "testdata/diagram/NAME.golden", text)
//
// and the fuzz targets FuzzPosition and FuzzMove, seeded from the same
// testdata by SeedPositions and SeedMoves. The one -update flag of every
// test binary that imports gametest rewrites the golden files.
package gametest

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
)

// Config tunes a conformance run. The zero value is usable except MaxPlies.
type Config struct {
	Options game.Options
	// Playouts is the number of random games (default 30).
	Playouts int
	// MaxPlies bounds the length of a game, including chance plies; a
	// playout still running after it fails the test.
	MaxPlies int
	// Seed makes the run reproducible (default 1).
	Seed uint64
	// MovesPerState bounds how many listed moves are played, checked and
	// round-tripped in each visited state (default 64; all when negative).
	// The others are still round-tripped through notation.
	MovesPerState int
	// Start, when set, replaces Info.New as the start of every playout.
	Start func() (game.State, error)
}

// Run plays cfg.Playouts random games of info and checks every visited state.
func Run(t *testing.T, info *game.Info, cfg Config) {
	t.Helper()
	if cfg.Playouts == 0 {
		cfg.Playouts = 30
	}
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.MovesPerState == 0 {
		cfg.MovesPerState = 64
	}
	if cfg.MaxPlies <= 0 {
		t.Fatal("gametest: Config.MaxPlies must bound the game length")
	}
	checkInfo(t, info)
	start := cfg.Start
	if start == nil {
		start = func() (game.State, error) { return info.New(cfg.Options) }
	}
	hashes := map[string]uint64{} // position text -> hash, across all playouts
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x7461_6275_6c61))
	for g := 0; g < cfg.Playouts; g++ {
		s, err := start()
		if err != nil {
			t.Fatalf("gametest: start: %v", err)
		}
		c := &checker{t: t, info: info, cfg: cfg, rng: rng, hashes: hashes, playout: g}
		c.run(s)
		if t.Failed() {
			return
		}
	}
}

type checker struct {
	t       *testing.T
	info    *game.Info
	cfg     Config
	rng     *rand.Rand
	hashes  map[string]uint64
	playout int
	ply     int
}

func (c *checker) fatalf(format string, args ...any) {
	c.t.Helper()
	c.t.Fatalf("playout %d ply %d: %s", c.playout, c.ply, fmt.Sprintf(format, args...))
}

func (c *checker) run(s game.State) {
	c.t.Helper()
	var mut game.Mutable
	if m, ok := s.(game.Mutabler); ok {
		mut = m.Mutable()
	}
	for c.ply = 0; ; c.ply++ {
		moves := c.checkState(s)
		if s.ToMove() == game.NoPlayer {
			return
		}
		if c.ply >= c.cfg.MaxPlies {
			c.fatalf("game still running after MaxPlies = %d: %s", c.cfg.MaxPlies, s)
		}
		m := c.pick(s, moves)
		next, err := s.Play(m)
		if err != nil {
			c.fatalf("Play(%s) of a listed move: %v", s.MoveString(m), err)
		}
		if mut != nil {
			c.checkMutable(s, mut, m, next)
		}
		s = next
	}
}

// pick chooses a listed move, by probability at chance nodes.
func (c *checker) pick(s game.State, moves []game.Move) game.Move {
	if s.ToMove() != game.Chance {
		return moves[c.rng.IntN(len(moves))]
	}
	x := c.rng.Float64()
	outs := s.ChanceOutcomes()
	for _, o := range outs {
		if x < o.Prob {
			return o.Move
		}
		x -= o.Prob
	}
	return outs[len(outs)-1].Move
}

// checkState checks one state and returns its legal moves.
func (c *checker) checkState(s game.State) []game.Move {
	c.t.Helper()
	if s.Info() != c.info {
		c.fatalf("Info() is not the registered *Info")
	}
	n := s.NumPlayers()
	if n < c.info.MinPlayers || n > c.info.MaxPlayers {
		c.fatalf("NumPlayers() = %d outside %d..%d", n, c.info.MinPlayers, c.info.MaxPlayers)
	}
	moves := s.LegalMoves(nil)
	again := s.LegalMoves(make([]game.Move, 1, 8))
	if !slices.Equal(moves, again[1:]) || again[0] != 0 {
		c.fatalf("LegalMoves is not deterministic or does not append to dst: %v then %v", moves, again[1:])
	}
	seen := make(map[game.Move]bool, len(moves))
	for _, m := range moves {
		if seen[m] {
			c.fatalf("LegalMoves lists %d (%s) twice", m, s.MoveString(m))
		}
		seen[m] = true
	}
	o, over := s.Outcome()
	turn := s.ToMove()
	switch {
	case turn == game.NoPlayer:
		if !over {
			c.fatalf("ToMove() = NoPlayer but Outcome() is not ok")
		}
		if len(moves) != 0 {
			c.fatalf("finished game lists %d moves", len(moves))
		}
		c.checkOutcome(o, n)
	case over:
		c.fatalf("Outcome() ok while ToMove() = %v", turn)
	case len(moves) == 0:
		c.fatalf("game in progress (ToMove() = %v) lists no moves", turn)
	case turn != game.Chance && (turn < 0 || int(turn) >= n):
		c.fatalf("ToMove() = %v is not a seat of %d players", turn, n)
	}
	c.checkChance(s, moves)
	c.checkText(s, moves)
	c.checkPlay(s, moves, seen)
	return moves
}

func (c *checker) checkOutcome(o game.Outcome, n int) {
	c.t.Helper()
	for i, w := range o.Winners {
		if w < 0 || int(w) >= n {
			c.fatalf("outcome winner %v is not a seat", w)
		}
		if i > 0 && o.Winners[i-1] >= w {
			c.fatalf("outcome winners %v are not in increasing seat order", o.Winners)
		}
	}
	if o.Scores != nil && len(o.Scores) != n {
		c.fatalf("outcome has %d scores for %d players", len(o.Scores), n)
	}
	if o.Reason == "" {
		c.fatalf("outcome has no reason")
	}
	var sum float64
	for p := range n {
		sum += o.Reward(game.Player(p), n)
	}
	if o.AllLose && len(o.Winners) > 0 {
		c.fatalf("outcome has winners %v and AllLose", o.Winners)
	}
	if n > 1 && !o.AllLose && math.Abs(sum-1) > 1e-9 {
		c.fatalf("rewards sum to %v", sum)
	}
}

func (c *checker) checkChance(s game.State, moves []game.Move) {
	c.t.Helper()
	outs := s.ChanceOutcomes()
	if s.ToMove() != game.Chance {
		if outs != nil {
			c.fatalf("ChanceOutcomes() is not nil at a decision node")
		}
		return
	}
	if len(outs) != len(moves) {
		c.fatalf("%d chance outcomes but %d legal moves", len(outs), len(moves))
	}
	var sum float64
	for i, o := range outs {
		if o.Move != moves[i] {
			c.fatalf("chance outcome %d is move %d, LegalMoves has %d", i, o.Move, moves[i])
		}
		if o.Prob <= 0 {
			c.fatalf("chance outcome %s has probability %v", s.MoveString(o.Move), o.Prob)
		}
		sum += o.Prob
	}
	if math.Abs(sum-1) > 1e-9 {
		c.fatalf("chance probabilities sum to %v", sum)
	}
}

// historyEnded reports whether s is over by a rule that depends on the
// game's history rather than its position.
func historyEnded(s game.State) bool {
	o, over := s.Outcome()
	return over && (o.Reason == game.ReasonRepetition || o.Reason == game.ReasonPlyLimit)
}

// checkText checks the position text, the hash and move notation.
func (c *checker) checkText(s game.State, moves []game.Move) {
	c.t.Helper()
	text := s.String()
	h := s.Hash()
	if old, ok := c.hashes[text]; ok && old != h {
		c.fatalf("equal positions have different hashes %#x and %#x: %s", old, h, text)
	}
	c.hashes[text] = h
	parsed, err := c.info.ParsePosition(text, c.cfg.Options)
	if err != nil {
		c.fatalf("ParsePosition(String()) failed: %v\nposition: %s", err, text)
	}
	if got := parsed.String(); got != text {
		c.fatalf("position text does not round-trip:\n got %s\nwant %s", got, text)
	}
	if parsed.Hash() != h {
		c.fatalf("parsed position has hash %#x, want %#x: %s", parsed.Hash(), h, text)
	}
	if historyEnded(s) {
		// The game ended by a rule that reads the history (repetition, the
		// ply cap); a position text need not carry the history, so the
		// parsed position may go on. Text and hash were checked above.
	} else if parsed.ToMove() != s.ToMove() {
		c.fatalf("parsed position has ToMove %v, want %v", parsed.ToMove(), s.ToMove())
	} else if pm := parsed.LegalMoves(nil); !slices.Equal(pm, moves) {
		c.fatalf("parsed position lists %d moves, original %d: %s", len(pm), len(moves), text)
	}
	for _, m := range moves {
		str := s.MoveString(m)
		back, err := s.ParseMove(str)
		if err != nil {
			c.fatalf("ParseMove(%q) of a listed move: %v", str, err)
		}
		if back != m {
			c.fatalf("ParseMove(MoveString(%d)) = %d (%q)", m, back, str)
		}
	}
	for _, junk := range []string{"", " ", "?!", "zz99", "\x00", "-", "1.", "()", "a0"} {
		if _, err := s.ParseMove(junk); err == nil {
			c.fatalf("ParseMove(%q) accepted junk", junk)
		}
	}
}

// checkPlay plays listed moves and a few unlisted ones.
func (c *checker) checkPlay(s game.State, moves []game.Move, legal map[game.Move]bool) {
	c.t.Helper()
	text, h := s.String(), s.Hash()
	sample := moves
	if k := c.cfg.MovesPerState; k >= 0 && len(moves) > k {
		sample = make([]game.Move, k)
		for i := range sample {
			sample[i] = moves[c.rng.IntN(len(moves))]
		}
	}
	for _, m := range sample {
		if _, err := s.Play(m); err != nil {
			c.fatalf("Play(%s) of a listed move: %v", s.MoveString(m), err)
		}
	}
	want := game.ErrIllegalMove
	if s.ToMove() == game.NoPlayer {
		want = game.ErrGameOver
	}
	for _, m := range c.unlisted(legal) {
		next, err := s.Play(m)
		if err == nil {
			c.fatalf("Play(%d) of an unlisted move succeeded: %v", m, next)
		}
		if !errors.Is(err, want) {
			c.fatalf("Play(%d) of an unlisted move: %v, want an error wrapping %v", m, err, want)
		}
	}
	if s.String() != text || s.Hash() != h {
		c.fatalf("Play mutated its receiver:\nbefore %s\n after %s", text, s)
	}
}

// unlisted returns a few moves that are not legal: small integers, random
// values and bit flips of legal moves.
func (c *checker) unlisted(legal map[game.Move]bool) []game.Move {
	var out []game.Move
	add := func(m game.Move) {
		if !legal[m] && len(out) < 12 {
			out = append(out, m)
		}
	}
	for m := range game.Move(4) {
		add(m)
	}
	add(^game.Move(0))
	for range 3 {
		add(game.Move(c.rng.Uint64()))
		add(game.Move(c.rng.Uint32()))
	}
	for m := range legal {
		add(m ^ 1<<uint(c.rng.IntN(64)))
		if len(out) >= 12 {
			break
		}
	}
	return out
}

// checkMutable checks the fast path: Apply reaches the same position as Play,
// and Undo restores the position and hash.
func (c *checker) checkMutable(before game.State, mut game.Mutable, m game.Move, after game.State) {
	c.t.Helper()
	if mut.String() != before.String() || mut.Hash() != before.Hash() {
		c.fatalf("Mutable copy drifted from the game:\n got %s\nwant %s", mut, before)
	}
	mut.Apply(m)
	if mut.String() != after.String() || mut.Hash() != after.Hash() {
		c.fatalf("Apply(%s) differs from Play:\n got %s %#x\nwant %s %#x", before.MoveString(m), mut, mut.Hash(), after, after.Hash())
	}
	if !slices.Equal(mut.LegalMoves(nil), after.LegalMoves(nil)) {
		c.fatalf("after Apply(%s) the Mutable lists other moves than Play's state", before.MoveString(m))
	}
	mut.Undo()
	if mut.String() != before.String() || mut.Hash() != before.Hash() {
		c.fatalf("Undo after Apply(%s) did not restore:\n got %s %#x\nwant %s %#x", before.MoveString(m), mut, mut.Hash(), before, before.Hash())
	}
	mut.Apply(m)
}
