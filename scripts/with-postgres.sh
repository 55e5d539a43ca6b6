#!/bin/sh
# Runs a command against a throwaway PostgreSQL + PostGIS cluster:
#   sh scripts/with-postgres.sh vitest run --project server
# initdb's a cluster in a temp dir, starts it on a free port, creates a database with
# PostGIS, runs the command with TEST_DATABASE_URL set, and removes the cluster on exit.
# PG_BIN may point at the PostgreSQL binaries; otherwise pg_config or the newest
# Debian-style /usr/lib/postgresql/<version>/bin is used.
set -eu

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi

if [ -z "${PG_BIN:-}" ]; then
  if command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ]; then
    PG_BIN=$(pg_config --bindir)
  else
    PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
  fi
fi
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: no PostgreSQL binaries found; set PG_BIN" >&2
  exit 1
fi

WORK=$(mktemp -d "${TMPDIR:-/tmp}/atlasboard-pg.XXXXXX")
PORT=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
DB=atlasboard_test

# PostgreSQL refuses to run as root, so as root the cluster belongs to the postgres user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}
if [ "$(id -u)" -eq 0 ]; then
  chown postgres "$WORK"
fi

cleanup() {
  as_owner "$PG_BIN/pg_ctl" -D "$WORK/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

as_owner "$PG_BIN/initdb" -D "$WORK/data" -U postgres --auth=trust -E UTF8 --no-sync >/dev/null
as_owner "$PG_BIN/pg_ctl" -D "$WORK/data" -l "$WORK/postgres.log" -w \
  -o "-p $PORT -k $WORK -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null
"$PG_BIN/psql" -q -h 127.0.0.1 -p "$PORT" -U postgres -d postgres -c "CREATE DATABASE $DB" >/dev/null
"$PG_BIN/psql" -q -h 127.0.0.1 -p "$PORT" -U postgres -d "$DB" -c "CREATE EXTENSION postgis" >/dev/null
echo "with-postgres: PostgreSQL + PostGIS on port $PORT ($("$PG_BIN/psql" -tA -h 127.0.0.1 -p "$PORT" -U postgres -d "$DB" -c 'SELECT postgis_lib_version()'))"

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/$DB"
status=0
"$@" || status=$?
exit "$status"
