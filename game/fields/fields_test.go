package fields_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/tabula-games/tabula/game"
	"github.com/tabula-games/tabula/game/fields"
)

func TestText(t *testing.T) {
	tx := fields.New("g", "  a  b=1 c,d \t-")
	if !slices.Equal(tx.Fields, []string{"a", "b=1", "c,d", "-"}) || tx.Len() != 4 {
		t.Fatalf("fields %q", tx.Fields)
	}
	if v, ok := fields.Named(tx.Fields[1], "b"); !ok || v != "1" {
		t.Errorf("Named(b=1, b) = %q, %v", v, ok)
	}
	if _, ok := fields.Named(tx.Fields[1], "bb"); ok {
		t.Error("Named(b=1, bb) matched")
	}
	if got := fields.List(tx.Fields[2], ","); !slices.Equal(got, []string{"c", "d"}) {
		t.Errorf("List(c,d) = %q", got)
	}
	if got := fields.List("-", ","); got != nil {
		t.Errorf("List(-) = %q, want none", got)
	}
	for _, tc := range []struct {
		err error
		off int
		msg string
	}{
		{tx.Errorf("want %d fields", 5), -1, "want 5 fields"},
		{tx.ErrorAt("b=1", "bad b"), 5, "bad b"},
		{tx.ErrorAt("", "no place"), -1, "no place"},
		{tx.ErrorAt("zz", "not there"), -1, "not there"},
	} {
		var pe *game.ParseError
		if !errors.As(tc.err, &pe) || !errors.Is(tc.err, game.ErrSyntax) {
			t.Fatalf("%v is not a *game.ParseError", tc.err)
		}
		if pe.Game != "g" || pe.What != "position" || pe.Input != "  a  b=1 c,d \t-" || pe.Offset != tc.off || pe.Msg != tc.msg {
			t.Errorf("%+v, want offset %d and message %q", *pe, tc.off, tc.msg)
		}
	}
}
