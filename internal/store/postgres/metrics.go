package postgres

import (
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
)

// Collector returns the store's metrics, for the server to serve with its
// own: the connection pool's use, where a change waits before the
// database sees it.
func (db *DB) Collector() prometheus.Collector { return poolCollector{db.pool} }

var (
	descConns = prometheus.NewDesc("tabula_store_pg_conns",
		"PostgreSQL connections in the store's pool, by state (acquired: running a query or transaction).",
		[]string{"state"}, nil)
	descAcquires = prometheus.NewDesc("tabula_store_pg_acquires_total",
		"Connections taken from the pool, one per query or transaction.", nil, nil)
	descWaits = prometheus.NewDesc("tabula_store_pg_acquire_waits_total",
		"Takings that found every connection busy and waited (pool_max_conns in the connection string sets the pool's size).", nil, nil)
	descWaited = prometheus.NewDesc("tabula_store_pg_acquire_seconds_total",
		"Time spent taking connections from the pool.", nil, nil)
)

// poolCollector reads the pool's statistics when scraped.
type poolCollector struct{ pool *pgxpool.Pool }

// Describe implements prometheus.Collector.
func (c poolCollector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descConns, descAcquires, descWaits, descWaited} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.pool.Stat()
	ch <- prometheus.MustNewConstMetric(descConns, prometheus.GaugeValue, float64(s.AcquiredConns()), "acquired")
	ch <- prometheus.MustNewConstMetric(descConns, prometheus.GaugeValue, float64(s.IdleConns()), "idle")
	ch <- prometheus.MustNewConstMetric(descConns, prometheus.GaugeValue, float64(s.ConstructingConns()), "connecting")
	ch <- prometheus.MustNewConstMetric(descAcquires, prometheus.CounterValue, float64(s.AcquireCount()))
	ch <- prometheus.MustNewConstMetric(descWaits, prometheus.CounterValue, float64(s.EmptyAcquireCount()))
	ch <- prometheus.MustNewConstMetric(descWaited, prometheus.CounterValue, s.AcquireDuration().Seconds())
}
