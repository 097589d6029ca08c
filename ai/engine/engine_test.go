package engine_test

import (
	"bytes"
	"context"
	"io"
	"maps"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/ai/engine"
	"github.com/tabula-games/tabula/ai/internal/testgames"
	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/gametest"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// syncBuffer is an output buffer safe for the server's goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// fixedClock makes the reported times 0, so transcripts are stable.
func fixedClock() time.Time { return time.Unix(0, 0) }

// run feeds the script to a server one line at a time; after a "go" it
// waits for the bestmove so the transcript does not depend on timing. It
// returns the transcript: input lines with "> ", output with "< ".
func run(t *testing.T, sv *engine.Server, script string) string {
	t.Helper()
	inR, inW := io.Pipe()
	var out syncBuffer
	done := make(chan error, 1)
	go func() { done <- sv.Serve(context.Background(), inR, &out) }()
	var tr strings.Builder
	seen := 0
	flush := func() {
		s := out.String()
		for _, l := range strings.SplitAfter(s[seen:], "\n") {
			if l != "" {
				tr.WriteString("< " + l)
			}
		}
		seen = len(s)
	}
	for _, line := range strings.Split(strings.TrimSpace(script), "\n") {
		tr.WriteString("> " + line + "\n")
		answers := func() int { o := out.String(); return strings.Count(o, "bestmove") + strings.Count(o, "error:") }
		bests := answers()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			break // the server quit
		}
		if strings.HasPrefix(line, "go") {
			for deadline := time.Now().Add(10 * time.Second); answers() == bests; {
				if time.Now().After(deadline) {
					t.Fatalf("no bestmove after %q", line)
				}
				time.Sleep(time.Millisecond)
			}
		}
		// Answers to other commands are written before the next line is
		// read; a later isready-style sync is not needed because the
		// server handles lines in order on one goroutine.
		time.Sleep(2 * time.Millisecond)
		flush()
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	flush()
	return tr.String()
}

func TestTranscript(t *testing.T) {
	sv := &engine.Server{Game: tictactoe.Info, Now: fixedClock}
	script := `
tabula
isready
setoption name Level value bot:hard
position startpos moves 4
show
go depth 4
position text xx.oo.... x
go depth 3
position fen x.o.o...x x moves 6
go depth 5
setoption name Level value random
setoption name Seed value 7
position startpos
go
setoption name Level value bot:godlike
setoption name Players value 5
position startpos moves 9
position startpos moves 4 4
position nonsense
go nodes abc
go sideways 3
setoption name Hash value 2
setoption name Contempt value 500
setoption name Hash value 0
setoption name Contempt value lots
setoption name Threads value 2
setoption name Threads value 0
setoption name Threads value 1
setoption name OwnBook value false
setoption name OwnBook value maybe
setoption name OwnBook value true
setoption name Level value bot:hard
position startpos moves 4 0
go time0 60000 inc0 1000 time1 60000 inc1 1000 depth 2
go time7 100
go time1x 100
position text xxxoo.... o
go depth 1
position startpos moves 4
go depth 2 multipv 3
position text x.o.o...x x
go depth 5 multipv 2 searchmoves 1 3 5
go multipv 9
go depth 1 searchmoves 9
setoption name Level value random
go depth 1 multipv 2
frobnicate
quit
`
	got := run(t, sv, script)
	gametest.Golden(t, filepath.Join("testdata", "transcript.golden"), got)
}

func TestStop(t *testing.T) {
	sv := &engine.Server{Game: testgames.Nim()}
	inR, inW := io.Pipe()
	var out syncBuffer
	done := make(chan error, 1)
	go func() { done <- sv.Serve(context.Background(), inR, &out) }()
	io.WriteString(inW, "setoption name Level value bot:max\nsetoption name pile value 900\ngo infinite\n")
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	io.WriteString(inW, "stop\n")
	for !strings.Contains(out.String(), "bestmove") {
		if time.Since(start) > 2*time.Second {
			t.Fatalf("no bestmove 2s after stop:\n%s", out.String())
		}
		time.Sleep(time.Millisecond)
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// The client side (ai.External) against the server, in-process: a whole
// game of tic-tac-toe between a local bot and an engine, every move legal.
func TestExternalAgent(t *testing.T) {
	info := tictactoe.Info
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	sv := &engine.Server{Game: info}
	done := make(chan error, 1)
	go func() {
		err := sv.Serve(context.Background(), inR, outW)
		outW.Close()
		done <- err
	}()
	ext := ai.NewExternalConn("inproc", outR, inW)
	local, _ := ai.FromSpec("bot:medium", 3)
	s, _ := info.New(game.Options{})
	agents := []ai.Agent{ext, local}
	for s.ToMove() != game.NoPlayer {
		a := agents[s.ToMove()]
		r, err := a.Choose(context.Background(), s, ai.Budget{Time: 50 * time.Millisecond})
		if err != nil {
			t.Fatalf("%s: %v", a.Name(), err)
		}
		if s, err = s.Play(r.Move); err != nil {
			t.Fatalf("%s chose an illegal move: %v", a.Name(), err)
		}
	}
	if err := ext.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := ext.Choose(context.Background(), s, ai.Budget{}); err == nil {
		t.Fatal("Choose after Close succeeded")
	}
}

// recorder is the client's side of the pipe, keeping what was written.
type recorder struct {
	io.WriteCloser
	mu    sync.Mutex
	lines strings.Builder
}

func (r *recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	r.lines.Write(p)
	r.mu.Unlock()
	return r.WriteCloser.Write(p)
}

func (r *recorder) String() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.lines.String()
}

// An outside engine sees the game, not only the position (issue 22). The
// game goes P, R (the External's first search), P, R: now "rep" makes P's
// third occurrence, a draw, while "cont" plays on in a line worth 0.5 to
// us. Seen fresh, P looks worth 0.8, so an engine told only the position
// text walks into the draw at depth 1; the External sends the position it
// first saw and the moves since, the engine replays them, and its search
// knows P occurred: it plays on.
func TestExternalSendsHistory(t *testing.T) {
	nodes := map[string]testgames.Node{
		"R": {Side: 0, Eval: 0.6, Moves: testgames.Edges("rep", "P", "cont", "c1")},
		"P": {Side: 1, Eval: 0.8, Moves: testgames.Edges("p", "R")},
	}
	maps.Copy(nodes, testgames.Chain("c", 8, 1, 0.5))
	info := testgames.Graph(nodes, "P")
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	sv := &engine.Server{Game: info, Level: "bot:max"}
	done := make(chan error, 1)
	go func() {
		err := sv.Serve(context.Background(), inR, outW)
		outW.Close()
		done <- err
	}()
	rec := &recorder{WriteCloser: inW}
	ext := ai.NewExternalConn("inproc", outR, rec)
	start, err := info.New(game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	bud := ai.Budget{Depth: 1}
	s1, err := game.PlayAll(start, []string{"p"})
	if err != nil {
		t.Fatal(err)
	}
	r, err := ext.Choose(context.Background(), s1, bud)
	if err != nil {
		t.Fatal(err)
	}
	if got := s1.MoveString(r.Move); got != "rep" {
		t.Fatalf("first R: the engine plays %q, want rep (the test's premise)", got)
	}
	s, err := game.PlayAll(s1, []string{"rep", "p"})
	if err != nil {
		t.Fatal(err)
	}
	if r, err = ext.Choose(context.Background(), s, bud); err != nil {
		t.Fatal(err)
	}
	if got := s.MoveString(r.Move); got != "cont" {
		t.Errorf("R after P, R, P: the engine plays %q, want cont; the client sent:\n%s", got, rec)
	}
	if !strings.Contains(rec.String(), "position text R moves rep p\n") {
		t.Errorf("the client did not send the moves:\n%s", rec)
	}
	// A position that does not follow (a new game) starts a new history.
	other, err := info.ParsePosition("c7", game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err = ext.Choose(context.Background(), other, bud); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(rec.String(), "newgame\nsetoption name Players value 2\nposition text c7\ngo depth 1\n") {
		t.Errorf("a new game was not announced:\n%s", rec)
	}
	if err := ext.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
