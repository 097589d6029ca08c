package ai

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/tabula-games/tabula/ai/internal/testgames"
	"github.com/tabula-games/tabula/game"
)

// The options an operator sets on an External (SetOption, or a cmd spec's
// ?NAME=VALUE) reach the engine as setoption lines after the handshake and
// before the first search, once.
func TestExternalSetOption(t *testing.T) {
	spec, err := FromSpec(`cmd:"engine --flag"?Threads=2&Hash=64`, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := spec.(*External).options; !slices.Equal(got, []string{"setoption name Threads value 2", "setoption name Hash value 64"}) {
		t.Errorf("the spec set %q", got)
	}
	for _, bad := range []string{`cmd:"engine"?Threads`, `cmd:"engine"?=2`, `cmd:"engine"?Thr eads=2`} {
		if _, err := FromSpec(bad, 1); err == nil {
			t.Errorf("FromSpec(%q) succeeded", bad)
		}
	}

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
				fmt.Fprintln(outW, "tabulaok")
			case strings.HasPrefix(line, "go"):
				fmt.Fprintln(outW, "bestmove a")
			case line == "quit":
				return
			}
		}
	}()
	e := NewExternalConn("fake", outR, inW)
	t.Cleanup(func() { e.Close() })
	e.SetOption("Threads", "2")
	e.SetOption("Hash", "64")
	info := testgames.Graph(map[string]testgames.Node{
		"A": {Side: 0, Moves: testgames.Edges("a", "B")},
		"B": {Side: 1, Moves: testgames.Edges("b", "A")},
	}, "A")
	s, err := info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if _, err := e.Choose(context.Background(), s, Budget{Depth: 1}); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	want := []string{"tabula", "setoption name Threads value 2", "setoption name Hash value 64",
		"setoption name Players value 2", "position text A", "go depth 1",
		"setoption name Players value 2", "position text A", "go depth 1"}
	if !slices.Equal(got, want) {
		t.Errorf("the engine was sent\n%q\nwant\n%q", got, want)
	}
}
