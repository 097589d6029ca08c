package palaboratory

import (
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tabula-games/tabula/games/palago"
)

// Card is one of the 12 creature cards: its number, names and the
// authored layout, every tile of which carries a piece of the one
// creature.
type Card struct {
	Number  int    // 1..12
	Name    string // English identifier, lower case: "virus"
	Russian string // the rulebook's name: "Пала-вирус"
	Tiles   []palago.Tile
}

// String returns "№3 worm".
func (c *Card) String() string { return "№" + strconv.Itoa(c.Number) + " " + c.Name }

// NumCards is the number of creature cards in the rulebook.
const NumCards = 12

// Size returns the tile count of card n (1..12), the red number on the card.
// It panics for other n.
func Size(n int) int {
	return [NumCards + 1]int{0, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 14, 14}[n]
}

//go:embed cards.txt
var cardsText string

// ErrNotCard is wrapped by CheckCard for a layout that is not a valid card.
var ErrNotCard = errors.New("palaboratory: not a creature card")

// Cards returns the catalogue, cards 1..12 in order. Each call returns a
// fresh copy.
func Cards() []Card {
	cards, err := parseCards(cardsText)
	if err != nil {
		panic(err) // cards.txt is part of the source; TestCatalogue checks it
	}
	return cards
}

// parseCards reads the catalogue text: one card a line, "N | name |
// Russian | tiles", "#" starting a comment.
func parseCards(text string) ([]Card, error) {
	var out []Card
	for i, line := range strings.Split(text, "\n") {
		if j := strings.IndexByte(line, '#'); j >= 0 {
			line = line[:j]
		}
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 4 {
			return nil, fmt.Errorf("palaboratory: cards.txt line %d: want 4 fields separated by |", i+1)
		}
		n, err := strconv.Atoi(strings.TrimSpace(f[0]))
		if err != nil || n != len(out)+1 {
			return nil, fmt.Errorf("palaboratory: cards.txt line %d: card number %q out of order", i+1, f[0])
		}
		tiles, err := palago.ParseTiles(f[3])
		if err != nil {
			return nil, fmt.Errorf("palaboratory: cards.txt line %d: %w", i+1, err)
		}
		out = append(out, Card{Number: n, Name: strings.TrimSpace(f[1]), Russian: strings.TrimSpace(f[2]), Tiles: tiles})
	}
	if len(out) != NumCards {
		return nil, fmt.Errorf("palaboratory: cards.txt has %d cards, want %d", len(out), NumCards)
	}
	return out, nil
}

// CardByName finds a card by its number ("3"), its English name ("worm")
// or its Russian name, ignoring case.
func CardByName(cards []Card, name string) (*Card, bool) {
	name = strings.TrimSpace(name)
	if n, err := strconv.Atoi(strings.TrimPrefix(name, "№")); err == nil {
		if n >= 1 && n <= len(cards) {
			return &cards[n-1], true
		}
		return nil, false
	}
	for i := range cards {
		if strings.EqualFold(cards[i].Name, name) || strings.EqualFold(cards[i].Russian, name) {
			return &cards[i], true
		}
	}
	return nil, false
}

// CheckCard checks the rules of a card for a layout of want tiles:
// the layout has exactly want tiles on distinct cells, exactly one
// creature, and every tile carries a piece of it. Errors wrap ErrNotCard.
func CheckCard(tiles []palago.Tile, want int) error {
	if len(tiles) != want {
		return fmt.Errorf("%w: %d tiles, want %d", ErrNotCard, len(tiles), want)
	}
	var b palago.Board
	for _, t := range tiles {
		if err := b.Place(t); err != nil {
			return fmt.Errorf("%w: %w", ErrNotCard, err)
		}
	}
	cs := b.Creatures()
	if len(cs) != 1 {
		return fmt.Errorf("%w: %d creatures, want exactly 1", ErrNotCard, len(cs))
	}
	for _, t := range tiles {
		if !slices.ContainsFunc(cs[0].Pieces, func(p palago.Piece) bool { return p.Cell == t.Cell }) {
			return fmt.Errorf("%w: tile %v carries no piece of the creature", ErrNotCard, t)
		}
	}
	return nil
}

// Task is one of the rulebook's 12 extra green tasks: the card
// numbers, and the published tiles moved (↔) and added (Δ).
type Task struct {
	From, To     int
	Moves, Added int
}

// ExtraTasks returns the rulebook's table of 12 extra green tasks,
// in the order of the rulebook's table (left column, then right).
func ExtraTasks() []Task {
	return []Task{
		{3, 5, 3, 2},   // Worm → Salamander
		{4, 7, 2, 3},   // Snail → Rat
		{7, 10, 2, 3},  // Rat → Goat
		{5, 8, 1, 3},   // Salamander → Stella
		{6, 9, 3, 3},   // Whale → Cobra
		{7, 11, 4, 3},  // Rat → Cyclist
		{8, 11, 7, 2},  // Stella → Cyclist
		{8, 12, 4, 2},  // Stella → Sloth
		{7, 12, 2, 3},  // Rat → Sloth
		{9, 12, 6, 1},  // Cobra → Sloth
		{9, 10, 7, 1},  // Cobra → Goat
		{10, 11, 4, 0}, // Goat → Cyclist
	}
}

// CardToCardPar is the green number printed on card 2 by the rulebook
// (its 1→2 example); the other cards' green numbers come from the solver.
const CardToCardPar = 2

// GreenNumber returns the green number of card n (2..12): the moves from
// card n−1 by the solver (the green number printed on the card).
func GreenNumber(n int) int {
	cards := Cards()
	m, _ := MinMoves(cards[n-2].Tiles, cards[n-1].Tiles)
	return m
}
