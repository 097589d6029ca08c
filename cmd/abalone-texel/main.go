// Command texel builds the data set of Abalone's evaluation tuning and fits
// the evaluation's weights to it, Texel-style: the weights that make
// sigmoid(K·eval) best predict the results of the games the positions come
// from.
//
//	go run ./cmd/abalone-texel gen -out games/abalone/testdata/texel/selfplay.txt.gz -duration 19m -workers 2 -seed 22
//	go run ./cmd/abalone-texel fit [-holdout 5] games/abalone/testdata/texel/*.gz
//
// gen plays self-play games between alpha-beta bots at a low fixed depth,
// each opened by a few random plies, on the three layouts in turn, and
// writes one game a line: layout, Black's score (1, 0.5 or 0), the number
// of random opening plies, then the moves. fit replays them, takes every
// position after the random plies, fits K with the current weights, then
// K and the weights together (the marble's weight stays 100, the
// unit) by gradient descent on the logistic loss, and prints them with the
// loss on every holdout-th game, which the fit does not see.
package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: texel gen [flags] | texel fit FILE...")
		os.Exit(2)
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = gen(os.Args[2:])
	case "fit":
		err = fit(os.Args[2:])
	default:
		err = fmt.Errorf("unknown subcommand %q (want gen or fit)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "texel:", err)
		os.Exit(1)
	}
}

// genNoise is the root noise of the self-play bots in score units
// (alphabeta.EvalScale is the evaluation's whole range): a few hundredths
// of a marble, so games between the same bots differ after the opening.
const genNoise = alphabeta.EvalScale / 100

func gen(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	out := fs.String("out", "", "gzip file to write the games to")
	dur := fs.Duration("duration", 20*time.Minute, "stop starting games after this long")
	workers := fs.Int("workers", 2, "games played at once")
	minDepth := fs.Int("mindepth", 2, "least search depth of a bot")
	maxDepth := fs.Int("maxdepth", 3, "greatest search depth of a bot")
	maxRandom := fs.Int("random", 6, "most random opening plies (at least 2)")
	seed := fs.Uint64("seed", 1, "seed of the openings, depths and noise")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" {
		return errors.New("gen: -out is required")
	}
	f, err := os.Create(*out)
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	zw := gzip.NewWriter(f)
	var mu sync.Mutex
	stop := time.Now().Add(*dur)
	var wg sync.WaitGroup
	games, positions := 0, 0
	next := 0
	for w := range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for time.Now().Before(stop) {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				rng := rand.New(rand.NewPCG(*seed, uint64(i)))
				variant := abalone.Info.Variants[i%len(abalone.Info.Variants)]
				line, n, err := playGame(rng, variant, 2+rng.IntN(*maxRandom-1), *minDepth+rng.IntN(*maxDepth-*minDepth+1), *minDepth+rng.IntN(*maxDepth-*minDepth+1), stop)
				if err != nil {
					fmt.Fprintf(os.Stderr, "texel: worker %d game %d: %v\n", w, i, err)
					continue
				}
				mu.Lock()
				fmt.Fprintln(zw, line)
				games++
				positions += n
				if games%20 == 0 {
					fmt.Fprintf(os.Stderr, "%d games, %d positions\n", games, positions)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := zw.Close(); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	fmt.Fprintf(os.Stderr, "wrote %d games, %d positions after the random plies, to %s\n", games, positions, *out)
	return nil
}

// playGame plays one game and returns its line. Black searches depthB
// plies, White depthW. A game still running at stop is dropped.
func playGame(rng *rand.Rand, variant string, randomPlies, depthB, depthW int, stop time.Time) (string, int, error) {
	st, err := abalone.Info.New(game.Options{Variant: variant})
	if err != nil {
		return "", 0, err
	}
	bots := [2]*alphabeta.Searcher{
		alphabeta.New(alphabeta.Config{Noise: genNoise, Rand: rng, HashMiB: 4}),
		alphabeta.New(alphabeta.Config{Noise: genNoise, Rand: rng, HashMiB: 4}),
	}
	depth := [2]int{depthB, depthW}
	var moves []string
	for ply := 0; st.ToMove() != game.NoPlayer; ply++ {
		if time.Now().After(stop) {
			return "", 0, errors.New("stopped before the end")
		}
		var m game.Move
		if ply < randomPlies {
			ms := st.LegalMoves(nil)
			m = ms[rng.IntN(len(ms))]
		} else {
			p := st.ToMove()
			res, err := bots[p].Search(context.Background(), st, alphabeta.Limits{Depth: depth[p]})
			if err != nil {
				return "", 0, err
			}
			m = res.Move
		}
		moves = append(moves, st.MoveString(m))
		if st, err = st.Play(m); err != nil {
			return "", 0, err
		}
	}
	o, _ := st.Outcome()
	score := o.Reward(abalone.Black, 2)
	return fmt.Sprintf("%s %s %d %s", variant, strconv.FormatFloat(score, 'f', -1, 64), randomPlies, strings.Join(moves, " ")),
		max(0, len(moves)-randomPlies), nil
}

// sample is one position of the data set: its terms from Black's view and
// Black's score in the game.
type sample struct {
	terms [abalone.NumTerms]float64
	y     float64
}

func fit(args []string) error {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	holdout := fs.Int("holdout", 5, "every n-th game is held out of the fit to measure its loss (0: none)")
	start := fs.String("weights", "", "comma-separated weights to start from, in the order of abalone.TermNames (default: the evaluation's)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	files := fs.Args()
	if len(files) == 0 {
		return errors.New("fit: name the data files")
	}
	var data, held []sample
	games := 0
	for _, name := range files {
		n, err := readGames(name, func(game int, s sample) {
			if *holdout > 0 && (games+game)%*holdout == *holdout-1 {
				held = append(held, s)
			} else {
				data = append(data, s)
			}
		})
		if err != nil {
			return err
		}
		games += n
	}
	if len(data) == 0 {
		return errors.New("fit: no positions")
	}
	w0 := abalone.Weights()
	if *start != "" {
		f := strings.Split(*start, ",")
		if len(f) != abalone.NumTerms {
			return fmt.Errorf("fit: -weights has %d numbers, want %d", len(f), abalone.NumTerms)
		}
		for i, x := range f {
			v, err := strconv.Atoi(strings.TrimSpace(x))
			if err != nil {
				return fmt.Errorf("fit: -weights: %w", err)
			}
			w0[i] = v
		}
	}
	var w [abalone.NumTerms]float64
	for i, x := range w0 {
		w[i] = float64(x)
	}
	k := fitK(data, w)
	fmt.Printf("%d games, %d positions fitted, %d held out\n", games, len(data), len(held))
	fmt.Printf("current weights: K = %.6f per hundredth of a marble, loss %.6f, held out %.6f\n", k, loss(data, w, k), loss(held, w, k))
	w, k = fitWeights(data, w, k, os.Stderr)
	fmt.Printf("fitted: K = %.6f, loss %.6f, held out %.6f\n", k, loss(data, w, k), loss(held, w, k))
	var rounded [abalone.NumTerms]float64
	for i := range w {
		rounded[i] = math.Round(w[i])
	}
	k = fitK(data, rounded)
	fmt.Printf("rounded weights: K = %.6f, loss %.6f, held out %.6f\n", k, loss(data, rounded, k), loss(held, rounded, k))
	fmt.Println("weights:")
	for i, x := range rounded {
		fmt.Printf("\t%-14s %4d (was %d)\n", abalone.TermNames[i], int(x), w0[i])
	}
	return nil
}

// readGames replays the games of a data file and hands each position after
// the random opening plies, with Black's score and the game's index in the
// file, to add.
func readGames(name string, add func(game int, s sample)) (int, error) {
	f, err := os.Open(name)
	if err != nil {
		return 0, fmt.Errorf("fit: %w", err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(name, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return 0, fmt.Errorf("fit: %s: %w", name, err)
		}
		r = zr
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	n := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 3 {
			continue
		}
		y, err1 := strconv.ParseFloat(fields[1], 64)
		skip, err2 := strconv.Atoi(fields[2])
		st, err3 := abalone.Info.New(game.Options{Variant: fields[0]})
		if err := errors.Join(err1, err2, err3); err != nil {
			return n, fmt.Errorf("fit: %s game %d: %w", name, n+1, err)
		}
		for i, text := range fields[3:] {
			if i >= skip && st.ToMove() != game.NoPlayer {
				var s sample
				for j, x := range st.(*abalone.State).EvalTerms(abalone.Black) {
					s.terms[j] = float64(x)
				}
				s.y = y
				add(n, s)
			}
			m, err := st.ParseMove(text)
			if err == nil {
				st, err = st.Play(m)
			}
			if err != nil {
				return n, fmt.Errorf("fit: %s game %d ply %d: %w", name, n+1, i+1, err)
			}
		}
		n++
	}
	if err := sc.Err(); err != nil {
		return n, fmt.Errorf("fit: %s: %w", name, err)
	}
	return n, nil
}

func score(s *sample, w *[abalone.NumTerms]float64) float64 {
	v := 0.0
	for i := range w {
		v += w[i] * s.terms[i]
	}
	return v
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// loss is the mean logistic loss (cross-entropy) of sigmoid(k·eval)
// against the results.
func loss(data []sample, w [abalone.NumTerms]float64, k float64) float64 {
	const eps = 1e-12
	if len(data) == 0 {
		return math.NaN()
	}
	sum := 0.0
	for i := range data {
		p := sigmoid(k * score(&data[i], &w))
		p = math.Min(1-eps, math.Max(eps, p))
		sum -= data[i].y*math.Log(p) + (1-data[i].y)*math.Log(1-p)
	}
	return sum / float64(len(data))
}

// fitK minimises the loss over K by golden-section search (the loss is
// convex in K).
func fitK(data []sample, w [abalone.NumTerms]float64) float64 {
	lo, hi := 1e-5, 0.2
	g := (math.Sqrt(5) - 1) / 2
	for range 60 {
		a, b := hi-g*(hi-lo), lo+g*(hi-lo)
		if loss(data, w, a) < loss(data, w, b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// fitWeights fits the weights and K together from a start (w, k): the loss
// of sigmoid(K·Σ w·x) is a logistic regression in v = K·w, convex and
// without constraints, so Adam descends it over v on the whole data set;
// then K is v's marble weight over the marble's fixed 100 and w = v/K.
// The loss every 1,000 steps goes to progress unless it is nil.
func fitWeights(data []sample, w [abalone.NumTerms]float64, k float64, progress io.Writer) ([abalone.NumTerms]float64, float64) {
	const (
		steps = 4000
		rate  = 2e-3 // largest step of each v, about
		b1    = 0.9
		b2    = 0.999
	)
	var v, m, mv [abalone.NumTerms]float64
	for j := range v {
		v[j] = k * w[j]
	}
	for t := 1; t <= steps; t++ {
		var grad [abalone.NumTerms]float64
		for i := range data {
			s := &data[i]
			d := sigmoid(score(s, &v)) - s.y // d loss / d score
			for j := range grad {
				grad[j] += d * s.terms[j]
			}
		}
		for j := range v {
			g := grad[j] / float64(len(data))
			m[j] = b1*m[j] + (1-b1)*g
			mv[j] = b2*mv[j] + (1-b2)*g*g
			mh := m[j] / (1 - math.Pow(b1, float64(t)))
			vh := mv[j] / (1 - math.Pow(b2, float64(t)))
			v[j] -= rate * mh / (math.Sqrt(vh) + 1e-12)
		}
		if progress != nil && t%1000 == 0 {
			fmt.Fprintf(progress, "step %d loss %.6f\n", t, loss(data, v, 1))
		}
	}
	k = v[abalone.TermMarbles] / float64(abalone.Weights()[abalone.TermMarbles])
	for j := range w {
		w[j] = v[j] / k
	}
	return w, k
}
