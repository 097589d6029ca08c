package rating

import "testing"

func benchmarkUpdate(b *testing.B, players []Rating, places []int) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Update(players, places, Config{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkUpdate2 rates a 2-player game between a settled and a provisional
// player.
func BenchmarkUpdate2(b *testing.B) {
	benchmarkUpdate(b, []Rating{
		{Rating: 1720, RD: 65, Volatility: 0.06, Games: 210},
		{Rating: 1540, RD: 140, Volatility: 0.06, Games: 7},
	}, []int{1, 0})
}

// BenchmarkUpdate5 rates a 5-player game with a tie: 20 pairwise terms.
func BenchmarkUpdate5(b *testing.B) {
	benchmarkUpdate(b, []Rating{
		{Rating: 1720, RD: 65, Volatility: 0.06, Games: 210},
		{Rating: 1540, RD: 140, Volatility: 0.06, Games: 7},
		Initial(),
		{Rating: 1610, RD: 90, Volatility: 0.05, Games: 60},
		{Rating: 1390, RD: 75, Volatility: 0.07, Games: 130},
	}, []int{2, 0, 1, 1, 3})
}
