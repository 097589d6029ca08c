package protocol

import (
	"strconv"
	"unicode/utf8"
)

// AppendJSON appends the JSON encoding of m to dst and returns the result.
// The bytes are exactly those of json.Marshal(m) (the tests check it on
// random messages): the server encodes one message per event for every
// subscriber, and reflection-based encoding of the state with its legal
// moves was a sixth of the server's time per move.
func (m *ServerMessage) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"type":`...)
	dst = appendString(dst, m.Type)
	if m.ID != "" {
		dst = append(dst, `,"id":`...)
		dst = appendString(dst, m.ID)
	}
	dst = append(dst, `,"version":`...)
	dst = strconv.AppendInt(dst, m.Version, 10)
	if m.Seat != nil {
		dst = append(dst, `,"seat":`...)
		dst = strconv.AppendInt(dst, int64(*m.Seat), 10)
	}
	if len(m.Seats) > 0 {
		dst = append(dst, `,"seats":`...)
		dst = appendInts(dst, m.Seats)
	}
	if m.Event != nil {
		dst = append(dst, `,"event":{"kind":`...)
		dst = appendString(dst, m.Event.Kind)
		dst = append(dst, `,"seat":`...)
		dst = strconv.AppendInt(dst, int64(m.Event.Seat), 10)
		if m.Event.Move != "" {
			dst = append(dst, `,"move":`...)
			dst = appendString(dst, m.Event.Move)
		}
		dst = append(dst, '}')
	}
	if m.State != nil {
		dst = append(dst, `,"state":`...)
		dst = m.State.appendJSON(dst)
	}
	if d := m.Delta; d != nil {
		dst = append(dst, `,"delta":{"ply":`...)
		dst = strconv.AppendInt(dst, int64(d.Ply), 10)
		dst = append(dst, `,"toMove":`...)
		dst = strconv.AppendInt(dst, int64(d.ToMove), 10)
		if d.Status != "" {
			dst = append(dst, `,"status":`...)
			dst = appendString(dst, d.Status)
		}
		if d.Clocks != nil {
			dst = d.Clocks.appendJSON(append(dst, `,"clocks":`...))
		}
		if d.Result != nil {
			dst = d.Result.appendJSON(append(dst, `,"result":`...))
		}
		dst = append(dst, '}')
	}
	if m.Error != nil {
		dst = append(dst, `,"error":{"code":`...)
		dst = appendString(dst, string(m.Error.Code))
		dst = append(dst, `,"message":`...)
		dst = appendString(dst, m.Error.Message)
		dst = append(dst, '}')
	}
	return append(dst, '}')
}

func (s *State) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"match":`...)
	dst = appendString(dst, s.Match)
	dst = append(dst, `,"game":`...)
	dst = appendString(dst, s.Game)
	dst = append(dst, `,"variant":`...)
	dst = appendString(dst, s.Variant)
	dst = append(dst, `,"players":`...)
	dst = strconv.AppendInt(dst, int64(s.Players), 10)
	if s.Rated {
		dst = append(dst, `,"rated":true`...)
	}
	dst = append(dst, `,"version":`...)
	dst = strconv.AppendInt(dst, s.Version, 10)
	dst = append(dst, `,"status":`...)
	dst = appendString(dst, s.Status)
	dst = append(dst, `,"position":`...)
	dst = appendString(dst, s.Position)
	dst = append(dst, `,"toMove":`...)
	dst = strconv.AppendInt(dst, int64(s.ToMove), 10)
	dst = append(dst, `,"legal":`...)
	if s.Legal == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i := range s.Legal {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = s.Legal[i].appendJSON(dst)
		}
		dst = append(dst, ']')
	}
	if s.LastMove != "" {
		dst = append(dst, `,"lastMove":`...)
		dst = appendString(dst, s.LastMove)
	}
	dst = append(dst, `,"moves":`...)
	dst = appendStrings(dst, s.Moves)
	if s.Shake != 0 {
		dst = append(dst, `,"shake":`...)
		dst = strconv.AppendInt(dst, int64(s.Shake), 10)
	}
	if c := s.Clocks; c != nil {
		dst = c.appendJSON(append(dst, `,"clocks":`...))
	}
	if r := s.Result; r != nil {
		dst = r.appendJSON(append(dst, `,"result":`...))
	}
	dst = append(dst, `,"seats":`...)
	if s.Seats == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i := range s.Seats {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = s.Seats[i].appendJSON(dst)
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"offers":{"draw":`...)
	dst = appendInts(dst, s.Offers.Draw)
	dst = append(dst, `,"takeback":`...)
	dst = strconv.AppendInt(dst, int64(s.Offers.Takeback), 10)
	dst = append(dst, `,"rematch":`...)
	dst = appendInts(dst, s.Offers.Rematch)
	dst = append(dst, '}')
	if s.Rematch != "" {
		dst = append(dst, `,"rematch":`...)
		dst = appendString(dst, s.Rematch)
	}
	if s.Board != nil { // board forms (board.go; web, issue 24)
		dst = appendBoard(append(dst, `,"board":`...), s.Board)
	}
	return append(dst, '}')
}

func (c *Clocks) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"kind":`...)
	dst = appendString(dst, c.Kind)
	dst = append(dst, `,"remaining":`...)
	if c.Remaining == nil {
		dst = append(dst, "null"...)
	} else {
		dst = append(dst, '[')
		for i, v := range c.Remaining {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendInt(dst, v, 10)
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"running":`...)
	dst = strconv.AppendInt(dst, int64(c.Running), 10)
	dst = append(dst, `,"at":`...)
	dst = strconv.AppendInt(dst, c.At, 10)
	return append(dst, '}')
}

func (r *Result) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"winners":`...)
	dst = appendInts(dst, r.Winners)
	if len(r.Scores) > 0 {
		dst = append(dst, `,"scores":`...)
		dst = appendInts(dst, r.Scores)
	}
	dst = append(dst, `,"reason":`...)
	dst = appendString(dst, r.Reason)
	dst = append(dst, `,"text":`...)
	dst = appendString(dst, r.Text)
	if r.AllLose {
		dst = append(dst, `,"allLose":true`...)
	}
	return append(dst, '}')
}

func (m *Move) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"text":`...)
	dst = appendString(dst, m.Text)
	if m.From != "" {
		dst = append(dst, `,"from":`...)
		dst = appendString(dst, m.From)
	}
	if m.To != "" {
		dst = append(dst, `,"to":`...)
		dst = appendString(dst, m.To)
	}
	if len(m.Captures) > 0 {
		dst = append(dst, `,"captures":`...)
		dst = appendStrings(dst, m.Captures)
	}
	return append(dst, '}')
}

func (s *Seat) appendJSON(dst []byte) []byte {
	dst = append(dst, `{"seat":`...)
	dst = strconv.AppendInt(dst, int64(s.Seat), 10)
	dst = append(dst, `,"name":`...)
	dst = appendString(dst, s.Name)
	dst = append(dst, `,"kind":`...)
	dst = appendString(dst, s.Kind)
	if s.Bot != "" {
		dst = append(dst, `,"bot":`...)
		dst = appendString(dst, s.Bot)
	}
	if s.Username != "" {
		dst = append(dst, `,"username":`...)
		dst = appendString(dst, s.Username)
	}
	dst = append(dst, `,"taken":`...)
	dst = strconv.AppendBool(dst, s.Taken)
	dst = append(dst, `,"connected":`...)
	dst = strconv.AppendBool(dst, s.Connected)
	return append(dst, '}')
}

// appendStrings appends a JSON array of strings; nil is null, as
// encoding/json writes it.
func appendStrings(dst []byte, list []string) []byte {
	if list == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, s := range list {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, s)
	}
	return append(dst, ']')
}

// appendInts appends a JSON array of integers; nil is null.
func appendInts(dst []byte, list []int) []byte {
	if list == nil {
		return append(dst, "null"...)
	}
	dst = append(dst, '[')
	for i, v := range list {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(v), 10)
	}
	return append(dst, ']')
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string the way encoding/json does by
// default: HTML-sensitive characters (<, >, &) and U+2028/U+2029 escaped as
// \uXXXX, invalid UTF-8 replaced by U+FFFD.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if b >= 0x20 && b != '"' && b != '\\' && b != '<' && b != '>' && b != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '\\', '"':
				dst = append(dst, '\\', b)
			case '\b':
				dst = append(dst, '\\', 'b')
			case '\f':
				dst = append(dst, '\\', 'f')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[b>>4], hexDigits[b&0xF])
			}
			i++
			start = i
			continue
		}
		c, size := utf8.DecodeRuneInString(s[i:])
		if c == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if c == '\u2028' || c == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[c&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
