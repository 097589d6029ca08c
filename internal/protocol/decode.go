package protocol

import (
	"strconv"
)

// decodeFast decodes the common shape of a client message — a flat object
// of plain ASCII strings, integers and booleans with the ClientMessage keys
// spelled exactly — into m, as encoding/json would. It reports false for
// anything else (escapes, non-ASCII, null, unknown or differently cased
// keys, syntax errors, trailing data), and the caller then decodes
// with encoding/json, which gives the same result or the proper error.
// Reading a move command by reflection was ~5 % of the server's CPU under
// load.
func decodeFast(data []byte, m *ClientMessage) bool {
	i := skipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return false
	}
	i = skipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return skipSpace(data, i+1) == len(data)
	}
	for {
		key, j, ok := plainBytes(data, i)
		if !ok {
			return false
		}
		j = skipSpace(data, j)
		if j >= len(data) || data[j] != ':' {
			return false
		}
		j = skipSpace(data, j+1)
		switch k := string(key); k {
		case "type", "id", "token", "move":
			var s []byte
			if s, j, ok = plainBytes(data, j); !ok {
				return false
			}
			switch k {
			case "type":
				m.Type = messageType(s)
			case "id":
				m.ID = string(s)
			case "token":
				m.Token = string(s)
			default:
				m.Move = string(s)
			}
		case "version", "since", "seat":
			var n int64
			size := 64
			if k == "seat" {
				size = strconv.IntSize
			}
			if n, j, ok = integer(data, j, size); !ok {
				return false
			}
			switch k {
			case "version":
				m.Version = n
			case "since":
				since := n // its own variable: n does not escape for every integer
				m.Since = &since
			default:
				seat := int(n)
				m.Seat = &seat
			}
		case "delta":
			switch {
			case hasAt(data, j, "true"):
				m.Delta, j = true, j+4
			case hasAt(data, j, "false"):
				m.Delta, j = false, j+5
			default:
				return false
			}
		default:
			// Not a case of its own: the switch above is on every key
			// of every move command, tokens only in a hello.
			if k != "tokens" {
				return false
			}
			if m.Tokens, j, ok = plainStrings(data, j); !ok {
				return false
			}
		}
		j = skipSpace(data, j)
		if j >= len(data) {
			return false
		}
		switch data[j] {
		case ',':
			i = skipSpace(data, j+1)
		case '}':
			return skipSpace(data, j+1) == len(data)
		default:
			return false
		}
	}
}

// maxFastTokens bounds the strings decodeFast reads in a tokens array; a
// longer one (which Decode refuses anyway) goes through encoding/json.
const maxFastTokens = 2 * maxTokens

// plainStrings reads an array of plain strings (see plainBytes) at i, as
// encoding/json decodes it into a []string: [] is empty, not nil. A
// hello holding several seats has one; through encoding/json it was a
// decoder and its buffer per hello (10 000 at once when a server restarts
// under its clients).
func plainStrings(data []byte, i int) ([]string, int, bool) {
	if i >= len(data) || data[i] != '[' {
		return nil, i, false
	}
	out := []string{}
	j := skipSpace(data, i+1)
	if j < len(data) && data[j] == ']' {
		return out, j + 1, true
	}
	for len(out) < maxFastTokens {
		s, k, ok := plainBytes(data, j)
		if !ok {
			return nil, k, false
		}
		out = append(out, string(s))
		k = skipSpace(data, k)
		if k >= len(data) {
			return nil, k, false
		}
		switch data[k] {
		case ',':
			j = skipSpace(data, k+1)
		case ']':
			return out, k + 1, true
		default:
			return nil, k, false
		}
	}
	return nil, j, false
}

// skipSpace returns the index of the first non-whitespace byte at or after
// i (JSON whitespace: space, tab, newline, carriage return).
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// plainBytes reads a string of printable ASCII without escapes at i and
// returns its bytes (within data, not copied).
func plainBytes(data []byte, i int) ([]byte, int, bool) {
	if i >= len(data) || data[i] != '"' {
		return nil, i, false
	}
	for j := i + 1; j < len(data); j++ {
		switch c := data[j]; {
		case c == '"':
			return data[i+1 : j], j + 1, true
		case c < 0x20 || c >= 0x7f || c == '\\':
			return nil, j, false
		}
	}
	return nil, len(data), false
}

// messageType returns the client message type spelled by b: the package's
// constant for a known type (no allocation per message), a copy otherwise.
func messageType(b []byte) string {
	switch t := string(b); t {
	case TypeHello:
		return TypeHello
	case TypeMove:
		return TypeMove
	case TypeResign:
		return TypeResign
	case TypeOfferDraw:
		return TypeOfferDraw
	case TypeAcceptDraw:
		return TypeAcceptDraw
	case TypeDeclineDraw:
		return TypeDeclineDraw
	case TypeOfferTakeback:
		return TypeOfferTakeback
	case TypeAcceptTakeback:
		return TypeAcceptTakeback
	case TypeDeclineTakeback:
		return TypeDeclineTakeback
	case TypeAbort:
		return TypeAbort
	case TypeRematch:
		return TypeRematch
	case TypePing:
		return TypePing
	default:
		return string(b)
	}
}

// integer reads a JSON integer (-?(0|[1-9][0-9]*)) at i that fits in size
// bits.
func integer(data []byte, i, size int) (int64, int, bool) {
	j := i
	if j < len(data) && data[j] == '-' {
		j++
	}
	start := j
	for j < len(data) && data[j] >= '0' && data[j] <= '9' {
		j++
	}
	if j == start || (data[start] == '0' && j > start+1) {
		return 0, j, false
	}
	if j < len(data) && (data[j] == '.' || data[j] == 'e' || data[j] == 'E') {
		return 0, j, false
	}
	n, err := strconv.ParseInt(string(data[i:j]), 10, size)
	return n, j, err == nil
}

func hasAt(data []byte, i int, lit string) bool {
	return len(data)-i >= len(lit) && string(data[i:i+len(lit)]) == lit
}
