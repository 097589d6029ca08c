package game

import (
	"fmt"
	"slices"
	"strconv"
)

// Options choose a variant and set a game's typed options.
type Options struct {
	Variant string // "" means the game's first variant
	Players int    // 0 means Info.DefaultPlayers
	// Seed feeds every random choice the rules make outside chance nodes
	// (for example Villa Paletti's unsteady hands). It is stored in the state.
	Seed uint64
	// Values holds option values as text, keyed by OptionSpec.Name.
	Values map[string]string
}

// OptionKind is the type of an option value.
type OptionKind uint8

const (
	Bool OptionKind = iota
	Int
	Enum
)

// OptionSpec documents one option a game accepts.
type OptionSpec struct {
	Name    string
	Kind    OptionKind
	Default string
	Choices []string // for Enum
	Min     int      // for Int
	Max     int      // for Int
	Doc     string
}

// Check validates o against the game: the variant, the player count and
// every option value. Errors wrap ErrBadOption. It returns the options with
// Variant and Players filled in with their defaults.
func (i *Info) Check(o Options) (Options, error) {
	if o.Variant == "" && len(i.Variants) > 0 {
		o.Variant = i.Variants[0]
	}
	if !i.HasVariant(o.Variant) {
		return o, fmt.Errorf("%s: unknown variant %q (have %v): %w", i.ID, o.Variant, i.Variants, ErrBadOption)
	}
	fixed, isFixed := i.VariantPlayers[o.Variant]
	switch {
	case o.Players == 0 && isFixed:
		o.Players = fixed
	case o.Players == 0:
		o.Players = i.DefaultPlayers
	}
	if !i.AllowsPlayers(o.Players) {
		return o, fmt.Errorf("%s: %d players, want %s: %w", i.ID, o.Players, i.PlayerCounts(), ErrBadOption)
	}
	if isFixed && o.Players != fixed {
		return o, fmt.Errorf("%s: variant %s is for %d players, not %d: %w", i.ID, o.Variant, fixed, o.Players, ErrBadOption)
	}
	for name, v := range o.Values {
		spec, ok := i.option(name)
		if !ok {
			return o, fmt.Errorf("%s: unknown option %q: %w", i.ID, name, ErrBadOption)
		}
		if err := spec.check(v); err != nil {
			return o, fmt.Errorf("%s: option %s: %w", i.ID, name, err)
		}
	}
	return o, nil
}

func (i *Info) option(name string) (OptionSpec, bool) {
	for _, s := range i.Options {
		if s.Name == name {
			return s, true
		}
	}
	return OptionSpec{}, false
}

func (s OptionSpec) check(v string) error {
	switch s.Kind {
	case Bool:
		if _, err := strconv.ParseBool(v); err != nil {
			return fmt.Errorf("%q is not a boolean: %w", v, ErrBadOption)
		}
	case Int:
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%q is not an integer: %w", v, ErrBadOption)
		}
		if n < s.Min || n > s.Max {
			return fmt.Errorf("%d is outside %d..%d: %w", n, s.Min, s.Max, ErrBadOption)
		}
	case Enum:
		if !slices.Contains(s.Choices, v) {
			return fmt.Errorf("%q is not one of %v: %w", v, s.Choices, ErrBadOption)
		}
	}
	return nil
}

// value returns the option's text, falling back to the spec's default.
func (i *Info) value(o Options, name string) string {
	if v, ok := o.Values[name]; ok {
		return v
	}
	spec, ok := i.option(name)
	if !ok {
		panic(fmt.Sprintf("game: %s has no option %q", i.ID, name)) // a programming error in the game package
	}
	return spec.Default
}

// BoolOption returns the value of a Bool option declared in i.Options. Call
// it on options that passed Check.
func (i *Info) BoolOption(o Options, name string) bool {
	b, _ := strconv.ParseBool(i.value(o, name))
	return b
}

// IntOption returns the value of an Int option declared in i.Options. Call it
// on options that passed Check.
func (i *Info) IntOption(o Options, name string) int {
	n, _ := strconv.Atoi(i.value(o, name))
	return n
}

// EnumOption returns the value of an Enum option declared in i.Options.
func (i *Info) EnumOption(o Options, name string) string {
	return i.value(o, name)
}
