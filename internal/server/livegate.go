package server

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tabula-games/tabula/internal/analysis"
	"github.com/tabula-games/tabula/internal/livegate"
)

// Issue 23: the analysis board's searches step aside for live games. The
// server brackets every live command (a player's, handleFrame; a bot's
// move once searched, Server.run) with the gate's Begin and End, and the
// analysis pool's searches pause at their clock checks while one is being
// handled, while goroutines wait for a processor, and for a rest after
// each slice while live games move (internal/livegate).

// newLiveGate is the server's gate, on the server's clock.
func newLiveGate(cfg livegate.Config, now func() time.Time) *livegate.Gate {
	if cfg.Now == nil {
		cfg.Now = now
	}
	return livegate.New(cfg)
}

// paced is the analysis pool's configuration with the server's gate,
// unless the configuration brings its own.
func paced(cfg analysis.Config, g *livegate.Gate) analysis.Config {
	if cfg.Gate == nil {
		cfg.Gate = g
	}
	return cfg
}

// gateMetrics are the gate's pauses, for /metrics.
func gateMetrics(g *livegate.Gate) []prometheus.Collector {
	return []prometheus.Collector{
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "tabula_analysis_pauses_total", Help: "Pauses of analysis searches for live games (livegate)."},
			func() float64 { n, _ := g.Pauses(); return float64(n) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "tabula_analysis_paused_seconds_total", Help: "Time analysis searches paused for live games (livegate)."},
			func() float64 { _, d := g.Pauses(); return d.Seconds() }),
	}
}
