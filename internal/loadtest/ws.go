package main

import (
	"bufio"
	"context"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"
)

// The WebSocket opcodes (RFC 6455 §5.2) the client uses.
const (
	opContinuation = 0x0
	opText         = 0x1
	opBinary       = 0x2
	opClose        = 0x8
	opPing         = 0x9
	opPong         = 0xA
)

const (
	// maxMessage bounds a message the client reads: a Pathagon state
	// with its move list is a few KiB; a larger one is a bug.
	maxMessage = 1 << 20
	// wsGUID is the handshake's constant (RFC 6455 §1.3).
	wsGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
	// closeNoStatus is the code a close frame without one reads as
	// (RFC 6455 §7.1.5).
	closeNoStatus = 1005
)

// wsConn is the load generator's own WebSocket client connection
// (RFC 6455, no extensions): a masked frame per message written with one
// write call, and a reader of the server's frames that answers pings,
// joins fragments and reports a close. It replaces coder/websocket's
// client here because that client's per-message locking, bookkeeping and
// buffered writes were about half of the load generator's CPU outside the
// system calls, and the load generator shares the machine with the
// server it measures. The server still speaks through coder/websocket,
// which checks every frame this client sends.
type wsConn struct {
	c net.Conn
	r *bufio.Reader // reader goroutine only

	wmu  sync.Mutex // guards the fields below: moves and pongs come from two goroutines
	wbuf []byte
	rng  *mrand.ChaCha8 // mask keys
	// closeSent: a close frame went out; nothing may follow it.
	closeSent bool

	msg  []byte // the message being read; reader goroutine only
	ctrl []byte // a control frame's payload; reader goroutine only
}

// closeError is a close frame from the server.
type closeError struct {
	code   int
	reason string
}

func (e *closeError) Error() string {
	return fmt.Sprintf("websocket: closed by peer: %d %q", e.code, e.reason)
}

// dialWS opens a WebSocket to the ws:// URL u (the opening handshake,
// RFC 6455 §4.1, bounded by ctx).
func dialWS(ctx context.Context, u string) (*wsConn, error) {
	pu, err := url.Parse(u)
	if err != nil {
		return nil, err
	}
	if pu.Scheme != "ws" {
		return nil, fmt.Errorf("websocket: scheme %q (want ws)", pu.Scheme)
	}
	var d net.Dialer
	c, err := d.DialContext(ctx, "tcp", pu.Host)
	if err != nil {
		return nil, err
	}
	var seed [32]byte
	if _, err := rand.Read(seed[:]); err != nil {
		c.Close()
		return nil, err
	}
	w := &wsConn{c: c, r: bufio.NewReaderSize(c, readBuffer), rng: mrand.NewChaCha8(seed)}
	if err := w.handshake(ctx, pu, seed[:16]); err != nil {
		c.Close()
		return nil, err
	}
	return w, nil
}

// handshake sends the upgrade request with key (16 random bytes) and
// checks the server's answer.
func (w *wsConn) handshake(ctx context.Context, u *url.URL, key []byte) error {
	if dl, ok := ctx.Deadline(); ok {
		w.c.SetDeadline(dl)
		defer w.c.SetDeadline(time.Time{})
	}
	stop := context.AfterFunc(ctx, func() { w.c.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	k := base64.StdEncoding.EncodeToString(key)
	req := "GET " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host +
		"\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: " + k +
		"\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if _, err := io.WriteString(w.c, req); err != nil {
		return fmt.Errorf("websocket: handshake: %w", err)
	}
	resp, err := http.ReadResponse(w.r, nil)
	if err != nil {
		return fmt.Errorf("websocket: handshake: %w", err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		return fmt.Errorf("websocket: handshake: %s", resp.Status)
	}
	sum := sha1.Sum([]byte(k + wsGUID))
	if got := resp.Header.Get("Sec-WebSocket-Accept"); got != base64.StdEncoding.EncodeToString(sum[:]) {
		return fmt.Errorf("websocket: handshake: Sec-WebSocket-Accept %q", got)
	}
	if ext := resp.Header.Get("Sec-WebSocket-Extensions"); ext != "" {
		return fmt.Errorf("websocket: handshake: extensions %q not asked for", ext)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return nil
}

// write sends one final frame of opcode op with payload p, masked
// (RFC 6455 §5.3), in one write call.
func (w *wsConn) write(op byte, p []byte) error {
	w.wmu.Lock()
	defer w.wmu.Unlock()
	if w.closeSent {
		return net.ErrClosed
	}
	w.wbuf = appendClientFrame(w.wbuf[:0], op, p, uint32(w.rng.Uint64()))
	if op == opClose {
		w.closeSent = true
	}
	_, err := w.c.Write(w.wbuf)
	return err
}

// appendClientFrame appends a final frame of opcode op with payload p
// masked with key.
func appendClientFrame(b []byte, op byte, p []byte, key uint32) []byte {
	b = append(b, 0x80|op)
	switch n := len(p); {
	case n < 126:
		b = append(b, 0x80|byte(n))
	case n <= 0xFFFF:
		b = append(b, 0x80|126, byte(n>>8), byte(n))
	default:
		b = append(b, 0x80|127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	var k [4]byte
	binary.BigEndian.PutUint32(k[:], key)
	b = append(b, k[:]...)
	start := len(b)
	b = append(b, p...)
	for i := range b[start:] {
		b[start+i] ^= k[i&3]
	}
	return b
}

// writeText sends p as one text message.
func (w *wsConn) writeText(p []byte) error { return w.write(opText, p) }

// next reads the next data message and returns its payload, valid until
// the next call. It answers pings, skips pongs, joins fragments, and on a
// close frame answers it and returns a *closeError. Frames break the
// protocol (a reserved bit, a masked server frame, a bad fragment
// sequence, a control frame over 125 bytes or fragmented, a message over
// maxMessage) end the connection with an error.
func (w *wsConn) next() ([]byte, error) {
	w.msg = w.msg[:0]
	inMsg := false
	for {
		var h [2]byte
		if _, err := io.ReadFull(w.r, h[:]); err != nil {
			return nil, err
		}
		fin, op := h[0]&0x80 != 0, h[0]&0x0F
		if h[0]&0x70 != 0 {
			return nil, w.fail(errors.New("websocket: reserved bits set"))
		}
		if h[1]&0x80 != 0 {
			return nil, w.fail(errors.New("websocket: masked frame from the server"))
		}
		n := uint64(h[1] & 0x7F)
		switch n {
		case 126:
			var x [2]byte
			if _, err := io.ReadFull(w.r, x[:]); err != nil {
				return nil, err
			}
			n = uint64(binary.BigEndian.Uint16(x[:]))
		case 127:
			var x [8]byte
			if _, err := io.ReadFull(w.r, x[:]); err != nil {
				return nil, err
			}
			n = binary.BigEndian.Uint64(x[:])
		}
		if op&0x8 != 0 { // a control frame (§5.5)
			if !fin || n > 125 {
				return nil, w.fail(errors.New("websocket: bad control frame"))
			}
			w.ctrl = slices.Grow(w.ctrl[:0], int(n))[:n]
			if _, err := io.ReadFull(w.r, w.ctrl); err != nil {
				return nil, err
			}
			switch op {
			case opPing:
				if err := w.write(opPong, w.ctrl); err != nil {
					return nil, err
				}
			case opPong:
			case opClose:
				ce := &closeError{code: closeNoStatus}
				if n == 1 {
					return nil, w.fail(errors.New("websocket: close frame of one byte"))
				}
				if n >= 2 {
					ce.code, ce.reason = int(binary.BigEndian.Uint16(w.ctrl)), string(w.ctrl[2:])
				}
				w.write(opClose, w.ctrl[:min(n, 2)]) // echo the code (§5.5.1)
				w.c.Close()
				return nil, ce
			default:
				return nil, w.fail(fmt.Errorf("websocket: opcode %#x", op))
			}
			continue
		}
		switch {
		case op == opContinuation && !inMsg, (op == opText || op == opBinary) && inMsg:
			return nil, w.fail(errors.New("websocket: bad fragment sequence"))
		case op != opContinuation && op != opText && op != opBinary:
			return nil, w.fail(fmt.Errorf("websocket: opcode %#x", op))
		}
		if n > uint64(maxMessage-len(w.msg)) {
			return nil, w.fail(fmt.Errorf("websocket: message over %d bytes", maxMessage))
		}
		inMsg = true
		l := len(w.msg)
		w.msg = slices.Grow(w.msg, int(n))[:l+int(n)]
		if _, err := io.ReadFull(w.r, w.msg[l:]); err != nil {
			return nil, err
		}
		if fin {
			return w.msg, nil
		}
	}
}

// fail closes the connection for a protocol error (status 1002) and
// returns err.
func (w *wsConn) fail(err error) error {
	w.write(opClose, []byte{0x03, 0xEA})
	w.c.Close()
	return err
}

// close sends a normal close frame (1000) and closes the connection
// without waiting for the server's answer.
func (w *wsConn) close() {
	w.write(opClose, []byte{0x03, 0xE8})
	w.c.Close()
}
