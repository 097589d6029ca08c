//go:build !unix

package sqlite

import "errors"

// ErrInUse is returned by Open when another process has the database
// open (detected on Unix systems only).
var ErrInUse = errors.New("sqlite: database in use by another server")

// fileLock would hold the database file's lock; there is none where
// flock is not available.
type fileLock struct{}

// lockFile does nothing where flock is not available.
func lockFile(string) (*fileLock, error) { return nil, nil }

func (*fileLock) Close() error { return nil }
