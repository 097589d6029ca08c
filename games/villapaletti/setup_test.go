package villapaletti

import (
	"testing"

	"github.com/tabula-games/tabula/game"
)

// TestCustomSetup_3_5 checks the custom setup: players place their columns
// inside the building site, then the start player lays the blue floor on at
// least three columns, and it must stand.
func TestCustomSetup_3_5(t *testing.T) {
	gs, err := Info.New(game.Options{Players: 4, Seed: 2, Values: map[string]string{"setup": "custom"}})
	if err != nil {
		t.Fatal(err)
	}
	s := gs.(*State)
	if s.phase != phaseSetup || s.floors != 0 || s.ToMove() != game.Player(s.start) {
		t.Fatalf("custom start: %s", s)
	}
	own := ColumnOf(Colour(s.turn), 0)
	other := ColumnOf(Colour((s.turn+1)%4), 0)
	illegal(t, s, "take "+own.String()+" from hand to (72.5,0)") // 72.5 + 8 > R_b = 80
	illegal(t, s, "take "+other.String()+" from hand to (0,0)")  // another player's column
	next := play(t, s, "take "+own.String()+" from hand to (72,0)")
	if lv, at := next.ColumnAt(own); lv != 0 || at.X != 72 || next.ToMove() != game.Player((s.turn+1)%4) {
		t.Errorf("after the placement: level %d at %v, %v to move", lv, at, next.ToMove())
	}
	illegal(t, next, "take "+ColumnOf(Colour(next.turn), 0).String()+" from hand to (63,0)") // within 1 mm of it

	t.Run("blue needs three supports and must stand", func(t *testing.T) {
		b := scenario(t, 4, nil)
		b.floors, b.phase, b.turn = 0, phaseBlue, 2
		put(b, blueThin1, 0, 60, 0)
		put(b, blueThin2, 0, 52, 9)
		illegal(t, b, "place blue at (0,0,0)") // two supports
		put(b, blueThin3, 0, 52, -9)
		illegal(t, b, "place blue at (0,0,0)") // three, clustered far from the centre: it would fall
		legs(b, 0, blueThin1, blueThin2, blueThin3)
		put(b, greenThick, 0, 0, -60) // green, the start player, can act
		b = play(t, b, "place blue at (0,0,0)")
		if b.floors != 1 || b.phase != phaseTurn || b.ToMove() != 2 {
			t.Errorf("after the blue floor: %s", b)
		}
	})
}
