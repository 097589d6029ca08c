package talat_test

import (
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/talat"
)

const endgame = "talat 0 B01=..0M4../...../...../...../..1S3.. B02=0L6..../...../...../...../....2S3 B12=.1M6.../...../...../...../...2M3. reserve=-/-/- taken=2S4,2S6,2M4,2M6,2L3,2L4,2L6/0S3,0S4,0S6,0M3,0M6,0L3,0L4/1S4,1S6,1M3,1M4,1L3,1L4,1L6 closed=-"

func FuzzParsePosition(f *testing.F) {
	start, _ := talat.Info.New(game.Options{})
	palat, _ := talat.Info.New(game.Options{Variant: talat.VariantPalat})
	f.Add(start.String())
	f.Add(palat.String())
	f.Add(endgame)
	f.Add("talat - B01=...../...../...../...../..... B02=...../...../...../...../..... B12=...../...../...../...../..... reserve=-/-/- taken=-/-/- closed=B01,B02")
	f.Add("palat 1 B01=0S3.... reserve")
	for _, seed := range gametest.SeedPositions(f, "testdata") { // the positions of testdata (perft and playthroughs)
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gametest.FuzzPosition(t, talat.Info, game.Options{}, text)
	})
}

func FuzzParseMove(f *testing.F) {
	start, _ := talat.Info.New(game.Options{Values: map[string]string{"firstPlayer": "0"}})
	end, err := talat.Info.ParsePosition(endgame, game.Options{})
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"B01:c1=L6", "b01:A1=s3", "B01:c1-c2", "B02:a1-b2", "B01:c2xd2", "01:c1-c2", "B01c1-c2", "pass", "", "B0", "B01:", "B01:c1=", "B12:e5xe4"} {
		f.Add(s)
	}
	for _, seed := range gametest.SeedMoves(f, "testdata") { // the moves of the golden playthroughs
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		gametest.FuzzMove(t, start, text)
		gametest.FuzzMove(t, end, text)
	})
}
