// Package seek keeps the seek book: players' standing offers to play
// (game, variant, player count, time control, rated, rating range), and
// pairs them when enough fit. A seek for a game of N players joins a
// table of seeks that fit one another; the table is full, and its seeks
// leave the book together as one pairing, when it holds N.
//
// The server uses the Book interface; Memory is the one-process book. A
// clustered server can put another implementation behind Book.
package seek

import (
	"errors"
	"slices"
	"sync"
	"time"
)

// Errors of Add and Remove.
var (
	// ErrOwnerFull: the owner holds MaxPerOwner seeks.
	ErrOwnerFull = errors.New("seek: too many seeks from this owner")
	// ErrClientFull: the client holds MaxPerClient seeks.
	ErrClientFull = errors.New("seek: too many seeks from this client")
	// ErrBookFull: the book holds MaxTotal seeks.
	ErrBookFull = errors.New("seek: the seek book is full")
	// ErrNotFound: no seek with that ID and owner.
	ErrNotFound = errors.New("seek: no such seek")
)

// Key is what seeks must share to be paired.
type Key struct {
	Game    string
	Variant string
	Players int
	// Kind, BaseMs, IncrementMs and Days are the time control as the
	// protocol spells it.
	Kind        string
	BaseMs      int64
	IncrementMs int64
	Days        int
	Rated       bool
}

// Seek is one player's offer.
type Seek struct {
	ID string
	Key
	// Owner is the lobby connection the seek lives with: it leaves the
	// book when the owner goes (RemoveOwner).
	Owner string
	// Client is the owner's client key (the per-client cap).
	Client string
	// Account is the seeker's account ID, "" for a guest; Name its
	// username.
	Account, Name string
	// Rating is the seeker's rating for the key (the initial rating when
	// it has none); Min and Max bound the opponents' ratings it accepts
	// (0: no bound).
	Rating   float64
	Min, Max float64
	Created  time.Time
}

// accepts reports whether s takes o as an opponent: not the same owner
// or account, and o's rating in s's range.
func (s Seek) accepts(o Seek) bool {
	if s.Owner == o.Owner || s.Client == o.Client && s.Account == "" && o.Account == "" {
		return false
	}
	if s.Account != "" && s.Account == o.Account {
		return false
	}
	return (s.Min == 0 || o.Rating >= s.Min) && (s.Max == 0 || o.Rating <= s.Max)
}

// Table is a group of seeks that fit one another, waiting for the rest
// of its seats.
type Table struct {
	Key
	Seeks []Seek // in the order they came
}

// Limits bound a book.
type Limits struct {
	// MaxPerOwner bounds the seeks of one lobby connection.
	MaxPerOwner int
	// MaxPerClient bounds the seeks of one client (all its connections).
	MaxPerClient int
	// MaxTotal bounds the whole book.
	MaxTotal int
}

// Book is the seek book.
type Book interface {
	// Add puts s in the book. When it fills a table, the table's seeks
	// (s among them) leave the book and are returned, in seating order
	// (the order they came); otherwise full is nil.
	Add(s Seek) (full []Seek, err error)
	// Remove takes the seek id of owner out of the book.
	Remove(owner, id string) error
	// RemoveOwner takes every seek of owner out of the book and returns
	// how many it took.
	RemoveOwner(owner string) int
	// Tables lists the waiting tables, oldest first, at most limit.
	Tables(limit int) []Table
	// Len is the number of seeks in the book.
	Len() int
}

// Memory is a Book in one process's memory, safe for concurrent use.
type Memory struct {
	lim    Limits
	mu     sync.Mutex
	tables []*Table // oldest first
	n      int
}

// NewMemory returns an empty book bounded by lim.
func NewMemory(lim Limits) *Memory { return &Memory{lim: lim} }

// Add implements Book. A seek joins the oldest table of its key whose
// seeks and it accept one another.
func (b *Memory) Add(s Seek) ([]Seek, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.n >= b.lim.MaxTotal {
		return nil, ErrBookFull
	}
	owner, client := 0, 0
	for _, t := range b.tables {
		for _, o := range t.Seeks {
			if o.Owner == s.Owner {
				owner++
			}
			if o.Client == s.Client {
				client++
			}
		}
	}
	if owner >= b.lim.MaxPerOwner {
		return nil, ErrOwnerFull
	}
	if client >= b.lim.MaxPerClient {
		return nil, ErrClientFull
	}
	for i, t := range b.tables {
		if t.Key != s.Key || !fits(t.Seeks, s) {
			continue
		}
		t.Seeks = append(t.Seeks, s)
		if len(t.Seeks) < t.Players {
			b.n++
			return nil, nil
		}
		b.tables = slices.Delete(b.tables, i, i+1)
		b.n -= len(t.Seeks) - 1
		return t.Seeks, nil
	}
	if s.Players <= 1 {
		return []Seek{s}, nil
	}
	b.tables = append(b.tables, &Table{Key: s.Key, Seeks: []Seek{s}})
	b.n++
	return nil, nil
}

// fits reports whether s and every seek of a table accept one another.
func fits(seated []Seek, s Seek) bool {
	for _, o := range seated {
		if !o.accepts(s) || !s.accepts(o) {
			return false
		}
	}
	return true
}

// Remove implements Book.
func (b *Memory) Remove(owner, id string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i, t := range b.tables {
		for j, o := range t.Seeks {
			if o.ID == id && o.Owner == owner {
				b.drop(i, j)
				return nil
			}
		}
	}
	return ErrNotFound
}

// drop removes seek j of table i. mu held.
func (b *Memory) drop(i, j int) {
	t := b.tables[i]
	t.Seeks = slices.Delete(t.Seeks, j, j+1)
	b.n--
	if len(t.Seeks) == 0 {
		b.tables = slices.Delete(b.tables, i, i+1)
	}
}

// RemoveOwner implements Book.
func (b *Memory) RemoveOwner(owner string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for i := len(b.tables) - 1; i >= 0; i-- {
		for j := len(b.tables[i].Seeks) - 1; j >= 0; j-- {
			if b.tables[i].Seeks[j].Owner == owner {
				b.drop(i, j)
				n++
			}
		}
	}
	return n
}

// Tables implements Book.
func (b *Memory) Tables(limit int) []Table {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]Table, 0, min(limit, len(b.tables)))
	for _, t := range b.tables {
		if len(out) >= limit {
			break
		}
		out = append(out, Table{Key: t.Key, Seeks: slices.Clone(t.Seeks)})
	}
	return out
}

// Len implements Book.
func (b *Memory) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.n
}
