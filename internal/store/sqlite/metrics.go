package sqlite

import (
	"github.com/prometheus/client_golang/prometheus"
)

// metrics are the writer's timings, served by the server with its own
// (Collector): where a move's commit waits, in the store's queue or in
// the commit itself.
type metrics struct {
	queue, commit, catchUp prometheus.Histogram
	batch                  prometheus.Histogram
}

func newMetrics() *metrics {
	// 0.25 ms to 4 s, twice as wide each, as the server's move latency.
	buckets := prometheus.ExponentialBuckets(0.00025, 2, 15)
	return &metrics{
		queue: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tabula_store_queue_seconds", Help: "A write's wait in the SQLite writer's queue, from Save to the start of the transaction that holds it.",
			Buckets: buckets,
		}),
		commit: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tabula_store_commit_seconds", Help: "One group-commit transaction of the SQLite writer, from its start to the end of its commit (statements, WAL write and fsync), with its share of a catch-up round if it carries one (tabula_store_catchup_seconds).",
			Buckets: buckets,
		}),
		catchUp: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tabula_store_catchup_seconds", Help: "One group commit's share of a catch-up round: writing the heads and current versions of matches moved since the last round into their match rows, at the start of the transaction.",
			Buckets: buckets,
		}),
		batch: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "tabula_store_batch_changes", Help: "Changes committed in one transaction (group commit).",
			Buckets: prometheus.ExponentialBuckets(1, 2, 10),
		}),
	}
}

// Collector returns the store's metrics, for a Prometheus registry (the
// server's: server.Config.Collectors).
func (db *DB) Collector() prometheus.Collector { return db.metrics }

// Describe implements prometheus.Collector.
func (m *metrics) Describe(ch chan<- *prometheus.Desc) {
	for _, h := range m.all() {
		h.Describe(ch)
	}
}

// Collect implements prometheus.Collector.
func (m *metrics) Collect(ch chan<- prometheus.Metric) {
	for _, h := range m.all() {
		h.Collect(ch)
	}
}

func (m *metrics) all() []prometheus.Histogram {
	return []prometheus.Histogram{m.queue, m.commit, m.catchUp, m.batch}
}
