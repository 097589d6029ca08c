package server

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/sqlite"
)

// bindFails is a store whose BindSeat fails for seat 1 as a database
// failing between two steps would: a join that binds its seat in a step
// of its own after the join committed leaves the seat without its
// account.
type bindFails struct{ *sqlite.DB }

func (b bindFails) BindSeat(ctx context.Context, account string, ref store.SeatRef) error {
	if ref.Seat == 1 {
		return fmt.Errorf("bindFails: %w", store.ErrUnavailable)
	}
	return b.DB.BindSeat(ctx, account, ref)
}

// TestJoinBindsSeatInItsTransaction: a logged-in player's join stores the
// seat and its account together (the join's Change carries the binding),
// so a rated match never has a seat taken by a player that is no
// account's, whatever fails after the join.
func TestJoinBindsSeatInItsTransaction(t *testing.T) {
	h := rated(t, func(c *Config) { c.Store = bindFails{c.Store.(*sqlite.DB)} })
	ds := h.players("alice", "bob")
	id, _ := seatAll(t, ds, protocol.CreateRequest{Game: "pathagon", Rated: true, TimeControl: fischer})
	got, err := h.db.SeatAccounts(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	alice, _ := h.db.AccountByName(context.Background(), "alice")
	bob, _ := h.db.AccountByName(context.Background(), "bob")
	if got[0] != alice.ID || got[1] != bob.ID {
		t.Errorf("after bob joined seat 1 the seats are held by %v; want seat 0 %s and seat 1 %s", got, alice.ID, bob.ID)
	}
	if st := h.srv.mustSnap(t, id); st.Status != protocol.StatusLive {
		t.Errorf("match %s is %s; want live", id, st.Status)
	}
}

// TestJoinOfHeldSeatRefused: a join whose binding the store refuses
// (another account holds the seat) keeps nothing: the seat stays open
// and the join is answered seat-taken.
func TestJoinOfHeldSeatRefused(t *testing.T) {
	h := rated(t)
	ds := h.players("alice", "bob", "carol")
	zero, one := 0, 1
	var created protocol.CreateResponse
	ds[0].must(http.StatusCreated, "POST", "/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero}, &created)
	id := created.Match.ID
	carol, _ := h.db.AccountByName(context.Background(), "carol")
	// Seat 1 is open in the match but recorded as carol's (as a
	// binding from another server process might be).
	if err := h.db.BindSeat(context.Background(), carol.ID, store.SeatRef{Match: id, Seat: 1}); err != nil {
		t.Fatal(err)
	}
	if st, code := ds[1].call("POST", "/api/matches/"+id+"/join", protocol.JoinRequest{Seat: &one}, nil); st != http.StatusConflict || code != protocol.CodeSeatTaken {
		t.Fatalf("bob's join of carol's seat: %d %s; want 409 seat-taken", st, code)
	}
	m, _, err := h.db.Load(context.Background(), id)
	if err != nil || m.Seats[1].TokenHash != "" || m.Status != store.StatusWaiting {
		t.Errorf("after the refused join the match is %+v, %v; want seat 1 open, waiting", m, err)
	}
}
