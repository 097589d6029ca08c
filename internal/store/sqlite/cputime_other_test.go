//go:build !unix

package sqlite

import (
	"testing"
	"time"
)

// cpuTime is the process's CPU time so far: unknown here (0).
func cpuTime(b *testing.B) time.Duration { return 0 }
