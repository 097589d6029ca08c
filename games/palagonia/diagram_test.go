package palagonia

import (
	"testing"

	"github.com/tabula-games/tabula/game"
)

// TestDiagram checks the terminal diagram of positions from a seeded
// three-player game: the start roll-off (docs/rules/palagonia.md#start), the starter's first
// placement on an empty table, the choice between two dice (docs/rules/palagonia.md#a-turn) and a
// removal after rolling X and R (docs/rules/palagonia.md#actions).
func TestDiagram(t *testing.T) {
	for _, tc := range []struct{ name, position, want string }{
		{"start roll-off", "start - rolls=4?- scores=0,0,0 bag=48 table=-", "" +
			"(no tiles on the table: the first goes on 0,0)\n" +
			"start roll-off: p1 4 p2 ? p3 -; p2 rolls\n" +
			"scores p1 0, p2 0, p3 0\n" +
			"bag 48"},
		{"first placement", "place p2 dice=5 left=5 placed=0 scores=0,0,0 bag=48 table=-", "" +
			"(no tiles on the table: the first goes on 0,0)\n" +
			"dice 5\n" +
			"p2 to place 5 tiles\n" +
			"scores p1 0, p2 0, p3 0\n" +
			"bag 48"},
		{"choose", "choose p3 dice=2+4 scores=0,0,0 bag=43 table=(0,0):2+(1,0):1+(1,-1):0+(2,-1):1+(2,0):1", "" +
			"         1,-2    2,-2    3,-2\n" +
			"\n" +
			"                 A     B\n" +
			"     0,-1    1,-1    2,-1    3,-1\n" +
			"             B         A\n" +
			"         A         B       B\n" +
			" -1,0     0,0     1,0     2,0     3,0\n" +
			"             B     A       A\n" +
			"\n" +
			"     -1,1     0,1     1,1     2,1\n" +
			"dice 2 4\n" +
			"p3 to choose a die (use:2 or use:4)\n" +
			"scores p1 0, p2 0, p3 0\n" +
			"bag 43"},
		{"place, extra turn", "place p3 dice=2+2 left=1 placed=1 extra scores=0,5,3 bag=42 table=(0,0):2+(1,0):1+(1,-1):0+(2,-1):1+(2,0):1+(3,-2):0", "" +
			"                     3,-3    4,-3\n" +
			"\n" +
			"                             A\n" +
			"         1,-2    2,-2    3,-2    4,-2\n" +
			"                         B\n" +
			"                 A     B\n" +
			"     0,-1    1,-1    2,-1    3,-1\n" +
			"             B         A\n" +
			"         A         B       B\n" +
			" -1,0     0,0     1,0     2,0     3,0\n" +
			"             B     A       A\n" +
			"\n" +
			"     -1,1     0,1     1,1     2,1\n" +
			"dice 2 2 (extra turn)\n" +
			"p3 to place 1 more tile\n" +
			"scores p1 0, p2 5, p3 3\n" +
			"bag 42"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Info.ParsePosition(tc.position, game.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if got := s.(*State).Diagram(); got != tc.want {
				t.Errorf("Diagram:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}
