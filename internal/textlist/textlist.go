// Package textlist keeps a growing list of short strings (a match's move
// notations) in one byte slice with their end offsets, so the garbage
// collector has no pointer per entry to scan, and hands it out as a
// []string only while someone reads it that way.
package textlist

// List is a list of strings. The zero value is empty and ready.
type List struct {
	text []byte
	end  []uint32
	// strs are the entries as strings, kept while readers want them
	// (Strings) and extended by Add, so each reader costs no copy;
	// nil otherwise (DropStrings). Slices handed out share its array:
	// Truncate drops it rather than overwrite what they hold.
	strs []string
}

// Len returns the number of entries.
func (t *List) Len() int { return len(t.end) }

func (t *List) start(i int) uint32 {
	if i == 0 {
		return 0
	}
	return t.end[i-1]
}

// At returns entry i.
func (t *List) At(i int) string { return string(t.text[t.start(i):t.end[i]]) }

// Add appends s.
func (t *List) Add(s string) {
	t.text = append(t.text, s...)
	t.end = append(t.end, uint32(len(t.text)))
	if t.strs != nil {
		t.strs = append(t.strs, s)
	}
}

// Truncate keeps the first n entries.
func (t *List) Truncate(n int) {
	t.text = t.text[:t.start(n)]
	t.end = t.end[:n]
	t.strs = nil
}

// Strings returns the entries as strings, never nil; the caller must not
// modify it. The first call after DropStrings copies them (sharing one
// allocation of their bytes); later calls share it until the next
// DropStrings or Truncate.
func (t *List) Strings() []string {
	if t.strs == nil {
		all := string(t.text)
		t.strs = make([]string, len(t.end))
		for i := range t.strs {
			t.strs[i] = all[t.start(i):t.end[i]]
		}
	}
	return t.strs[:len(t.strs):len(t.strs)]
}

// DropStrings lets go of the strings Strings keeps.
func (t *List) DropStrings() { t.strs = nil }
