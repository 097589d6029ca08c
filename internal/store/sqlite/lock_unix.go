//go:build unix && !linux

package sqlite

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/tabula-games/tabula/internal/store"
)

// ErrInUse is returned by Open when another process (or another DB in
// this one) has the database open: the writer keeps each match's version
// in memory, so two writers on one file would not see each other's moves.
var ErrInUse = errors.New("sqlite: database in use by another server")

// fileLock holds a lock file beside the database. Where flock and SQLite's
// POSIX locks conflict (the BSDs, macOS), the database file itself cannot
// carry the lock, so a hard link to a database is not detected here;
// symbolic links are (the lock file sits beside the file they lead to).
type fileLock struct{ f *os.File }

// lockFile takes an exclusive, non-blocking flock on a lock file beside
// the file path leads to (FILE-lock) and returns it; its Close (or the
// process ending, even by kill -9) releases it.
func lockFile(path string) (*fileLock, error) {
	real, err := filepath.EvalSymlinks(path)
	if errors.Is(err, os.ErrNotExist) {
		real, err = path, nil // created by Open
	}
	if err != nil {
		return nil, fmt.Errorf("sqlite: lock %s: %w", path, err)
	}
	name := real + "-lock"
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		if errors.Is(err, os.ErrPermission) {
			return nil, fmt.Errorf("sqlite: cannot write %s: %w: %w", path, store.ErrUnavailable, err)
		}
		return nil, fmt.Errorf("sqlite: lock %s: %w", name, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: %s is locked (%s)", ErrInUse, path, name)
		}
		return nil, fmt.Errorf("sqlite: lock %s: %w", name, err)
	}
	return &fileLock{f: f}, nil
}

// Close releases the lock.
func (l *fileLock) Close() error { return l.f.Close() }
