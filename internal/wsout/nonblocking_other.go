//go:build !unix

package wsout

import "net"

// nonblocking is the non-blocking write where the platform has none in
// this package: it takes nothing, so every byte goes through the Conn's
// flusher goroutine (correct, one goroutine hand-off per write).
type nonblocking struct{}

func newNonblocking(net.Conn) nonblocking { return nonblocking{} }

func (nonblocking) write([]byte) (int, error) { return 0, nil }

func (nonblocking) waitReadable() {}
