package child

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// modeEnv makes the test binary act as the outside program:
//
//	echo   answers each line with "got LINE"; ends on "quit" (saying "bye"
//	       on stderr) or at the end of input (saying "end of input")
//	die    answers nothing and exits at its first line
//	hang   reads its input to the end, then sleeps far beyond any grace time
const modeEnv = "CHILD_TEST_MODE"

func TestMain(m *testing.M) {
	switch os.Getenv(modeEnv) {
	case "":
		os.Exit(m.Run())
	case "echo":
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			if sc.Text() == "quit" {
				fmt.Fprintln(os.Stderr, "echo: bye")
				os.Exit(0)
			}
			fmt.Println("got " + sc.Text())
		}
		fmt.Fprintln(os.Stderr, "echo: end of input")
	case "die":
		bufio.NewScanner(os.Stdin).Scan()
		os.Exit(3)
	case "hang":
		_, _ = io.Copy(io.Discard, os.Stdin)
		time.Sleep(time.Minute)
	}
	os.Exit(0)
}

func program(t *testing.T, mode string) *Program {
	t.Helper()
	t.Setenv(modeEnv, mode)
	return &Program{Argv: []string{os.Args[0]}, Grace: time.Second}
}

// TestExchange: the program starts on the first Send, answers line by
// line, ends on Quit, and its standard error goes where Stderr says.
func TestExchange(t *testing.T) {
	p := program(t, "echo")
	var stderr strings.Builder
	// A grace far beyond the program's exit on a loaded machine: Close
	// returning before it shows the program ended on Quit, not by the kill.
	p.Stderr, p.Quit, p.Grace = &stderr, "quit", 30*time.Second
	if _, err := p.ReadLine(); err == nil {
		t.Error("ReadLine before the program started: no error")
	}
	for _, line := range []string{"one", "two words"} {
		if err := p.Send(line); err != nil {
			t.Fatal(err)
		}
		if got, err := p.ReadLine(); err != nil || got != "got "+line {
			t.Fatalf("ReadLine = %q, %v; want %q", got, err, "got "+line)
		}
	}
	began := time.Now()
	p.Close()
	if d := time.Since(began); d >= p.Grace {
		t.Errorf("Close took %v: the program did not end on %q", d, p.Quit)
	}
	if stderr.String() != "echo: bye\n" {
		t.Errorf("stderr %q, want the goodbye the program says on %q", stderr.String(), p.Quit)
	}
	p.Close() // a second Close does nothing
	if err := p.Send("three"); err == nil {
		t.Error("Send after Close: no error")
	}
}

// TestProgramEnds: a program that exits reads as io.EOF.
func TestProgramEnds(t *testing.T) {
	p := program(t, "die")
	defer p.Close()
	if err := p.Send("go"); err != nil {
		t.Fatal(err)
	}
	if got, err := p.ReadLine(); !errors.Is(err, io.EOF) {
		t.Errorf("ReadLine = %q, %v; want io.EOF", got, err)
	}
}

// TestCloseKills: a program still running Grace after its input closed
// is killed, so Close returns.
func TestCloseKills(t *testing.T) {
	p := program(t, "hang")
	if err := p.Send("hello"); err != nil {
		t.Fatal(err)
	}
	p.Grace = 200 * time.Millisecond
	began := time.Now()
	p.Close()
	if d := time.Since(began); d < p.Grace || d > 20*time.Second {
		t.Errorf("Close returned after %v, want the grace of %v and then the kill", d, p.Grace)
	}
}

// TestStartFails: a program that cannot start is an error from Send.
func TestStartFails(t *testing.T) {
	p := &Program{Argv: []string{"/nonexistent/program"}}
	if err := p.Send("x"); err == nil || !strings.Contains(err.Error(), "start /nonexistent/program") {
		t.Errorf("Send = %v, want a start error", err)
	}
	p.Close()
	if err := (&Program{}).Start(); err == nil {
		t.Error("Start with no Argv: no error")
	}
}
