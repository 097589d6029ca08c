package main

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
	"github.com/tabula-games/tabula/internal/protocol"
)

// playedGame is a random Pathagon game to the end, as the server would
// send it to a delta client: the welcome (the start, as a full state),
// then per ply the delta update, the ack of the move, and the position
// after it (from Play, the immutable path).
type playedGame struct {
	welcome []byte
	deltas  [][]byte
	acks    [][]byte
	after   []string // after[i] is the position text after deltas[i]
	hashes  []uint64 // hashes[i] is the position hash after deltas[i]
	seats   []int    // seats[i] made the move of deltas[i]
}

func playGame(t testing.TB, seed uint64) playedGame {
	t.Helper()
	var s game.State
	s, err := pathagon.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	welcome, err := json.Marshal(protocol.ServerMessage{Type: protocol.TypeWelcome, Version: 0,
		State: &protocol.State{Game: "pathagon", Players: 2, Version: 0, Status: protocol.StatusLive, ToMove: 0, Moves: []string{}}})
	if err != nil {
		t.Fatal(err)
	}
	g := playedGame{welcome: welcome}
	rng := rand.New(rand.NewPCG(seed, 7))
	for v := int64(1); ; v++ {
		moves := s.LegalMoves(nil)
		if len(moves) == 0 {
			break
		}
		m := moves[rng.IntN(len(moves))]
		seat := int(s.ToMove())
		text := s.MoveString(m)
		if s, err = s.Play(m); err != nil {
			t.Fatal(err)
		}
		d := &protocol.Delta{Ply: int(v), ToMove: int(s.ToMove())}
		if _, over := s.Outcome(); over {
			d.Status = protocol.StatusFinished
		}
		update := protocol.ServerMessage{Type: protocol.TypeUpdate, Version: v,
			Event: &protocol.Event{Kind: protocol.EventMove, Seat: seat, Move: text}, Delta: d}
		ack := protocol.ServerMessage{Type: protocol.TypeAck, ID: "m1", Version: v}
		g.deltas = append(g.deltas, update.AppendJSON(nil))
		g.acks = append(g.acks, ack.AppendJSON(nil))
		g.after = append(g.after, s.String())
		g.hashes = append(g.hashes, s.Hash())
		g.seats = append(g.seats, seat)
	}
	if len(g.deltas) < 20 {
		t.Fatalf("seed %d: a game of %d plies; pick a longer one", seed, len(g.deltas))
	}
	return g
}

// newTestPlayer is a delta player holding both seats of a match of its
// own, without a connection (so a resync, which writes a hello, must
// not happen).
func newTestPlayer(plies int) *player {
	m := &match{lat: make([]time.Duration, 0, plies)}
	p := &player{m: m, stats: &stats{errors: map[string]int{}}, info: pathagon.Info, delta: true, texts: newInterner(), positions: newPositions()}
	m.seats = []*player{p}
	return p
}

// TestHandleAllocs checks that the reader's steady path allocates
// nothing: an ack (the round trip recorded) and a delta update (parsed,
// the move played on the position in place), over a whole game, with
// the texts already interned (one earlier game). Each allocation on
// 10 000 reader goroutines during a collection's mark parked them
// all until it ended. The position stays the one Play gives.
func TestHandleAllocs(t *testing.T) {
	g := playGame(t, 3)
	p := newTestPlayer(len(g.deltas))
	ctx := context.Background()
	// First game: the welcome's full state (allocates), the texts interned.
	p.handle(ctx, g.welcome)
	for _, d := range g.deltas {
		p.handle(ctx, d)
	}
	if p.desync != 0 {
		t.Fatalf("first game: %d desyncs", p.desync)
	}
	p.handle(ctx, g.welcome)
	if p.mut == nil || p.pos != game.State(p.mut) {
		t.Fatalf("after the welcome: pos %T, mut %v: want the Mutable fast path", p.pos, p.mut)
	}
	i := 0
	allocs := testing.AllocsPerRun(len(g.deltas)-1, func() { // runs once more to warm up
		p.m.inflight, p.m.sentSeat = true, g.seats[i]
		p.handle(ctx, g.acks[i])
		p.handle(ctx, g.deltas[i])
		if got := p.pos.Hash(); got != g.hashes[i] { // String would allocate
			t.Fatalf("ply %d: position hash %#x, want %#x", i+1, got, g.hashes[i])
		}
		i++
	})
	if allocs != 0 {
		t.Errorf("an ack and a delta: %v allocations, want 0", allocs)
	}
	if p.desync != 0 || p.light.Version != int64(len(g.deltas)) || p.light.Status != protocol.StatusFinished || p.light.ToMove != -1 {
		t.Errorf("at the end: %d desyncs, version %d (want %d), status %q, to move %d", p.desync, p.light.Version, len(g.deltas), p.light.Status, p.light.ToMove)
	}
	if got, want := p.pos.String(), g.after[len(g.after)-1]; got != want {
		t.Errorf("final position %q, want %q", got, want)
	}
	if len(p.m.lat) != len(g.deltas) {
		t.Errorf("%d round trips recorded, want %d", len(p.m.lat), len(g.deltas))
	}
}

// TestApplyMismatch checks that a delta that does not fit leaves the
// position as it was (the resync that follows replaces it anyway, but a
// delta applied in place must not stay applied with the old version).
func TestApplyMismatch(t *testing.T) {
	g := playGame(t, 3)
	p := newTestPlayer(len(g.deltas))
	if err := p.apply(g.welcome); err != nil {
		t.Fatal(err)
	}
	if err := p.apply(g.deltas[0]); err != nil {
		t.Fatal(err)
	}
	before, version := p.pos.String(), p.light.Version
	wrongSeat := protocol.ServerMessage{Type: protocol.TypeUpdate, Version: 2,
		Event: &protocol.Event{Kind: protocol.EventMove, Seat: 1, Move: mustText(t, g.deltas[1])},
		Delta: &protocol.Delta{Ply: 2, ToMove: 1}} // after seat 1 moves, seat 0 is to move
	tests := []struct {
		name string
		msg  []byte
		want error
	}{
		{"seat to move differs", wrongSeat.AppendJSON(nil), errToMove},
		{"version skipped", g.deltas[2], errVersion},
		{"version repeated", g.deltas[0], errVersion},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := p.apply(tt.msg); !errors.Is(err, tt.want) {
				t.Errorf("apply: %v, want %v", err, tt.want)
			}
			if got := p.pos.String(); got != before || p.light.Version != version {
				t.Errorf("position %q at version %d, want %q at %d", got, p.light.Version, before, version)
			}
		})
	}
	if err := p.apply(g.deltas[1]); err != nil {
		t.Errorf("the fitting delta after them: %v", err)
	}
	if got := p.pos.String(); got != g.after[1] {
		t.Errorf("position %q, want %q", got, g.after[1])
	}
}

func mustText(t *testing.T, delta []byte) string {
	t.Helper()
	d, err := parseDelta(delta, nil)
	if err != nil {
		t.Fatal(err)
	}
	return d.move
}

// TestReserve checks that reserving the undo stack leaves the position
// as it was, in the middle of a game and at its end.
func TestReserve(t *testing.T) {
	g := playGame(t, 5)
	start, err := pathagon.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var s game.State = start
	for i, d := range g.deltas {
		m, err := s.ParseMove(mustText(t, d))
		if err != nil {
			t.Fatal(err)
		}
		if s, err = s.Play(m); err != nil {
			t.Fatal(err)
		}
		if i != 10 && i != len(g.deltas)-1 {
			continue
		}
		mut := (*positions)(nil).mutable(s, gameKind{})
		if mut == nil {
			t.Fatal("pathagon: no Mutable")
		}
		var pos game.State = mut
		if pos.String() != s.String() || pos.Hash() != s.Hash() || pos.ToMove() != s.ToMove() {
			t.Errorf("ply %d: reserved %q, want %q", i+1, pos.String(), s.String())
		}
		o1, over1 := pos.Outcome()
		o2, over2 := s.Outcome()
		if over1 != over2 || o1.Reason != o2.Reason {
			t.Errorf("ply %d: outcome %v %v, want %v %v", i+1, o1, over1, o2, over2)
		}
	}
}

// fullState is the full state a resync brings after the first plies of
// g: its move list.
func (g playedGame) fullState(t *testing.T, plies int) []byte {
	t.Helper()
	moves := []string{}
	for _, d := range g.deltas[:plies] {
		moves = append(moves, mustText(t, d))
	}
	raw, err := json.Marshal(protocol.ServerMessage{Type: protocol.TypeWelcome, Version: int64(plies),
		State: &protocol.State{Game: "pathagon", Players: 2, Version: int64(plies), Status: protocol.StatusLive, ToMove: plies % 2, Moves: moves}})
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// TestFullState checks the full-state path of a delta player: a resync
// replays the match's moves on the player's own Mutable (rewound), later
// or earlier in the game than the player was, and the deltas after it fit.
func TestFullState(t *testing.T) {
	g := playGame(t, 3)
	p := newTestPlayer(len(g.deltas))
	if err := p.apply(g.welcome); err != nil {
		t.Fatal(err)
	}
	mut := p.mut
	for _, plies := range []int{5, 17, 2, 17} {
		if err := p.apply(g.fullState(t, plies)); err != nil {
			t.Fatal(err)
		}
		if p.mut != mut || p.applied != plies || p.light.Version != int64(plies) {
			t.Fatalf("after %d plies: Mutable %p (want %p), %d applied, version %d", plies, p.mut, mut, p.applied, p.light.Version)
		}
		if got := p.pos.String(); got != g.after[plies-1] {
			t.Fatalf("after %d plies: position %q, want %q", plies, got, g.after[plies-1])
		}
	}
	for i := 17; i < 20; i++ {
		if err := p.apply(g.deltas[i]); err != nil {
			t.Fatalf("delta %d after the resync: %v", i+1, err)
		}
	}
	if got := p.pos.String(); got != g.after[19] {
		t.Errorf("position %q, want %q", got, g.after[19])
	}
}

// TestPositionsRecycled checks that a closed connection's position goes
// back to the run's free list at the start of its game, and that the next
// match's welcome takes it, without a new Mutable.
func TestPositionsRecycled(t *testing.T) {
	g := playGame(t, 3)
	p := newTestPlayer(len(g.deltas))
	if err := p.apply(g.welcome); err != nil {
		t.Fatal(err)
	}
	for _, d := range g.deltas[:30] {
		if err := p.apply(d); err != nil {
			t.Fatal(err)
		}
	}
	mut := p.mut
	p.release()
	if p.pos != nil || p.mut != nil || p.applied != 0 {
		t.Fatalf("released: pos %v, mut %v, %d applied", p.pos, p.mut, p.applied)
	}
	q := newTestPlayer(len(g.deltas))
	q.positions = p.positions
	if err := q.apply(g.welcome); err != nil {
		t.Fatal(err)
	}
	if q.mut != mut {
		t.Errorf("the next welcome took a new Mutable, not the free one")
	}
	start, err := pathagon.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.pos.String(), start.String(); got != want {
		t.Errorf("the recycled position is %q, want the start %q", got, want)
	}
	if got := q.positions.get(gameKind{players: 2}); got != nil {
		t.Errorf("the free list still holds %v", got)
	}
}

// TestNextAllocs checks that the scheduler's steady path allocates
// nothing: pick a random legal move and write its command, once the
// picker knows the texts of the position's moves. It also checks that
// the text is the move's notation.
func TestNextAllocs(t *testing.T) {
	g := playGame(t, 3)
	p := newTestPlayer(len(g.deltas))
	for _, msg := range append([][]byte{g.welcome}, g.deltas[:40]...) {
		if err := p.apply(msg); err != nil {
			t.Fatal(err)
		}
	}
	pick := newPicker(nil)
	legal := p.pos.LegalMoves(nil)
	for _, m := range legal {
		if got, want := pick.text(p.pos, m), p.pos.MoveString(m); got != want {
			t.Fatalf("text %q, want %q", got, want)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	out := make([]byte, 0, 128)
	allocs := testing.AllocsPerRun(100, func() {
		s, text, err := p.next(rng, pick)
		if err != nil || text == "" {
			t.Fatalf("next: %q, %v", text, err)
		}
		out = appendMove(out[:0], 1, s.Version, text, s.ToMove)
	})
	if allocs != 0 {
		t.Errorf("next and the move command: %v allocations, want 0", allocs)
	}
	// A cached text is used only where it reads as the same move.
	m := legal[0]
	pick.texts[m] = p.pos.MoveString(legal[1])
	if got, want := pick.text(p.pos, m), p.pos.MoveString(m); got != want {
		t.Errorf("with a wrong text kept: %q, want %q", got, want)
	}
}

// TestReserveRoom checks that a new position has room for a whole game
// (seed 3 reaches Pathagon's ply cap, 300) without its undo stack
// growing: both the first of its kind, which finds the moves that
// reserve the room, and a later one, which replays them.
func TestReserveRoom(t *testing.T) {
	g := playGame(t, 3)
	if len(g.deltas) < 300 {
		t.Fatalf("a game of %d plies, want the ply cap", len(g.deltas))
	}
	start, err := pathagon.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var moves []game.Move
	var s game.State = start
	for _, d := range g.deltas {
		m, err := s.ParseMove(mustText(t, d))
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, m)
		if s, err = s.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	ps := newPositions()
	for _, name := range []string{"found", "replayed"} {
		t.Run(name, func(t *testing.T) {
			mut := ps.mutable(start, gameKind{players: 2})
			if got, want := mut.String(), start.String(); got != want {
				t.Fatalf("new position %q, want the start %q", got, want)
			}
			played := false
			allocs := testing.AllocsPerRun(1, func() {
				if played { // the first run is AllocsPerRun's warm-up
					for _, m := range moves {
						mut.Apply(m)
					}
					for range moves {
						mut.Undo()
					}
				}
				played = true
			})
			if allocs != 0 {
				t.Errorf("a game of %d plies in place: %v allocations, want 0", len(moves), allocs)
			}
		})
	}
	if len(ps.lines[gameKind{players: 2}]) < len(moves) {
		t.Errorf("reserved %d plies, want %d", len(ps.lines[gameKind{players: 2}]), len(moves))
	}
}

// TestPickedTextInterned checks that the delta of a move the scheduler
// picked, new to the run, allocates nothing on the reader: the picker
// interned its text.
func TestPickedTextInterned(t *testing.T) {
	g := playGame(t, 3)
	p := newTestPlayer(len(g.deltas))
	for _, msg := range append([][]byte{g.welcome}, g.deltas[:40]...) { // texts interned up to ply 40
		if err := p.apply(msg); err != nil {
			t.Fatal(err)
		}
	}
	pick := newPicker(p.texts)
	s, text, err := p.next(rand.New(rand.NewPCG(4, 5)), pick)
	if err != nil || text == "" {
		t.Fatalf("next: %q, %v", text, err)
	}
	update := protocol.ServerMessage{Type: protocol.TypeUpdate, Version: s.Version + 1,
		Event: &protocol.Event{Kind: protocol.EventMove, Seat: s.ToMove, Move: text}, Delta: &protocol.Delta{Ply: 41, ToMove: 1 - s.ToMove}}
	raw := update.AppendJSON(nil)
	applied := false
	allocs := testing.AllocsPerRun(1, func() {
		if applied { // the first run is AllocsPerRun's warm-up
			if err := p.apply(raw); err != nil {
				t.Fatal(err)
			}
		}
		applied = true
	})
	if allocs != 0 {
		t.Errorf("the delta of a picked move: %v allocations, want 0", allocs)
	}
	if p.light.Version != s.Version+1 {
		t.Errorf("version %d, want %d", p.light.Version, s.Version+1)
	}
}
