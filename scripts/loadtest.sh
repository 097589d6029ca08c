#!/usr/bin/env bash
# Server load test, before vs after: builds the server and load generator
# at OLD_REF (default: main before the seventh pass) and from this tree,
# then runs one row per binary and match count, each with a fresh database,
# server and load generator in separate processes, and prints a markdown
# table. CPU µs per move (server + load generator) is the number that
# survives a shared machine; the load average of each run is in its row.
#
#   scripts/loadtest.sh                       # the whole table, 20 s per row
#   DURATION=30s GAMES="1000 10000" scripts/loadtest.sh
#   OLD_REF=none scripts/loadtest.sh          # only this tree
#   OLD_REF=none ACCOUNTS=20 GAMES=5000 DURATION=20s scripts/loadtest.sh
#                                             # guests, then accounts mode, in one run
#
# ACCOUNTS=N adds, after each row of this tree, a row "accounts" of the
# same binaries in the load generator's accounts mode (-accounts N): N
# accounts signed up first, every match created and joined with their
# sessions (cookie and CSRF token), its seats bound to them and rated with
# a Fischer clock. Its CPU per move against the row before it is the cost
# of sessions and ratings.
# From the server's /metrics, sampled every 2 s from the end of the setup
# to the end of the run: bytes allocated per move (alloc_bytes_total over
# moves_total) and the collections in that window. From the server's
# GODEBUG=gcpacertrace=1: the most heap and stack one collection scanned
# (the pointer-holding part of the live heap, which sets how long marking
# takes; noscan memory such as byte buffers is not scanned). From the
# load generator's own report (since s7load): its bytes allocated per
# move and its collections over the measuring time; its gctrace is in its
# output. From /proc/stat over the same window: the host's steal, the
# share of this virtual machine's CPU time the host gave other guests
# (a second with 20 % steal leaves 1.6 of the two cores); from the load
# generator (since s8steal): the p99 of the moves sent in the seconds
# under 5 % steal, with how many seconds those were.
#
# Each binary's rows use its own load generator's defaults (since 2293344:
# one connection per match holding both seats, delta updates, positions
# kept with the rules). An OLD_REF from before the delta updates (e5c901a)
# opens two connections per match, so its rows stop at 9 900 matches
# (20 000 open files per process is this machine's hard limit). Each run's
# raw output is kept in $WORK.
set -euo pipefail
cd "$(dirname "$0")/.."
OLD_REF=${OLD_REF:-0f40b8e}
GAMES=${GAMES:-"100 1000 5000 10000"}
DURATION=${DURATION:-20s}
INTERVAL=${INTERVAL:-1s}
EXTRA=${EXTRA:-} # more load generator flags for the new rows, e.g. "-mode bot -interval 2s"
ACCOUNTS=${ACCOUNTS:-0} # >0: an accounts-mode row after each new row (see above)
SERVE_EXTRA=${SERVE_EXTRA:-} # more server flags for the new rows, e.g. "--trust-proxy 127.0.0.1 --analysis-child"
REUSE=${REUSE:-} # set: use the binaries already built in $WORK (rows of one tree under several flag sets)
# VARIANTS: rows of this tree under several flag sets in one run, in
# order, for each match count: "NAME|loadgen flags|server flags;…" (NAME
# labels the row and its files; the flags add to EXTRA and SERVE_EXTRA),
# e.g. the live moves without and with analysis load:
#   VARIANTS="a0||;a20|-analysis 20|--analysis-gate=false" SERVE_EXTRA="--trust-proxy 127.0.0.1"
VARIANTS=${VARIANTS:-}
WORK=${WORK:-$(mktemp -d /tmp/tabula-loadtest.XXXXXX)}
PORT=${PORT:-8390}
mkdir -p "$WORK"

build() { # build NAME DIR
	(cd "$2" && go build -o "$WORK/tabula-$1" ./cmd/tabula && go build -o "$WORK/loadtest-$1" ./internal/loadtest)
}
echo "building in $WORK" >&2
if [ -z "$REUSE" ] || [ ! -x "$WORK/tabula-new" ]; then build new .; fi
binaries=new
if [ "$OLD_REF" != none ]; then
	rm -rf "$WORK/oldsrc" && mkdir -p "$WORK/oldsrc"
	git archive "$OLD_REF" | tar -x -C "$WORK/oldsrc"
	build old "$WORK/oldsrc"
	binaries="old new"
fi

row() { # row LABEL GAMES [NAME LOADGEN SERVER]: LABEL is old, new or accounts (the new binaries in accounts mode); NAME a variant of new
	local bin=$1 n=$2 db="$WORK/db-${3:-$1}-$2.db" log="$WORK/run-${3:-$1}-$2.txt" args=()
	if [ "$bin" = old ] && [ "$n" -gt 9900 ] && ! git merge-base --is-ancestor 2293344 "$OLD_REF" 2>/dev/null; then n=9900; fi
	local extra=()
	if [ "$bin" != old ]; then read -ra args <<<"$EXTRA ${4:-}"; read -ra extra <<<"$SERVE_EXTRA ${5:-}"; fi
	local label=$bin
	if [ -n "${3:-}" ]; then label=$3; fi
	if [ "$bin" = accounts ]; then
		bin=new
		args+=(-accounts "$ACCOUNTS")
	fi
	rm -f "$db" "$db-wal" "$db-shm"
	# A server with --metrics-addr serves /metrics there only, and caps
	# connections per client, which the load generator (one address) is
	# not to meet; an older one serves /metrics on its game port.
	local serveargs=() metrics="http://127.0.0.1:$PORT/metrics"
	if grep -q -a -- "metrics-addr" "$WORK/tabula-$bin"; then
		serveargs=(--metrics-addr "127.0.0.1:$((PORT + 1000))" --conns-per-client 0)
		metrics="http://127.0.0.1:$((PORT + 1000))/metrics"
	fi
	# A server with per-client limits has them lifted: the load generator
	# is one client creating thousands of matches.
	if grep -q -a -- "no-client-limits" "$WORK/tabula-$bin"; then serveargs+=(--no-client-limits); fi
	GODEBUG=gctrace=1,gcpacertrace=1 "$WORK/tabula-$bin" serve --addr "127.0.0.1:$PORT" --db "$db" "${serveargs[@]}" "${extra[@]}" >"$WORK/server-$label-$n.log" 2>&1 &
	local pid=$!
	for _ in $(seq 100); do
		curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && break
		sleep 0.1
	done
	# The load generator reads the server's /metrics at -metrics-url; a
	# load generator without that flag (added in ddf6081, lost by a later
	# merge until the issue 21 restructure) cannot read a server's
	# --metrics-addr, so that row uses this tree's load generator.
	local lg_bin="$WORK/loadtest-$bin"
	if [ ${#serveargs[@]} -gt 0 ]; then
		args+=(-metrics-url "http://127.0.0.1:$((PORT + 1000))")
		if ! grep -q -a -- "metrics-url" "$lg_bin"; then lg_bin="$WORK/loadtest-new"; fi
	fi
	GODEBUG=gctrace=1 "$lg_bin" -url "http://127.0.0.1:$PORT" -games "$n" -duration "$DURATION" -interval "$INTERVAL" "${args[@]}" >"$log" 2>&1 &
	local lg=$!
	# The server's goroutines, every 2 s while the load generator runs
	# (its connections are gone once it exits); the largest is reported.
	# After the setup, also the allocation, move and collection counters
	# (one line per sample).
	# And the machine's CPU line of /proc/stat, for the host's steal over
	# the same window (old binaries' load generators do not report it).
	local samples="$WORK/metrics-$label-$n.txt" cpustat="$WORK/cpustat-$label-$n.txt"
	: >"$samples"
	: >"$cpustat"
	while kill -0 "$lg" 2>/dev/null; do
		curl -sf "$metrics" >"$WORK/metrics.now" || true
		awk '/^go_goroutines / {print $2}' "$WORK/metrics.now"
		if grep -q '^setup:' "$log"; then
			awk '/^go_memstats_alloc_bytes_total / {a=$2} /^tabula_moves_total / {m=$2} /^go_gc_duration_seconds_count / {g=$2}
				/^tabula_analysis_paused_seconds_total / {p=$2}
				END {printf "%.0f %.0f %.0f %.3f\n", a, m, g, p}' "$WORK/metrics.now" >>"$samples"
			head -1 /proc/stat >>"$cpustat"
		fi
		sleep 2
	done >"$WORK/goroutines-$label-$n.txt"
	wait "$lg" || true
	local perMove gcs scan paused
	read -r perMove gcs <<<"$(awk 'NR == 1 {a0=$1; m0=$2; g0=$3} {a=$1; m=$2; g=$3}
		END {if (NR < 2 || m == m0) {print "? ?"; exit}; printf "%.0f %d\n", (a-a0)/(m-m0), g-g0}' "$samples")"
	# The share of the sampled window the analyses spent paused for live
	# games (livegate; "-" without analyses or before it).
	paused=$(awk 'NR == 1 {p0=$4} {p=$4} END {if (NR < 2) print "-"; else printf "%.0f %%\n", 100 * (p-p0) / (2 * (NR-1))}' "$samples")
	# gcpacertrace: "pacer: … for HEAP+STACK+GLOBALS B work (…"
	scan=$(sed -n 's/^pacer: .* for \([0-9]*\)+\([0-9]*\)+[0-9]* B work.*/\1 \2/p' "$WORK/server-$label-$n.log" |
		sort -n | tail -1 | awk '{printf "%.0f MB + %.0f MB stacks", $1/1e6, $2/1e6}')
	local rss goroutines live
	rss=$(awk '/VmRSS/ {printf "%.0f MB", $2/1024}' "/proc/$pid/status" 2>/dev/null || echo "?")
	goroutines=$(sort -n "$WORK/goroutines-$label-$n.txt" | tail -1)
	# The largest live heap a collection found (gctrace: "A->B->C MB", C is
	# what marking found live) and the goroutine stacks it scanned then.
	live=$(sed -n 's/^gc .*->\([0-9]*\) MB, [0-9]* MB goal, \([0-9]*\) MB stacks.*/\1 \2/p' "$WORK/server-$label-$n.log" |
		sort -n | tail -1 | awk '{printf "%s MB + %s MB stacks", $1, $2}')
	kill "$pid" && wait "$pid" 2>/dev/null || true
	PORT=$((PORT + 1))
	local shape played cpu lat loadA loadB setup lgheap
	shape=$(grep -o 'mode=[a-z]* conns=[0-9]* delta=[a-z]*\|mode=[a-z]*' "$log" | head -1 | tr ' ' ',')
	setup=$(sed -n 's/^setup: .* in \(.*\)$/\1/p' "$log")
	played=$(sed -n 's/.*client_moves=[0-9]* (\([0-9]*\)\/s) skipped_ticks=\([0-9]*\) server_moves=[0-9.]* (\([0-9]*\)\/s).*/\3 \2/p' "$log")
	cpu=$(sed -n 's/^cpu: server \([0-9.]*\) cores (\([0-9]*\) µs.*load generator \([0-9.]*\) cores (\([0-9]*\) µs.*/\2 \4 \1 \3/p' "$log")
	lat=$(sed -n 's/^move round trip: p50=\([^ ]*\) p90=\([^ ]*\) p99=\([^ ]*\) max=\([^ ]*\)$/\1 \2 \3 \4/p' "$log")
	# The load generator's own heap over the measuring time (since
	# s7load; "? ?" before): bytes allocated per move, collections.
	lgheap=$(sed -n 's/^load generator heap: \([0-9]*\) B and .* per client move, \([0-9]*\) collections.*/\1 \2/p' "$log")
	# The host's steal (user … softirq steal: columns 2-9 of the cpu
	# line) over the window, and from the load generator (since s8steal)
	# the p99 of the moves sent in seconds under 5 % steal.
	local steal quiet
	steal=$(awk 'NR == 1 {for (i = 2; i <= 9; i++) t0 += $i; s0 = $9} {t = 0; for (i = 2; i <= 9; i++) t += $i; s = $9}
		END {if (NR < 2 || t == t0) print "?"; else printf "%.1f %%\n", 100 * (s - s0) / (t - t0)}' "$cpustat")
	local anps
	anps=$(sed -n 's/^analysis: .*(\([0-9]*\) nodes\/s)$/\1/p' "$log")
	quiet=$(sed -n 's/^host steal: .* round trip in the \([0-9]*\) seconds under 5%: n=[0-9]* p50=[^ ]* p99=\([^;]*\);.*/\2 in \1 s/p' "$log")
	loadA=$(sed -n 's/^load average at start: \([^ ]*\).*/\1/p' "$log")
	loadB=$(sed -n 's/^load average at end: \([^ ]*\).*/\1/p' "$log")
	read -r smoves skipped <<<"${played:-? ?}"
	read -r us_s us_l cores_s cores_l <<<"${cpu:-? ? ? ?}"
	read -r p50 p90 p99 pmax <<<"${lat:-? ? ? ?}"
	read -r lgbytes lggcs <<<"${lgheap:-? ?}"
	local total="?"
	if [[ $us_s =~ ^[0-9]+$ && $us_l =~ ^[0-9]+$ ]]; then total=$((us_s + us_l)); fi
	printf '| %s | %s | %s | %s | %s → %s | %s | %s | %s + %s = **%s** | %s + %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
		"$label" "$n" "$shape" "$setup" "$loadA" "$loadB" "$smoves" "$skipped" "$us_s" "$us_l" "$total" "$cores_s" "$cores_l" "$p50" "$p90" "$p99" "$pmax" "$steal" "${quiet:-?}" "$rss" "${live:-?}" "${scan:-?}" "$perMove" "$gcs" "$lgbytes" "$lggcs" "${goroutines:-?}" "${anps:--}" "$paused"
}

echo "| binary | games | shape | setup | load avg | server moves/s | skipped ticks | CPU µs/move server + loadgen | cores server + loadgen | p50 | p90 | p99 | max | host steal | p99 in seconds under 5 % steal | server RSS | live heap (largest) | scanned (largest collection) | server B alloc/move | collections after setup | loadgen B alloc/move | loadgen collections | goroutines | analysis nodes/s | analysis paused |"
echo "|---|---:|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for n in $GAMES; do
	for bin in $binaries; do
		if [ "$bin" = new ] && [ -n "$VARIANTS" ]; then
			IFS=';' read -ra vs <<<"$VARIANTS"
			for v in "${vs[@]}"; do
				IFS='|' read -r vname vload vserve <<<"$v"
				row new "$n" "$vname" "$vload" "$vserve"
			done
			continue
		fi
		row "$bin" "$n"
		if [ "$bin" = new ] && [ "$ACCOUNTS" -gt 0 ]; then row accounts "$n"; fi
	done
done
echo "(interval $INTERVAL, $DURATION per row after setup; raw output in $WORK)"
