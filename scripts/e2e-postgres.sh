#!/usr/bin/env bash
# The e2e suite on Debian's PostgreSQL server: a primary and a hot standby streaming from it (with
# E2E_REPLICA_SYNC=remote_apply synchronous, so a read routed to the standby sees the write before it),
# DATABASE_URL on the primary, DATABASE_POOL_SIZE (10), and with E2E_REPLICA=on DATABASE_REPLICA_URL on the
# standby (a client that has just written reads from the primary for 5 s: lib/api/route.ts). Sign-ins that
# failed here with the replica were not read from it (the standby's statement log held no session or user
# lookup): a loaded machine's Chromium spent 10-23 s on the captcha's proof of work, past the 15 s wait for
# the signed-in page, so the login answered 200 after the test had given up. While the specs run, the
# connections the portal holds on each server are counted; afterwards the script fails if a pool ever held
# more than DATABASE_POOL_SIZE, or the job queue more than its own 8 (and, with the replica, unless the
# standby served reads).
# Needs a build (`npx next build`). Run as root (CI) or as the postgres user's peer.
#
# The whole e2e suite runs here (every spec in e2e/), as on the embedded database: the specs that start
# servers of their own (cluster: two portal nodes, nginx and Redis; external-engine: a second portal behind
# nginx-rtmp) make their databases on, or share, this primary like any other.
set -euo pipefail
cd "$(dirname "$0")/.."

# Every spec; E2E_POSTGRES_SPECS="auth chat" runs those alone (while looking into a failure).
SPECS=()
if [ -n "${E2E_POSTGRES_SPECS:-}" ]; then
  read -r -a SPECS <<<"$E2E_POSTGRES_SPECS"
  SPECS=("${SPECS[@]/#/e2e/}")
fi
POOL_SIZE="${DATABASE_POOL_SIZE:-10}"
# The job queue's connections beside the pool (lib/jobs/queue.ts: CONTROL_CONNECTIONS + JOBS_POOL_SIZE),
# named `portal-primary-jobs`.
JOBS_CONNECTIONS=8

free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
pg_bin="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)}"
primary_port="${E2E_PRIMARY_PORT:-$(free_port)}"
standby_port="${E2E_STANDBY_PORT:-$(free_port)}"
dir=$(mktemp -d /tmp/portal-e2e-pg.XXXXXX)
chmod 755 "$dir"
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -c "$*"; else bash -c "$*"; fi; }
[ "$(id -u)" = 0 ] && chown postgres:postgres "$dir"

monitor_pid=
cleanup() {
  [ -n "$monitor_pid" ] && kill "$monitor_pid" 2>/dev/null || true
  as_pg "$pg_bin/pg_ctl -D $dir/standby -m immediate stop" >/dev/null 2>&1 || true
  as_pg "$pg_bin/pg_ctl -D $dir/primary -m fast stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

psql_at() { "$pg_bin/psql" -X -q -At -h 127.0.0.1 -p "$1" -U postgres -d "${3:-postgres}" -c "$2"; }

as_pg "$pg_bin/initdb -D $dir/primary -A trust -U postgres >/dev/null"
# A server that does not start says why (e.g. its port taken, even as another connection's local port).
start_pg() { as_pg "$pg_bin/pg_ctl -D $dir/$1 -o '-p $2 -h 127.0.0.1 -k $dir' -l $dir/$1.log -w start >/dev/null" ||
  { tail -n 5 "$dir/$1.log" >&2; return 1; }; }
start_pg primary "$primary_port"
as_pg "$pg_bin/pg_basebackup -h 127.0.0.1 -p $primary_port -U postgres -D $dir/standby -R -X stream"
echo "primary_conninfo = 'host=127.0.0.1 port=$primary_port user=postgres application_name=standby1'" |
  as_pg "tee -a $dir/standby/postgresql.auto.conf >/dev/null"
start_pg standby "$standby_port"
# E2E_REPLICA_SYNC=remote_apply: synchronous from here on, a commit returns once the standby has applied it
# (off: asynchronous streaming, the usual production set-up; reads may then trail writes by milliseconds).
if [ "${E2E_REPLICA_SYNC:-off}" != off ]; then
  psql_at "$primary_port" "alter system set synchronous_standby_names = 'standby1'"
  psql_at "$primary_port" "alter system set synchronous_commit = '${E2E_REPLICA_SYNC:-remote_apply}'"
  psql_at "$primary_port" "select pg_reload_conf()" >/dev/null
fi
psql_at "$primary_port" "create database portal_e2e"
for _ in $(seq 1 50); do
  [ -n "$(psql_at "$primary_port" "select sync_state from pg_stat_replication where application_name = 'standby1' and state = 'streaming'")" ] && break
  sleep 0.2
done
echo "primary :$primary_port, standby :$standby_port ($("$pg_bin/postgres" --version))"

# Connections the portal's pools hold (their URLs name them), sampled twice a second.
( while true; do
    echo "$(psql_at "$primary_port" "select count(*) from pg_stat_activity where application_name = 'portal-primary'") $(psql_at "$standby_port" "select count(*) from pg_stat_activity where application_name = 'portal-replica'") $(psql_at "$primary_port" "select count(*) from pg_stat_activity where application_name = 'portal-primary-jobs'")"
    sleep 0.5
  done >"$dir/connections" 2>/dev/null ) &
monitor_pid=$!
reads_before=$(psql_at "$standby_port" "select xact_commit from pg_stat_database where datname = 'portal_e2e'")

started=$(date +%s)
status=0
# E2E_REPLICA=on routes reads to the standby (off by default: see the top).
replica=()
if [ "${E2E_REPLICA:-off}" = on ]; then
  replica=("DATABASE_REPLICA_URL=postgres://postgres@127.0.0.1:$standby_port/portal_e2e?application_name=portal-replica")
fi
# E2E_FAULT_STORM=on: e2e/fault-storm.spec.ts, left out of other runs, starts a Debian PostgreSQL server of
# its own (PG_BIN's) to stop and restart under a cluster of two nodes.
env E2E_DATABASE_URL="postgres://postgres@127.0.0.1:$primary_port/portal_e2e" \
  E2E_FAULT_STORM=on PG_BIN="$pg_bin" \
  DATABASE_URL="postgres://postgres@127.0.0.1:$primary_port/portal_e2e?application_name=portal-primary" \
  DATABASE_POOL_SIZE="$POOL_SIZE" "${replica[@]}" \
  npx playwright test "${SPECS[@]}" "$@" || status=$?
echo "e2e on the PostgreSQL server took $(($(date +%s) - started)) s"

kill "$monitor_pid" 2>/dev/null || true
monitor_pid=
reads=$(($(psql_at "$standby_port" "select xact_commit from pg_stat_database where datname = 'portal_e2e'") - reads_before))
read -r most_primary most_standby most_jobs < <(awk 'BEGIN{p=0;s=0;j=0} {if($1>p)p=$1; if($2>s)s=$2; if($3>j)j=$3} END{print p, s, j}' "$dir/connections")
echo "pool DATABASE_POOL_SIZE=$POOL_SIZE: at most $most_primary connections on the primary, $most_standby on the standby; $reads transactions on the standby; the job queue's own: at most $most_jobs of $JOBS_CONNECTIONS"
if [ "$most_primary" -gt "$POOL_SIZE" ] || [ "$most_standby" -gt "$POOL_SIZE" ]; then
  echo "FAIL: a pool held more connections than DATABASE_POOL_SIZE" >&2
  status=1
fi
if [ "$most_jobs" -gt "$JOBS_CONNECTIONS" ]; then
  echo "FAIL: the job queue held more connections than its own $JOBS_CONNECTIONS" >&2
  status=1
fi
# The whole suite makes thousands of reads on the standby; a few specs (E2E_POSTGRES_SPECS) at least one.
min_reads=100
[ "${#SPECS[@]}" -gt 0 ] && min_reads=1
if [ "$most_primary" -lt 1 ] || { [ "${E2E_REPLICA:-off}" = on ] && { [ "$most_standby" -lt 1 ] || [ "$reads" -lt "$min_reads" ]; }; }; then
  echo "FAIL: the portal did not use both servers (reads on the replica: $reads)" >&2
  status=1
fi
exit "$status"
