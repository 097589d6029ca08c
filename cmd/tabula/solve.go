package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/tabula-games/tabula/games/palaboratory"
	"github.com/tabula-games/tabula/games/palago"
)

// runSolve is "tabula solve palaboratory FROM TO" (cards by number or
// name): minMoves and one optimal sequence of operations; and "tabula solve
// palaboratory --check": the catalogue's acceptance check (every card valid
// and distinct, every number the rulebook publishes reproduced) as a table.
func runSolve(ctx context.Context, e *env) error {
	if len(e.args) > 0 && e.args[0] == "palago" {
		return runSolvePalago(ctx, e) // the opening study: solve_palago.go
	}
	fs := e.newFlagSet()
	check := fs.Bool("check", false, "check the card catalogue against the rulebook's published numbers and print the table")
	args, err := parseArgs(fs, e.args)
	if err != nil {
		return err
	}
	if len(args) == 0 || args[0] != "palaboratory" {
		return fmt.Errorf("%w: want \"solve palaboratory FROM TO\" or \"solve palaboratory --check\"", errUsage)
	}
	args = args[1:]
	cards := palaboratory.Cards()
	switch {
	case *check && len(args) == 0:
		return checkCatalogue(e.stdout, cards)
	case *check || len(args) != 2:
		return fmt.Errorf("%w: want \"solve palaboratory FROM TO\" (card numbers or names) or \"--check\"", errUsage)
	}
	from, ok := palaboratory.CardByName(cards, args[0])
	if !ok {
		return fmt.Errorf("%w: unknown card %q", errUsage, args[0])
	}
	to, ok := palaboratory.CardByName(cards, args[1])
	if !ok {
		return fmt.Errorf("%w: unknown card %q", errUsage, args[1])
	}
	sol, err := palaboratory.Solve(from.Tiles, to.Tiles)
	if err != nil {
		return fmt.Errorf("%v → %v: %w", from, to, err)
	}
	w := e.stdout
	fmt.Fprintf(w, "%v → %v: %d moves, %d added (minMoves; %d of %d tiles stay)\n", from, to, sol.Moves, sol.Added, sol.Kept, len(from.Tiles))
	fmt.Fprintf(w, "from:   %s\n", palago.FormatTiles(from.Tiles, " "))
	fmt.Fprintf(w, "target: %s (%v of the card, shifted by %v)\n", palago.FormatTiles(sol.Final, " "), sol.Sym, sol.Shift)
	n := 0
	for _, op := range sol.Ops {
		label := "add"
		if op.Counts() {
			n++
			label = fmt.Sprintf("move %d", n)
		}
		fmt.Fprintf(w, "%-8s %-8s %v\n", label, op.Kind, op)
	}
	fmt.Fprintf(w, "record: %s\n", record(sol.Ops))
	return nil
}

func record(ops []palaboratory.Op) string {
	s := ""
	for i, op := range ops {
		if i > 0 {
			s += " "
		}
		s += op.String()
	}
	return s
}

func checkCatalogue(w io.Writer, cards []palaboratory.Card) error {
	r := palaboratory.CheckCatalogue(cards)
	fmt.Fprintln(w, "cards:")
	for i := range cards {
		c := &cards[i]
		fmt.Fprintf(w, "  %2d %-11s %-12s %2d tiles  %s\n", c.Number, c.Name, c.Russian, len(c.Tiles), palago.FormatTiles(c.Tiles, " "))
	}
	table := func(title string, rows []palaboratory.Row) {
		fmt.Fprintln(w, title)
		fmt.Fprintf(w, "  %-28s %5s %5s %9s  %s\n", "transformation", "moves", "added", "published", "")
		for _, x := range rows {
			pub, mark := "—", "ok"
			if x.Published {
				pub = fmt.Sprintf("%d / %d", x.Want, x.WantAdd)
				if x.Bad {
					mark = "MISMATCH"
				}
			}
			fmt.Fprintf(w, "  %-28s %5d %5d %9s  %s\n", x.From.Name+" → "+x.To.Name, x.Moves, x.Added, pub, mark)
		}
	}
	table("card to card, the numbers printed between the cards:", r.Steps)
	table("the rulebook's 12 extra tasks:", r.Extra)
	for _, p := range r.Problems {
		fmt.Fprintln(w, "problem:", p)
	}
	if !r.OK() {
		return errors.New("the catalogue fails its acceptance check")
	}
	fmt.Fprintln(w, "catalogue ok: every card valid and distinct, every published number exact")
	return nil
}
