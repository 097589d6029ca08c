package rating

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"
)

// games is how many random games each property test draws: enough to cover
// 2–5 seats with ties, wide rating gaps and new and settled players, and
// still well under a second.
const games = 3000

// randomRating draws a rating anywhere a real player could be: 600–2600,
// RD 30–350, volatility 0.03–0.12.
func randomRating(rng *rand.Rand) Rating {
	return Rating{
		Rating:     600 + 2000*rng.Float64(),
		RD:         30 + 320*rng.Float64(),
		Volatility: 0.03 + 0.09*rng.Float64(),
		Games:      rng.IntN(500),
	}
}

// randomGame draws 2–5 seats and their places (ties included).
func randomGame(rng *rand.Rand) ([]Rating, []int) {
	n := 2 + rng.IntN(4)
	players := make([]Rating, n)
	places := make([]int, n)
	for i := range players {
		players[i] = randomRating(rng)
		places[i] = rng.IntN(n)
	}
	return players, places
}

func newRNG(t *testing.T) *rand.Rand {
	t.Helper()
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)
	return rand.New(rand.NewPCG(seed, 20))
}

func mustUpdate(t *testing.T, players []Rating, places []int) []Rating {
	t.Helper()
	out, err := Update(players, places, Config{})
	if err != nil {
		t.Fatalf("Update(%v, %v): %v", players, places, err)
	}
	return out
}

// slack absorbs floating-point rounding in comparisons that hold exactly in
// real arithmetic.
const slack = 1e-9

func TestUpdateTwoSeatsIsGlicko2(t *testing.T) {
	rng := newRNG(t)
	for range games {
		a, b := randomRating(rng), randomRating(rng)
		places := []int{rng.IntN(2), rng.IntN(2)}
		got := mustUpdate(t, []Rating{a, b}, places)
		wantA, errA := Period(a, []Result{{Opponent: b, Score: score(places[0], places[1])}}, Config{})
		wantB, errB := Period(b, []Result{{Opponent: a, Score: score(places[1], places[0])}}, Config{})
		if errA != nil || errB != nil {
			t.Fatal(errA, errB)
		}
		if got[0] != wantA || got[1] != wantB {
			t.Fatalf("Update(%v, %v) = %v; Glicko-2 gives %v, %v", []Rating{a, b}, places, got, wantA, wantB)
		}
	}
}

func TestWinnerNeverLosesToLoser(t *testing.T) {
	rng := newRNG(t)
	for range games {
		players, places := randomGame(rng)
		out := mustUpdate(t, players, places)
		best, worst := slices.Min(places), slices.Max(places)
		for i := range players {
			alone := count(places, places[i]) == 1
			if alone && places[i] == best && out[i].Rating < players[i].Rating {
				t.Fatalf("%v places %v: the winner (seat %d) went from %v to %v", players, places, i, players[i].Rating, out[i].Rating)
			}
			if alone && places[i] == worst && out[i].Rating > players[i].Rating {
				t.Fatalf("%v places %v: the last (seat %d) went from %v to %v", players, places, i, players[i].Rating, out[i].Rating)
			}
		}

		// Placing better never lowers a seat's new rating.
		i := rng.IntN(len(players))
		better := slices.Clone(places)
		better[i] -= 1 + rng.IntN(len(players))
		up := mustUpdate(t, players, better)
		if up[i].Rating < out[i].Rating-slack {
			t.Fatalf("%v: seat %d placed %d ends at %v, placed %d at %v", players, i, places[i], out[i].Rating, better[i], up[i].Rating)
		}

		// Of two seats rated the same before, the better placed ends at
		// least as high.
		j := rng.IntN(len(players))
		if places[j] == places[i] {
			continue
		}
		same := slices.Clone(players)
		same[j] = same[i]
		eq := mustUpdate(t, same, places)
		w, l := i, j
		if places[j] < places[i] {
			w, l = j, i
		}
		if eq[w].Rating < eq[l].Rating-slack {
			t.Fatalf("%v places %v: seat %d (place %d) ends at %v below seat %d (place %d) at %v", same, places, w, places[w], eq[w].Rating, l, places[l], eq[l].Rating)
		}
	}
}

func count(s []int, v int) int {
	n := 0
	for _, x := range s {
		if x == v {
			n++
		}
	}
	return n
}

func TestSeatOrderDoesNotMatter(t *testing.T) {
	rng := newRNG(t)
	for range games {
		players, places := randomGame(rng)
		out := mustUpdate(t, players, places)
		perm := rng.Perm(len(players))
		pp, pl := make([]Rating, len(players)), make([]int, len(players))
		for k, i := range perm {
			pp[k], pl[k] = players[i], places[i]
		}
		pout := mustUpdate(t, pp, pl)
		for k, i := range perm {
			if !near(pout[k], out[i]) {
				t.Fatalf("%v places %v: seat %d gets %v, as seat %d after swapping %v", players, places, i, out[i], k, pout[k])
			}
		}
	}
}

func near(a, b Rating) bool {
	return math.Abs(a.Rating-b.Rating) <= slack*1e3 && math.Abs(a.RD-b.RD) <= slack*1e3 &&
		math.Abs(a.Volatility-b.Volatility) <= slack && a.Games == b.Games
}

func TestDrawAmongEqualsChangesNoRating(t *testing.T) {
	for _, r := range []Rating{
		Initial(),
		{Rating: 1500, RD: 60, Volatility: 0.06, Games: 80},
		{Rating: 2210, RD: 45, Volatility: 0.04, Games: 900},
		{Rating: 873.5, RD: 200, Volatility: 0.09, Games: 3},
	} {
		two := mustUpdate(t, []Rating{r, r}, []int{0, 0})
		for n := 2; n <= 5; n++ {
			out := mustUpdate(t, slices.Repeat([]Rating{r}, n), make([]int, n))
			for i, o := range out {
				// The RD is that of a 2-player draw: one game's evidence.
				if o.Rating != r.Rating || o.Games != r.Games+1 || !near(o, two[0]) {
					t.Errorf("%d-way draw of %+v: seat %d gets %+v; want rating %v, a 2-player draw's RD %v, one more game", n, r, i, o, r.Rating, two[0].RD)
				}
			}
		}
	}
}

// sumBound is the documented bound on the sum of rating changes in a game
// among players of equal rating, RD and volatility (RD 30–350, volatility up
// to 0.2); exhaustively over every place pattern of 2–5 seats the largest is
// 0.0037, with five seats of volatility 0.2, four tied first.
const sumBound = 0.01

func TestRatingSumAmongEquals(t *testing.T) {
	for n := 2; n <= 5; n++ {
		for _, rd := range []float64{30, 60, 110, 200, 350} {
			for _, vol := range []float64{0.03, 0.06, 0.1, 0.2} {
				for _, places := range allPlaces(n) {
					r := Rating{Rating: 1700, RD: rd, Volatility: vol}
					out := mustUpdate(t, slices.Repeat([]Rating{r}, n), places)
					sum := 0.0
					for _, o := range out {
						sum += o.Rating - r.Rating
					}
					bound := sumBound
					if symmetric(places) {
						bound = slack
					}
					if math.Abs(sum) > bound {
						t.Errorf("%d equal players %v places %v: changes sum to %v, more than %v", n, r, places, sum, bound)
					}
				}
			}
		}
	}
}

// allPlaces lists every assignment of places 0..n−1 to n seats.
func allPlaces(n int) [][]int {
	var all [][]int
	p := make([]int, n)
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			all = append(all, slices.Clone(p))
			return
		}
		for v := range n {
			p[k] = v
			rec(k + 1)
		}
	}
	rec(0)
	return all
}

// symmetric reports whether the seats' pairwise scores, less the draw score,
// are the same multiset as their negations (1st/2nd/3rd, or two tied first
// and two tied last): then equal players' changes cancel exactly.
func symmetric(places []int) bool {
	n := len(places)
	s := make([]float64, n)
	for i := range places {
		for j := range places {
			if i != j {
				s[i] += score(places[i], places[j]) - 0.5
			}
		}
	}
	sort.Float64s(s)
	for i := range s {
		if s[i] != -s[n-1-i] {
			return false
		}
	}
	return true
}

// TestOneGameCountsAsOneGame: the winner of a game among equals gains what
// the winner of a 2-player game among them gains, and the loser loses as
// much, whatever the number of seats.
func TestOneGameCountsAsOneGame(t *testing.T) {
	for _, r := range []Rating{Initial(), {Rating: 1800, RD: 70, Volatility: 0.06}} {
		two := mustUpdate(t, []Rating{r, r}, []int{0, 1})
		for n := 3; n <= 5; n++ {
			winner := mustUpdate(t, slices.Repeat([]Rating{r}, n), append([]int{0}, slices.Repeat([]int{1}, n-1)...))
			loser := mustUpdate(t, slices.Repeat([]Rating{r}, n), append([]int{1}, slices.Repeat([]int{0}, n-1)...))
			if !near(winner[0], two[0]) || !near(loser[0], two[1]) {
				t.Errorf("%v: %d-player winner %v, loser %v; 2-player winner %v, loser %v", r, n, winner[0], loser[0], two[0], two[1])
			}
		}
	}
}

// TestMultiplayerMovesLessThanPairwiseGames: a seat of an n-player game moves
// less than if its n−1 pairwise games were rated as n−1 games in one period;
// the outright winner and last move less than by those games one after
// another. (Its RD is not always larger: after a big upset the unweighted
// update raises the volatility more, and with it the RD.)
func TestMultiplayerMovesLessThanPairwiseGames(t *testing.T) {
	rng := newRNG(t)
	for range games {
		players, places := randomGame(rng)
		if len(players) < 3 {
			continue
		}
		out := mustUpdate(t, players, places)
		for i, p := range players {
			var results []Result
			seq := p
			for j, o := range players {
				if j == i {
					continue
				}
				results = append(results, Result{Opponent: o, Score: score(places[i], places[j])})
				seq = mustUpdate(t, []Rating{seq, o}, []int{places[i], places[j]})[0]
			}
			unweighted, err := Period(p, results, Config{})
			if err != nil {
				t.Fatal(err)
			}
			moved := math.Abs(out[i].Rating - p.Rating)
			if full := math.Abs(unweighted.Rating - p.Rating); moved > full+slack {
				t.Fatalf("%v places %v: seat %d moves %v; as %d games in a period %v", players, places, i, moved, len(results), full)
			}
			alone := count(places, places[i]) == 1
			outright := alone && (places[i] == slices.Min(places) || places[i] == slices.Max(places))
			if seqMoved := math.Abs(seq.Rating - p.Rating); outright && moved >= seqMoved {
				t.Fatalf("%v places %v: seat %d moves %v; as %d games one after another %v", players, places, i, moved, len(results), seqMoved)
			}
		}
	}
}

// TestFivePlayersAreNotTenGames is the case of the issue: five new players,
// the winner gains about what one 2-player win gives, far less than four.
func TestFivePlayersAreNotTenGames(t *testing.T) {
	players := slices.Repeat([]Rating{Initial()}, 5)
	out := mustUpdate(t, players, []int{0, 1, 2, 3, 4})
	seq := Initial()
	for range 4 {
		seq = mustUpdate(t, []Rating{seq, Initial()}, []int{0, 1})[0]
	}
	one := mustUpdate(t, []Rating{Initial(), Initial()}, []int{0, 1})[0]
	gain := out[0].Rating - 1500
	if !(gain > 0 && gain <= one.Rating-1500+slack && gain < (seq.Rating-1500)/2) {
		t.Errorf("5-player winner gains %v; one 2-player win %v, four in a row %v", gain, one.Rating-1500, seq.Rating-1500)
	}
}

func TestUpdateLeavesInputAlone(t *testing.T) {
	players := []Rating{Initial(), {Rating: 1600, RD: 80, Volatility: 0.05, Games: 40}, Initial()}
	places := []int{2, 0, 1}
	p0, l0 := slices.Clone(players), slices.Clone(places)
	a := mustUpdate(t, players, places)
	b := mustUpdate(t, players, places)
	if !slices.Equal(players, p0) || !slices.Equal(places, l0) || !slices.Equal(a, b) {
		t.Errorf("Update changed its input or is not deterministic: %v %v, %v / %v", players, places, a, b)
	}
}

func TestUpdateInvalid(t *testing.T) {
	ok := Initial()
	tests := []struct {
		name    string
		players []Rating
		places  []int
	}{
		{"no players", nil, nil},
		{"one player", []Rating{ok}, []int{0}},
		{"places missing", []Rating{ok, ok}, []int{0}},
		{"zero rating", []Rating{ok, {}}, []int{0, 1}},
		{"negative RD", []Rating{ok, {Rating: 1500, RD: -1, Volatility: 0.06}}, []int{0, 1}},
		{"NaN rating", []Rating{ok, {Rating: math.NaN(), RD: 100, Volatility: 0.06}}, []int{0, 1}},
		{"infinite RD", []Rating{ok, {Rating: 1500, RD: math.Inf(1), Volatility: 0.06}}, []int{0, 1}},
		{"zero volatility", []Rating{ok, {Rating: 1500, RD: 100}}, []int{0, 1}},
		{"negative games", []Rating{ok, {Rating: 1500, RD: 100, Volatility: 0.06, Games: -1}}, []int{0, 1}},
	}
	for _, tt := range tests {
		if out, err := Update(tt.players, tt.places, Config{}); !errors.Is(err, ErrInvalid) || out != nil {
			t.Errorf("%s: Update = %v, %v; want ErrInvalid", tt.name, out, err)
		}
	}
	for _, s := range []float64{-0.5, 1.5, math.NaN()} {
		if _, err := Period(ok, []Result{{Opponent: ok, Score: s}}, Config{}); !errors.Is(err, ErrInvalid) {
			t.Errorf("Period with score %v: %v; want ErrInvalid", s, err)
		}
	}
}

func TestAge(t *testing.T) {
	settled := Rating{Rating: 1650, RD: 60, Volatility: 0.06, Games: 200}
	day := DefaultPeriod
	tests := []struct {
		name    string
		r       Rating
		elapsed time.Duration
		want    float64 // RD
	}{
		{"no time", settled, 0, 60},
		{"negative time", settled, -day, 60},
		{"one period", settled, day, math.Sqrt(60*60 + sq(0.06*glickoScale))},
		{"two periods", settled, 2 * day, math.Sqrt(60*60 + 2*sq(0.06*glickoScale))},
		{"half a period", settled, day / 2, math.Sqrt(60*60 + 0.5*sq(0.06*glickoScale))},
		{"ten years", settled, 3650 * day, MaxRD},
		{"new player stays at the cap", Initial(), 30 * day, MaxRD},
	}
	for _, tt := range tests {
		got := Age(tt.r, tt.elapsed, Config{})
		if math.Abs(got.RD-tt.want) > slack || got.Rating != tt.r.Rating || got.Volatility != tt.r.Volatility || got.Games != tt.r.Games {
			t.Errorf("%s: Age = %+v; want RD %v and the rest unchanged", tt.name, got, tt.want)
		}
	}
	// A period without games is step 6: Age by one period and Period with
	// no results agree.
	p, err := Period(settled, nil, Config{})
	if err != nil || math.Abs(p.RD-Age(settled, day, Config{}).RD) > slack || p.Rating != settled.Rating || p.Games != settled.Games {
		t.Errorf("Period(no games) = %+v, %v; Age one period %+v", p, err, Age(settled, day, Config{}))
	}
	// Config.Period sets what a period is.
	if a, b := Age(settled, time.Hour, Config{Period: time.Hour}), Age(settled, day, Config{}); math.Abs(a.RD-b.RD) > slack {
		t.Errorf("an hour as the period: %v; a day as the period: %v", a.RD, b.RD)
	}
}

// TestRDCapped: an RD above the cap, or grown past it by a large volatility,
// comes back at most MaxRD.
func TestRDCapped(t *testing.T) {
	wild := Rating{Rating: 1500, RD: 349, Volatility: 2}
	out := mustUpdate(t, []Rating{wild, Initial()}, []int{0, 1})
	if out[0].RD > MaxRD || out[1].RD > MaxRD {
		t.Errorf("RDs after the game %v, %v; cap %v", out[0].RD, out[1].RD, MaxRD)
	}
	if p, _ := Period(Rating{Rating: 1500, RD: 500, Volatility: 0.06}, nil, Config{}); p.RD != MaxRD {
		t.Errorf("idle period from RD 500: %v; want %v", p.RD, MaxRD)
	}
	// An opponent's RD above the cap counts as the cap.
	me := Rating{Rating: 1600, RD: 80, Volatility: 0.06}
	over := mustUpdate(t, []Rating{me, {Rating: 1500, RD: 900, Volatility: 0.06}}, []int{0, 1})
	at := mustUpdate(t, []Rating{me, {Rating: 1500, RD: MaxRD, Volatility: 0.06}}, []int{0, 1})
	if over[0] != at[0] {
		t.Errorf("against RD 900: %+v; against RD %v: %+v", over[0], MaxRD, at[0])
	}
}

func TestProvisional(t *testing.T) {
	tests := []struct {
		rd   float64
		want bool
	}{
		{350, true},
		{110, true},
		{109.99, false},
		{45, false},
	}
	for _, tt := range tests {
		r := Rating{Rating: 1500, RD: tt.rd, Volatility: 0.06}
		if r.Provisional() != tt.want {
			t.Errorf("RD %v: Provisional %v; want %v", tt.rd, r.Provisional(), tt.want)
		}
	}
	// A new player who wins and loses in turn against new players leaves
	// provisional after 14 games.
	r, o := Initial(), Initial()
	n := 0
	for r.Provisional() {
		out := mustUpdate(t, []Rating{r, o}, []int{n % 2, 1 - n%2})
		r, o = out[0], out[1]
		n++
	}
	if n != 14 {
		t.Errorf("provisional for %d games; the docs say 14", n)
	}
}

// TestUpdateStaysFinite: any valid input, however extreme, gives finite
// ratings with a positive RD no larger than MaxRD and a positive volatility.
func TestUpdateStaysFinite(t *testing.T) {
	rng := newRNG(t)
	extreme := func() Rating {
		return Rating{
			Rating:     -5000 + 15000*rng.Float64(),
			RD:         math.Pow(10, -3+rng.Float64()*6), // 0.001–1000
			Volatility: math.Pow(10, -4+rng.Float64()*5), // 0.0001–10
		}
	}
	for range games {
		n := 2 + rng.IntN(4)
		players, places := make([]Rating, n), make([]int, n)
		for i := range players {
			players[i], places[i] = extreme(), rng.IntN(n)
		}
		for i, o := range mustUpdate(t, players, places) {
			if math.IsNaN(o.Rating) || math.IsInf(o.Rating, 0) || !(o.RD > 0 && o.RD <= MaxRD) || !(o.Volatility > 0) || math.IsInf(o.Volatility, 0) {
				t.Fatalf("%+v places %v: seat %d gets %+v", players, places, i, o)
			}
		}
	}
}
