package analysis

import (
	"runtime"
	"syscall"
	"testing"
)

// The search's thread runs at nice 19; the caller's thread keeps its own
// priority. (The raw getpriority system call answers 20 - nice.)
func TestLowPriority(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	own, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil {
		t.Fatal(err)
	}
	var inside int
	lowPriority(func() { inside, err = syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid()) })
	if err != nil {
		t.Fatal(err)
	}
	if 20-inside != niceness {
		t.Errorf("nice %d inside, want %d", 20-inside, niceness)
	}
	if after, _ := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid()); after != own {
		t.Errorf("caller's priority went from %d to %d", own, after)
	}
}
