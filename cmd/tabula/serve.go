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
	"runtime/debug"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/tabula-games/tabula/ai"
	"github.com/tabula-games/tabula/games"
	"github.com/tabula-games/tabula/internal/server"
	"github.com/tabula-games/tabula/internal/store/sqlite"
	"github.com/tabula-games/tabula/web"
)

const (
	// shutdownGrace is how long a SIGINT/SIGTERM waits for HTTP requests
	// in flight before closing everything.
	shutdownGrace = 10 * time.Second
	// readHeaderTimeout stops clients that open connections and send
	// nothing from holding them.
	readHeaderTimeout = 10 * time.Second
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
	dbPath := fs.String("db", "tabula.db", "SQLite database file, created if missing")
	botWorkers := fs.Int("bot-workers", 0, "bot searches at once (0: one per core)")
	botTime := fs.Duration("bot-time", time.Second, "thinking time per bot move")
	verbose := fs.Bool("v", false, "log debug messages")
	gcPercent := fs.Int("gc-percent", defaultGCPercent, "garbage collection target percentage (default 400, or GOGC when the environment sets it; the flag overrides the environment): higher collects less often and holds more memory; -1 turns collection off, leaving --memory-limit in charge")
	memLimit := fs.Int64("memory-limit", 0, "soft memory limit in MiB (GOMEMLIMIT): the collector runs more often as the heap nears it; 0 keeps the environment's or none")
	pprofAddr := fs.String("pprof", "", "serve Go profiles (net/http/pprof) on this address, for example 127.0.0.1:6060; off when empty")
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
	noClientLimits := fs.Bool("no-client-limits", false, "lift the per-client rate limits and caps (a load test from one address); never on a public address")
	if err := fs.Parse(e.args); err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, fs.Arg(0))
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
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: level}))

	db, err := sqlite.Open(ctx, *dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	srv, err := server.New(server.Config{
		Games: games.Listed(e.games, *gameHidden), Store: db, Logger: log, Web: web.Handler(),
		BotWorkers: *botWorkers, BotBudget: botBudget(*botTime), Engines: engines,
		Collectors: []prometheus.Collector{db.Collector()},
		Limits:     server.Limits{Off: *noClientLimits},
	})
	if err != nil {
		return err
	}
	defer srv.Close()
	if *pprofAddr != "" {
		pl, err := net.Listen("tcp", *pprofAddr)
		if err != nil {
			return fmt.Errorf("pprof listen: %w", err)
		}
		ps := &http.Server{Handler: profiles(), ReadHeaderTimeout: readHeaderTimeout}
		go ps.Serve(pl) // ends when the process does
		defer ps.Close()
		log.Info("profiles", "addr", pl.Addr().String())
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: readHeaderTimeout, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelDebug)}
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }() // ends with Shutdown below
	if !web.Built() {
		log.Warn("the web client is not built (npm run build in web/); serving the placeholder page")
	}
	log.Info("serving", "addr", ln.Addr().String(), "db", *dbPath, "games", len(e.games))
	fmt.Fprintf(e.stdout, "listening on http://%s\n", ln.Addr())
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

// profiles is the net/http/pprof handlers on a mux of their own, never on
// the public address.
func profiles() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	return mux
}
