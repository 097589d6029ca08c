package analysis

import (
	"runtime"
	"syscall"
)

// niceness is the scheduling priority of an analysis's thread: the
// lowest, so the kernel runs the server's other threads (rooms, bots,
// the store) first whenever they want the core.
const niceness = 19

// lowPriority runs f on a thread of its own at the lowest scheduling
// priority and waits for it. Linux keeps a nice value per thread; the
// goroutine stays locked to the thread, which exits with it, so the
// priority never reaches other goroutines.
func lowPriority(f func()) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
		// Best effort: without the permission the search runs at the
		// server's priority, bounded by the worker count alone.
		_ = syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), niceness)
		f()
	}()
	<-done
}
