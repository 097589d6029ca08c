package abalone

import (
	"embed"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/hexgrid"
)

// bookFiles is the opening book, one file per layout, grown by self-play
// searches (cmd/abalone-bookgen; the command and the book's
// size are in docs/strength.md, "Abalone opening book"). Unlike Palago's
// book nothing in it is proven: each move is the one a deep search
// preferred. A layout without a file has no book: German daisy's, grown
// the same way, lost more games than it won against no book and is not
// shipped (the matches are in docs/strength.md).
//
//go:embed book/*.txt
var bookFiles embed.FS

// BookEntry is one line of the opening book: in the position Position
// (position text, or any position equal to it up to the board's twelve
// symmetries and the exchange of the colours), the search that grew the
// book scored Move at Score for the mover (alphabeta score units,
// EvalScale = 1.0) at search depth Depth.
type BookEntry struct {
	Position string
	Move     string
	Score    int
	Depth    int
}

// FormatBookEntry writes e as one line of the book: the position text, the
// move in ABA-PRO notation, the score and the depth, separated by " | ".
func FormatBookEntry(e BookEntry) string {
	return fmt.Sprintf("%s | %s | %d | %d", e.Position, e.Move, e.Score, e.Depth)
}

// maxBookScore bounds a book score: a book move is never a proven win or
// loss, so its score lies inside the evaluation's range (alphabeta's
// EvalScale is 10000).
const maxBookScore = 1_000_000

// ParseBookLine reads one FormatBookEntry line. It checks the fields'
// syntax only; NewBook checks the position and the move.
func ParseBookLine(line string) (BookEntry, error) {
	f := strings.Split(line, "|")
	if len(f) != 4 {
		return BookEntry{}, fmt.Errorf("abalone: book line %q: want 4 fields separated by |", line)
	}
	e := BookEntry{Position: strings.TrimSpace(f[0]), Move: strings.TrimSpace(f[1])}
	if e.Position == "" || e.Move == "" {
		return BookEntry{}, fmt.Errorf("abalone: book line %q: empty position or move", line)
	}
	var err error
	if e.Score, err = strconv.Atoi(strings.TrimSpace(f[2])); err != nil || e.Score < -maxBookScore || e.Score > maxBookScore {
		return BookEntry{}, fmt.Errorf("abalone: book line %q: score: want a number within ±%d", line, maxBookScore)
	}
	if e.Depth, err = strconv.Atoi(strings.TrimSpace(f[3])); err != nil || e.Depth < 0 || e.Depth > 1000 {
		return BookEntry{}, fmt.Errorf("abalone: book line %q: depth: want a number from 0 to 1000", line)
	}
	return e, nil
}

// ParseBook reads a book file: one FormatBookEntry line per entry; blank
// lines and lines starting with # are skipped.
func ParseBook(text string) ([]BookEntry, error) {
	var out []BookEntry
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		e, err := ParseBookLine(line)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// bookKey is a position up to symmetry: the marbles of the side to move
// and of the other side, and the marbles each has lost, taken at the
// symmetry whose image is least. The side to move's colour is not part
// of it: the rules treat the colours alike (the ply count aside, which
// matters only at the ply cap, far beyond any book line).
type bookKey struct {
	own, opp       board
	offOwn, offOpp uint8
}

// symCell maps every cell to its image under each of the hexagon's twelve
// symmetries (hexgrid.Symmetries, about E5). Read-only after init.
var symCell = func() (t [hexgrid.NumSymmetries][NumCells]Cell) {
	for k, sym := range hexgrid.Symmetries() {
		for c := Cell(0); c < NumCells; c++ {
			img := sym.Apply(c.Coord())
			t[k][c] = CellAt(4-img.R, img.Q+5)
		}
	}
	return t
}()

// mapBoard is b's image under symmetry k.
func mapBoard(k int, b board) board {
	var out board
	for ; b != 0; b &= b - 1 {
		out |= 1 << symCell[k][bits.TrailingZeros64(b)]
	}
	return out
}

// keyOfState is s's bookKey.
func keyOfState(s *State) bookKey {
	me, op := s.side, s.side^1
	key := bookKey{own: ^board(0), opp: ^board(0), offOwn: s.off[me], offOpp: s.off[op]}
	for k := range hexgrid.NumSymmetries {
		own := mapBoard(k, s.bb[me])
		if own > key.own {
			continue
		}
		opp := mapBoard(k, s.bb[op])
		if own < key.own || opp < key.opp {
			key.own, key.opp = own, opp
		}
	}
	return key
}

// SymmetryKey returns a text that two positions share exactly when one is
// the other up to the board's twelve symmetries and the exchange of the
// colours (with the side to move): the book's notion of "the same
// position". The book generator folds positions by it.
func (s *State) SymmetryKey() string {
	k := keyOfState(s)
	return fmt.Sprintf("%016x.%016x.%d.%d", k.own, k.opp, k.offOwn, k.offOpp)
}

// bookMove is a book move from a position: the key of the position it
// leads to, and what the book says of it.
type bookMove struct {
	child BookEntry
	after bookKey
}

// Book is an opening book indexed for look-up.
type Book struct {
	moves map[bookKey][]bookMove // best score first, then file order
	rules rules                  // the rules the book was grown for: the defaults
}

// NewBook indexes entries, checking that each position parses under the
// default rules and each move is legal in it.
func NewBook(entries []BookEntry) (*Book, error) {
	o, err := Info.Check(game.Options{})
	if err != nil {
		return nil, fmt.Errorf("abalone: book: %w", err)
	}
	b := &Book{moves: map[bookKey][]bookMove{}, rules: rulesOf(Info, o)}
	for _, e := range entries {
		st, err := parsePosition(Info, b.rules, e.Position)
		if err != nil {
			return nil, fmt.Errorf("abalone: book entry %s: %w", FormatBookEntry(e), err)
		}
		m, err := st.ParseMove(e.Move)
		if err != nil {
			return nil, fmt.Errorf("abalone: book entry %s: %w", FormatBookEntry(e), err)
		}
		next := *st
		next.hist = nil
		next.do(m)
		k := keyOfState(st)
		b.moves[k] = append(b.moves[k], bookMove{child: e, after: keyOfState(&next)})
	}
	for _, ms := range b.moves {
		slices.SortStableFunc(ms, func(x, y bookMove) int { return y.child.Score - x.child.Score })
	}
	return b, nil
}

// Len returns the number of positions in the book (up to symmetry).
func (b *Book) Len() int { return len(b.moves) }

// LookUp returns the book's best move for s as a legal move of s, with its
// score (alphabeta units, the mover's view) and the search depth behind
// it, and ok false when the book does not have s: s must be played under
// the default rules, must not be over or a repetition of an earlier
// position, and the move must not lead to one.
func (b *Book) LookUp(s *State) (m game.Move, score, depth int, ok bool) {
	if s.res.why != inProgress || s.rules != b.rules || s.rep > 1 {
		return 0, 0, 0, false
	}
	ms := b.moves[keyOfState(s)]
	if len(ms) == 0 {
		return 0, 0, 0, false
	}
	legal := s.LegalMoves(nil)
	for _, bm := range ms {
		for _, m := range legal {
			next := *s
			next.hist = slices.Clone(s.hist)
			next.do(m)
			if next.rep <= 1 && keyOfState(&next) == bm.after {
				return m, bm.child.Score, bm.child.Depth, true
			}
		}
	}
	return 0, 0, 0, false
}

// BookText returns the shipped book files' text, keyed by layout (the
// file name without ".txt").
func BookText() (map[string]string, error) {
	out := map[string]string{}
	entries, err := bookFiles.ReadDir("book")
	for _, d := range entries {
		if err != nil {
			break
		}
		var data []byte
		if data, err = bookFiles.ReadFile("book/" + d.Name()); err == nil {
			out[strings.TrimSuffix(d.Name(), ".txt")] = string(data)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("abalone: book: %w", err)
	}
	return out, nil
}

// ShippedBook returns the book the engine ships, all layouts in one index
// (a position belongs to one layout's game). It is read and indexed at the
// first call; the index is read-only.
func ShippedBook() (*Book, error) { return shippedBook() }

var shippedBook = sync.OnceValues(func() (*Book, error) {
	texts, err := BookText()
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(texts))
	for name := range texts {
		names = append(names, name)
	}
	slices.Sort(names)
	var all []BookEntry
	for _, name := range names {
		es, err := ParseBook(texts[name])
		if err != nil {
			return nil, fmt.Errorf("abalone: book %s: %w", name, err)
		}
		all = append(all, es...)
	}
	return NewBook(all)
})

// OpeningMove returns the shipped book's move for s (ai.Opener): the move
// the search that grew the book preferred, and its score in [-1, 1] for
// the mover; ok false when the book does not have s.
func (s *State) OpeningMove() (m game.Move, score float64, ok bool) {
	b, err := ShippedBook()
	if err != nil {
		return 0, 0, false
	}
	m, sc, _, ok := b.LookUp(s)
	return m, max(-1, min(1, float64(sc)/bookEvalScale)), ok
}

// bookEvalScale is alphabeta.EvalScale, the score units of the book (the
// game package does not import the searcher).
const bookEvalScale = 10000
