//go:build race

package ai_test

// raceEnabled reports whether the race detector is on: it slows searches
// several times over, unevenly, so wall-clock margins are scaled.
const raceEnabled = true
