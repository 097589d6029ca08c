package dedup

import (
	"fmt"
	"hash/maphash"
	"reflect"
	"testing"
)

// TestSeats checks that each seat recalls its own last Memory IDs with
// their versions, forgets older ones, and never recalls another seat's.
func TestSeats(t *testing.T) {
	s := New(maphash.MakeSeed())
	if _, ok := s.Recall(0, "a"); ok {
		t.Fatal("an empty memory recalled an ID")
	}
	s.Remember(-1, "spectator", 1)
	if _, ok := s.Recall(-1, "spectator"); ok {
		t.Error("a spectator's ID was remembered")
	}
	for i := range Memory + 4 {
		s.Remember(2, fmt.Sprint("c", i), int64(100+i))
	}
	s.Remember(0, "c0", 7)
	for i := range Memory + 4 {
		v, ok := s.Recall(2, fmt.Sprint("c", i))
		if want := i >= 4; ok != want || (ok && v != int64(100+i)) {
			t.Errorf("seat 2 id c%d: %d %v, want recalled %v at %d", i, v, ok, want, 100+i)
		}
	}
	if v, ok := s.Recall(0, "c0"); !ok || v != 7 {
		t.Errorf("seat 0 id c0: %d %v, want 7 true", v, ok)
	}
	if _, ok := s.Recall(1, "c5"); ok {
		t.Error("seat 1 recalled seat 2's ID")
	}
}

// TestNoPointers checks a seat's ring holds no pointers, so the garbage
// collector never scans it.
func TestNoPointers(t *testing.T) {
	var walk func(t reflect.Type) bool
	walk = func(ty reflect.Type) bool {
		switch ty.Kind() {
		case reflect.Array:
			return walk(ty.Elem())
		case reflect.Struct:
			for i := range ty.NumField() {
				if walk(ty.Field(i).Type) {
					return true
				}
			}
			return false
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float64:
			return false
		}
		return true
	}
	if walk(reflect.TypeFor[ring]()) {
		t.Error("a seat's ring holds pointers: every collection scans it")
	}
}
