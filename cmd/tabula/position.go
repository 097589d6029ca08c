package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/tabula-games/tabula/game"
)

// gameFlags are the flags every game command shares.
type gameFlags struct {
	variant  string
	players  int
	options  optionList
	position string
	moves    string
	seed     uint64
}

// optionList collects repeated --option name=value flags.
type optionList map[string]string

func (o optionList) String() string { return fmt.Sprint(map[string]string(o)) }

func (o optionList) Set(v string) error {
	name, val, ok := strings.Cut(v, "=")
	if !ok || name == "" {
		return fmt.Errorf("option %q: want name=value", v)
	}
	o[name] = val
	return nil
}

// register defines the game flags on fs; the seed's default is g.seed.
func (g *gameFlags) register(fs *flag.FlagSet, withPosition bool) {
	g.options = optionList{}
	fs.StringVar(&g.variant, "variant", "", "variant (default: the game's first; \"tabula games\" lists them)")
	fs.IntVar(&g.players, "players", 0, "number of players (default: the game's default)")
	fs.Var(g.options, "option", "set a game option, `name=value` (repeatable; \"tabula games GAME\" lists them)")
	fs.Uint64Var(&g.seed, "seed", g.seed, "seed of the game's own random choices (first player, noise); a record replays only with the seed it was played with")
	if withPosition {
		fs.StringVar(&g.position, "position", "", "start from this position `text` (as \"tabula replay\" prints it)")
		fs.StringVar(&g.moves, "moves", "", "play these `moves` (notation, separated by spaces) first")
	}
}

func (g *gameFlags) gameOptions() game.Options {
	return game.Options{Variant: g.variant, Players: g.players, Values: g.options, Seed: g.seed}
}

// parseGameArgs parses "GAME [flags] [positional...]" with the flags in any
// place, and returns the game and the remaining positional arguments.
func parseGameArgs(e *env, fs *flag.FlagSet, args []string) (*game.Info, []string, error) {
	pos, err := parseArgs(fs, args)
	if err != nil {
		return nil, nil, err
	}
	if len(pos) == 0 {
		return nil, nil, fmt.Errorf("%w: missing GAME (see \"tabula games\")", errUsage)
	}
	info, err := findGame(e, pos[0])
	return info, pos[1:], err
}

// parseArgs parses flags and positional arguments in any order and
// returns the positional ones.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, fmt.Errorf("%w: %v", errUsage, err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// findGame looks a game up by its id in the registry.
func findGame(e *env, id string) (*game.Info, error) {
	var ids []string
	for _, g := range e.games {
		if g.ID == id {
			return g, nil
		}
		ids = append(ids, g.ID)
	}
	return nil, fmt.Errorf("unknown game %q (have %s)", id, strings.Join(ids, ", "))
}

// start builds the state the flags describe: the start position or
// --position, then --moves.
func (g *gameFlags) start(info *game.Info) (game.State, error) {
	opts := g.gameOptions()
	var s game.State
	var err error
	if g.position != "" {
		s, err = info.ParsePosition(g.position, opts)
	} else {
		s, err = info.New(opts)
	}
	if err != nil {
		return nil, err
	}
	if g.moves != "" {
		s, err = game.PlayAll(s, game.SplitRecord(g.moves))
		if err != nil {
			return nil, fmt.Errorf("--moves: %w", err)
		}
	}
	return s, nil
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0)) }

// startGame is the common start of the commands that work on one position
// (moves, perft, replay): it parses the game flags, hands the positional
// arguments after GAME to check, and builds the state --position and
// --moves describe.
func startGame(e *env, check func(rest []string) error) (*game.Info, game.State, error) {
	fs := e.newFlagSet()
	var g gameFlags
	g.register(fs, true)
	info, rest, err := parseGameArgs(e, fs, e.args)
	if err != nil {
		return nil, nil, err
	}
	if err := check(rest); err != nil {
		return nil, nil, err
	}
	s, err := g.start(info)
	if err != nil {
		return nil, nil, err
	}
	return info, s, nil
}

// noArgs is a startGame check for commands that take nothing after GAME;
// hint ends the error message.
func noArgs(hint string) func([]string) error {
	return func(rest []string) error {
		if len(rest) > 0 {
			return fmt.Errorf("%w: unexpected argument %q%s", errUsage, rest[0], hint)
		}
		return nil
	}
}
