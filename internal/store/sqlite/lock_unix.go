//go:build unix

package sqlite

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// ErrInUse is returned by Open when another process (or another DB in
// this one) has the database open: the writer keeps each match's version
// in memory, so two writers on one file would not see each other's moves.
var ErrInUse = errors.New("sqlite: database in use by another server")

// lockFile takes an exclusive, non-blocking lock on path+"-lock" and
// returns the open file that holds it; closing the file (or the process
// ending, even by kill -9) releases it.
func lockFile(path string) (*os.File, error) {
	name := path + "-lock"
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("sqlite: lock %s: %w", name, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, fmt.Errorf("%w: %s is locked (%s)", ErrInUse, path, name)
		}
		return nil, fmt.Errorf("sqlite: lock %s: %w", name, err)
	}
	return f, nil
}
