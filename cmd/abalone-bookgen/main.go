// Command bookgen grows Abalone's opening book (games/abalone/book) by
// self-play searches. From each layout's start it searches positions with
// bot:max's searcher and MultiPV, records every root move scored within a
// margin of the best, and goes on from the positions those moves lead to,
// main lines first: a position is expanded in the order of the number of
// times its line left the best move, then of its ply. Positions equal up
// to the board's symmetries and the exchange of colours are searched once.
//
//	go run ./cmd/abalone-bookgen -plies 10 -depth 6 -positions 120
//
// writes games/abalone/book/LAYOUT.txt for each layout (see ParseBook for
// the line format). With -agree 200ms it grows nothing and instead counts
// the shipped book's positions where bot:max, searching that long with
// the book off, plays the book's move (up to symmetry).
package main

import (
	"bufio"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/alphabeta"
	"github.com/tabula-games/tabula/ai/arena"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
)

// config is the generator's settings, from the flags.
type config struct {
	layouts   []string
	plies     int           // book lines end after this many plies
	depth     int           // search depth per position; 0 for time alone
	moveTime  time.Duration // search time per position; 0 for depth alone
	multiPV   int           // root moves searched with exact scores
	margin    int           // a move within this of the best is recorded and expanded
	maxDev    int           // lines leave the best move at most this often
	positions int           // positions searched per layout at most
	budget    time.Duration // no position is searched after this much time per layout; 0 for none
	hashMiB   int
	out       string
	command   string // the command line, for the files' header
}

func main() {
	var c config
	layouts := flag.String("layouts", "standard,belgian-daisy,german-daisy", "comma-separated layouts")
	flag.IntVar(&c.plies, "plies", 10, "book lines end after this many plies")
	flag.IntVar(&c.depth, "depth", 6, "search depth per position (0: -time alone)")
	flag.DurationVar(&c.moveTime, "time", 0, "search time per position (0: -depth alone)")
	flag.IntVar(&c.multiPV, "multipv", 3, "root moves searched with exact scores")
	flag.IntVar(&c.margin, "margin", alphabeta.EvalScale/50, "record and expand moves scored within this of the best (EvalScale = 1.0)")
	flag.IntVar(&c.maxDev, "deviations", 2, "a line leaves the best move at most this often")
	flag.IntVar(&c.positions, "positions", 150, "positions searched per layout at most")
	flag.DurationVar(&c.budget, "budget", 0, "search no more positions after this much time per layout (0: no limit)")
	flag.IntVar(&c.hashMiB, "hash", 64, "transposition table MiB")
	flag.StringVar(&c.out, "out", "games/abalone/book", "directory of the book files")
	games := flag.Int("match", 0, "grow nothing: play this many games of bot:max against bot:max with the book off on each layout")
	moveTime := flag.Duration("movetime", 200*time.Millisecond, "-match: time per move")
	randomPlies := flag.Int("random-plies", 0, "-match: random plies opening each game")
	seed := flag.Uint64("seed", 1, "-match: seed of the openings and agents")
	parallel := flag.Int("parallel", 2, "-match: games played at once")
	agree := flag.Duration("agree", 0, "grow nothing: count the book positions where bot:max searching this long plays the book's move")
	flag.Parse()
	c.layouts = strings.Split(*layouts, ",")
	if *games > 0 {
		for _, l := range c.layouts {
			if err := match(context.Background(), l, *games, *moveTime, *randomPlies, *seed, *parallel, os.Stdout); err != nil {
				fmt.Fprintln(os.Stderr, "bookgen:", err)
				os.Exit(1)
			}
		}
		return
	}
	if *agree > 0 {
		if err := agreement(context.Background(), c.layouts, *agree, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "bookgen:", err)
			os.Exit(1)
		}
		return
	}
	c.command = "go run ./cmd/abalone-bookgen " + strings.Join(os.Args[1:], " ")
	if c.depth <= 0 && c.moveTime <= 0 {
		fmt.Fprintln(os.Stderr, "bookgen: want -depth or -time")
		os.Exit(2)
	}
	for _, l := range c.layouts {
		if err := grow(context.Background(), c, l, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, "bookgen:", err)
			os.Exit(1)
		}
	}
}

// node is a position waiting to be searched.
type node struct {
	st       *abalone.State
	ply, dev int
}

// grow grows one layout's book and writes its file.
func grow(ctx context.Context, c config, layout string, log io.Writer) error {
	start, err := abalone.Info.New(game.Options{Variant: layout})
	if err != nil {
		return fmt.Errorf("layout %s: %w", layout, err)
	}
	entries, stats, err := expand(ctx, c, start.(*abalone.State), log)
	if err != nil {
		return fmt.Errorf("layout %s: %w", layout, err)
	}
	path := filepath.Join(c.out, layout+".txt")
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	fmt.Fprintf(w, "# Abalone opening book, %s layout, grown by self-play searches (not proven).\n", layout)
	fmt.Fprintf(w, "# %s\n", c.command)
	fmt.Fprintf(w, "# %s\n", stats)
	fmt.Fprintf(w, "# position | move | score for the mover (EvalScale 10000) | search depth\n")
	for _, e := range entries {
		fmt.Fprintln(w, abalone.FormatBookEntry(e))
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// expand searches positions from start, main lines first, and returns the
// book entries in the order they were found and a line of statistics.
func expand(ctx context.Context, c config, start *abalone.State, log io.Writer) ([]abalone.BookEntry, string, error) {
	s := alphabeta.New(alphabeta.Config{MultiPV: c.multiPV, HashMiB: c.hashMiB})
	queue := []node{{st: start}}
	seen := map[string]bool{}
	var entries []abalone.BookEntry
	searched, deepest := 0, 0
	began := time.Now()
	for len(queue) > 0 && searched < c.positions && (c.budget <= 0 || time.Since(began) < c.budget) {
		// The next node: fewest deviations, then lowest ply, then first queued.
		i := 0
		for j, n := range queue {
			if cmp.Or(cmp.Compare(n.dev, queue[i].dev), cmp.Compare(n.ply, queue[i].ply)) < 0 {
				i = j
			}
		}
		n := queue[i]
		queue = slices.Delete(queue, i, i+1)
		key := n.st.SymmetryKey()
		if seen[key] {
			continue
		}
		seen[key] = true
		res, err := s.Search(ctx, n.st, alphabeta.Limits{Depth: c.depth, Time: c.moveTime})
		if err != nil {
			return nil, "", err
		}
		searched++
		deepest = max(deepest, n.ply+1)
		best := res.Lines[0].Score
		fmt.Fprintf(log, "%s ply %d dev %d: depth %d, %d nodes, %v, best %s %d\n",
			n.st.Info().ID, n.ply, n.dev, res.Depth, res.Nodes, res.Elapsed.Round(time.Millisecond),
			n.st.MoveString(res.Lines[0].Move), best)
		for i, l := range res.Lines {
			if best-l.Score > c.margin || alphabeta.MateIn(l.Score) != 0 {
				break
			}
			entries = append(entries, abalone.BookEntry{Position: n.st.String(), Move: n.st.MoveString(l.Move), Score: l.Score, Depth: res.Depth})
			dev := n.dev
			if i > 0 {
				dev++
			}
			if n.ply+1 >= c.plies || dev > c.maxDev {
				continue
			}
			next, err := n.st.Play(l.Move)
			if err != nil {
				return nil, "", err
			}
			if next.ToMove() < 0 {
				continue
			}
			queue = append(queue, node{st: next.(*abalone.State), ply: n.ply + 1, dev: dev})
		}
	}
	stats := fmt.Sprintf("%d positions searched, %d moves, lines up to %d plies, %v", searched, len(entries), deepest, time.Since(began).Round(time.Second))
	fmt.Fprintln(log, start.Info().ID, stats)
	return entries, stats, nil
}

// agreement prints, for each layout, in how many of the shipped book's
// positions bot:max with the book off, thinking t, plays the book's move
// or one leading to the same position up to symmetry.
func agreement(ctx context.Context, layouts []string, t time.Duration, w io.Writer) error {
	texts, err := abalone.BookText()
	if err != nil {
		return err
	}
	book, err := abalone.ShippedBook()
	if err != nil {
		return err
	}
	for _, layout := range layouts {
		entries, err := abalone.ParseBook(texts[layout])
		if err != nil {
			return fmt.Errorf("%s: %w", layout, err)
		}
		seen := map[string]bool{}
		same, n := 0, 0
		for _, e := range entries {
			if seen[e.Position] {
				continue
			}
			seen[e.Position] = true
			st, err := abalone.Info.ParsePosition(e.Position, game.Options{})
			if err != nil {
				return err
			}
			s := st.(*abalone.State)
			want, _, _, ok := book.LookUp(s)
			if !ok {
				return fmt.Errorf("%s: %s is not in the book", layout, e.Position)
			}
			bot := ai.NewBot(ai.Max, 1)
			o := bot.Options()
			o.NoBook = true
			bot.SetOptions(o)
			r, err := bot.Choose(ctx, s, ai.Budget{Time: t})
			if err != nil {
				return err
			}
			a, errA := s.Play(r.Move)
			b, errB := s.Play(want)
			if errA != nil || errB != nil {
				return fmt.Errorf("%s: %s: %v %v", layout, e.Position, errA, errB)
			}
			n++
			if a.(*abalone.State).SymmetryKey() == b.(*abalone.State).SymmetryKey() {
				same++
			}
		}
		fmt.Fprintf(w, "%s: bot:max (book off, %v a move) plays the book's move in %d of %d book positions\n", layout, t, same, n)
	}
	return nil
}

// noBook is the agent spec of bot:max with the book off, for match.
const noBook = "bot:max-nobook"

// match plays bot:max (A) against bot:max with the book off (B) on a
// layout and prints the result as tabula match does.
func match(ctx context.Context, layout string, games int, moveTime time.Duration, randomPlies int, seed uint64, parallel int, w io.Writer) error {
	cfg := arena.Config{
		Game: abalone.Info, Options: game.Options{Variant: layout}, A: "bot:max", B: noBook,
		Games: games, MoveTime: moveTime, Seed: seed, RandomPlies: randomPlies, Parallel: parallel,
		NewAgent: func(spec string, seed uint64) (ai.Agent, error) {
			if spec != noBook {
				return ai.FromSpec(spec, seed)
			}
			b := ai.NewBot(ai.Max, seed)
			o := b.Options()
			o.NoBook = true
			b.SetOptions(o)
			return b, nil
		},
	}
	if randomPlies == 0 {
		cfg.RandomPlies = -1
	}
	cfg.Progress = func(r arena.Result) { fmt.Fprintf(os.Stderr, "%d/%d %s\n", r.Played, games, r.Describe()) }
	fmt.Fprintf(w, "match abalone %s: bot:max vs %s, %d games, movetime %v, random plies %d, seed %d\n", layout, noBook, games, moveTime, randomPlies, seed)
	res, err := arena.Run(ctx, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "bot:max vs %s: %s\n", noBook, res.Describe())
	if res.Played > 0 {
		fmt.Fprintf(w, "average length: %.1f plies\nended: %s\n", float64(res.Plies)/float64(res.Played), res.EndsString())
	}
	return nil
}
