//go:build !linux

package analysis

// lowPriority runs f: only Linux gives a thread its own priority, so
// elsewhere the worker count alone keeps analyses from the games' cores.
func lowPriority(f func()) { f() }
