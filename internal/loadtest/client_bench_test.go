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
// ParseMove, then Apply on the player's Mutable copy; sub-benchmark
// "play": Play, the path of a game without a Mutable, and of every game
// before s7load). 2 000 players advance in turn, one move per op, so each
// one's memory is as cold as with 10 000 live connections. The moves
// come from 16 seeded games of 280 plies that never end early (next's
// own pick is only timed), so every player's history grows to 280
// positions before it starts over (a new match: the Mutable rewound, as
// a recycled one is); the delta is encoded by the server's own encoder,
// in the loop.
func BenchmarkClientMove(b *testing.B) {
	b.Run("mutable", func(b *testing.B) { benchmarkClientMove(b, true) })
	b.Run("play", func(b *testing.B) { benchmarkClientMove(b, false) })
}

func benchmarkClientMove(b *testing.B, inPlace bool) {
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
	interned, free := newInterner(), newPositions()
	for i := range ps {
		at[i] = i * plies / players // spread over the game, as live matches are
		p := &player{delta: true, texts: interned, pos: start, light: lightState{Version: int64(at[i]), Status: protocol.StatusLive}}
		if inPlace {
			p.mut = free.mutable(start, gameKind{})
			p.pos = p.mut
		}
		for _, text := range texts[i%lines][:at[i]] {
			m, _ := p.pos.ParseMove(text)
			if inPlace {
				p.mut.Apply(m)
				p.applied++
			} else {
				p.pos, _ = p.pos.Play(m)
			}
		}
		p.light.ToMove = int(p.pos.ToMove())
		ps[i] = p
	}
	var raw []byte
	k := newPicker(interned)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		p := ps[i]
		if at[i] == plies { // a new match: a recycled position, or a new one
			if inPlace {
				p.rewind()
			} else {
				p.pos = start
			}
			p.light, at[i] = lightState{Status: protocol.StatusLive}, 0
		}
		s, text, err := p.next(rng, k)
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
