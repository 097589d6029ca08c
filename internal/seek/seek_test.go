package seek

import (
	"errors"
	"testing"
)

func sk(id, owner, client, acct string, players int, rating, lo, hi float64) Seek {
	return Seek{ID: id, Key: Key{Game: "g", Players: players, Kind: "none"}, Owner: owner, Client: client, Account: acct, Rating: rating, Min: lo, Max: hi}
}

// TestPairing: which seeks fill a table together, as a table of cases:
// each adds seeks in order and says which add fills a table and with
// which seeks.
func TestPairing(t *testing.T) {
	for _, tt := range []struct {
		name  string
		seeks []Seek
		full  int      // the index of the add that fills a table, -1 none
		ids   []string // the full table's seeks
		left  int      // seeks left in the book
	}{
		{"two fit", []Seek{sk("a", "o1", "c1", "", 2, 1500, 0, 0), sk("b", "o2", "c2", "", 2, 1500, 0, 0)}, 1, []string{"a", "b"}, 0},
		{"same owner", []Seek{sk("a", "o1", "c1", "x", 2, 1500, 0, 0), sk("b", "o1", "c1", "x", 2, 1500, 0, 0)}, -1, nil, 2},
		{"same account, two devices", []Seek{sk("a", "o1", "c1", "x", 2, 1500, 0, 0), sk("b", "o2", "c2", "x", 2, 1500, 0, 0)}, -1, nil, 2},
		{"guests of one client", []Seek{sk("a", "o1", "c1", "", 2, 1500, 0, 0), sk("b", "o2", "c1", "", 2, 1500, 0, 0)}, -1, nil, 2},
		{"accounts of one client", []Seek{sk("a", "o1", "c1", "x", 2, 1500, 0, 0), sk("b", "o2", "c1", "y", 2, 1500, 0, 0)}, 1, []string{"a", "b"}, 0},
		{"newcomer below the range", []Seek{sk("a", "o1", "c1", "", 2, 1500, 1600, 0), sk("b", "o2", "c2", "", 2, 1500, 0, 0)}, -1, nil, 2},
		{"seeker outside the newcomer's range", []Seek{sk("a", "o1", "c1", "", 2, 1500, 0, 0), sk("b", "o2", "c2", "", 2, 1700, 1600, 1800)}, -1, nil, 2},
		{"in both ranges", []Seek{sk("a", "o1", "c1", "", 2, 1650, 1600, 1800), sk("b", "o2", "c2", "", 2, 1700, 1600, 1800)}, 1, []string{"a", "b"}, 0},
		{"oldest fitting table first", []Seek{sk("a", "o1", "c1", "", 2, 1500, 1600, 0), sk("b", "o2", "c2", "", 2, 1500, 0, 0), sk("c", "o3", "c3", "", 2, 1500, 0, 0)}, 2, []string{"b", "c"}, 1},
		{"three of three", []Seek{sk("a", "o1", "c1", "", 3, 1500, 0, 0), sk("b", "o2", "c2", "", 3, 1500, 0, 0), sk("c", "o3", "c3", "", 3, 1500, 0, 0)}, 2, []string{"a", "b", "c"}, 0},
		{"other keys never meet", []Seek{sk("a", "o1", "c1", "", 2, 1500, 0, 0), sk("b", "o2", "c2", "", 3, 1500, 0, 0)}, -1, nil, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := NewMemory(Limits{MaxPerOwner: 10, MaxPerClient: 10, MaxTotal: 100})
			filled := -1
			var got []Seek
			for i, s := range tt.seeks {
				full, err := b.Add(s)
				if err != nil {
					t.Fatal(err)
				}
				if full != nil {
					filled, got = i, full
				}
			}
			if filled != tt.full || len(got) != len(tt.ids) {
				t.Fatalf("filled at %d with %v; want at %d with %v", filled, got, tt.full, tt.ids)
			}
			for i, id := range tt.ids {
				if got[i].ID != id {
					t.Errorf("seat %d: %s; want %s", i, got[i].ID, id)
				}
			}
			if b.Len() != tt.left {
				t.Errorf("%d seeks left; want %d", b.Len(), tt.left)
			}
		})
	}
}

// TestLimitsAndRemoval: the caps refuse with their errors; removing by
// owner frees them.
func TestLimitsAndRemoval(t *testing.T) {
	b := NewMemory(Limits{MaxPerOwner: 2, MaxPerClient: 3, MaxTotal: 4})
	add := func(s Seek, want error) {
		t.Helper()
		if _, err := b.Add(s); !errors.Is(err, want) {
			t.Fatalf("add %s: %v; want %v", s.ID, err, want)
		}
	}
	add(sk("a", "o1", "c1", "", 3, 1500, 9000, 0), nil)
	add(sk("b", "o1", "c1", "", 3, 1500, 9000, 0), nil)
	add(sk("c", "o1", "c1", "", 3, 1500, 9000, 0), ErrOwnerFull)
	add(sk("c", "o2", "c1", "", 3, 1500, 9000, 0), nil)
	add(sk("d", "o3", "c1", "", 3, 1500, 9000, 0), ErrClientFull)
	add(sk("d", "o4", "c2", "", 3, 1500, 9000, 0), nil)
	add(sk("e", "o5", "c3", "", 3, 1500, 9000, 0), ErrBookFull)
	if n := b.RemoveOwner("o1"); n != 2 || b.Len() != 2 {
		t.Errorf("RemoveOwner took %d, %d left; want 2 and 2", n, b.Len())
	}
	if err := b.Remove("o9", "c"); !errors.Is(err, ErrNotFound) {
		t.Errorf("remove another's seek: %v; want ErrNotFound", err)
	}
	if err := b.Remove("o2", "c"); err != nil || b.Len() != 1 {
		t.Errorf("remove own seek: %v, %d left; want nil, 1", err, b.Len())
	}
	if tables := b.Tables(10); len(tables) != 1 || tables[0].Seeks[0].ID != "d" {
		t.Errorf("tables %+v; want d's alone", tables)
	}
}

// TestPlace: Place pairs as Memory does, case by case of TestPairing's
// table kept as a list of tables.
func TestPlace(t *testing.T) {
	seeks := []Seek{sk("a", "o1", "c1", "", 2, 1500, 1600, 0), sk("b", "o2", "c2", "", 2, 1500, 0, 0), sk("c", "o3", "c3", "", 2, 1500, 0, 0)}
	var tables []Table
	var full []Seek
	for i, s := range seeks {
		tables, full = Place(tables, s)
		if (full != nil) != (i == 2) {
			t.Fatalf("add %d filled %v", i, full)
		}
	}
	if len(full) != 2 || full[0].ID != "b" || full[1].ID != "c" {
		t.Errorf("full %v; want b, c", full)
	}
	if len(tables) != 1 || len(tables[0].Seeks) != 1 || tables[0].Seeks[0].ID != "a" {
		t.Errorf("left %+v; want a's table", tables)
	}
}
