package cluster

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/seek"
)

// TestSeekBookConcurrent: two nodes add 60 seeks of one kind at once,
// half each, to the shared book. Every seek fits every other, so each
// must be seated exactly once: 30 pairings, no seek in two of them, none
// lost, the book empty after.
func TestSeekBookConcurrent(t *testing.T) {
	url := startNATS(t)
	ctx := context.Background()
	lim := seek.Limits{MaxPerOwner: 3, MaxPerClient: 6, MaxTotal: 1000}
	var books []*SeekBook
	for range 2 {
		n := joinNode(t, url, &hostLog{})
		b, err := openSeekBook(ctx, n, lim, func() {})
		if err != nil {
			t.Fatal(err)
		}
		books = append(books, b)
	}
	const seeks = 60
	var mu sync.Mutex
	seated := map[string]int{}
	pairings := 0
	var wg sync.WaitGroup
	for i := range seeks {
		wg.Go(func() {
			s := seek.Seek{ID: fmt.Sprintf("s%d", i), Key: seek.Key{Game: "g", Players: 2, Kind: "none"},
				Owner: fmt.Sprintf("o%d", i), Client: fmt.Sprintf("c%d", i), Created: time.Now()}
			full, err := books[i%2].Add(s)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if full != nil {
				pairings++
				for _, o := range full {
					seated[o.ID]++
				}
			}
		})
	}
	wg.Wait()
	if pairings != seeks/2 || len(seated) != seeks {
		t.Errorf("%d pairings seating %d seeks; want %d and %d", pairings, len(seated), seeks/2, seeks)
	}
	for id, k := range seated {
		if k != 1 {
			t.Errorf("seek %s seated %d times", id, k)
		}
	}
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if books[0].Len() == 0 && books[1].Len() == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("books hold %d and %d seeks after every seek was paired", books[0].Len(), books[1].Len())
		}
	}
}

// TestSeekBookRemoveAtOnce: a seek removed (by id, or with its
// connection) right after it was added leaves the book, though the
// node's watched copy may not show it yet.
func TestSeekBookRemoveAtOnce(t *testing.T) {
	url := startNATS(t)
	n := joinNode(t, url, &hostLog{})
	b, err := openSeekBook(context.Background(), n, seek.Limits{MaxPerOwner: 3, MaxPerClient: 6, MaxTotal: 1000}, func() {})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		s := seek.Seek{ID: fmt.Sprintf("s%d", i), Key: seek.Key{Game: "g", Players: 3, Kind: "none"}, Owner: fmt.Sprintf("o%d", i), Client: "c", Created: time.Now()}
		if _, err := b.Add(s); err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			if k := b.RemoveOwner(s.Owner); k != 1 {
				t.Fatalf("RemoveOwner right after Add took %d seeks; want 1", k)
			}
		} else if err := b.Remove(s.Owner, s.ID); err != nil {
			t.Fatalf("Remove right after Add: %v", err)
		}
	}
	for deadline := time.Now().Add(5 * time.Second); b.Len() != 0; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the book holds %d seeks; want none", b.Len())
		}
	}
}
