package textlist

import (
	"reflect"
	"slices"
	"testing"
	"unsafe"
)

// TestList checks a list against a plain []string through adds,
// truncations and dropped strings, and that a slice handed out by
// Strings keeps its contents after later changes.
func TestList(t *testing.T) {
	var l List
	var want []string
	check := func(step string) {
		t.Helper()
		if l.Len() != len(want) {
			t.Fatalf("%s: Len %d, want %d", step, l.Len(), len(want))
		}
		for i, s := range want {
			if l.At(i) != s {
				t.Fatalf("%s: At(%d) = %q, want %q", step, i, l.At(i), s)
			}
		}
		if got := l.Strings(); !slices.Equal(got, want) || got == nil {
			t.Fatalf("%s: Strings = %q, want %q", step, got, want)
		}
	}
	check("empty")
	for _, s := range []string{"d4", "", "a7-g1", "тест"} {
		l.Add(s)
		want = append(want, s)
		check("add " + s)
	}
	held := l.Strings()
	l.Truncate(2)
	want = want[:2]
	check("truncate")
	l.Add("x")
	want = append(want, "x")
	check("add after truncate")
	if held[2] != "a7-g1" {
		t.Errorf("a handed-out slice changed: %q", held)
	}
	l.DropStrings()
	l.Add("y")
	want = append(want, "y")
	check("after DropStrings")
}

// TestListTakeback checks a list through additions and
// takebacks, and that a list taken earlier keeps its moves.
func TestListTakeback(t *testing.T) {
	t0 := fromStrings("a1", "b2-c3", "", "d4")
	if got, want := t0.Strings(), []string{"a1", "b2-c3", "", "d4"}; !slices.Equal(got, want) {
		t.Fatalf("list = %q, want %q", got, want)
	}
	old := t0.Strings()
	t0.Truncate(2)
	t0.Add("e5xf6")
	if got, want := t0.Strings(), []string{"a1", "b2-c3", "e5xf6"}; !slices.Equal(got, want) || t0.Len() != 3 || t0.At(2) != "e5xf6" {
		t.Errorf("after a takeback of two and a move: %q (len %d, at(2) %q), want %q", got, t0.Len(), t0.At(2), want)
	}
	if want := []string{"a1", "b2-c3", "", "d4"}; !slices.Equal(old, want) {
		t.Errorf("earlier list changed to %q, want %q", old, want)
	}
	t0.Truncate(0)
	if got := t0.Strings(); got == nil || len(got) != 0 {
		t.Errorf("after a takeback of everything: %#v, want an empty list", got)
	}
	if reflect.TypeFor[List]().Field(0).Type.Elem().Kind() != reflect.Uint8 || reflect.TypeFor[List]().Field(1).Type.Elem().Kind() != reflect.Uint32 {
		t.Error("List's arrays are not of bytes and offsets")
	}
	t0.Add("a1")
	t0.DropStrings()
	t0.Add("b2")
	if t0.strs != nil {
		t.Error("strings kept after dropStrings and a move")
	}
	l1 := t0.Strings()
	t0.Add("c3")
	l2 := t0.Strings()
	if same := unsafe.StringData(l1[0]) == unsafe.StringData(l2[0]); !slices.Equal(l2, []string{"a1", "b2", "c3"}) || !same {
		t.Errorf("list after a move: %q (same strings: %v), want the kept strings extended", l2, same)
	}
}

// fromStrings returns a list of ss.
func fromStrings(ss ...string) *List {
	var l List
	for _, s := range ss {
		l.Add(s)
	}
	return &l
}
