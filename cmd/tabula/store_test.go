//go:build linux

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
	"unsafe"

	"github.com/coder/websocket"

	"github.com/tabula-games/tabula/internal/protocol"
	"github.com/tabula-games/tabula/internal/store"
	"github.com/tabula-games/tabula/internal/store/sqlite"
	"github.com/tabula-games/tabula/internal/store/storetest"
)

// nobody is the unprivileged user the read-only cases run the server as
// when the tests run as root (root ignores file permissions).
const nobody = 65534

// TestServeStorage runs "tabula serve" and "tabula backup" binaries on
// real database files: one server per file through links, a database it
// cannot write refused at start, health and unavailable while writes
// fail, and a backup of a server acknowledging moves.
func TestServeStorage(t *testing.T) {
	// The binary in a directory every user can read: the read-only cases
	// run it as another user when root.
	dir, err := os.MkdirTemp("", "tabula-storage-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	bin := buildTabula(t, dir)
	t.Run("links", func(t *testing.T) { testServeLinks(t, bin) })
	t.Run("read-only", func(t *testing.T) { testServeReadOnly(t, bin, dir) })
	t.Run("health", func(t *testing.T) { testServeHealth(t, bin) })
	t.Run("backup", func(t *testing.T) { testServeBackup(t, bin) })
}

// serveOnce runs "tabula serve" on db until it either exits (code and
// stderr returned) or says it is listening (then it is killed and started
// is true).
func serveOnce(t *testing.T, bin, db string, cred *syscall.Credential) (started bool, code int, stderr string) {
	t.Helper()
	cmd := exec.Command(bin, "serve", "--addr", "127.0.0.1:0", "--db", db)
	if cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	cmd.Stderr = &errb
	if err := cmd.Start(); err != nil {
		if cred != nil && errors.Is(err, syscall.EPERM) {
			t.Skipf("cannot run the server as uid %d here: %v", cred.Uid, err)
		}
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	if strings.HasPrefix(line, "listening on ") {
		cmd.Process.Kill()
		cmd.Wait()
		return true, 0, errb.String()
	}
	cmd.Wait()
	return false, cmd.ProcessState.ExitCode(), errb.String()
}

// One server per database file: while a server runs, a second one on the
// same path, a symbolic link or a hard link to its file is refused with
// one line naming the holder. (A hard link let two servers each
// acknowledge writes into their own -wal, and one's were lost.)
func testServeLinks(t *testing.T, bin string) {
	dir := t.TempDir()
	db := filepath.Join(dir, "tabula.db")
	srv := startServe(t, bin, db)
	var created protocol.CreateResponse
	postJSON(t, srv.url+"/api/matches", protocol.CreateRequest{Game: "pathagon"}, &created)
	other := t.TempDir()
	sym, hard := filepath.Join(other, "sym.db"), filepath.Join(other, "hard.db")
	if err := os.Symlink(db, sym); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(db, hard); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{db, sym, hard} {
		started, code, stderr := serveOnce(t, bin, p, nil)
		if started {
			t.Errorf("a second server on %s started beside the first", p)
			continue
		}
		holder := fmt.Sprintf("process %d", srv.cmd.Process.Pid)
		if code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "in use by another server") || !strings.Contains(stderr, holder) {
			t.Errorf("second server on %s: exit %d, stderr %q; want 1 and one line saying it is in use by %s", p, code, stderr, holder)
		}
	}
}

// A database the server cannot write is refused at start with one line
// saying so: a read-only file, and a writable file in a read-only
// directory (where the WAL cannot be made). As root the server runs as
// nobody, since root writes whatever the permissions; the writable case
// shows that user can start a server there at all.
func testServeReadOnly(t *testing.T, bin, binDir string) {
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		cred = &syscall.Credential{Uid: nobody, Gid: nobody}
	}
	for _, tc := range []struct {
		name              string
		fileMode, dirMode os.FileMode
		wantStart         bool
	}{
		{"writable", 0o666, 0o777, true},
		{"read-only file", 0o444, 0o777, false},
		{"read-only directory", 0o666, 0o555, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(binDir, strings.ReplaceAll(tc.name, " ", "-"))
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			db := filepath.Join(dir, "tabula.db")
			s, err := sqlite.Open(context.Background(), db)
			if err != nil {
				t.Fatal(err)
			}
			m := storetest.NewMatch("m1", 0)
			m.Status, m.Result = store.StatusFinished, &store.Result{Winners: []int{0}, Reason: "test"}
			if err := errors.Join(s.Create(context.Background(), m), s.Close()); err != nil {
				t.Fatal(err)
			}
			if cred != nil { // the server's user owns its files, as it would
				entries, _ := os.ReadDir(dir)
				for _, e := range append(entries, nil) {
					p := dir
					if e != nil {
						p = filepath.Join(dir, e.Name())
					}
					if err := os.Chown(p, nobody, nobody); err != nil {
						t.Fatal(err)
					}
				}
			}
			if err := errors.Join(os.Chmod(db, tc.fileMode), os.Chmod(dir, tc.dirMode)); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(dir, 0o755) })
			started, code, stderr := serveOnce(t, bin, db, cred)
			t.Logf("started %v, exit %d, stderr %q", started, code, stderr)
			switch {
			case tc.wantStart && !started && cred != nil:
				// The other cases mean nothing if this user cannot
				// start a server here at all (a test directory it
				// cannot reach).
				t.Fatalf("as uid %d: exit %d, stderr %q; want it to start (is %s reachable by that user?)", cred.Uid, code, stderr, dir)
			case tc.wantStart && !started:
				t.Fatalf("exit %d, stderr %q; want it to start", code, stderr)
			case !tc.wantStart && started:
				t.Fatalf("started on a database it cannot write; stderr %q", stderr)
			case !tc.wantStart && (code != 1 || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, "cannot write "+db)):
				t.Fatalf("exit %d, stderr %q; want 1 and one line saying it cannot write %s", code, stderr, db)
			}
		})
	}
}

// setFileSizeLimit sets the soft file size limit (RLIMIT_FSIZE) of
// process pid to n bytes, keeping its hard limit: with 0 every write to
// a regular file fails with EFBIG, for root too. It returns the old
// soft limit.
func setFileSizeLimit(t *testing.T, pid int, n uint64) uint64 {
	t.Helper()
	var old syscall.Rlimit
	if _, _, e := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), syscall.RLIMIT_FSIZE, 0, uintptr(unsafe.Pointer(&old)), 0, 0); e != 0 {
		t.Fatalf("prlimit: %v", e)
	}
	lim := syscall.Rlimit{Cur: n, Max: old.Max}
	if _, _, e := syscall.RawSyscall6(syscall.SYS_PRLIMIT64, uintptr(pid), syscall.RLIMIT_FSIZE, uintptr(unsafe.Pointer(&lim)), 0, 0, 0); e != 0 {
		t.Fatalf("prlimit: %v", e)
	}
	return old.Cur
}

// get returns the status and body of GET url.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// postCode posts body to url and returns the status and the error code
// of the answer ("" for none).
func postCode(t *testing.T, url string, body any) (int, protocol.Code) {
	t.Helper()
	resp := post(t, url, body)
	defer resp.Body.Close()
	var e protocol.ErrorBody
	json.NewDecoder(resp.Body).Decode(&e)
	return resp.StatusCode, e.Error.Code
}

// sendMove sends a move at the connection's version and returns the
// answer to it (ack or error).
func (c *seatConn) sendMove(ctx context.Context, id, text string) (protocol.ServerMessage, error) {
	b, _ := json.Marshal(protocol.ClientMessage{Type: protocol.TypeMove, ID: id, Version: c.state.Version, Move: text})
	if err := c.ws.Write(ctx, websocket.MessageText, b); err != nil {
		return protocol.ServerMessage{}, err
	}
	for {
		m, err := c.next(ctx)
		if err != nil || m.ID == id {
			return m, err
		}
	}
}

// While the database cannot be written (the server's file size limit
// lowered to 0 on the live process: a full disk as the server sees it),
// /healthz answers 503 (the reason goes to the log only), a create and a move are answered
// unavailable (not internal); once writes succeed again /healthz answers
// 200 without any other write, and play goes on.
func testServeHealth(t *testing.T, bin string) {
	srv := startServe(t, bin, filepath.Join(t.TempDir(), "tabula.db"))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	zero := 0
	var created protocol.CreateResponse
	postJSON(t, srv.url+"/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero}, &created)
	var joined protocol.JoinResponse
	postJSON(t, srv.url+"/api/matches/"+created.Match.ID+"/join", protocol.JoinRequest{}, &joined)
	var seats [2]*seatConn
	for i, tok := range []string{created.Token, joined.Token} {
		c, err := dialSeat(ctx, srv.url, created.Match.ID, tok)
		if err != nil {
			t.Fatal(err)
		}
		defer c.ws.CloseNow()
		seats[i] = c
	}
	if code, body := get(t, srv.url+"/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Fatalf("healthz before: %d %q", code, body)
	}

	old := setFileSizeLimit(t, srv.cmd.Process.Pid, 0)
	if code, ec := postCode(t, srv.url+"/api/matches", protocol.CreateRequest{Game: "pathagon"}); code != http.StatusServiceUnavailable || ec != protocol.CodeUnavailable {
		t.Errorf("create while writes fail: %d %q, want 503 %q", code, ec, protocol.CodeUnavailable)
	}
	mover := seats[seats[0].state.ToMove]
	m, err := mover.sendMove(ctx, "while-failing", mover.state.Legal[0].Text)
	if err != nil {
		t.Fatal(err)
	}
	if m.Type != protocol.TypeError || m.Error == nil || m.Error.Code != protocol.CodeUnavailable {
		t.Errorf("move while writes fail: %+v (error %+v), want error %q", m, m.Error, protocol.CodeUnavailable)
	}
	if code, body := get(t, srv.url+"/healthz"); code != http.StatusServiceUnavailable || body != "unavailable\n" {
		t.Errorf("healthz while writes fail: %d %q, want 503 and no reason (it names the database)", code, body)
	} else {
		t.Logf("healthz while writes fail: %d %q", code, body)
	}

	setFileSizeLimit(t, srv.cmd.Process.Pid, old)
	deadline := time.Now().Add(5 * time.Second)
	for {
		code, body := get(t, srv.url+"/healthz")
		if code == http.StatusOK && body == "ok\n" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("healthz 5 s after writes work again: %d %q", code, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if code, ec := postCode(t, srv.url+"/api/matches", protocol.CreateRequest{Game: "pathagon"}); code != http.StatusCreated {
		t.Errorf("create after writes work again: %d %q", code, ec)
	}
	if m, err := mover.sendMove(ctx, "after", mover.state.Legal[0].Text); err != nil || m.Type != protocol.TypeAck {
		t.Errorf("move after writes work again: %+v %v (error %+v)", m, err, m.Error)
	}
	// The SIGXFSZ that came with each failed write did not end it: it
	// stops cleanly.
	if err := srv.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := srv.cmd.Wait(); err != nil || strings.Contains(srv.stderr.String(), "panic") {
		t.Errorf("server exit: %v; stderr: %s", err, srv.stderr)
	}
}

// backupFiller is the number of finished matches the backup test's
// database starts with, so the backup takes long enough for the server
// to acknowledge moves while it runs.
const backupFiller = 20_000

// A backup taken while the server acknowledges moves and creates holds
// every move and match acknowledged before it started, and opens; a
// second backup to the same file is refused and leaves it alone.
func testServeBackup(t *testing.T, bin string) {
	dir := t.TempDir()
	db := filepath.Join(dir, "tabula.db")
	fill(t, db, backupFiller)
	srv := startServe(t, bin, db)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	var mu sync.Mutex
	acked := map[string][]string{} // match ID -> moves acknowledged (creates: none)
	acks := 0
	type match struct {
		id    string
		seats [2]*seatConn
	}
	var matches []*match
	for range 4 {
		zero := 0
		var created protocol.CreateResponse
		postJSON(t, srv.url+"/api/matches", protocol.CreateRequest{Game: "pathagon", Join: &zero,
			Options: map[string]string{"plyCap": "0", "repetitionDraw": "false"}}, &created)
		var joined protocol.JoinResponse
		postJSON(t, srv.url+"/api/matches/"+created.Match.ID+"/join", protocol.JoinRequest{}, &joined)
		m := &match{id: created.Match.ID}
		for i, tok := range []string{created.Token, joined.Token} {
			c, err := dialSeat(ctx, srv.url, m.id, tok)
			if err != nil {
				t.Fatal(err)
			}
			defer c.ws.CloseNow()
			m.seats[i] = c
		}
		matches = append(matches, m)
		acked[m.id] = nil
	}
	wctx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, m := range matches {
		wg.Go(func() {
			for n := 0; wctx.Err() == nil; n++ {
				mover := m.seats[m.seats[0].state.ToMove]
				if len(mover.state.Legal) == 0 {
					return
				}
				text := mover.state.Legal[n*7%len(mover.state.Legal)].Text
				if err := mover.move(wctx, fmt.Sprintf("b%d", n), text); err != nil {
					return
				}
				mu.Lock()
				acked[m.id] = append(acked[m.id], text)
				acks++
				mu.Unlock()
				for _, c := range m.seats { // the other seat catches up
					for c != mover && c.state.Version < mover.state.Version {
						if _, err := c.next(wctx); err != nil {
							return
						}
					}
				}
			}
		})
	}
	wg.Go(func() { // creates, acknowledged by their answers
		for wctx.Err() == nil {
			b, _ := json.Marshal(protocol.CreateRequest{Game: "pathagon"})
			req, _ := http.NewRequestWithContext(wctx, http.MethodPost, srv.url+"/api/matches", bytes.NewReader(b))
			req.Header.Set("Content-Type", "application/json")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				return
			}
			var created protocol.CreateResponse
			err = json.NewDecoder(resp.Body).Decode(&created)
			resp.Body.Close()
			if err != nil || resp.StatusCode != http.StatusCreated {
				return
			}
			mu.Lock()
			acked[created.Match.ID] = nil
			acks++
			mu.Unlock()
		}
	})
	time.Sleep(500 * time.Millisecond) // writes under way

	out := filepath.Join(t.TempDir(), "backup.db")
	mu.Lock()
	before := make(map[string][]string, len(acked))
	for id, moves := range acked {
		before[id] = slices.Clone(moves)
	}
	start := acks
	mu.Unlock()
	r := exec.Command(bin, "backup", "--db", db, out)
	stdout, err := r.Output()
	if err != nil {
		t.Fatalf("backup: %v: %s", err, stderrOf(err))
	}
	mu.Lock()
	during := acks - start
	mu.Unlock()
	stop()
	wg.Wait()
	t.Logf("%s; %d acknowledged before it started, %d while it ran", strings.TrimSpace(string(stdout)), start, during)
	if during == 0 {
		t.Errorf("the server acknowledged nothing while the backup ran: the test shows nothing")
	}

	copyDB, err := sqlite.Open(ctx, out)
	if err != nil {
		t.Fatalf("open the backup: %v", err)
	}
	defer copyDB.Close()
	for id, moves := range before {
		_, stored, err := copyDB.Load(ctx, id)
		if err != nil {
			t.Errorf("match %s acknowledged before the backup: %v", id, err)
			continue
		}
		texts := make([]string, len(stored))
		for i, mv := range stored {
			texts[i] = mv.Text
		}
		if len(texts) < len(moves) || !slices.Equal(texts[:len(moves)], moves) {
			t.Errorf("match %s: backup has %v, acknowledged before it %v", id, texts, moves)
		}
	}
	if n, err := copyDB.List(ctx, store.Filter{Statuses: []string{store.StatusFinished}, Limit: 1}); err != nil || len(n) != 1 {
		t.Errorf("the filler matches: %v %v", n, err)
	}

	fi, _ := os.Stat(out)
	again := exec.Command(bin, "backup", "--db", db, out)
	if b, err := again.CombinedOutput(); err == nil || !strings.Contains(string(b), "exists") {
		t.Errorf("a backup onto an existing file: %v %q, want refused", err, b)
	}
	if fi2, _ := os.Stat(out); fi2 == nil || fi2.Size() != fi.Size() || !fi2.ModTime().Equal(fi.ModTime()) {
		t.Errorf("the refused backup changed %s", out)
	}
}

// fill creates n finished matches in a new database at path.
func fill(t *testing.T, path string, n int) {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 1)
	for w := range 64 {
		wg.Go(func() {
			for i := w; i < n; i += 64 {
				m := storetest.NewMatch(fmt.Sprintf("f%06d", i), i)
				m.Status, m.Result = store.StatusFinished, &store.Result{Winners: []int{0}, Reason: "filler"}
				if err := db.Create(ctx, m); err != nil {
					select {
					case errs <- err:
					default:
					}
					return
				}
			}
		})
	}
	wg.Wait()
	if err := errors.Join(db.Close(), func() error {
		select {
		case err := <-errs:
			return err
		default:
			return nil
		}
	}()); err != nil {
		t.Fatal(err)
	}
}

func stderrOf(err error) string {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return string(ee.Stderr)
	}
	return ""
}
