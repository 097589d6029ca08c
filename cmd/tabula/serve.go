package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"net/netip"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/games"
	"github.com/tabula-games/tabula/internal/analysis"
	"github.com/tabula-games/tabula/internal/livegate"
	"github.com/tabula-games/tabula/internal/server"
	"github.com/tabula-games/tabula/web"
)

const (
	// shutdownGrace is how long a SIGINT/SIGTERM waits for HTTP requests
	// in flight before closing everything.
	shutdownGrace = 10 * time.Second
	// defaultGCPercent is the server's GOGC unless the environment sets one
	// (see gcPercentSet). The live heap grows with the live matches
	// (~120-230 MB at 10 000, session 7) and every collection's mark phase
	// takes a quarter of the CPU for 0.2-0.4 s at that size; with the
	// default 100 collections came every few seconds. 400 marks a quarter
	// as often for a heap of up to five times the live one (~1 GB at
	// 10 000 matches); --memory-limit caps it where memory is short.
	defaultGCPercent = 400
)

// gcPercentSet reports whether serve sets the collector's target itself:
// when --gc-percent is given, or when the environment has no GOGC (the
// runtime has applied one that it has, and the default must not undo it).
func gcPercentSet(fs *flag.FlagSet, getenv func(string) string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == "gc-percent" })
	return given || getenv("GOGC") == ""
}

// runServe is "tabula serve [--addr 127.0.0.1:8080] [--db PATH]": the game
// server with the web client, on SQLite. It prints "listening on
// http://ADDR" on stdout once it accepts connections, and stops gracefully
// on SIGINT or SIGTERM.
func runServe(ctx context.Context, e *env) error {
	fs := e.newFlagSet()
	addr := fs.String("addr", "127.0.0.1:8080", "listen address (port 0: any free port)")
	dbPath := fs.String("db", "tabula.db", "SQLite database file, created if missing; or a postgres:// URL without a password (give it in PGPASSWORD or a password file)")
	botWorkers := fs.Int("bot-workers", 0, "bot searches at once (0: one per core; with --nats, -1 leaves them to tabula worker processes)")
	analysisWorkers := fs.Int("analysis-workers", 0, "analysis-board searches at once (0: 1, leaving the other cores to live games and their bots)")
	analysisChild := fs.Bool("analysis-child", false, "run two-player analyses in a child tabula engine process at the lowest priority instead of a thread of the server")
	analysisGate := fs.Bool("analysis-gate", true, "pace the server's analysis searches behind live games: pause while a move is handled or goroutines wait, and rest between slices while games move (internal/livegate)")
	analysisProcs := fs.Bool("analysis-procs", true, "give the Go scheduler one execution slot (GOMAXPROCS) more per analysis worker, so a lowest-priority analysis thread the kernel leaves waiting never holds a slot live games need")
	analysisShare := fs.Int("analysis-share", livegate.DefaultShare, "with --analysis-gate, the percentage of one core an analysis may use while live games move (1-100)")
	botTime := fs.Duration("bot-time", time.Second, "the most a bot move may take; in a match with a clock a bot plans from its time left and increment and thinks less when that says so (ai.PlanTime)")
	verbose := fs.Bool("v", false, "log debug messages")
	gcPercent := fs.Int("gc-percent", defaultGCPercent, "garbage collection target percentage (default 400, or GOGC when the environment sets it; the flag overrides the environment): higher collects less often and holds more memory; -1 turns collection off, leaving --memory-limit in charge")
	memLimit := fs.Int64("memory-limit", 0, "soft memory limit in MiB (GOMEMLIMIT): the collector runs more often as the heap nears it; 0 keeps the environment's or none")
	var engines []server.Engine
	fs.Func("engine", `offer an external engine to seats: NAME="PROGRAM ARGS", or NAME@GAME,GAME="PROGRAM ARGS" for some games only (repeatable; NAME is letters, digits, '-', '_', '.')`, func(v string) error {
		e, err := server.ParseEngine(v)
		if err != nil {
			return err
		}
		engines = append(engines, e)
		return nil
	})
	gameHidden := fs.Bool("game-hidden", false, "also offer the games hidden from the lobby by default (tictactoe, the template game of docs/adding-a-game.md)")
	chatGuests := fs.Bool("chat-guests", false, "let guests (no account) chat in rated matches; by default only logged-in players and spectators chat there")
	noClientLimits := fs.Bool("no-client-limits", false, "lift the per-client rate limits and caps (a load test from one address); never on a public address")
	var hosts, origins, proxies []string
	fs.Func("host", "a Host the server answers to, name or name:port (repeatable; default when listening on loopback: localhost, 127.0.0.1 and [::1] with the listen port; otherwise any)", appendTo(&hosts))
	fs.Func("origin", "another origin allowed to change state and open WebSockets, such as https://play.example or *.example.com (repeatable)", appendTo(&origins))
	fs.Func("trust-proxy", "address or CIDR of a reverse proxy whose X-Forwarded-For and X-Forwarded-Proto are believed (repeatable)", appendTo(&proxies))
	metricsAddr := fs.String("metrics-addr", "", "serve /metrics and Go profiles (/debug/pprof/) on this address, for example 127.0.0.1:9090; off when empty")
	fs.StringVar(metricsAddr, "pprof", "", "the same as --metrics-addr (older name)")
	metricsPublic := fs.Bool("metrics-public", false, "allow --metrics-addr on a non-loopback address (profiles and metrics are then open to that network)")
	connsPerClient := fs.Int("conns-per-client", server.MaxConnsPerClient, "TCP connections one client (address, IPv6 /64) may hold at once; 0: no cap (a load generator on this machine)")
	tlsCert := fs.String("tls-cert", "", "serve HTTPS with this certificate file (PEM; with --tls-key)")
	tlsKey := fs.String("tls-key", "", "the private key file of --tls-cert (PEM)")
	natsReplicas := fs.Int("nats-replicas", 1, "with --nats: how many NATS servers keep the cluster's buckets and bot queue (3 on a three-server NATS cluster)")                          // cluster
	natsURL := fs.String("nats", "", "join a cluster of tabula serve nodes over this NATS JetStream server (nats://host:port; with --db postgres://..., docs/deploy.md); off when empty") // cluster
	if err := fs.Parse(e.args); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
	}
	if err := clusterFlags(*natsURL, *dbPath, *botWorkers); err != nil { // cluster
		return err
	}
	if *connsPerClient < 0 {
		return fmt.Errorf("%w: --conns-per-client %d", errUsage, *connsPerClient)
	}
	if *analysisShare < 1 || *analysisShare > 100 {
		return fmt.Errorf("%w: --analysis-share %d (want 1 to 100)", errUsage, *analysisShare)
	}
	if (*tlsCert == "") != (*tlsKey == "") {
		return fmt.Errorf("%w: --tls-cert and --tls-key go together", errUsage)
	}
	for _, h := range hosts {
		if strings.ContainsAny(h, "/ ") {
			return fmt.Errorf("%w: --host %q: want a name or name:port, no scheme or path", errUsage, h)
		}
	}
	trusted, err := parsePrefixes(proxies)
	if err != nil {
		return fmt.Errorf("%w: --trust-proxy: %v", errUsage, err)
	}
	if *metricsAddr != "" && !*metricsPublic && !loopbackAddr(*metricsAddr) {
		return fmt.Errorf("%w: --metrics-addr %s is not a loopback address (add --metrics-public to serve metrics and profiles there)", errUsage, *metricsAddr)
	}
	if *gcPercent == 0 || *gcPercent < -1 {
		return fmt.Errorf("%w: --gc-percent %d (want -1 or a positive percentage)", errUsage, *gcPercent)
	}
	if *memLimit < 0 || *gcPercent == -1 && *memLimit == 0 {
		return fmt.Errorf("%w: --memory-limit %d (want a positive number of MiB; required with --gc-percent -1)", errUsage, *memLimit)
	}
	if gcPercentSet(fs, e.getenv) {
		debug.SetGCPercent(*gcPercent)
	}
	if *memLimit > 0 {
		debug.SetMemoryLimit(*memLimit << 20)
	}
	if *analysisProcs && !*analysisChild {
		// An analysis runs on a nice-19 thread. Go's scheduler cannot take
		// an execution slot back from a thread the kernel is not running,
		// so on a busy machine that thread would hold one of the slots the
		// rooms, bots and store share until the kernel ran it again.
		runtime.GOMAXPROCS(runtime.GOMAXPROCS(0) + max(*analysisWorkers, analysis.DefaultWorkers))
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))

	db, err := openStore(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	defer ln.Close()
	if hosts == nil {
		hosts = defaultHosts(ln.Addr())
		if hosts == nil {
			log.Warn("listening on a non-loopback address with no --host: any Host header is answered (name the server's public names with --host to refuse DNS rebinding)")
		}
	}
	srv, err := server.New(server.Config{
		Games: games.Listed(e.games, *gameHidden), Store: db, Logger: log, Web: web.Handler(),
		BotWorkers: *botWorkers, BotBudget: botBudget(*botTime), Engines: engines,
		Analysis:     analysis.Config{Workers: *analysisWorkers, Child: childCommand(*analysisChild)},
		AnalysisGate: livegate.Config{Off: !*analysisGate, Share: *analysisShare},
		Collectors:   []prometheus.Collector{db.Collector()},
		Limits:       server.Limits{Off: *noClientLimits},
		Hosts:        hosts, OriginPatterns: origins, TrustedProxies: trusted,
		ChatGuests: *chatGuests,
	})
	if err != nil {
		return err
	}
	defer srv.Close()
	if *metricsAddr != "" {
		ml, err := net.Listen("tcp", *metricsAddr)
		if err != nil {
			return fmt.Errorf("metrics listen: %w", err)
		}
		// No read or write timeout: a profile or trace takes as long as
		// it was asked to.
		ms := &http.Server{Handler: operator(srv.MetricsHandler()), ReadHeaderTimeout: server.ReadHeaderTimeout, MaxHeaderBytes: server.MaxHeaderBytes}
		go ms.Serve(ml) // ends when the process does
		defer ms.Close()
		log.Info("metrics and profiles", "addr", ml.Addr().String())
	}
	handler := srv.Handler()
	if *natsURL != "" { // cluster: the node relays requests for matches other nodes own (cluster.go)
		h, leave, err := joinCluster(ctx, *natsURL, *natsReplicas, srv, games.Listed(e.games, *gameHidden), *botWorkers, log)
		if err != nil {
			return err
		}
		defer leave() // after srv.Close, whose rooms release their matches
		handler = h
	}
	hs := server.HTTPServer(handler, log)
	hs.RegisterOnShutdown(srv.EndStreams) // the bot API's streams end, so Shutdown need not wait for them
	capped := ln
	if *connsPerClient > 0 {
		capped = srv.Listener(ln, *connsPerClient)
	}
	scheme := "http"
	served := make(chan error, 1)
	if *tlsCert != "" {
		scheme = "https"
		go func() { served <- hs.ServeTLS(capped, *tlsCert, *tlsKey) }() // ends with Shutdown below
	} else {
		go func() { served <- hs.Serve(capped) }() // ends with Shutdown below
	}
	if !web.Built() {
		log.Warn("the web client is not built (npm run build in web/); serving the placeholder page")
	}
	log.Info("serving", "addr", ln.Addr().String(), "db", *dbPath, "games", len(e.games), "tls", *tlsCert != "", "hosts", hosts)
	fmt.Fprintf(e.stdout, "listening on %s://%s\n", scheme, ln.Addr())
	// The live matches come back after the server listens, so that a
	// database of many does not delay its first answer; a request for one
	// not back yet loads it itself, and waiting matches load on demand.
	rctx, stopRecover := context.WithCancel(ctx)
	recovered := make(chan struct{})
	go func() {
		defer close(recovered)
		if _, err := srv.Recover(rctx); err != nil {
			log.Error("recover", "err", err)
		}
	}()
	defer func() { stopRecover(); <-recovered }() // before srv.Close and db.Close

	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), shutdownGrace)
	defer cancel()
	err = hs.Shutdown(sctx) // stops accepting, waits for lobby requests
	srv.Close()             // then closes the WebSockets, which Shutdown does not track
	if err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

func botBudget(d time.Duration) ai.Budget { return ai.Budget{Time: d} }

// operator is what --metrics-addr serves: /metrics and the net/http/pprof
// handlers, on a mux of their own, never on the game port.
func operator(metrics http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("/metrics", metrics)
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}

// appendTo is a repeatable flag's Set: each use appends its value.
func appendTo(list *[]string) func(string) error {
	return func(v string) error {
		if v == "" {
			return errors.New("empty value")
		}
		*list = append(*list, v)
		return nil
	}
}

// parsePrefixes reads --trust-proxy values: CIDRs or single addresses.
func parsePrefixes(vals []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, v := range vals {
		if p, err := netip.ParsePrefix(v); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(v)
		if err != nil {
			return nil, fmt.Errorf("%q is neither an address nor a CIDR", v)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

// loopbackAddr reports whether a listen address ("host:port") is on
// loopback only.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	a, err := netip.ParseAddr(host)
	return err == nil && a.IsLoopback()
}

// defaultHosts is the Host allow-list when --host is not given: on a
// loopback listener, the loopback names with its port (a page on another
// name that resolves to 127.0.0.1, DNS rebinding, is refused); nil on
// any other address, where the server cannot know its public names.
func defaultHosts(addr net.Addr) []string {
	ta, ok := addr.(*net.TCPAddr)
	if !ok || !ta.IP.IsLoopback() {
		return nil
	}
	port := strconv.Itoa(ta.Port)
	return []string{"localhost:" + port, "127.0.0.1:" + port, "[::1]:" + port}
}

// childCommand is the command of the analysis child engine: this very
// binary, found by the kernel's record of it; nil when off or unknown.
func childCommand(on bool) []string {
	if !on {
		return nil
	}
	exe, err := os.Executable()
	if err != nil {
		return nil
	}
	return []string{exe}
}
