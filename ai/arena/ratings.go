package arena

import (
	"math"
)

// Rating is one agent's place on a rating list fitted to round-robin
// results (Ratings).
type Rating struct {
	Agent string
	Elo   float64 // logistic Elo, the anchor agent 0
	// Margin is the half-width of the 95% interval of Elo, from the
	// curvature of the likelihood at the fit with the other ratings held
	// (so it leaves out their own uncertainty); 0 for the anchor.
	Margin float64
	Games  int // games the agent played
}

// Pair is the result of one match of a round robin: Score is A's against B.
type Pair struct {
	A, B  int // indices into the agent list
	Score Score
}

// ratingIterations bounds the fit; it converges in a few dozen.
const ratingIterations = 1000

// Ratings fits logistic Elo ratings to the pairs by maximum likelihood
// (each game's expected score 1/(1+10^(-d/400)) for a rating difference d,
// a draw counting as half a win and half a loss), agents[anchor] fixed at
// 0. One virtual draw is added to every pair that played, so that a pair
// won or lost in every game gives finite ratings: a sweep of n games
// counts as (n+1/2)/(n+1).
func Ratings(agents []string, pairs []Pair, anchor int) []Rating {
	n := len(agents)
	won := make([][]float64, n) // won[i][j]: i's points against j, virtual draw included
	played := make([][]float64, n)
	for i := range n {
		won[i], played[i] = make([]float64, n), make([]float64, n)
	}
	out := make([]Rating, n)
	for i, a := range agents {
		out[i].Agent = a
	}
	for _, p := range pairs {
		g := float64(p.Score.Games())
		if g == 0 || p.A == p.B {
			continue
		}
		pts := float64(p.Score.Wins) + float64(p.Score.Draws)/2
		won[p.A][p.B] += pts + 0.5
		won[p.B][p.A] += g - pts + 0.5
		played[p.A][p.B] += g + 1
		played[p.B][p.A] += g + 1
		out[p.A].Games += p.Score.Games()
		out[p.B].Games += p.Score.Games()
	}
	theta := make([]float64, n) // ratings in natural logistic units
	curv := make([]float64, n)
	for range ratingIterations {
		moved := 0.0
		for i := range n {
			if i == anchor {
				continue
			}
			grad, h := 0.0, 0.0
			for j := range n {
				if played[i][j] == 0 {
					continue
				}
				e := 1 / (1 + math.Exp(theta[j]-theta[i]))
				grad += won[i][j] - played[i][j]*e
				h += played[i][j] * e * (1 - e)
			}
			if h == 0 {
				continue
			}
			step := grad / h // one Newton step on this rating
			theta[i] += step
			moved = max(moved, math.Abs(step))
		}
		if moved < 1e-9 {
			break
		}
	}
	for i := range n {
		for j := range n {
			if played[i][j] > 0 {
				e := 1 / (1 + math.Exp(theta[j]-theta[i]))
				curv[i] += played[i][j] * e * (1 - e)
			}
		}
	}
	const elo = 400 / math.Ln10 // Elo per natural logistic unit
	for i := range n {
		out[i].Elo = theta[i] * elo
		if i != anchor && curv[i] > 0 {
			out[i].Margin = z95 / math.Sqrt(curv[i]) * elo
		}
	}
	return out
}
