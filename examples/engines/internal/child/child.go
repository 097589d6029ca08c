// Package child runs the outside program behind an adapter of
// examples/engines: started on first use with its arguments, sent one
// line at a time on its standard input, read one line at a time from its
// standard output, and ended by closing its input, then killed if it has
// not exited within a grace time. A Program is used by one goroutine at a
// time; the adapters hold their own lock around a request and its answer.
package child

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"time"
)

// Program is an outside program, described by its exported fields and
// started by the first Send.
type Program struct {
	// Argv is the program and its arguments.
	Argv []string
	// Stderr receives the program's standard error; nil discards it
	// (programs that print their boards or diagnostics there).
	Stderr io.Writer
	// Quit, when set, is the line sent before the input is closed, for
	// programs that end on a command rather than at the end of input.
	Quit string
	// Grace is how long Close waits for the program to exit after its
	// input is closed before it kills it.
	Grace time.Duration

	cmd    *exec.Cmd
	in     io.WriteCloser
	out    *bufio.Scanner
	closed bool
}

// errClosed is Start's error after Close.
var errClosed = errors.New("child: program closed")

// Start starts the program unless it runs already.
func (p *Program) Start() error {
	switch {
	case p.closed:
		return errClosed
	case p.cmd != nil:
		return nil
	}
	if len(p.Argv) == 0 {
		return errors.New("child: no program named")
	}
	cmd := exec.Command(p.Argv[0], p.Argv[1:]...)
	cmd.Stderr = p.Stderr
	if cmd.Stderr == nil {
		cmd.Stderr = io.Discard
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("stdin of %s: %w", p.Argv[0], err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return fmt.Errorf("stdout of %s: %w", p.Argv[0], err)
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", p.Argv[0], err)
	}
	// Lines up to bufio.Scanner's default 64 KiB: the programs answer
	// with a move or two board numbers.
	p.cmd, p.in, p.out = cmd, in, bufio.NewScanner(out)
	return nil
}

// Send starts the program if needed and writes text and a newline to its
// input (text may hold several lines).
func (p *Program) Send(text string) error {
	if err := p.Start(); err != nil {
		return err
	}
	if _, err := io.WriteString(p.in, text+"\n"); err != nil {
		return fmt.Errorf("write to %s: %w", p.Argv[0], err)
	}
	return nil
}

// ReadLine returns the program's next line of output. It returns io.EOF
// when the program closed its output (it ended) and a wrapped read error
// when reading failed.
func (p *Program) ReadLine() (string, error) {
	if p.out == nil {
		return "", errors.New("child: program not started")
	}
	if p.out.Scan() {
		return p.out.Text(), nil
	}
	if err := p.out.Err(); err != nil {
		return "", fmt.Errorf("read from %s: %w", p.Argv[0], err)
	}
	return "", io.EOF
}

// Close ends the program: it sends Quit if set, closes the program's
// input, waits up to Grace for it to exit and kills it after that. A
// program that never started is not started; after Close every Send
// fails. A ReadLine waiting for the program meanwhile returns when the
// program ends.
func (p *Program) Close() {
	if p.closed {
		return
	}
	p.closed = true
	if p.cmd == nil {
		return
	}
	if p.Quit != "" {
		_, _ = io.WriteString(p.in, p.Quit+"\n")
	}
	_ = p.in.Close()
	done := make(chan struct{})
	go func() { _ = p.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(p.Grace):
		_ = p.cmd.Process.Kill()
		<-done
	}
}
