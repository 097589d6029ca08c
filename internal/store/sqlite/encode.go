package sqlite

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/tabula-games/tabula/internal/store"
)

// The seats and clock columns are written with every change, too often to
// encode by reflection. appendSeats and
// appendClock write the bytes json.Marshal would (TestEncodeLikeJSON
// checks), falling back to it for strings that need escaping and times
// outside RFC 3339.

// plain reports whether s needs no JSON escaping (json.Marshal escapes
// control characters, quotes, backslashes, <, > and &, and replaces
// invalid UTF-8; anything beyond ASCII takes the fallback).
func plain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

func appendSeats(b []byte, seats []store.Seat) ([]byte, error) {
	if seats == nil {
		return append(b, "null"...), nil
	}
	for _, s := range seats {
		if !plain(s.Bot) || !plain(s.TokenHash) {
			j, err := json.Marshal(seats)
			return append(b, j...), err
		}
	}
	b = append(b, '[')
	for i, s := range seats {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '{')
		if s.Bot != "" {
			b = append(b, `"bot":"`...)
			b = append(b, s.Bot...)
			b = append(b, '"')
		}
		if s.TokenHash != "" {
			if s.Bot != "" {
				b = append(b, ',')
			}
			b = append(b, `"tokenHash":"`...)
			b = append(b, s.TokenHash...)
			b = append(b, '"')
		}
		b = append(b, '}')
	}
	return append(b, ']'), nil
}

func appendClock(b []byte, c store.Clock) ([]byte, error) {
	if y := c.Since.Year(); y < 0 || y > 9999 {
		j, err := json.Marshal(c)
		return append(b, j...), err
	}
	b = append(b, '{')
	if len(c.Remaining) > 0 {
		b = append(b, `"remaining":[`...)
		for i, d := range c.Remaining {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(d), 10)
		}
		b = append(b, "],"...)
	}
	b = append(b, `"running":`...)
	b = strconv.AppendInt(b, int64(c.Running), 10)
	b = append(b, `,"since":"`...)
	b = c.Since.AppendFormat(b, time.RFC3339Nano)
	return append(b, `"}`...), nil
}
