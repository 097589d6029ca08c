package analysis

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/games/abalone"
	"github.com/tabula-games/tabula/games/tictactoe"
)

// An analysis in a child `tabula engine` process streams the same lines
// as one in the server's process: tic-tac-toe's win in 3 by 6 first, with
// the requested number of lines; the child runs at nice 19 and is gone
// when the analysis ends.
func TestRunInChild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tabula binary")
	}
	bin := filepath.Join(t.TempDir(), "tabula")
	if out, err := exec.Command("go", "build", "-o", bin, "../../cmd/tabula").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	st, err := tictactoe.Info.ParsePosition("x.o.o...x x", game.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := New(Config{MaxTime: 5 * time.Second, Child: []string{bin}})
	if !p.inChild(st) {
		t.Fatal("tic-tac-toe is not analysed in the child")
	}
	var got []Update
	if err = p.Run(context.Background(), "c", st, 3, func(u Update) { got = append(got, u) }); err != nil {
		t.Fatal(err)
	}
	f := got[len(got)-1]
	if !f.Final || f.Reason != "done" || len(f.Lines) != 3 || f.Lines[0].Move != "6" || f.Lines[0].Mate != 3 || f.Lines[0].Win != 1 || f.Engine != "alphabeta" {
		t.Fatalf("final %+v, want 3 lines, the first the win in 3 by 6", f)
	}
	if n := childNice(t, bin); n != -1 {
		t.Errorf("a child is still running after the analysis (nice %d)", n)
	}

	// Abalone deepens for seconds: while it searches the child is at nice
	// 19; stopping the analysis ends it.
	ab := start(t, abalone.Info, 2)
	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan struct{})
	var once sync.Once
	var last Update // written by Run's goroutine, read after done
	done := make(chan error)
	go func() {
		done <- p.Run(ctx, "c", ab, 2, func(u Update) {
			last = u
			if !u.Final {
				once.Do(func() { close(first) })
			}
		})
	}()
	<-first
	if n := childNice(t, bin); n != 19 {
		t.Errorf("the child runs at nice %d, want 19", n)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !last.Final || last.Reason != "stopped" || len(last.Lines) != 2 {
		t.Errorf("after stop: %+v", last)
	}
	if n := childNice(t, bin); n != -1 {
		t.Errorf("a child is still running after the analysis was stopped (nice %d)", n)
	}
}

// childNice is the nice value of a running process of bin, -1 for none.
func childNice(t *testing.T, bin string) int {
	t.Helper()
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		exe, err := os.Readlink(d + "/exe")
		if err != nil || exe != bin {
			continue
		}
		stat, err := os.ReadFile(d + "/stat")
		if err != nil {
			continue
		}
		// Fields after the command's closing parenthesis: state is 3, nice is 19.
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
		if n, err := strconv.Atoi(f[16]); err == nil {
			return n
		}
	}
	return -1
}
