package ai

import (
	"context"
	"slices"
	"testing"
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

	e, sent := fakeEngine(t, fake{})
	e.SetOption("Threads", "2")
	e.SetOption("Hash", "64")
	s := cycle(t)
	for range 2 {
		if _, err := e.Choose(context.Background(), s, Budget{Depth: 1}); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"tabula", "setoption name Threads value 2", "setoption name Hash value 64",
		"setoption name Players value 2", "position text A", "go depth 1",
		"setoption name Players value 2", "position text A", "go depth 1"}
	if got := sent(""); !slices.Equal(got, want) {
		t.Errorf("the engine was sent\n%q\nwant\n%q", got, want)
	}
}
