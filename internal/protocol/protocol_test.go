package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

func TestDecode(t *testing.T) {
	five := int64(5)
	one := 1
	tests := []struct {
		name string
		in   string
		want ClientMessage
		code Code // "" for success
	}{
		{"hello spectator", `{"type":"hello"}`, ClientMessage{Type: TypeHello}, ""},
		{"hello with token and since", `{"type":"hello","token":"abc","since":5}`, ClientMessage{Type: TypeHello, Token: "abc", Since: &five}, ""},
		{"move", `{"type":"move","id":"c1","version":3,"move":"d4"}`, ClientMessage{Type: TypeMove, ID: "c1", Version: 3, Move: "d4"}, ""},
		{"resign", `{"type":"resign","id":"c2","version":0}`, ClientMessage{Type: TypeResign, ID: "c2"}, ""},
		{"ping", `{"type":"ping"}`, ClientMessage{Type: TypePing}, ""},
		{"hello with two seats and deltas", `{"type":"hello","token":"a","tokens":["b"],"delta":true}`, ClientMessage{Type: TypeHello, Token: "a", Tokens: []string{"b"}, Delta: true}, ""},
		{"move for a seat", `{"type":"move","id":"c1","version":3,"move":"d4","seat":1}`, ClientMessage{Type: TypeMove, ID: "c1", Version: 3, Move: "d4", Seat: &one}, ""},
		{"empty token in tokens", `{"type":"hello","tokens":["a",""]}`, ClientMessage{}, CodeBadRequest},
		{"too many tokens", `{"type":"hello","tokens":["1","2","3","4","5","6","7","8","9"]}`, ClientMessage{}, CodeBadRequest},
		{"negative seat", `{"type":"resign","id":"a","version":1,"seat":-1}`, ClientMessage{}, CodeBadRequest},
		{"not json", `{"type":`, ClientMessage{}, CodeBadJSON},
		{"array", `[1,2]`, ClientMessage{}, CodeBadJSON},
		{"unknown field", `{"type":"ping","x":1}`, ClientMessage{}, CodeBadJSON},
		{"trailing data", `{"type":"ping"}{"type":"ping"}`, ClientMessage{}, CodeBadJSON},
		{"no type", `{}`, ClientMessage{}, CodeBadJSON},
		{"unknown type", `{"type":"teleport"}`, ClientMessage{}, CodeUnknownType},
		{"command without id", `{"type":"move","version":1,"move":"d4"}`, ClientMessage{}, CodeBadRequest},
		{"move without move", `{"type":"move","id":"a","version":1}`, ClientMessage{}, CodeBadRequest},
		{"negative version", `{"type":"resign","id":"a","version":-1}`, ClientMessage{}, CodeBadRequest},
		{"negative since", `{"type":"hello","since":-1}`, ClientMessage{}, CodeBadRequest},
		{"long id", `{"type":"resign","id":"` + strings.Repeat("a", 65) + `","version":1}`, ClientMessage{}, CodeBadRequest},
		{"too large", `{"type":"hello","token":"` + strings.Repeat("a", MaxMessageBytes) + `"}`, ClientMessage{}, CodeTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Decode([]byte(tt.in))
			if tt.code != "" {
				if err == nil {
					t.Fatalf("Decode(%q) = %+v, want error %s", tt.in, got, tt.code)
				}
				if c := CodeOf(err); c != tt.code {
					t.Fatalf("Decode(%q) error %v has code %s, want %s", tt.in, err, c, tt.code)
				}
				return
			}
			if err != nil {
				t.Fatalf("Decode(%q): %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("Decode(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}

func FuzzDecodeMessage(f *testing.F) {
	for _, s := range []string{
		`{"type":"hello","token":"abc","since":5}`,
		`{"type":"move","id":"c1","version":3,"move":"a7-g1xb4"}`,
		`{"type":"offer-draw","id":"x","version":9}`,
		`{"type":"ping"}`, `{}`, `[`, `null`, `{"type":"move","since":-3}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Decode error %v is not a *protocol.Error", err)
			}
			if _, ok := codes[e.Code]; !ok {
				t.Fatalf("Decode error has unknown code %q", e.Code)
			}
			return
		}
		// An accepted message re-encodes and decodes to itself.
		data2, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		m2, err := Decode(data2)
		if err != nil {
			t.Fatalf("re-decoding %s: %v", data2, err)
		}
		if !reflect.DeepEqual(m, m2) {
			t.Fatalf("round trip %+v -> %s -> %+v", m, data2, m2)
		}
		if IsCommand(m.Type) && m.ID == "" {
			t.Fatalf("command %q accepted without an id", m.Type)
		}
	})
}

func TestMoveForm(t *testing.T) {
	tests := []struct {
		text string
		want Move
	}{
		{"d4", Move{Text: "d4", To: "d4"}},
		{"a7-g1", Move{Text: "a7-g1", From: "a7", To: "g1"}},
		{"c4xb4", Move{Text: "c4xb4", To: "c4", Captures: []string{"b4"}}},
		{"a7-g1xb4xc5", Move{Text: "a7-g1xb4xc5", From: "a7", To: "g1", Captures: []string{"b4", "c5"}}},
		{"+1", Move{Text: "+1"}},
		{"h", Move{Text: "h"}},
		{"d4x", Move{Text: "d4x"}},
		{"a-b", Move{Text: "a-b"}},
		{"d123", Move{Text: "d123"}},
		{"D4", Move{Text: "D4"}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			if got := MoveForm(tt.text); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("MoveForm(%q) = %+v, want %+v", tt.text, got, tt.want)
			}
		})
	}
}

// TestCodesMatchTable checks errors_gen.go is up to date with errors.json
// (run go generate ./internal/protocol when it fails).
func TestCodesMatchTable(t *testing.T) {
	data, err := os.ReadFile("errors.json")
	if err != nil {
		t.Fatal(err)
	}
	var table []struct {
		Code string `json:"code"`
		HTTP int    `json:"http"`
		Doc  string `json:"doc"`
	}
	if err := json.Unmarshal(data, &table); err != nil {
		t.Fatal(err)
	}
	if len(table) != len(codes) {
		t.Fatalf("errors.json has %d codes, errors_gen.go %d: run go generate", len(table), len(codes))
	}
	for _, row := range table {
		c := Code(row.Code)
		if c.HTTPStatus() != row.HTTP || c.Doc() != row.Doc {
			t.Errorf("code %s: generated (%d, %q), table (%d, %q): run go generate", c, c.HTTPStatus(), c.Doc(), row.HTTP, row.Doc)
		}
	}
}

func BenchmarkDecode(b *testing.B) {
	data := []byte(`{"type":"move","id":"c-7f3a-12","version":17,"move":"a7-g1xb4"}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDocListsEveryCode keeps docs/protocol.md's error table current.
func TestDocListsEveryCode(t *testing.T) {
	doc, err := os.ReadFile("../../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range Codes() {
		if !strings.Contains(string(doc), fmt.Sprintf("| `%s` | %d |", c, c.HTTPStatus())) {
			t.Errorf("docs/protocol.md has no row for code %s (HTTP %d)", c, c.HTTPStatus())
		}
	}
}

// FuzzDecodeFast checks the fast decoder against encoding/json: whatever
// it accepts, encoding/json accepts too and decodes to the same message.
func FuzzDecodeFast(f *testing.F) {
	for _, s := range []string{
		`{"type":"move","id":"m12","version":7,"move":"c4xb4","seat":1}`,
		`{"type":"hello","token":"abc","since":5,"delta":true}`,
		` { "type" : "ping" } `, `{}`, `{"type":"move","version":-0}`, `{"type":"move","version":01}`,
		`{"type":"move","version":1.5}`, `{"Type":"move"}`, `{"type":"m\u0041"}`, `{"type":"move"} x`,
		`{"seat":9223372036854775808}`, `{"delta":null}`, `{"type":"move","type":"ping"}`, `{"tokens":["a"]}`,
		`{"type":"hello","tokens":["t1", "t2" ],"delta":true}`, `{"tokens":[]}`, `{"tokens":[ ]}`, `{"tokens":null}`,
		`{"tokens":["a",]}`, `{"tokens":["a"],"tokens":[]}`, `{"tokens":["a\u0041"]}`, `{"tokens":[1]}`, `{"tokens":["a" "b"]}`,
		`{"tokens":["1","2","3","4","5","6","7","8","9","10","11","12","13","14","15","16","17"]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var fast ClientMessage
		if !decodeFast(data, &fast) {
			return
		}
		var slow ClientMessage
		if err := decodeJSON(data, &slow); err != nil {
			t.Fatalf("decodeFast accepted %q, encoding/json: %v", data, err)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("decodeFast(%q) = %+v, encoding/json %+v", data, fast, slow)
		}
	})
}

// BenchmarkDecodeMove decodes a move command as the server reads it.
func BenchmarkDecodeMove(b *testing.B) {
	data := []byte(`{"type":"move","id":"m12","version":7,"move":"c4xb4","seat":1}`)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Decode(data); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDecodeFastTokens checks a hello holding several seats takes the
// fast path (no encoding/json decoder per hello), and arrays it does not
// read are left to encoding/json.
func TestDecodeFastTokens(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string // nil: decodeFast declines
	}{
		{"two", `{"type":"hello","tokens":["t1","t2"],"delta":true}`, []string{"t1", "t2"}},
		{"spaced", `{"tokens": [ "t1" , "t2" ] }`, []string{"t1", "t2"}},
		{"empty", `{"tokens":[]}`, []string{}},
		{"escaped", `{"tokens":["t\u0031"]}`, nil},
		{"null", `{"tokens":null}`, nil},
		{"trailing comma", `{"tokens":["t1",]}`, nil},
		{"too many", `{"tokens":["1","2","3","4","5","6","7","8","9","10","11","12","13","14","15","16","17"]}`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m ClientMessage
			ok := decodeFast([]byte(tt.in), &m)
			if ok != (tt.want != nil) {
				t.Fatalf("decodeFast accepted: %v, want %v", ok, tt.want != nil)
			}
			if ok && !reflect.DeepEqual(m.Tokens, tt.want) {
				t.Errorf("tokens %#v, want %#v", m.Tokens, tt.want)
			}
		})
	}
}
