package talat_test

import (
	"path/filepath"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/talat"
)

// TestDiagram compares the terminal diagram of positions from setup to the
// end with testdata/diagram/*.golden (regenerate with -update): towers by
// their notation on the three boards, reserves, captures, scores (docs/rules/talat.md#end-and-scoring),
// closed boards (docs/rules/talat.md#closing-boards) and the spirit of Palat (docs/rules/talat.md#palat-two-players-and-the-spirit).
func TestDiagram(t *testing.T) {
	for _, tc := range []struct{ name, position string }{
		// The start of Talat: every tower in reserve, black to place.
		{"talat-start", "talat 0 B01=...../...../...../...../..... B02=...../...../...../...../..... B12=...../...../...../...../..... reserve=S3S4S6M3M4M6L3L4L6/S3S4S6M3M4M6L3L4L6/S3S4S6M3M4M6L3L4L6 taken=-/-/- closed=-"},
		// The last position of testdata/playthroughs/talat-1.golden: two
		// boards closed, grey wins 22 to 19 and 9.
		{"talat-end", "talat - B01=.1M4.1L4./1L6..../.0M3.../..0L6../0S6.0M60L4. B02=2S4..../....2M4/0L3.0S3.2L3/0M4..../..... B12=.2L42S62M6./...../...2S31S4/..1M31L3./1S3...2M3 reserve=-/-/- taken=1S6,2L6/-/0S4,1M6 closed=B01,B02"},
		// Palat, testdata/playthroughs/palat-1.golden ply 2: two of
		// the spirit's towers placed, white to place the next one (docs/rules/talat.md#palat-two-players-and-the-spirit).
		{"palat-setup", "palat 1 B01=...../...../...../...../..... B02=...../...../...../...../.2M6... B12=...../...../...../...../.2L4... reserve=S3S4S6M3M4M6L3L4L6/S3S4S6M3M4M6L3L4L6/S3S4S6M3M4L3L6 taken=-/- closed=-"},
		// Palat, the same game at ply 59: white moves, black has taken a
		// tower (docs/rules/talat.md#palat-points-for-spirit-towers).
		{"palat-play", "palat 1 B01=.0S3.0L4./0M6...0S4/...1L41S4/..0L6../1L6.... B02=.0M4..0M3/...../2M6..../.2S60L30S6./..2M32L3. B12=.1L31M6../..1S61M4./2M4..2L4./...2S3./...1S32L6 reserve=-/-/- taken=1M3/- closed=-"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := talat.Info.ParsePosition(tc.position, game.Options{})
			if err != nil {
				t.Fatal(err)
			}
			gametest.Golden(t, filepath.Join("testdata", "diagram", tc.name+".golden"), s.(*talat.State).Diagram())
		})
	}
}
