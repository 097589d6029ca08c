package main

import (
	"math/rand/v2"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
	"github.com/tabula-games/tabula/internal/protocol"
)

// BenchmarkClientMove is the load generator's own work for one move of a
// delta client, without the sockets: pick a random legal move (next),
// then read the server's delta update for a move (apply: parse,
// ParseMove, Play). 2 000 players advance in turn, one move per op, so
// each one's memory is as cold as with 10 000 live connections. The
// moves come from 16 seeded games of 280 plies that never end early
// (next's own pick is only timed), so every player's history grows to
// 280 positions before it starts over; the delta is encoded by the
// server's own encoder, in the loop.
func BenchmarkClientMove(b *testing.B) {
	const players, lines, plies = 2000, 16, 280
	start, err := pathagon.New(game.Options{})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	texts := make([][]string, lines)
	for i := range texts {
		var s game.State = start
		for len(texts[i]) < plies {
			moves := s.LegalMoves(nil)
			rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
			ok := false
			for _, m := range moves {
				t, err := s.Play(m)
				if err != nil {
					b.Fatal(err)
				}
				if _, over := t.Outcome(); !over {
					texts[i] = append(texts[i], s.MoveString(m))
					s, ok = t, true
					break
				}
			}
			if !ok {
				b.Fatalf("line %d: every move ends the game at ply %d", i, len(texts[i]))
			}
		}
	}
	ps := make([]*player, players)
	at := make([]int, players)
	for i := range ps {
		ps[i] = &player{delta: true, pos: start, light: lightState{Status: protocol.StatusLive}}
		at[i] = i * plies / players // spread over the game, as live matches are
		for _, text := range texts[i%lines][:at[i]] {
			m, _ := ps[i].pos.ParseMove(text)
			ps[i].pos, _ = ps[i].pos.Play(m)
		}
		ps[i].light.Version, ps[i].light.ToMove = int64(at[i]), int(ps[i].pos.ToMove())
	}
	var raw []byte
	var legal []game.Move
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := ps[i]
		if at[i] == plies {
			p.pos, p.light, at[i] = start, lightState{Status: protocol.StatusLive}, 0
		}
		s, text, err := p.next(rng, &legal)
		if err != nil || text == "" {
			b.Fatalf("next: %q %v", text, err)
		}
		msg := protocol.ServerMessage{Type: protocol.TypeUpdate, Version: s.Version + 1,
			Event: &protocol.Event{Kind: protocol.EventMove, Seat: s.ToMove, Move: texts[i%lines][at[i]]},
			Delta: &protocol.Delta{Ply: int(s.Version) + 1, ToMove: 1 - s.ToMove}}
		raw = msg.AppendJSON(raw[:0])
		if err := p.apply(raw); err != nil {
			b.Fatal(err)
		}
		at[i]++
		if i++; i == players {
			i = 0
		}
	}
}
