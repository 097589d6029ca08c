#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: initdb in a directory of its
# own, a server listening on 127.0.0.1 at a random free port and on a unix
# socket in that directory (no other address, trust authentication), and
# a database "tabula" in it. Its URL is what the tests read from
# TABULA_PG. Nothing outlives the cluster's directory: stopping the
# cluster removes it. Trust authentication lets any local user in while it
# runs: it is for test data only.
#
#   bash scripts/pg.sh run CMD [ARG...]  start a cluster, run CMD with TABULA_PG
#                                        exported, stop the cluster; exits as CMD did
#   bash scripts/pg.sh                   start a cluster, print its TABULA_PG line,
#                                        stop it on Ctrl-C (for a shell of your own)
#   bash scripts/pg.sh start DIR         start a cluster in DIR (missing or empty)
#                                        and print its URL; it runs until
#   bash scripts/pg.sh stop DIR          stops it and removes DIR
#
# For example:
#   bash scripts/pg.sh run go test -race ./internal/store/postgres
#
# The binaries are Debian's (package postgresql): the newest
# /usr/lib/postgresql/*/bin, or the directory PG_BIN names. PostgreSQL
# refuses to run as root: as root the cluster runs as the user postgres
# (which Debian's package creates) or else nobody, through runuser.
set -euo pipefail
shopt -s inherit_errexit # $(start ...) stops at its first failure too

# The ports tried, at random, and how many times: a port taken between
# the pick and the server's bind is another try.
port_min=20000 port_span=40000 port_tries=20
# How long pg_ctl waits for the server to accept connections.
start_timeout=60
# The file that marks a directory as one of these clusters (stop removes
# only such a directory).
marker=tabula-pg

die() { echo "pg.sh: $*" >&2; exit 1; }

bindir() {
  if [[ -n ${PG_BIN:-} ]]; then
    [[ -x $PG_BIN/initdb ]] || die "no initdb in PG_BIN=$PG_BIN"
    echo "$PG_BIN"; return
  fi
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1) || true
  [[ -n $d && -x $d/initdb ]] || die "no PostgreSQL in /usr/lib/postgresql (apt-get install postgresql, or set PG_BIN)"
  echo "$d"
}

# pg_user is the cluster's owner: this user, or as root postgres (else
# nobody); as_pg runs its arguments as that user.
pg_user() {
  if [[ $(id -u) -ne 0 ]]; then id -un; return; fi
  if id postgres >/dev/null 2>&1; then echo postgres; else echo nobody; fi
}
as_pg() {
  if [[ $(id -u) -ne 0 ]]; then "$@"; else runuser -u "$(pg_user)" -- "$@"; fi
}

start() {
  local dir=$1 bin port url
  mkdir -p "$dir"
  [[ -z $(ls -A "$dir") ]] || die "$dir is not empty"
  dir=$(cd "$dir" && pwd)
  touch "$dir/$marker"
  bin=$(bindir)
  chmod 700 "$dir"
  if [[ $(id -u) -eq 0 ]]; then chown -R "$(pg_user)" "$dir"; fi
  cd "$dir" # the server's user may not be able to enter the caller's directory
  as_pg "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 ||
    { cat "$dir/initdb.log" >&2; die "initdb failed"; }
  for ((i = 0; i < port_tries; i++)); do
    port=$((port_min + RANDOM % port_span))
    if as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t "$start_timeout" \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $dir" start >/dev/null 2>&1; then
      url="postgres://postgres@127.0.0.1:$port/tabula?sslmode=disable"
      as_pg "$bin/createdb" -h "$dir" -p "$port" -U postgres tabula >&2 || die "createdb failed"
      echo "$url" >"$dir/url"
      echo "$url"
      return
    fi
    grep -q "could not bind\|already in use" "$dir/server.log" 2>/dev/null ||
      { cat "$dir/server.log" >&2 2>/dev/null; die "the server did not start"; }
  done
  die "no free port in $port_tries tries"
}

stop() {
  local dir=$1
  [[ -d $dir ]] || return 0
  if [[ -z $(ls -A "$dir") ]]; then rmdir "$dir"; return; fi
  [[ -f $dir/$marker ]] || die "$dir is not a cluster of pg.sh (no $marker file); not removing it"
  if [[ -f $dir/data/postmaster.pid ]]; then
    (cd "$dir" && as_pg "$(bindir)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null) ||
      echo "pg.sh: pg_ctl stop failed; removing $dir anyway" >&2
  fi
  rm -rf "$dir"
}

case ${1:-} in
start)
  [[ $# -eq 2 ]] || die "usage: pg.sh start DIR"
  start "$2"
  ;;
stop)
  [[ $# -eq 2 ]] || die "usage: pg.sh stop DIR"
  stop "$2"
  ;;
run)
  shift
  [[ $# -gt 0 ]] || die "usage: pg.sh run CMD [ARG...]"
  dir=$(mktemp -d "${TMPDIR:-/tmp}/tabula-pg.XXXXXX")
  trap 'stop "$dir"' EXIT
  TABULA_PG=$(start "$dir")
  export TABULA_PG
  status=0
  "$@" || status=$?
  exit "$status"
  ;;
"")
  dir=$(mktemp -d "${TMPDIR:-/tmp}/tabula-pg.XXXXXX")
  trap 'stop "$dir"' EXIT
  trap 'exit 0' INT TERM
  url=$(start "$dir")
  echo "export TABULA_PG='$url'"
  echo "pg.sh: the cluster runs until Ctrl-C" >&2
  while :; do sleep 3600 & wait $! || :; done # wait, unlike sleep, lets the trap run at once
  ;;
*)
  die "unknown command ${1}; see the header of scripts/pg.sh"
  ;;
esac
