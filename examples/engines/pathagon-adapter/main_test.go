package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/engine"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/pathagon"
)

// fakeEnv makes the test binary act as the outside program: it answers
// every request with the action in the variable and logs the requests
// to the file in fakeLogEnv.
const (
	fakeEnv    = "PATHAGON_ADAPTER_FAKE_ANSWER"
	fakeLogEnv = "PATHAGON_ADAPTER_FAKE_LOG"
)

func TestMain(m *testing.M) {
	if answer := os.Getenv(fakeEnv); answer != "" {
		log, _ := os.OpenFile(os.Getenv(fakeLogEnv), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			if sc.Text() == "quit" {
				break
			}
			fmt.Fprintln(log, sc.Text())
			fmt.Println("move " + answer + " depth 3 nodes 1234 score 5")
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestNotation(t *testing.T) {
	for _, c := range []struct {
		action, want string
		err          bool
	}{
		{action: "P0", want: "a7"},
		{action: "P48", want: "g1"},
		{action: "P24", want: "d4"},
		{action: "R0>48", want: "a7-g1"},
		{action: "R44>2", want: "c1-c7"},
		{action: "P49", err: true},
		{action: "P-1", err: true},
		{action: "R3", err: true},
		{action: "R3>x", err: true},
		{action: "Q3", err: true},
		{action: "", err: true},
	} {
		got, err := notation(c.action)
		if (err != nil) != c.err || got != c.want {
			t.Errorf("notation(%q) = %q, %v; want %q, error %v", c.action, got, err, c.want, c.err)
		}
	}
}

// play returns the state after the moves from the start.
func play(t *testing.T, moves ...string) *pathagon.State {
	t.Helper()
	var s game.State
	s, err := pathagon.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range moves {
		m, err := s.ParseMove(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		if s, err = s.Play(m); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
	return s.(*pathagon.State)
}

func TestRequest(t *testing.T) {
	for _, c := range []struct {
		name  string
		moves []string
		want  string
	}{
		{"start", nil, "search 0 0 14 14 l 0 - - 0 300 time"},
		// a7 is cell 0, b7 cell 1: Light a7, Dark b7, Light c7 traps b7,
		// which goes back to Dark's reserve and is forbidden to Dark.
		{"capture", []string{"a7", "b7", "c7"}, "search 5 0 12 14 d 2 - - 3 300 time"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := request(play(t, c.moves...), 300*time.Millisecond, "time"); got != c.want {
				t.Errorf("request = %q, want %q", got, c.want)
			}
		})
	}
}

// session runs the adapter's protocol server over a fake outside program
// answering action, sends the commands and returns the output and the
// requests the fake program received.
func session(t *testing.T, action string, commands ...string) (out string, requests []string, failed error) {
	t.Helper()
	logFile := t.TempDir() + "/requests"
	t.Setenv(fakeEnv, action)
	t.Setenv(fakeLogEnv, logFile)
	d := &driver{argv: []string{os.Args[0]}, mode: "time", fail: func(err error) { failed = err }}
	sv := &engine.Server{Game: pathagon.Info, NewAgent: func(string, uint64) (ai.Agent, error) { return d, nil }}
	var b strings.Builder
	if err := sv.Serve(context.Background(), strings.NewReader(strings.Join(commands, "\n")+"\n"), &b); err != nil {
		t.Fatal(err)
	}
	d.close()
	data, err := os.ReadFile(logFile)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line != "" {
			requests = append(requests, line)
		}
	}
	return b.String(), requests, failed
}

func TestSessionPlaysTheProgramsMove(t *testing.T) {
	out, requests, failed := session(t, "R2>48",
		"tabula", "position startpos moves a7 b7 c7 g7", "go movetime 200")
	// Light still has pieces in reserve after a7 b7 c7xb7 g7, so a
	// relocation is illegal: the fake program's answer fails.
	if failed == nil || !strings.Contains(failed.Error(), "R2>48") {
		t.Errorf("illegal relocation: failed = %v, want an error naming R2>48\n%s", failed, out)
	}
	if want := "search 5 64 12 13 l 0 - - 4 200 time"; len(requests) != 1 || requests[0] != want {
		t.Errorf("requests = %q, want [%q]", requests, want)
	}

	out, requests, failed = session(t, "P24", "tabula", "position startpos moves a7 b7 c7", "go movetime 200")
	if failed != nil {
		t.Fatalf("legal placement failed: %v", failed)
	}
	if !strings.Contains(out, "bestmove d4\n") {
		t.Errorf("output lacks bestmove d4:\n%s", out)
	}
	if want := "search 5 0 12 14 d 2 - - 3 200 time"; len(requests) != 1 || requests[0] != want {
		t.Errorf("requests = %q, want [%q]", requests, want)
	}
}

func TestSessionRejectsAnOccupiedCell(t *testing.T) {
	out, _, failed := session(t, "P0", "tabula", "position startpos moves a7", "go movetime 100")
	if failed == nil {
		t.Fatalf("placement on the occupied a7 was accepted:\n%s", out)
	}
	if strings.Contains(out, "bestmove a7") {
		t.Errorf("the illegal move reached the output:\n%s", out)
	}
}
