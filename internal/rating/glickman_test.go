package rating

import (
	"math"
	"testing"
)

// The worked example of Glickman's "Example of the Glicko-2 system": a player
// rated 1500, RD 200, volatility 0.06 beats a 1400 (RD 30) and loses to a
// 1550 (RD 100) and a 1700 (RD 300) in one rating period, τ = 0.5.
var (
	paperPlayer  = Rating{Rating: 1500, RD: 200, Volatility: 0.06}
	paperResults = []Result{
		{Opponent: Rating{Rating: 1400, RD: 30, Volatility: 0.06}, Score: 1},
		{Opponent: Rating{Rating: 1550, RD: 100, Volatility: 0.06}, Score: 0},
		{Opponent: Rating{Rating: 1700, RD: 300, Volatility: 0.06}, Score: 0},
	}
	paperConfig = Config{Tau: 0.5, Epsilon: 0.000001}
)

// The values the paper prints, with the number of decimals it prints them
// to, one row per opponent for steps 2 and 3.
var paperOpponents = []struct {
	mu, phi, g, e float64
}{
	{-0.5756, 0.1727, 0.9955, 0.639},
	{0.2878, 0.5756, 0.9531, 0.432},
	{1.1513, 1.7269, 0.7242, 0.303},
}

const (
	paperMu     = 0.0
	paperPhi    = 1.1513  // 4 decimals
	paperV      = 1.7785  // 4
	paperDelta  = -0.4834 // 4
	paperSigma  = 0.05999 // 5, truncated: see truncates
	paperPhiP   = 0.8722  // 4
	paperMuP    = -0.2069 // 4
	paperRating = 1464.06 // 2
	paperRD     = 151.52  // 2
)

// within reports whether got rounds to want at the given number of decimals:
// |got − want| ≤ half a unit in the last printed place (plus float slack).
func within(got, want float64, decimals int) bool {
	half := 0.5 * math.Pow(10, -float64(decimals))
	return math.Abs(got-want) <= half*(1+1e-9)
}

// truncates reports whether want is got cut (not rounded) to the given
// number of decimals. The paper prints σ' = 0.05999 where the iteration, from
// its own printed inputs as from full precision, ends at 0.059996.
func truncates(got, want float64, decimals int) bool {
	unit := math.Pow(10, -float64(decimals))
	return got >= want-1e-12 && got < want+unit
}

// TestGlickmanExampleSteps checks the steps one at a time, each fed the
// inputs the paper feeds it, and requires the paper's printed output to its
// printed precision. The paper carries some rounded values from step to step
// (E to three decimals into v and Δ; its v and Δ into σ'; its μ' and φ' into
// the final rating and RD), and computes others from unrounded inputs (g and
// E from the unrounded μj and φj; μ', which from its printed φ' and sum would
// be −0.2067, is checked by TestGlickmanExample at full precision).
func TestGlickmanExampleSteps(t *testing.T) {
	type row struct {
		name     string
		got      float64
		want     float64
		decimals int
	}
	var rows []row
	// Step 2: the scale conversion.
	rows = append(rows,
		row{"μ", toMu(paperPlayer.Rating), paperMu, 4},
		row{"φ", toPhi(paperPlayer.RD), paperPhi, 4},
	)
	for j, o := range paperOpponents {
		opp := paperResults[j].Opponent
		rows = append(rows,
			row{"μ" + string(rune('1'+j)), toMu(opp.Rating), o.mu, 4},
			row{"φ" + string(rune('1'+j)), toPhi(opp.RD), o.phi, 4},
			// Step 3: g and E, which the paper computes from the unrounded
			// μj and φj (g from the printed φ2 = 0.5756 would be 0.9532).
			row{"g(φ" + string(rune('1'+j)) + ")", gOf(toPhi(opp.RD)), o.g, 4},
			row{"E" + string(rune('1'+j)), expect(paperMu, toMu(opp.Rating), gOf(toPhi(opp.RD))), o.e, 3},
		)
	}
	// Steps 3 and 4: v and Δ from the printed g and E.
	var s sums
	for j, o := range paperOpponents {
		s.addGE(o.g, o.e, paperResults[j].Score, 1)
	}
	rows = append(rows,
		row{"v", 1 / s.vInv, paperV, 4},
		row{"Δ", s.d / s.vInv, paperDelta, 4},
	)
	// Step 5: σ' from the printed φ, v and Δ.
	sigma := volatility(paperPhi, paperPlayer.Volatility, paperV, paperDelta, paperConfig.withDefaults())
	if !truncates(sigma, paperSigma, 5) {
		t.Errorf("σ' = %v, paper prints %v (5 decimals, truncated)", sigma, paperSigma)
	}
	// Steps 6 and 7: φ* and φ' from the printed φ, σ' and v.
	rows = append(rows, row{"φ'", phiPrime(phiStar(paperPhi, paperSigma), paperV), paperPhiP, 4})
	// Step 8: back to the Glicko scale from the printed μ' and φ'.
	rows = append(rows,
		row{"r'", fromMu(paperMuP), paperRating, 2},
		row{"RD'", fromPhi(paperPhiP), paperRD, 2},
	)
	for _, r := range rows {
		if !within(r.got, r.want, r.decimals) {
			t.Errorf("%s = %.*f (%v), paper prints %.*f", r.name, r.decimals+2, r.got, r.got, r.decimals, r.want)
		}
	}
}

// TestGlickmanExample runs the whole example through Period at full
// precision. Every value the paper computes from unrounded inputs matches to
// its printed precision. v and Δ differ from the printed values by the
// paper's carried rounding of E to three decimals (the test bounds that
// effect to first order from the example's own g and E), σ' is compared
// as the paper prints it (truncated), and the paper's final rating is its
// rounded μ' converted (±0.00005 in μ' is ±0.0087 rating points): at full
// precision the rating is 1464.0507, which prints as 1464.05, not 1464.06.
func TestGlickmanExample(t *testing.T) {
	st, err := period(paperPlayer, paperResults, paperConfig)
	if err != nil {
		t.Fatal(err)
	}
	muScale := 0.5e-4 * glickoScale // half a unit of μ' in rating points
	// How far the paper's E, each rounded by up to δE, can move v and Δ:
	// ∂(1/v)/∂E = g²(1 − 2E), ∂(Δ/v)/∂E = −g (first order).
	const dE = 0.5e-3
	var dVInv, dD, d float64
	for j, o := range paperOpponents {
		dVInv += sq(o.g) * math.Abs(1-2*o.e) * dE
		dD += o.g * dE
		d += o.g * (paperResults[j].Score - o.e)
	}
	dV := sq(paperV) * dVInv
	dDelta := math.Abs(d)*dV + paperV*dD
	tests := []struct {
		name      string
		got, want float64
		tolerance float64 // absolute
		why       string
	}{
		{"μ", st.mu, paperMu, 0.5e-4, "printed to 4 decimals"},
		{"φ", st.phi, paperPhi, 0.5e-4, "printed to 4 decimals"},
		{"v", st.v, paperV, 0.5e-4 + dV, "paper sums E rounded to 3 decimals"},
		{"Δ", st.delta, paperDelta, 0.5e-4 + dDelta, "paper sums E rounded to 3 decimals"},
		{"φ'", st.phiP, paperPhiP, 0.5e-4, "printed to 4 decimals"},
		{"μ'", st.muP, paperMuP, 0.5e-4, "printed to 4 decimals"},
		{"r'", st.rating.Rating, paperRating, 0.005 + muScale, "paper converts its μ' rounded to 4 decimals"},
		{"RD'", st.rating.RD, paperRD, 0.005, "printed to 2 decimals"},
	}
	for _, tt := range tests {
		if d := math.Abs(tt.got - tt.want); d > tt.tolerance*(1+1e-9) {
			t.Errorf("%s = %v, paper %v: off by %.6f, more than %.6f (%s)", tt.name, tt.got, tt.want, d, tt.tolerance, tt.why)
		}
	}
	if !truncates(st.sigma, paperSigma, 5) {
		t.Errorf("σ' = %v, paper prints %v (5 decimals, truncated)", st.sigma, paperSigma)
	}
	for j, o := range paperOpponents {
		opp := paperResults[j].Opponent
		g := gOf(toPhi(opp.RD))
		if !within(g, o.g, 4) || !within(expect(st.mu, toMu(opp.Rating), g), o.e, 3) {
			t.Errorf("opponent %d: g = %v, E = %v; paper %v, %v", j+1, g, expect(st.mu, toMu(opp.Rating), g), o.g, o.e)
		}
	}
	// The full-precision result, rounded as players see it.
	if got := math.Round(st.rating.Rating*100) / 100; got != 1464.05 {
		t.Errorf("r' = %v, want 1464.05 at full precision", st.rating.Rating)
	}
	if st.rating.Games != 3 || st.rating.Volatility != st.sigma {
		t.Errorf("rating = %+v, want 3 games and volatility σ'", st.rating)
	}
	// Period is the public face of the same computation.
	if r, err := Period(paperPlayer, paperResults, paperConfig); err != nil || r != st.rating {
		t.Errorf("Period = %+v, %v; want %+v", r, err, st.rating)
	}
}
