# Starts a throwaway PostgreSQL server (Debian's package) for the integration tests and prints
# its URL. Source this file, then: TEST_DATABASE_URL="$(start_ci_postgres)".
start_ci_postgres() {
  local bin dir port=55432
  bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
  dir="${TMPDIR:-/tmp}/zochrim-ci-postgres"
  if [ -f "$dir/data/postmaster.pid" ]; then
    su postgres -c "$bin/pg_ctl -D $dir/data stop -m fast" >/dev/null 2>&1 || true
  fi
  rm -rf "$dir" && mkdir -p "$dir" && chown postgres:postgres "$dir"
  su postgres -c "$bin/initdb -D $dir/data -A trust -U postgres" >/dev/null
  su postgres -c "$bin/pg_ctl -D $dir/data -l $dir/server.log -w start \
    -o '-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off'" >/dev/null
  echo "postgres://postgres@127.0.0.1:$port/postgres"
}
