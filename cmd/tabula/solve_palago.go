package main

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/tabula-games/tabula/games/palago"
	"github.com/tabula-games/tabula/games/palago/openings"
)

// runSolvePalago is "tabula solve palago --tiles N": the six openings (or
// those --opening names) proven by exhaustive search with a supply of N
// tiles, one row each (docs/palago-openings.md). A row whose budget ran
// out says "unknown".
func runSolvePalago(ctx context.Context, e *env) error {
	fs := e.newFlagSet()
	tiles := fs.String("tiles", "8", "supplies to prove, comma-separated even numbers (8,10,12)")
	only := fs.String("opening", "", "prove only these openings, comma-separated (AB,AA,BB,AS,BS,SS)")
	nodes := fs.Int64("nodes", 0, "node budget per opening (0: none)")
	budget := fs.Duration("budget", 10*time.Minute, "wall-time budget per opening (0: none)")
	lines := fs.Bool("lines", true, "print each proving line")
	check := fs.Bool("check", false, "search without symmetry keys and the last-move filter: slower, to cross-check the proofs")
	book := fs.String("book", "", "also write the proven moves as an opening book to this file (games/palago/book.txt)")
	args, err := parseArgs(fs, e.args)
	if err != nil {
		return err
	}
	if len(args) != 1 || args[0] != "palago" {
		return fmt.Errorf("%w: want \"solve palago --tiles N\"", errUsage)
	}
	var supplies []int
	for _, f := range strings.Split(*tiles, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 8 || n > 96 || n%2 != 0 {
			return fmt.Errorf("%w: --tiles %q: want even numbers from 8 to 96", errUsage, f)
		}
		supplies = append(supplies, n)
	}
	list := openings.Openings()
	if *only != "" {
		list = nil
		for _, name := range strings.Split(*only, ",") {
			o, ok := openings.OpeningByName(strings.TrimSpace(name))
			if !ok {
				return fmt.Errorf("%w: unknown opening %q (have AB, AA, BB, AS, BS, SS)", errUsage, name)
			}
			list = append(list, o)
		}
	}
	w := e.stdout
	var rows []openings.Row
	fmt.Fprintf(w, "%-7s %5s %-8s %-7s %5s %10s %9s %9s  %s\n", "opening", "tiles", "first", "second", "ends", "nodes", "time", "cpu", "")
	for _, n := range supplies {
		for _, o := range list {
			cpu0, start := cpuTime(), time.Now()
			pctx, cancel := ctx, context.CancelFunc(func() {})
			if *budget > 0 {
				pctx, cancel = context.WithTimeout(ctx, *budget)
			}
			r, err := openings.Prove(pctx, o, n, openings.Limits{Nodes: *nodes, Check: *check})
			cancel()
			if err != nil {
				return err
			}
			cpu, elapsed := cpuTime()-cpu0, time.Since(start)
			rows = append(rows, r)
			ends := "-"
			if r.Value == openings.Win || r.Value == openings.Loss {
				ends = fmt.Sprintf("m%d", r.EndMove())
			}
			fmt.Fprintf(w, "%-7s %5d %-8v %-7v %5s %10d %9s %9s  %s\n", o.Name, n, r.FirstValue(), r.Value, ends, r.Nodes,
				elapsed.Round(10*time.Millisecond), cpu.Round(10*time.Millisecond), r.Stop)
			if *lines && r.Value != openings.Unknown {
				text, err := r.LineText()
				if err != nil {
					return err
				}
				fmt.Fprintf(w, "        line: %s %s\n", o.Move, text)
			}
		}
	}
	if *book != "" {
		return writeBook(*book, rows)
	}
	return nil
}

// writeBook writes the proven rows as the Palago opening book.
func writeBook(path string, rows []openings.Row) error {
	entries, err := openings.BookEntries(rows)
	if err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString("# Palago opening book: moves proven by exhaustive search, each for one supply\n")
	b.WriteString("# under the default rules (docs/palago-openings.md). Written by\n")
	b.WriteString("# \"tabula solve palago --tiles N --book FILE\".\n")
	b.WriteString("# tiles | moves from the start (- for none) | move | result for the mover, plies\n")
	for _, e := range entries {
		b.WriteString(palago.FormatBookEntry(e) + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("book: %w", err)
	}
	return nil
}

// cpuTime is the process's user and system CPU time so far: the study
// reports it beside the wall time, which other processes on a shared
// machine inflate.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
