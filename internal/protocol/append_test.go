package protocol

import (
	"encoding/json"
	"github.com/tabula-games/tabula/game/ui"
	"math/rand/v2"
	"reflect"
	"testing"
)

// randomText returns a string mixing plain notation with every kind of
// character encoding/json treats specially.
func randomText(rng *rand.Rand) string {
	pieces := []string{"", "d4", "a7-g1", "c4xb4", `"`, `\`, "<", ">", "&", "\n", "\t", "\b", "\f", "\r", "\x00", "\x1f",
		"é", "тест", "\u2028", "\u2029", "\xff", "\xe2\x80", "🙂", "light", " "}
	var b []byte
	for range rng.IntN(5) {
		b = append(b, pieces[rng.IntN(len(pieces))]...)
	}
	return string(b)
}

func randomInts(rng *rand.Rand) []int {
	switch rng.IntN(3) {
	case 0:
		return nil
	case 1:
		return []int{}
	}
	out := make([]int, 1+rng.IntN(4))
	for i := range out {
		out[i] = rng.IntN(2000) - 1000
	}
	return out
}

func randomStrings(rng *rand.Rand) []string {
	switch rng.IntN(3) {
	case 0:
		return nil
	case 1:
		return []string{}
	}
	out := make([]string, 1+rng.IntN(4))
	for i := range out {
		out[i] = randomText(rng)
	}
	return out
}

func randomClocks(rng *rand.Rand) *Clocks {
	c := &Clocks{Kind: randomText(rng), Running: rng.IntN(4) - 1, At: rng.Int64()}
	if rng.IntN(3) > 0 {
		c.Remaining = make([]int64, rng.IntN(4))
		for i := range c.Remaining {
			c.Remaining[i] = rng.Int64N(1<<50) - 1<<49
		}
	}
	return c
}

// randomMessage fills every field of a ServerMessage at random, leaving
// pointers and slices nil or empty now and then.
func randomMessage(rng *rand.Rand) ServerMessage {
	m := ServerMessage{Type: randomText(rng), ID: randomText(rng), Version: rng.Int64() - rng.Int64()}
	if rng.IntN(2) == 0 {
		s := rng.IntN(5) - 1
		m.Seat = &s
	}
	if rng.IntN(2) == 0 {
		m.Event = &Event{Kind: randomText(rng), Seat: rng.IntN(5) - 1, Move: randomText(rng)}
	}
	if rng.IntN(2) == 0 {
		m.Error = &Error{Code: Code(randomText(rng)), Message: randomText(rng)}
	}
	m.Seats = randomInts(rng)
	if rng.IntN(2) == 0 {
		d := &Delta{Ply: rng.IntN(400), ToMove: rng.IntN(8) - 2, Status: randomText(rng)}
		if rng.IntN(2) == 0 {
			d.Clocks = randomClocks(rng)
		}
		if rng.IntN(2) == 0 {
			d.Result = &Result{Winners: randomInts(rng), Scores: randomInts(rng), Reason: randomText(rng), Text: randomText(rng), AllLose: rng.IntN(2) == 0}
		}
		m.Delta = d
	}
	if rng.IntN(4) == 0 {
		return m
	}
	s := &State{Match: randomText(rng), Game: randomText(rng), Variant: randomText(rng), Players: rng.IntN(6), Rated: rng.IntN(2) == 0, Version: rng.Int64N(1 << 40), Shake: rng.IntN(5) - 1,
		Status: randomText(rng), Position: randomText(rng), ToMove: rng.IntN(8) - 2, LastMove: randomText(rng), Moves: randomStrings(rng),
		Offers: Offers{Draw: randomInts(rng), Takeback: rng.IntN(4) - 1, Rematch: randomInts(rng)}, Rematch: randomText(rng)}
	if rng.IntN(3) > 0 {
		s.Legal = []Move{}
		for range rng.IntN(6) {
			s.Legal = append(s.Legal, Move{Text: randomText(rng), From: randomText(rng), To: randomText(rng), Captures: randomStrings(rng)})
		}
	}
	if rng.IntN(2) == 0 {
		s.Clocks = randomClocks(rng)
	}
	if rng.IntN(2) == 0 {
		s.Result = &Result{Winners: randomInts(rng), Scores: randomInts(rng), Reason: randomText(rng), Text: randomText(rng), AllLose: rng.IntN(2) == 0}
	}
	if rng.IntN(3) > 0 {
		s.Seats = []Seat{}
		for i := range rng.IntN(5) {
			s.Seats = append(s.Seats, Seat{Seat: i, Name: randomText(rng), Kind: randomText(rng), Bot: randomText(rng), Username: randomText(rng), Taken: rng.IntN(2) == 0, Connected: rng.IntN(2) == 0})
		}
	}
	if rng.IntN(3) == 0 { // board forms (board.go)
		s.Board = randomBoard(rng)
	}
	m.State = s
	return m
}

// randomBoard is a board form with every field of its types set at
// random or left empty.
func randomBoard(rng *rand.Rand) *Board {
	piece := func() ui.Piece { return ui.Piece{Cell: randomText(rng), Owner: rng.IntN(3) - 1, Kind: randomText(rng)} }
	pieces := func() []ui.Piece {
		var ps []ui.Piece
		for range rng.IntN(3) {
			ps = append(ps, piece())
		}
		return ps
	}
	move := func() ui.Move {
		mv := ui.Move{Kind: randomText(rng), Pieces: randomStrings(rng), From: randomText(rng), To: randomText(rng), Dir: randomText(rng),
			Targets: randomStrings(rng), Piece: randomText(rng), Captures: randomStrings(rng), Off: randomStrings(rng)}
		for range rng.IntN(3) {
			mv.Slides = append(mv.Slides, ui.Slide{From: randomText(rng), To: randomText(rng), Owner: rng.IntN(3) - 1})
		}
		randomPalagoMove(rng, &mv)
		return mv
	}
	b := &Board{Position: ui.Position{Pieces: pieces(), Off: randomInts(rng), Scores: randomInts(rng), Closed: randomStrings(rng)}}
	for range rng.IntN(3) {
		b.Position.Reserve = append(b.Position.Reserve, randomStrings(rng))
		b.Position.Captured = append(b.Position.Captured, pieces())
	}
	randomPalagoBoard(rng, b)
	for range rng.IntN(4) {
		b.Moves = append(b.Moves, move())
	}
	if rng.IntN(2) == 0 {
		last := move()
		b.Last = &last
	}
	continuousFields(rng, b)
	return b
}

// continuousFields sets, at random, the fields of continuous and stacking
// boards (Villa Paletti; webvilla, issue 24) on b's pieces and moves, and
// its grouped moves.
func continuousFields(rng *rand.Rand, b *Board) {
	floats := func() []float64 {
		var fs []float64
		for range rng.IntN(4) {
			fs = append(fs, rng.NormFloat64()*100)
		}
		return fs
	}
	floor := func() ui.Floor { return ui.Floor{Name: randomText(rng), At: floats()} }
	piece := func(p *ui.Piece) {
		p.Colour, p.X, p.Y, p.Level, p.On, p.Frozen = randomText(rng), rng.NormFloat64()*100, rng.NormFloat64()*100, rng.IntN(6), randomText(rng), rng.IntN(2) == 0
	}
	for i := range b.Position.Pieces {
		piece(&b.Position.Pieces[i])
	}
	move := func(m *ui.Move) {
		m.At, m.Owner = floats(), rng.IntN(3)
		for range rng.IntN(3) {
			m.Each = append(m.Each, floats())
		}
	}
	for i := range b.Moves {
		move(&b.Moves[i])
	}
	if b.Last != nil {
		move(b.Last)
	}
	for range rng.IntN(3) {
		b.Position.Floors = append(b.Position.Floors, floor())
	}
	if rng.IntN(2) == 0 {
		f := floor()
		b.Position.Proposed = &f
	}
	b.Position.Seal, b.Position.Phase, b.Position.Turn = randomInts(rng), randomText(rng), rng.IntN(5)
	if rng.IntN(2) == 0 {
		b.Groups, b.Moves = b.Moves, nil
	}
}

// TestAppendJSONMatchesMarshal checks the hand-written encoder byte for
// byte against encoding/json on random messages, and that the messages
// set every field of every type the encoder writes at least once (so a
// field added to a wire type is compared too, or this fails).
func TestAppendJSONMatchesMarshal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	unset := map[string]bool{}
	var note func(prefix string, v reflect.Value, set bool)
	note = func(prefix string, v reflect.Value, set bool) {
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				note(prefix, v.Elem(), set)
			}
		case reflect.Slice:
			for i := range v.Len() {
				note(prefix, v.Index(i), set)
			}
		case reflect.Struct:
			for i := range v.NumField() {
				name := v.Type().Name() + "." + v.Type().Field(i).Name
				if _, seen := unset[name]; !seen {
					unset[name] = true
				}
				if !v.Field(i).IsZero() {
					unset[name] = false
				}
				note(name, v.Field(i), set)
			}
		}
	}
	for i := range 5000 {
		m := randomMessage(rng)
		note("", reflect.ValueOf(m), true)
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.AppendJSON(nil); string(got) != string(want) {
			t.Fatalf("message %d:\n got %s\nwant %s", i, got, want)
		}
	}
	for name, never := range unset {
		if never {
			t.Errorf("randomMessage never sets %s: the encoder is not compared on it", name)
		}
	}
}

// FuzzAppendJSON compares the encoders on arbitrary strings in every
// string-typed position.
func FuzzAppendJSON(f *testing.F) {
	for _, s := range []string{"", "d4", `"\<>&`, "\u2028\xff\x00", "тест🙂"} {
		f.Add(s, int64(3))
	}
	f.Fuzz(func(t *testing.T, s string, v int64) {
		seat := int(v % 7)
		m := ServerMessage{Type: s, ID: s, Version: v, Seat: &seat, Seats: []int{seat}, Event: &Event{Kind: s, Seat: seat, Move: s}, Error: &Error{Code: Code(s), Message: s},
			Delta: &Delta{Ply: seat, ToMove: seat, Status: s, Clocks: &Clocks{Kind: s}, Result: &Result{Reason: s, Text: s}},
			State: &State{Match: s, Game: s, Variant: s, Status: s, Position: s, LastMove: s, Rematch: s, Moves: []string{s},
				Legal: []Move{{Text: s, From: s, To: s, Captures: []string{s}}}, Seats: []Seat{{Name: s, Kind: s, Bot: s}},
				Clocks: &Clocks{Kind: s, Remaining: []int64{v}}, Result: &Result{Reason: s, Text: s, Winners: []int{seat}}}}
		want, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.AppendJSON(nil); string(got) != string(want) {
			t.Fatalf("\n got %s\nwant %s", got, want)
		}
	})
}

func BenchmarkAppendJSON(b *testing.B) {
	m := benchUpdate()
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		buf = m.AppendJSON(buf[:0])
	}
}

func BenchmarkMarshalUpdate(b *testing.B) {
	m := benchUpdate()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(m); err != nil {
			b.Fatal(err)
		}
	}
}

// benchUpdate is a Pathagon-sized update: 40 legal moves, 20 moves played.
func benchUpdate() ServerMessage {
	s := &State{Match: "m_0123456789", Game: "pathagon", Variant: "standard", Players: 2, Version: 23, Status: StatusLive,
		Position: "7/7/2X4/3O3/7/7/7 x 14 14 0", ToMove: 0, LastMove: "d4", Offers: Offers{Draw: []int{}, Takeback: -1, Rematch: []int{}},
		Seats: []Seat{{Seat: 0, Name: "light", Kind: SeatHuman, Taken: true, Connected: true}, {Seat: 1, Name: "dark", Kind: SeatBot, Bot: "random", Taken: true, Connected: true}}}
	for i := range 40 {
		s.Legal = append(s.Legal, MoveForm(string(rune('a'+i%7))+string(rune('1'+i/7))))
	}
	for i := range 20 {
		s.Moves = append(s.Moves, string(rune('a'+i%7))+string(rune('1'+i%7)))
	}
	return ServerMessage{Type: TypeUpdate, Version: 23, Event: &Event{Kind: EventMove, Seat: 1, Move: "d4"}, State: s}
}
