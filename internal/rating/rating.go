// Package rating computes player ratings by the Glicko-2 system (Mark E.
// Glickman, "Example of the Glicko-2 system"), implemented here from the
// published algorithm, and extends it to games of more than two players.
//
// # Ratings
//
// A Rating is a rating (1500 for a new player), a rating deviation RD (how
// uncertain the rating is: 350 for a new player, smaller the more the player
// plays, never above MaxRD) and a volatility (how erratic the player's
// results are: 0.06 at first). A rating is provisional while its RD is at
// least ProvisionalRD.
//
// # One game is one rating period
//
// Update rates one finished game: every seat's new rating is computed from
// all seats' ratings before the game (steps 1–8 of the paper), so the order
// of the seats does not matter. Time without games is accounted for by Age
// (step 6 alone: the RD grows by the volatility per idle period) before the
// game is rated. Both are pure functions: no I/O, no clock, no randomness, so
// the caller can run them inside the transaction that records the result.
//
// Because every game is a period, every game also adds one period's
// volatility to the RD before the result takes uncertainty away; the two
// balance where the RD of a regular player settles: near 60 for games played
// back to back, near 71 for one game a day (with Age's day-long period), at
// volatility 0.06. A win or a loss against an equal then moves a rating by
// about 10 points (15 at one game a day).
//
// # Games of three to five players
//
// A game of n seats is rated as n−1 pairwise games for each seat, one against
// every other seat, scored by finishing order: a better place is a win (1),
// the same place a draw (½), a worse place a loss (0). Each pairwise game
// counts with weight 1/(n−1) in the sums of steps 3 and 4 (v and Δ), so that
// the whole game carries the evidence of one game, not of n−1 (a 5-player
// game is not ten 2-player games, nor four for each seat). With n = 2 the
// weight is 1 and the rule is plain Glicko-2. Consequences, each tested:
//
//   - a seat that placed alone first never loses rating, a seat that placed
//     alone last never gains any; placing better never lowers a seat's new
//     rating, and of two seats equally rated before, the better placed one
//     ends at least as high (a winner never loses rating to a loser);
//   - the winner of a game among equals gains exactly what the winner of a
//     2-player game among the same equals gains;
//   - the seats' new ratings do not depend on the order of the seats;
//   - a draw among players of equal rating, RD and volatility changes no
//     rating (the RDs change as after any game);
//   - among players of equal rating, RD and volatility the changes sum to
//     zero when the places are symmetric (for example 1st, 2nd, 3rd, 4th) and
//     otherwise to less than 0.01 of a point (at most 0.0037 over every place
//     pattern of 2–5 seats, RD 30–350, volatility up to 0.2): each seat's
//     volatility moves by how surprising its own result was, and that scales
//     its change;
//   - rating sums are not conserved between players of different RDs, by
//     design of Glicko: an uncertain rating moves more than a settled one.
package rating

import (
	"errors"
	"fmt"
	"math"
	"time"
)

// The defaults of a new player, those of the paper.
const (
	DefaultRating     = 1500.0 // the middle of the scale
	DefaultRD         = 350.0  // as uncertain as a rating can be
	DefaultVolatility = 0.06   // the paper's starting volatility
)

// MaxRD caps the rating deviation: no rating is less certain than a new
// player's, however long its owner was away.
const MaxRD = DefaultRD

// ProvisionalRD is the deviation at and above which a rating is marked
// provisional: the threshold Lichess uses, so that its players read the mark
// the same way. A new player who wins and loses in turn against other new
// players leaves it after 14 games.
const ProvisionalRD = 110.0

// glickoScale converts between the Glicko scale and Glicko-2's (step 2):
// μ = (r − 1500)/173.7178, φ = RD/173.7178.
const glickoScale = 173.7178

// Defaults of Config.
const (
	// DefaultTau is the system constant τ: 0.5, the value of the paper's
	// example and the middle of its suggested 0.3–1.2. Each game is its own
	// rating period here, so a period holds one result; a small τ keeps a
	// single upset from raising the volatility much.
	DefaultTau = 0.5
	// DefaultEpsilon is the convergence tolerance of the volatility
	// iteration (step 5), the paper's 0.000001.
	DefaultEpsilon = 1e-6
	// DefaultPeriod is how much idle time Age counts as one rating period:
	// a day. With volatility 0.06 an RD of 60 then reaches ProvisionalRD
	// after about 11 weeks without rated games, and MaxRD after about 3
	// years.
	DefaultPeriod = 24 * time.Hour
)

// maxIterations bounds both loops of the volatility step; on finite input
// the bracket search ends within a few steps and the Illinois iteration
// within about ten, so this only guards against a never-ending loop.
const maxIterations = 200

// Rating is one player's rating in one game (and variant, and player count
// where it changes the game).
type Rating struct {
	Rating     float64 // the rating on the Glicko scale (1500 at first)
	RD         float64 // the rating deviation, in rating points
	Volatility float64 // σ, the degree of expected fluctuation
	Games      int     // rated games played
}

// Initial returns a new player's rating: 1500, RD 350, volatility 0.06, no
// games.
func Initial() Rating {
	return Rating{Rating: DefaultRating, RD: DefaultRD, Volatility: DefaultVolatility}
}

// Provisional reports whether the rating is still uncertain: RD ≥
// ProvisionalRD.
func (r Rating) Provisional() bool { return r.RD >= ProvisionalRD }

// Config holds the system's parameters. A zero field takes its default, so
// the zero Config is the documented system.
type Config struct {
	Tau     float64       // τ, constrains volatility change; DefaultTau
	Epsilon float64       // volatility convergence tolerance; DefaultEpsilon
	Period  time.Duration // idle time counted as one rating period by Age; DefaultPeriod
}

func (c Config) withDefaults() Config {
	if c.Tau <= 0 {
		c.Tau = DefaultTau
	}
	if c.Epsilon <= 0 {
		c.Epsilon = DefaultEpsilon
	}
	if c.Period <= 0 {
		c.Period = DefaultPeriod
	}
	return c
}

// ErrInvalid is wrapped by every error of Update and Period: the input is not
// a game that can be rated.
var ErrInvalid = errors.New("rating: invalid input")

// Update rates one finished game. players holds each seat's rating before
// the game (after Age), places each seat's finishing place (0 = first; equal
// places are a tie; only the order matters). It returns the seats' new
// ratings in the same order, each with Games one higher; the arguments are
// not modified. Two seats are plain Glicko-2; more are rated by the pairwise
// rule of the package comment. An RD above MaxRD counts as MaxRD. The error
// wraps ErrInvalid: fewer than two seats, places not one per seat, or a
// rating that is not finite or has no positive RD and volatility.
func Update(players []Rating, places []int, cfg Config) ([]Rating, error) {
	n := len(players)
	if n < 2 {
		return nil, fmt.Errorf("%w: %d players, need at least 2", ErrInvalid, n)
	}
	if len(places) != n {
		return nil, fmt.Errorf("%w: %d places for %d players", ErrInvalid, len(places), n)
	}
	for i, p := range players {
		if err := p.check(); err != nil {
			return nil, fmt.Errorf("%w: seat %d: %w", ErrInvalid, i, err)
		}
	}
	cfg = cfg.withDefaults()
	w := 1 / float64(n-1)
	out := make([]Rating, n)
	for i, p := range players {
		var s sums
		mu := toMu(p.Rating)
		for j, o := range players {
			if j == i {
				continue
			}
			s.add(mu, toMu(o.Rating), phiOf(o.RD), score(places[i], places[j]), w)
		}
		out[i] = p.finish(s, 1, cfg).rating
	}
	return out, nil
}

// Result is one game of a rating period, for Period: the opponent's rating
// before the period and the score (1 win, ½ draw, 0 loss).
type Result struct {
	Opponent Rating
	Score    float64
}

// Period is the plain Glicko-2 update of the paper: one player's rating after
// a rating period with the given results, each weighted 1 (no results: the
// RD grows as in step 6), Games grown by len(results). Update is this with
// one result per seat when two play; Period is for callers that collect
// several games into one period.
func Period(r Rating, results []Result, cfg Config) (Rating, error) {
	st, err := period(r, results, cfg)
	return st.rating, err
}

func period(r Rating, results []Result, cfg Config) (steps, error) {
	if err := r.check(); err != nil {
		return steps{}, fmt.Errorf("%w: player: %w", ErrInvalid, err)
	}
	for i, res := range results {
		if err := res.Opponent.check(); err != nil {
			return steps{}, fmt.Errorf("%w: result %d: %w", ErrInvalid, i, err)
		}
		if !(res.Score >= 0 && res.Score <= 1) {
			return steps{}, fmt.Errorf("%w: result %d: score %v outside [0, 1]", ErrInvalid, i, res.Score)
		}
	}
	cfg = cfg.withDefaults()
	var s sums
	mu := toMu(r.Rating)
	for _, res := range results {
		s.add(mu, toMu(res.Opponent.Rating), phiOf(res.Opponent.RD), res.Score, 1)
	}
	return r.finish(s, len(results), cfg), nil
}

// Age returns r after elapsed time without rated games: step 6 alone for
// elapsed/cfg.Period periods, φ² grows by σ² per period, RD capped at MaxRD.
// Call it with the time since the player's last rated game before Update.
func Age(r Rating, elapsed time.Duration, cfg Config) Rating {
	cfg = cfg.withDefaults()
	if elapsed <= 0 {
		return r
	}
	periods := float64(elapsed) / float64(cfg.Period)
	phi := math.Sqrt(sq(toPhi(r.RD)) + periods*sq(r.Volatility))
	r.RD = math.Min(fromPhi(phi), MaxRD)
	return r
}

func (r Rating) check() error {
	switch {
	case math.IsNaN(r.Rating) || math.IsInf(r.Rating, 0):
		return fmt.Errorf("rating %v is not a number", r.Rating)
	case !(r.RD > 0) || math.IsInf(r.RD, 0):
		return fmt.Errorf("RD %v is not positive", r.RD)
	case !(r.Volatility > 0) || math.IsInf(r.Volatility, 0):
		return fmt.Errorf("volatility %v is not positive", r.Volatility)
	case r.Games < 0:
		return fmt.Errorf("games %d is negative", r.Games)
	}
	return nil
}

// score is the pairwise result of the seat placed a against the seat placed
// b: a lower place is better.
func score(a, b int) float64 {
	switch {
	case a < b:
		return 1
	case a == b:
		return 0.5
	}
	return 0
}

// sums accumulates the sums of steps 3 and 4 over a period's games.
type sums struct {
	vInv float64 // Σ w g(φj)² E (1 − E), the inverse of v
	d    float64 // Σ w g(φj) (s − E), Δ/v
}

func (s *sums) add(mu, muJ, phiJ, score, w float64) {
	g := gOf(phiJ)
	s.addGE(g, expect(mu, muJ, g), score, w)
}

// addGE adds one game given g(φj) and E: the paper's example prints these,
// so its test starts here.
func (s *sums) addGE(g, e, score, w float64) {
	s.vInv += w * g * g * e * (1 - e)
	s.d += w * g * (score - e)
}

// steps holds the intermediate values of one update, so that the test can
// compare them with the paper's.
type steps struct {
	mu, phi   float64 // step 2
	v, delta  float64 // steps 3 and 4
	sigma     float64 // step 5
	phiStar   float64 // step 6
	muP, phiP float64 // step 7
	rating    Rating  // step 8
}

// finish runs steps 2 and 5–8 for r given the sums of its period's games.
// With no games (games == 0) only the RD grows (step 6 as the paper says for
// a player who did not compete).
func (r Rating) finish(s sums, games int, cfg Config) steps {
	st := steps{mu: toMu(r.Rating), phi: phiOf(r.RD)}
	if games == 0 || s.vInv == 0 {
		st.sigma = r.Volatility
		st.phiStar = phiStar(st.phi, r.Volatility)
		st.muP, st.phiP = st.mu, st.phiStar
		r.RD = fromPhi(st.phiStar)
		r.Games += games
		st.rating = r
		return st
	}
	st.v = 1 / s.vInv
	st.delta = st.v * s.d
	st.sigma = volatility(st.phi, r.Volatility, st.v, st.delta, cfg)
	st.phiStar = phiStar(st.phi, st.sigma)
	st.phiP = phiPrime(st.phiStar, st.v)
	st.muP = muPrime(st.mu, st.phiP, s.d)
	st.rating = Rating{
		Rating:     fromMu(st.muP),
		RD:         fromPhi(st.phiP),
		Volatility: st.sigma,
		Games:      r.Games + games,
	}
	return st
}

// volatility is step 5: the new σ, the root of f by the Illinois algorithm.
func volatility(phi, sigma, v, delta float64, cfg Config) float64 {
	a := math.Log(sq(sigma))
	tau2 := sq(cfg.Tau)
	d2, p2 := sq(delta), sq(phi)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		return ex*(d2-p2-v-ex)/(2*sq(p2+v+ex)) - (x-a)/tau2
	}
	A := a
	var B float64
	if d2 > p2+v {
		B = math.Log(d2 - p2 - v)
	} else {
		k := 1.0
		for f(a-k*cfg.Tau) < 0 && k < maxIterations {
			k++
		}
		B = a - k*cfg.Tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > cfg.Epsilon && i < maxIterations; i++ {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// phiStar is step 6: the deviation grown by one period's volatility, capped
// at MaxRD.
func phiStar(phi, sigma float64) float64 {
	return math.Min(math.Sqrt(sq(phi)+sq(sigma)), toPhi(MaxRD))
}

// phiPrime is step 7's new deviation.
func phiPrime(phiStar, v float64) float64 { return 1 / math.Sqrt(1/sq(phiStar)+1/v) }

// muPrime is step 7's new rating, d being Σ w g(φj)(s − E).
func muPrime(mu, phiP, d float64) float64 { return mu + sq(phiP)*d }

// gOf is g(φ) of step 3: how much a result against an opponent of deviation
// φ counts.
func gOf(phi float64) float64 { return 1 / math.Sqrt(1+3*sq(phi)/sq(math.Pi)) }

// expect is E(μ, μj, φj) of step 3, the expected score against the
// opponent, given g(φj).
func expect(mu, muJ, g float64) float64 { return 1 / (1 + math.Exp(-g*(mu-muJ))) }

func toMu(r float64) float64    { return (r - DefaultRating) / glickoScale }
func toPhi(rd float64) float64  { return rd / glickoScale }
func phiOf(rd float64) float64  { return toPhi(math.Min(rd, MaxRD)) } // φ of an RD, capped
func fromMu(mu float64) float64 { return mu*glickoScale + DefaultRating }
func fromPhi(p float64) float64 { return p * glickoScale }
func sq(x float64) float64      { return x * x }
