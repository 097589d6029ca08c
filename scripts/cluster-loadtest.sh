#!/usr/bin/env bash
# Cluster load test: 1, 2 and 3 tabula serve nodes on one PostgreSQL
# database and one NATS JetStream server, all on this machine (loopback),
# driven by one load generator that spreads the matches over the nodes
# (internal/loadtest -url with several URLs). Prints a markdown table:
# moves/s, the round trip's p50/p99, and the CPU per move of every
# process kind (the nodes, NATS, PostgreSQL, the load generator), from
# /proc over the whole run after the setup.
#
#   scripts/cluster-loadtest.sh                         # the table, 15 s per row
#   NODES="1 3" GAMES="1000" DURATION=20s scripts/cluster-loadtest.sh
#
# PostgreSQL is a throwaway cluster (scripts/pg.sh), a fresh database per
# row; NATS is built from the nats-server module this repository's tests
# use. Raw output stays in $WORK.
set -euo pipefail
cd "$(dirname "$0")/.."
NODES=${NODES:-"1 2 3"}
GAMES=${GAMES:-"1000 5000 10000"}
DURATION=${DURATION:-15s}
INTERVAL=${INTERVAL:-1s}
WORK=${WORK:-$(mktemp -d /tmp/tabula-cluster-load.XXXXXX)}
PORT=${PORT:-8490}
mkdir -p "$WORK"
echo "building in $WORK" >&2
go build -o "$WORK/tabula" ./cmd/tabula
go build -o "$WORK/loadtest" ./internal/loadtest
go build -o "$WORK/nats-server" github.com/nats-io/nats-server/v2

pgdir="$WORK-pg" # outside WORK: the cluster runs as another user, who cannot enter WORK
pg=$(bash scripts/pg.sh start "$pgdir")
nats_port=$((PORT + 900))
nats_pid=
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	[ -n "$nats_pid" ] && kill "$nats_pid" 2>/dev/null || true
	wait 2>/dev/null || true
	bash scripts/pg.sh stop "$pgdir" >/dev/null 2>&1 || true
}
trap cleanup EXIT
postmaster=$(head -1 "$pgdir/data/postmaster.pid")

# cpu PID... prints the CPU seconds (user + system) the processes and
# their children have used, summed.
cpu() {
	local t=0 p
	for p in "$@"; do
		[ -r "/proc/$p/stat" ] || continue
		t=$(awk -v t="$t" '{sub(/^.*\) /, ""); print t + ($12 + $13)}' "/proc/$p/stat")
	done
	echo "scale=2; $t / $(getconf CLK_TCK)" | bc
}
pgpids() { echo "$postmaster" $(pgrep -P "$postmaster" 2>/dev/null); }

row() { # row NODES GAMES
	local nodes=$1 n=$2 db="row_${1}_${2}" urls=() murls=()
	psql -q "$pg" -c "CREATE DATABASE $db" >/dev/null
	# A fresh NATS per row: the buckets of the last row's nodes name
	# matches of another database.
	rm -rf "$WORK/nats"
	"$WORK/nats-server" -js -sd "$WORK/nats" -a 127.0.0.1 -p "$nats_port" >"$WORK/nats-$nodes-$n.log" 2>&1 &
	nats_pid=$!
	for _ in $(seq 100); do
		(exec 3<>"/dev/tcp/127.0.0.1/$nats_port") 2>/dev/null && break
		sleep 0.1
	done
	local dsn=${pg%/*}/$db?sslmode=disable
	pids=()
	for i in $(seq "$nodes"); do
		local port=$((PORT + i)) mport=$((PORT + 100 + i))
		"$WORK/tabula" serve --addr "127.0.0.1:$port" --db "$dsn" --nats "nats://127.0.0.1:$nats_port" --host 127.0.0.1 \
			--metrics-addr "127.0.0.1:$mport" --no-client-limits --conns-per-client 0 >"$WORK/node-$nodes-$n-$i.log" 2>&1 &
		pids+=($!)
		urls+=("http://127.0.0.1:$port")
		murls+=("http://127.0.0.1:$mport")
		for _ in $(seq 100); do
			curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
			sleep 0.1
		done
	done
	local log="$WORK/run-$nodes-$n.txt"
	"$WORK/loadtest" -url "$(IFS=,; echo "${urls[*]}")" -metrics-url "$(IFS=,; echo "${murls[*]}")" \
		-games "$n" -duration "$DURATION" -interval "$INTERVAL" >"$log" 2>&1 &
	local lg=$!
	until grep -q '^setup:' "$log" 2>/dev/null || ! kill -0 "$lg" 2>/dev/null; do sleep 0.2; done
	local t0 c_nodes0 c_nats0 c_pg0 c_lg0
	t0=$(date +%s.%N)
	c_nodes0=$(cpu "${pids[@]}") c_nats0=$(cpu "$nats_pid") c_pg0=$(cpu $(pgpids)) c_lg0=$(cpu "$lg")
	local c_lg1=$c_lg0
	while kill -0 "$lg" 2>/dev/null; do
		c_lg1=$(cpu "$lg")
		if grep -q '^games=' "$log"; then break; fi
		sleep 0.2
	done
	local t1 c_nodes1 c_nats1 c_pg1
	t1=$(date +%s.%N)
	c_nodes1=$(cpu "${pids[@]}") c_nats1=$(cpu "$nats_pid") c_pg1=$(cpu $(pgpids))
	wait "$lg" || true
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
	kill "$nats_pid" && wait "$nats_pid" 2>/dev/null || true
	psql -q "$pg" -c "DROP DATABASE $db" >/dev/null 2>&1 || true
	local moves p50 p99 errors
	moves=$(sed -n 's/.* server_moves=\([0-9.]*\) .*/\1/p' "$log")
	read -r p50 p99 <<<"$(sed -n 's/^move round trip: p50=\([^ ]*\) p90=[^ ]* p99=\([^ ]*\) .*/\1 \2/p' "$log")"
	errors=$(sed -n 's/^errors: //p' "$log")
	local secs
	secs=$(echo "$t1 - $t0" | bc)
	if [ -z "$moves" ] || [ "${moves%.*}" -le 0 ]; then
		printf '| %s | %s | no moves (%s) |\n' "$nodes" "$n" "$(tail -1 "$log")"
		return
	fi
	us() { echo "scale=0; ($2 - $1) * 1000000 / $moves" | bc; }
	printf '| %s | %s | %.0f | %s | %s | %s | %s | %s | %s | %.2f | %s |\n' "$nodes" "$n" "$(echo "$moves / $secs" | bc -l)" "${p50:-?}" "${p99:-?}" \
		"$(us "$c_nodes0" "$c_nodes1")" "$(us "$c_nats0" "$c_nats1")" "$(us "$c_pg0" "$c_pg1")" "$(us "$c_lg0" "$c_lg1")" \
		"$(echo "($c_nodes1 - $c_nodes0 + $c_nats1 - $c_nats0 + $c_pg1 - $c_pg0 + $c_lg1 - $c_lg0) / $secs" | bc -l)" "${errors:-none}"
	PORT=$((PORT + 10))
}

echo "| nodes | matches | moves/s | p50 | p99 | CPU µs/move: nodes | NATS | PostgreSQL | load generator | cores busy (all) | errors |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for n in $GAMES; do
	for k in $NODES; do
		row "$k" "$n"
	done
done
echo "(interval $INTERVAL, $DURATION per row after setup, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end; raw output in $WORK)"
