package storetest

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// AnalysisStore is a store with accounts, game reviews and puzzle
// ratings: what internal/server uses for reviews and puzzles.
type AnalysisStore interface {
	AccountStore
	store.Analyses
}

// RunAnalyses runs the reviews and puzzle ratings suite; open returns a
// new, empty store for each subtest.
func RunAnalyses(t *testing.T, open func(t *testing.T) AnalysisStore) {
	tests := []struct {
		name string
		fn   func(t *testing.T, s AnalysisStore)
	}{
		{"Reviews", testReviews},
		{"PuzzleAnonymous", testPuzzleAnonymous},
		{"PuzzleAccountOnce", testPuzzleAccountOnce},
		{"PuzzleConcurrent", testPuzzleConcurrent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, open(t)) })
	}
}

// testReviews: a match has no review until one is saved; saving again
// replaces it; reviews are per match.
func testReviews(t *testing.T, s AnalysisStore) {
	ctx := context.Background()
	for _, id := range []string{"m1", "m2"} {
		if err := s.Create(ctx, NewMatch(id, 0)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Review(ctx, "m1"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("Review before any = %v, want ErrNotFound", err)
	}
	one, two := []byte(`{"players":2,"moves":[]}`), []byte(`{"players":2,"moves":[{"ply":1}]}`)
	if err := s.SaveReview(ctx, "m1", one, base); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Review(ctx, "m1"); err != nil || !bytes.Equal(got, one) {
		t.Fatalf("Review = %s, %v; want %s", got, err, one)
	}
	if _, err := s.Review(ctx, "m2"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Review of m2 = %v, want ErrNotFound", err)
	}
	if err := s.SaveReview(ctx, "m1", two, base.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	if got, err := s.Review(ctx, "m1"); err != nil || !bytes.Equal(got, two) {
		t.Errorf("Review after a second save = %s, %v; want %s", got, err, two)
	}
}

// plusOne is a Rate that moves both ratings by a visible step: the
// solver up by 10, the puzzle down by 10, one more game each.
func plusOne(solver, puz store.PuzzleRating) (store.PuzzleRating, store.PuzzleRating, error) {
	solver.Rating += 10
	solver.Games++
	puz.Rating -= 10
	puz.Games++
	return solver, puz, nil
}

func attemptOf(puzzle, account string, i int) store.PuzzleAttempt {
	return store.PuzzleAttempt{Puzzle: puzzle, Game: "tictactoe", Account: account, Solved: true,
		PuzzleStart: store.PuzzleRating{Rating: 1200, RD: 200, Volatility: 0.06},
		SolverStart: store.PuzzleRating{Rating: 1500, RD: 350, Volatility: 0.06},
		Rate:        plusOne, At: base.Add(time.Duration(i) * time.Second)}
}

// testPuzzleAnonymous: an anonymous attempt starts the puzzle at
// PuzzleStart, writes its new rating and keeps none of the solver's;
// the next reads the stored rating; ratings are per game.
func testPuzzleAnonymous(t *testing.T, s AnalysisStore) {
	ctx := context.Background()
	if got, err := s.PuzzleRatings(ctx, "tictactoe"); err != nil || len(got) != 0 {
		t.Fatalf("PuzzleRatings before any = %v, %v; want none", got, err)
	}
	for i, want := range []float64{1190, 1180} {
		solver, puz, first, err := s.AttemptPuzzle(ctx, attemptOf("tictactoe-1", "", i))
		if err != nil {
			t.Fatal(err)
		}
		if !first || puz.Rating != want || puz.Games != i+1 || puz.ID != "tictactoe-1" || solver.Rating != 1510 || !puz.Updated.Equal(base.Add(time.Duration(i)*time.Second)) {
			t.Errorf("attempt %d: solver %+v, puzzle %+v, first %v; want the puzzle at %v", i, solver, puz, first, want)
		}
	}
	got, err := s.PuzzleRatings(ctx, "tictactoe")
	if err != nil || len(got) != 1 || got["tictactoe-1"].Rating != 1180 || got["tictactoe-1"].Games != 2 || got["tictactoe-1"].RD != 200 {
		t.Errorf("PuzzleRatings = %+v, %v", got, err)
	}
	if got, err := s.PuzzleRatings(ctx, "pathagon"); err != nil || len(got) != 0 {
		t.Errorf("PuzzleRatings of another game = %v, %v", got, err)
	}
}

// testPuzzleAccountOnce: an account's first attempt moves both ratings
// and stores the solver's; a second attempt at the same puzzle moves
// neither; another puzzle moves both again; an unknown account is
// ErrNotFound.
func testPuzzleAccountOnce(t *testing.T, s AnalysisStore) {
	ctx := context.Background()
	if err := s.CreateAccount(ctx, NewAccount("a_1", "Alice", 0)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SolverRating(ctx, "a_1", "tictactoe"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("SolverRating before any = %v, want ErrNotFound", err)
	}
	steps := []struct {
		puzzle        string
		first         bool
		solver, puzzl float64
	}{
		{"tictactoe-1", true, 1510, 1190},
		{"tictactoe-1", false, 1510, 1190},
		{"tictactoe-2", true, 1520, 1190},
	}
	for i, st := range steps {
		solver, puz, first, err := s.AttemptPuzzle(ctx, attemptOf(st.puzzle, "a_1", i))
		if err != nil {
			t.Fatal(err)
		}
		if first != st.first || solver.Rating != st.solver || puz.Rating != st.puzzl || solver.ID != "a_1" || puz.ID != st.puzzle {
			t.Errorf("attempt %d at %s: solver %+v, puzzle %+v, first %v; want %v, %v, %v", i, st.puzzle, solver, puz, first, st.solver, st.puzzl, st.first)
		}
	}
	r, err := s.SolverRating(ctx, "a_1", "tictactoe")
	if err != nil || r.Rating != 1520 || r.Games != 2 || r.RD != 350 || !r.Updated.Equal(base.Add(2*time.Second)) {
		t.Errorf("SolverRating = %+v, %v; want 1520 after 2 games", r, err)
	}
	if _, err := s.SolverRating(ctx, "a_1", "pathagon"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SolverRating in another game = %v, want ErrNotFound", err)
	}
	got, err := s.PuzzleRatings(ctx, "tictactoe")
	if err != nil || len(got) != 2 || got["tictactoe-1"].Games != 1 || got["tictactoe-2"].Games != 1 {
		t.Errorf("PuzzleRatings = %+v, %v", got, err)
	}
	if _, _, _, err := s.AttemptPuzzle(ctx, attemptOf("tictactoe-1", "nobody", 3)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("attempt by an unknown account = %v, want ErrNotFound", err)
	}
}

// testPuzzleConcurrent: attempts at once by several accounts at one
// puzzle, each twice, are rated one after the other: the puzzle moves
// once per account and no update is lost.
func testPuzzleConcurrent(t *testing.T, s AnalysisStore) {
	ctx := context.Background()
	const accounts = 6
	for i := range accounts {
		id := "a_" + string(rune('a'+i))
		if err := s.CreateAccount(ctx, NewAccount(id, "Player"+string(rune('a'+i)), i)); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, 2*accounts)
	for i := range 2 * accounts {
		wg.Go(func() {
			_, _, _, err := s.AttemptPuzzle(ctx, attemptOf("tictactoe-9", "a_"+string(rune('a'+i%accounts)), i))
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.PuzzleRatings(ctx, "tictactoe")
	if err != nil || got["tictactoe-9"].Games != accounts || got["tictactoe-9"].Rating != 1200-10*accounts {
		t.Errorf("after %d accounts twice each: %+v, %v; want %d games, rating %d", accounts, got["tictactoe-9"], err, accounts, 1200-10*accounts)
	}
}
