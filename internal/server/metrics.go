package server

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// latencyBuckets are the latency histograms' buckets: 0.25 ms to 4 s,
// twice as wide each (the load test reads percentiles from them).
func latencyBuckets() []float64 { return prometheus.ExponentialBuckets(0.00025, 2, 15) }

// metrics are the server's Prometheus metrics, in a registry of its own
// (no global state).
type metrics struct {
	reg         *prometheus.Registry
	rooms       prometheus.Gauge
	conns       prometheus.Gauge
	moves       prometheus.Counter
	moveLatency prometheus.Histogram
	save        prometheus.Histogram
	botTime     prometheus.Histogram
	slowDrops   prometheus.Counter
}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg:   prometheus.NewRegistry(),
		rooms: prometheus.NewGauge(prometheus.GaugeOpts{Name: "tabula_live_rooms", Help: "Matches with a running room."}),
		conns: prometheus.NewGauge(prometheus.GaugeOpts{Name: "tabula_connections", Help: "Open WebSocket connections."}),
		moves: prometheus.NewCounter(prometheus.CounterOpts{Name: "tabula_moves_total", Help: "Moves played (rate() gives moves per second)."}),
		moveLatency: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tabula_move_latency_seconds", Help: "From a move command's arrival to its ack (including the durable commit).",
			Buckets: latencyBuckets(),
		}),
		save: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tabula_save_seconds", Help: "A room's Save of one change (most are moves), from the call to its return: the store's queue and the durable commit, the part of tabula_move_latency_seconds spent waiting for the store.",
			Buckets: latencyBuckets(),
		}),
		botTime: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tabula_bot_search_seconds", Help: "Time of one bot search.", Buckets: prometheus.ExponentialBuckets(0.001, 2, 14),
		}),
		slowDrops: prometheus.NewCounter(prometheus.CounterOpts{Name: "tabula_slow_client_drops_total", Help: "Connections closed for falling behind."}),
	}
	m.reg.MustRegister(s.cfg.Collectors...)
	m.reg.MustRegister(m.rooms, m.conns, m.moves, m.moveLatency, m.save, m.botTime, m.slowDrops,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tabula_bot_queue_depth", Help: "Bot searches waiting for a worker."},
			func() float64 { return float64(s.bots.depth()) }),
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}
