//go:build linux

package sqlite

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/tabula-games/tabula/internal/store"
)

// ErrInUse is returned by Open when another process (or another DB in
// this one) has the database open: the writer keeps each match's version
// in memory, so two writers on one file would not see each other's moves.
var ErrInUse = errors.New("sqlite: database in use by another server")

// cannotWrite are the errors of opening the database file for writing
// that say the storage refuses writes (not that the path is wrong).
var cannotWrite = []syscall.Errno{syscall.EACCES, syscall.EPERM, syscall.EROFS, syscall.ENOSPC, syscall.EDQUOT, syscall.EFBIG, syscall.EIO}

// fileID is a file's identity: its device and inode, shared by every path
// that leads to it (the path itself, a symbolic link, a hard link).
type fileID struct{ dev, ino uint64 }

// held lists the database files this process holds a writer's lock on.
// It is process-wide because the kernel's locks are: closing any
// descriptor of a file drops every POSIX lock the process holds on it,
// SQLite's included, so Open must never open and close a file another DB
// of this process is using; it looks here first instead.
var held = struct {
	sync.Mutex
	m map[fileID]*fileLock
}{m: map[fileID]*fileLock{}}

// fileLock is a writer's lock on a database file: an open descriptor of
// the file itself with an exclusive flock. flock locks belong to the open
// file, not to a path, so a link to a locked file is refused like its
// path. On Linux they are apart from the POSIX locks SQLite takes on the
// same file, so the two never meet (on the BSDs and macOS they conflict,
// hence lock_unix.go there).
type fileLock struct {
	f     *os.File
	id    fileID
	path  string
	extra []*os.File // descriptors of the same file Open could not close (see lockFile)
}

// lockFile takes an exclusive, non-blocking flock on the database file at
// path (created if missing, following links), and returns the lock; its
// Close (or the process ending, even by kill -9) releases it.
func lockFile(path string) (*fileLock, error) {
	held.Lock()
	defer held.Unlock()
	if fi, err := os.Stat(path); err == nil {
		if l, ok := held.m[idOf(fi)]; ok {
			return nil, fmt.Errorf("%w: %s is the file %s, already open in this process", ErrInUse, path, l.path)
		}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		if slices.ContainsFunc(cannotWrite, func(e syscall.Errno) bool { return errors.Is(err, e) }) {
			return nil, fmt.Errorf("sqlite: cannot write %s: %w: %w", path, store.ErrUnavailable, err)
		}
		return nil, fmt.Errorf("sqlite: open %s: %w", path, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("sqlite: lock %s: %w", path, err)
	}
	id := idOf(fi)
	if l, ok := held.m[id]; ok {
		// path was switched to a file of ours after the Stat above:
		// closing f would drop that DB's POSIX locks, so it stays open
		// until that DB closes.
		l.extra = append(l.extra, f)
		return nil, fmt.Errorf("%w: %s is the file %s, already open in this process", ErrInUse, path, l.path)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close() // no DB of this process has the file open (held), so no lock of ours goes with it
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: %s is locked%s", ErrInUse, path, holder(id))
		}
		return nil, fmt.Errorf("sqlite: lock %s: %w", path, err)
	}
	l := &fileLock{f: f, id: id, path: path}
	held.m[id] = l
	return l, nil
}

// Close releases the lock. Call it after every connection to the file
// has closed.
func (l *fileLock) Close() error {
	held.Lock()
	defer held.Unlock()
	err := l.f.Close()
	for _, f := range l.extra {
		err = errors.Join(err, f.Close())
	}
	delete(held.m, l.id)
	return err
}

func idOf(fi os.FileInfo) fileID {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}
	}
	return fileID{dev: uint64(st.Dev), ino: uint64(st.Ino)}
}

// holder names the process holding the flock on file id, from Linux's
// /proc/locks (its lines read "N: FLOCK ADVISORY WRITE PID MAJ:MIN:INODE
// 0 EOF", the device numbers in hex): " by process PID (COMMAND LINE)",
// or "" where that is not known.
func holder(id fileID) string {
	// maxHolderLine bounds the holder's command line in the message, which
	// stays one line.
	const maxHolderLine = 200
	b, err := os.ReadFile("/proc/locks")
	if err != nil {
		return ""
	}
	major := (id.dev>>8)&0xfff | (id.dev>>32)&^0xfff
	minor := id.dev&0xff | (id.dev>>12)&^0xff
	want := fmt.Sprintf("%02x:%02x:%d", major, minor, id.ino)
	for line := range strings.Lines(string(b)) {
		f := strings.Fields(line)
		if len(f) < 6 || f[1] != "FLOCK" || f[3] != "WRITE" || f[5] != want {
			continue
		}
		pid, err := strconv.Atoi(f[4])
		if err != nil || pid <= 0 {
			return ""
		}
		cmd, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
		if line := strings.Join(strings.Fields(strings.ReplaceAll(string(cmd), "\x00", " ")), " "); line != "" {
			if len(line) > maxHolderLine {
				line = line[:maxHolderLine] + "..."
			}
			return fmt.Sprintf(" by process %d (%s)", pid, line)
		}
		return fmt.Sprintf(" by process %d", pid)
	}
	return ""
}
