//go:build linux

package sqlite

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/storetest"
)

// childEnv names the test a re-executed test binary plays (see
// TestMain): its value is "ROLE PATH".
const childEnv = "TABULA_SQLITE_CHILD"

// TestMain runs a child's role when the test binary was started as one
// (by startChild), the tests otherwise.
func TestMain(m *testing.M) {
	if v := os.Getenv(childEnv); v != "" {
		role, path, _ := strings.Cut(v, " ")
		if err := runChild(role, path); err != nil {
			fmt.Println("child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// runChild plays a child's role on the database at path.
func runChild(role, path string) error {
	ctx := context.Background()
	switch role {
	case "hold": // hold the database open until stdin closes
		db, err := Open(ctx, path)
		if err != nil {
			return err
		}
		fmt.Println("open")
		bufio.NewReader(os.Stdin).ReadString('\n')
		return db.Close()
	case "fsize": // see TestWriteFailureReported
		return failWrites(ctx, path)
	case "grow": // see TestOpenRefusesFullDisk
		return growAndDie(ctx, path)
	case "open-full": // see TestOpenRefusesFullDisk
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: fullLimit, Max: fullLimit}); err != nil {
			return err
		}
		db, err := Open(ctx, path)
		if err == nil {
			db.Close()
			return errors.New("Open succeeded on a database it cannot write")
		}
		fmt.Println(err)
		return nil
	}
	return fmt.Errorf("unknown role %q", role)
}

// startChild starts the test binary as a child playing role on path; it
// ends when the test does.
func startChild(t *testing.T, role, path string) (*exec.Cmd, *bufio.Reader) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+role+" "+path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close(); cmd.Wait() })
	return cmd, bufio.NewReader(out)
}

// links returns a symbolic link and a hard link (in another directory,
// as a copy's would be) to the file at path.
func links(t *testing.T, path string) map[string]string {
	t.Helper()
	dir := t.TempDir()
	sym, hard := filepath.Join(dir, "sym.db"), filepath.Join(dir, "hard.db")
	if err := os.Symlink(path, sym); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(path, hard); err != nil {
		t.Fatal(err)
	}
	return map[string]string{"symbolic link": sym, "hard link": hard}
}

// A database is locked by its file, not its path: while a store has it
// open, in this process, Open through a symbolic or a hard link to it is
// refused; once it is closed, the links open.
func TestOneWriterThroughLinks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tabula.db")
	first, _ := createAt(t, path)
	ls := links(t, path)
	for name, p := range ls {
		if db, err := Open(context.Background(), p); !errors.Is(err, ErrInUse) {
			if err == nil {
				db.Close()
			}
			t.Errorf("Open through a %s while the file is open: %v, want ErrInUse", name, err)
		}
	}
	// The refusals closed no descriptor of the file (which would have
	// dropped SQLite's locks): the first store still writes.
	if err := first.Create(context.Background(), storetest.NewMatch("m2", 1)); err != nil {
		t.Fatal(err)
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	for name, p := range ls {
		db, err := Open(context.Background(), p)
		if err != nil {
			t.Fatalf("Open through a %s after Close: %v", name, err)
		}
		if _, _, err := db.Load(context.Background(), "m2"); err != nil {
			t.Errorf("through a %s: %v", name, err)
		}
		if err := db.Close(); err != nil {
			t.Fatal(err)
		}
	}
}

// The same across processes: a child holds the database; Open through
// its path, a symbolic link and a hard link is refused, naming the
// child's process.
func TestOneWriterAcrossProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tabula.db")
	db, _ := createAt(t, path)
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	ls := links(t, path)
	ls["path"] = path
	child, out := startChild(t, "hold", path)
	if line, err := out.ReadString('\n'); line != "open\n" {
		t.Fatalf("child: %q, %v", line, err)
	}
	for name, p := range ls {
		db, err := Open(context.Background(), p)
		if !errors.Is(err, ErrInUse) {
			if err == nil {
				db.Close()
			}
			t.Errorf("Open through its %s while another process has it: %v, want ErrInUse", name, err)
			continue
		}
		want := fmt.Sprintf("by process %d", child.Process.Pid)
		if _, perr := os.Stat("/proc/locks"); perr == nil && !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal does not name the holder (%q): %v", want, err)
		}
	}
}

// failWrites is the child of TestWriteFailureReported: with its file
// size limit lowered to 0 (every write to a file fails with EFBIG, for
// root too; Go ignores the SIGXFSZ that comes with it), a write fails
// with store.ErrUnavailable and Health reports it; with the limit back,
// Health's probe finds the store writes again, and so does Create.
func failWrites(ctx context.Context, path string) error {
	db, err := Open(ctx, path)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Create(ctx, storetest.NewMatch("m1", 0)); err != nil {
		return err
	}
	if err := db.Health(ctx); err != nil {
		return fmt.Errorf("health before the failure: %w", err)
	}
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		return err
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: 0, Max: lim.Max}); err != nil {
		return err
	}
	err = db.Create(ctx, storetest.NewMatch("m2", 1))
	if !errors.Is(err, store.ErrUnavailable) {
		return fmt.Errorf("Create with writes failing: %v, want store.ErrUnavailable", err)
	}
	if err := db.Health(ctx); !errors.Is(err, store.ErrUnavailable) {
		return fmt.Errorf("Health with writes failing: %v, want store.ErrUnavailable", err)
	}
	fmt.Println("failed:", err)
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &lim); err != nil {
		return err
	}
	// No write since the failure: Health's own probe finds out.
	db.probed = db.probed.Add(-probeEvery)
	if err := db.Health(ctx); err != nil {
		return fmt.Errorf("Health after the limit is back: %w", err)
	}
	if err := db.Create(ctx, storetest.NewMatch("m2", 1)); err != nil {
		return fmt.Errorf("Create after the limit is back: %w", err)
	}
	return nil
}

// TestWriteFailureReported runs failWrites in a child process (the
// file size limit is the process's).
func TestWriteFailureReported(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tabula.db")
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"=fsize "+path)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// fullLimit is the file size limit TestOpenRefusesFullDisk opens under:
// room for the 32 KiB shared-memory index (reads need it), not for the
// WAL growth's next frame.
const fullLimit = 64 << 10

// growAndDie fills the WAL of the database at path past fullLimit with
// matches (a read transaction held open keeps checkpoints from letting
// the WAL start over), then kills its own process, leaving the WAL as a
// crash would.
func growAndDie(ctx context.Context, path string) error {
	db, err := Open(ctx, path)
	if err != nil {
		return err
	}
	tx, err := db.read.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM matches`).Scan(&n); err != nil {
		return err
	}
	for i := range 64 {
		if err := db.Create(ctx, storetest.NewMatch(fmt.Sprintf("g%d", i), i)); err != nil {
			return err
		}
	}
	return syscall.Kill(os.Getpid(), syscall.SIGKILL)
}

// A database that cannot take a write is refused at start, even when
// everything Open reads is there: a crash left a WAL past the file size
// limit (a full disk as the process sees it, for root too), and Open
// reads it and migrates without writing; only its probe write finds out.
func TestOpenRefusesFullDisk(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tabula.db")
	grow := exec.Command(os.Args[0], "-test.run=^$")
	grow.Env = append(os.Environ(), childEnv+"=grow "+path)
	out, err := grow.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the growing child: %v\n%s", err, out)
	}
	if fi, err := os.Stat(path + "-wal"); err != nil || fi.Size() <= fullLimit {
		t.Fatalf("the WAL the crash left: %v, %v; want over %d bytes", fi, err, fullLimit)
	}
	open := exec.Command(os.Args[0], "-test.run=^$")
	open.Env = append(os.Environ(), childEnv+"=open-full "+path)
	out, err = open.CombinedOutput()
	if err != nil {
		t.Fatalf("Open under a file size limit of %d: %v\n%s", fullLimit, err, out)
	}
	if !strings.Contains(string(out), "cannot write "+path) || !strings.Contains(string(out), "store: unavailable") {
		t.Errorf("Open's error: %s; want it to say it cannot write %s", out, path)
	}
	t.Logf("%s", out)
}
