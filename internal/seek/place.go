package seek

import "slices"

// Place seats s at the oldest of tables (all of s's key, oldest first)
// whose seeks and s accept one another, or at a new table after them, as
// Memory.Add does. It returns the tables left and, when s filled a table,
// that table's seeks in seating order (the table is then gone from the
// tables left). A book kept elsewhere than in memory (a cluster's shared
// book) pairs with it.
func Place(tables []Table, s Seek) (left []Table, full []Seek) {
	for i, t := range tables {
		if t.Key != s.Key || !fits(t.Seeks, s) {
			continue
		}
		seated := append(slices.Clone(t.Seeks), s)
		if len(seated) < t.Players {
			left = slices.Clone(tables)
			left[i].Seeks = seated
			return left, nil
		}
		return slices.Delete(slices.Clone(tables), i, i+1), seated
	}
	if s.Players <= 1 {
		return tables, []Seek{s}
	}
	return append(slices.Clone(tables), Table{Key: s.Key, Seeks: []Seek{s}}), nil
}
