package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"
)

// Reading the server's messages without a JSON decoder: delta updates and
// full states are scanned for the few keys a client needs, their texts
// interned, so that a move costs the reader no allocation.

// interner hands out one string per distinct text: the move texts and
// statuses of a run's deltas (a Pathagon game has a few thousand moves in
// its notation). A reader that finds its text here allocates nothing.
type interner struct {
	mu sync.RWMutex
	m  map[string]string
}

// internLimit bounds the texts kept: past it a new text is allocated
// each time, so a server sending endless distinct texts costs time, not
// memory.
const internLimit = 1 << 16

func newInterner() *interner { return &interner{m: map[string]string{}} }

// intern returns b as a string, the same one for the same bytes; a nil
// interner allocates each time.
func (in *interner) intern(b []byte) string {
	if in == nil {
		return string(b)
	}
	in.mu.RLock()
	s, ok := in.m[string(b)] // no allocation: the compiler looks up with b's bytes
	in.mu.RUnlock()
	if ok {
		return s
	}
	return in.add(string(b))
}

// internString returns the interned copy of s, adding s when it is new.
func (in *interner) internString(s string) string {
	if in == nil {
		return s
	}
	in.mu.RLock()
	t, ok := in.m[s]
	in.mu.RUnlock()
	if ok {
		return t
	}
	return in.add(s)
}

// add interns s (up to internLimit texts) and returns the interned copy.
func (in *interner) add(s string) string {
	in.mu.Lock()
	defer in.mu.Unlock()
	if t, ok := in.m[s]; ok { // another goroutine added it meanwhile
		return t
	}
	if len(in.m) < internLimit {
		in.m[s] = s
	}
	return s
}

// delta is what the load generator reads from a delta update.
type delta struct {
	version int64
	move    string
	toMove  int
	status  string
}

// Keys parseDelta looks for.
var (
	versionKey = []byte(`,"version":`)
	eventKey   = []byte(`,"event":{`)
	moveKey    = []byte(`,"move":`)
	toMoveKey  = []byte(`,"toMove":`)
	statusKey  = []byte(`,"status":`)
)

// parseDelta reads a delta update as the server writes it (the fields in
// protocol.ServerMessage order): version, the event's move, the delta's
// toMove and status. Keys preceded by a comma or brace cannot occur inside
// a JSON string (quotes there are escaped). It runs for every move, so it
// takes the texts from texts (allocating only a text not seen before, or
// one with escapes) and builds errors only on failure (the status is
// absent from most deltas).
func parseDelta(raw []byte, texts *interner) (delta, error) {
	var d delta
	v, ok := after(raw, versionKey)
	if !ok {
		return d, errors.New("delta: no version")
	}
	if d.version, ok = jsonInt(v); !ok {
		return d, errors.New("delta: version is not an integer")
	}
	ev, ok := after(raw, eventKey)
	if !ok {
		return d, errors.New("delta: no event")
	}
	dl, ok := after(raw, deltaMarker)
	if !ok {
		return d, errors.New("delta: no delta")
	}
	if v, ok = after(ev[:len(ev)-len(dl)], moveKey); !ok {
		return d, errors.New("delta: no move in the event")
	}
	var err error
	if d.move, err = jsonString(v, texts); err != nil {
		return d, err
	}
	if v, ok = after(dl, toMoveKey); !ok {
		return d, errors.New("delta: no toMove")
	}
	toMove, ok := jsonInt(v)
	if !ok {
		return d, errors.New("delta: toMove is not an integer")
	}
	d.toMove = int(toMove)
	if v, ok = after(dl, statusKey); ok {
		if d.status, err = jsonString(v, texts); err != nil {
			return d, err
		}
	}
	return d, nil
}

// after returns what follows the first key in in.
func after(in, key []byte) ([]byte, bool) {
	k := bytes.Index(in, key)
	if k < 0 {
		return nil, false
	}
	return in[k+len(key):], true
}

// jsonInt reads the integer at the start of v, ended by a comma or a
// closing brace, without allocating.
func jsonInt(v []byte) (int64, bool) {
	neg := len(v) > 0 && v[0] == '-'
	if neg {
		v = v[1:]
	}
	var n int64
	i := 0
	for ; i < len(v) && v[i] >= '0' && v[i] <= '9'; i++ {
		if i == 18 { // more digits could overflow; versions never get there
			return 0, false
		}
		n = n*10 + int64(v[i]-'0')
	}
	if i == 0 || i == len(v) || (v[i] != ',' && v[i] != '}') {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// jsonString reads the JSON string at the start of v, interned in texts;
// only one with escapes goes through encoding/json.
func jsonString(v []byte, texts *interner) (string, error) {
	if len(v) == 0 || v[0] != '"' {
		return "", errors.New("delta: not a string")
	}
	j := 1
	for ; j < len(v) && v[j] != '"'; j++ {
		if v[j] == '\\' {
			j++
		}
	}
	if j >= len(v) {
		return "", errors.New("delta: unterminated string")
	}
	if bytes.IndexByte(v[:j], '\\') < 0 {
		return texts.intern(v[1:j]), nil
	}
	var s string
	err := json.Unmarshal(v[:j+1], &s)
	return s, err
}

// parseState reads the fields a player needs from a raw welcome or update
// without decoding the whole state (its move list grows with the game):
// it finds each field by its key inside the state object and decodes only
// the legal-move array. A key preceded by a comma cannot occur inside a
// JSON string (a quote there is escaped), and these keys occur only at the
// state's top level.
func parseState(raw []byte) (lightState, error) {
	var s lightState
	i := bytes.Index(raw, stateMarker)
	if i < 0 {
		return s, errors.New("no state in message")
	}
	obj := raw[i+len(stateMarker):]
	field := func(key string) ([]byte, error) {
		k := bytes.Index(obj, []byte(`,"`+key+`":`))
		if k < 0 {
			return nil, fmt.Errorf("state has no %s", key)
		}
		return obj[k+len(key)+4:], nil
	}
	number := func(key string) (int64, error) {
		v, err := field(key)
		if err != nil {
			return 0, err
		}
		end := bytes.IndexAny(v, ",}")
		if end < 0 {
			return 0, fmt.Errorf("state %s unterminated", key)
		}
		return strconv.ParseInt(string(v[:end]), 10, 64)
	}
	var err error
	if s.Version, err = number("version"); err != nil {
		return s, err
	}
	toMove, err := number("toMove")
	if err != nil {
		return s, err
	}
	s.ToMove = int(toMove)
	v, err := field("status")
	if err != nil {
		return s, err
	}
	if err := json.NewDecoder(bytes.NewReader(v)).Decode(&s.Status); err != nil {
		return s, fmt.Errorf("state status: %w", err)
	}
	if v, err = field("legal"); err != nil {
		return s, err
	}
	if s.Legal, err = legalTexts(v); err != nil {
		return s, fmt.Errorf("state legal moves: %w", err)
	}
	return s, nil
}

// legalTexts reads the "text" of every object in the JSON array of moves
// at the start of v: strings are scanned with their escapes, and a string
// following the key "text" is decoded as the value.
func legalTexts(v []byte) ([]legalMove, error) {
	if len(v) == 0 || v[0] != '[' {
		return nil, errors.New("not an array")
	}
	out := []legalMove{}
	var last []byte // the last string read, raw with its quotes
	wantText := false
	depth := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '"':
			j := i + 1
			for ; j < len(v) && v[j] != '"'; j++ {
				if v[j] == '\\' {
					j++
				}
			}
			if j >= len(v) {
				return nil, errors.New("unterminated string")
			}
			last = v[i : j+1]
			if wantText {
				text := string(last[1 : len(last)-1])
				if bytes.IndexByte(last, '\\') >= 0 {
					if err := json.Unmarshal(last, &text); err != nil {
						return nil, err
					}
				}
				out = append(out, legalMove{Text: text})
				wantText = false
			}
			i = j
		case ':':
			wantText = depth == 2 && string(last) == `"text"`
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth == 0 {
				return out, nil
			}
		}
	}
	return nil, errors.New("unterminated array")
}
