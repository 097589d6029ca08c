package ai

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai/internal/testgames"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest/race"
)

// An External closed before its first search never starts its program:
// the server closes a room's engine when the match ends, and a search
// still queued for it must not start a process nobody will end.
func TestExternalClosedNeverStarts(t *testing.T) {
	if _, err := os.Stat("/bin/sh"); err != nil {
		t.Skip("no /bin/sh")
	}
	marker := filepath.Join(t.TempDir(), "started")
	e := NewExternal([]string{"/bin/sh", "-c", "echo > " + marker})
	if err := e.Close(); err != nil {
		t.Fatal(err)
	}
	st, err := race.NewInfo().New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Choose(context.Background(), st, Budget{}); !errors.Is(err, ErrEngine) {
		t.Errorf("Choose after Close: %v, want an ErrEngine", err)
	}
	if _, err := os.Stat(marker); !os.IsNotExist(err) {
		t.Errorf("the program started after Close (%v)", err)
	}
}

// fake is how fakeEngine behaves.
type fake struct {
	moves bool          // announce "feature moves"
	late  time.Duration // answer each go this long after it, whatever else comes
}

// fakeEngine answers the handshake and every go with bestmove a, recording
// every line it is sent; sent returns those starting with prefix.
func fakeEngine(t *testing.T, f fake) (e *External, sent func(prefix string) []string) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var mu sync.Mutex
	var got []string
	go func() {
		defer outW.Close()
		sc := bufio.NewScanner(inR)
		for sc.Scan() {
			line := sc.Text()
			mu.Lock()
			got = append(got, line)
			mu.Unlock()
			switch {
			case line == "tabula":
				if f.moves {
					fmt.Fprintln(outW, "feature moves")
				}
				fmt.Fprintln(outW, "tabulaok")
			case strings.HasPrefix(line, "go"):
				time.AfterFunc(f.late, func() { fmt.Fprintln(outW, "bestmove a") })
			case line == "quit":
				return
			}
		}
	}()
	e = NewExternalConn("fake", outR, inW)
	t.Cleanup(func() { e.Close() })
	return e, func(prefix string) []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.DeleteFunc(slices.Clone(got), func(l string) bool { return !strings.HasPrefix(l, prefix) })
	}
}

// cycle is a two-seat game of two positions, A and B, each move leading to
// the other; it starts at A.
func cycle(t *testing.T) game.State {
	t.Helper()
	s, err := testgames.Graph(map[string]testgames.Node{
		"A": {Side: 0, Moves: testgames.Edges("a", "B")},
		"B": {Side: 1, Moves: testgames.Edges("b", "A")},
	}, "A").New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The game's moves go only to engines that announce "feature moves";
// others get the position text, as in the protocol's first version.
func TestExternalMovesFeature(t *testing.T) {
	start := cycle(t)
	again, err := game.PlayAll(start, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		moves bool
		want  []string
	}{
		{false, []string{"position text A", "position text A"}},
		{true, []string{"position text A", "position text A moves a b"}},
	} {
		e, sent := fakeEngine(t, fake{moves: tc.moves})
		for _, s := range []game.State{start, again} {
			if _, err := e.Choose(context.Background(), s, Budget{Depth: 1}); err != nil {
				t.Fatal(err)
			}
		}
		if got := sent("position"); !slices.Equal(got, tc.want) {
			t.Errorf("feature moves %v: sent %q, want %q", tc.moves, got, tc.want)
		}
	}
}

// SetGrace decides how long a late engine is waited for: one that answers
// 300 ms after its 10 ms (and ignores stop) loses the game with a 50 ms
// grace, and is waited for with a second.
func TestExternalGrace(t *testing.T) {
	for _, tc := range []struct {
		grace time.Duration
		ok    bool
	}{{50 * time.Millisecond, false}, {time.Second, true}} {
		e, _ := fakeEngine(t, fake{late: 300 * time.Millisecond})
		e.SetGrace(tc.grace)
		_, err := e.Choose(context.Background(), cycle(t), Budget{Time: 10 * time.Millisecond})
		if got := err == nil; got != tc.ok {
			t.Errorf("grace %v: Choose: %v, want ok %v", tc.grace, err, tc.ok)
		}
	}
}
