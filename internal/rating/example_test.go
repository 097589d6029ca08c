package rating_test

import (
	"fmt"
	"time"

	"github.com/tabula-games/tabula/internal/rating"
)

// Rating a finished game: age each seat's rating by the time since its last
// rated game, then update all seats at once from their finishing places.
func Example() {
	alice := rating.Initial()                                                  // new: 1500, RD 350
	bob := rating.Rating{Rating: 1620, RD: 80, Volatility: 0.06, Games: 41}    // settled
	carol := rating.Rating{Rating: 1480, RD: 120, Volatility: 0.06, Games: 9}  // provisional
	dave := rating.Rating{Rating: 1550, RD: 60, Volatility: 0.059, Games: 300} // settled
	bob = rating.Age(bob, 3*24*time.Hour, rating.Config{})                     // three days away

	// A 4-player game: Carol first, Alice and Bob tied second, Dave last.
	players := []rating.Rating{alice, bob, carol, dave}
	places := []int{1, 1, 0, 2}
	after, err := rating.Update(players, places, rating.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, name := range []string{"Alice", "Bob", "Carol", "Dave"} {
		fmt.Printf("%-5s %4.0f%-1s → %4.0f%-1s  RD %3.0f → %3.0f\n", name,
			players[i].Rating, mark(players[i]), after[i].Rating, mark(after[i]), players[i].RD, after[i].RD)
	}
	// Output:
	// Alice 1500? → 1528?  RD 350 → 254
	// Bob   1620  → 1616   RD  82 →  81
	// Carol 1480? → 1521?  RD 120 → 116
	// Dave  1550  → 1541   RD  60 →  60
}

// mark is how players see a provisional rating: with a question mark.
func mark(r rating.Rating) string {
	if r.Provisional() {
		return "?"
	}
	return ""
}
