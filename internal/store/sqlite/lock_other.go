//go:build !unix

package sqlite

import (
	"errors"
	"os"
)

// ErrInUse is returned by Open when another process has the database
// open (detected on Unix systems only).
var ErrInUse = errors.New("sqlite: database in use by another server")

// lockFile does nothing where flock is not available.
func lockFile(string) (*os.File, error) { return nil, nil }
