# Shared helpers of run.sh and test.sh: install what is missing, make sure Postgres and
# Redis answer, build. Sourced, not executed.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-/var/tmp/stimmwerk-target}"
export SQLX_OFFLINE=true
PG_HOST=127.0.0.1
PG_PORT="${PG_PORT:-5432}"
REDIS_PORT="${REDIS_PORT:-6379}"

log() { printf '\033[1;34m==>\033[0m [%s] %s\n' "$(date +%T)" "$*"; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

APT_UPDATED=0
apt_install() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || { echo "Bitte installieren Sie: ${missing[*]}" >&2; exit 1; }
  log "Installiere ${missing[*]}"
  if [ "$APT_UPDATED" = 0 ]; then as_root apt-get update -qq; APT_UPDATED=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

# The official `openai` Python package (and mutagen to read MP3s) in a venv under
# .tools, for the SDK compatibility test, and openapi-spec-validator for the contract.
# Sets PY_SDK to the venv's python.
ensure_python_sdk() {
  local venv="$ROOT/.tools/py-sdk"
  PY_SDK="$venv/bin/python"
  if [ ! -x "$PY_SDK" ]; then
    python3 -m venv "$venv" 2>/dev/null || { apt_install python3 python3-venv; rm -rf "$venv"; python3 -m venv "$venv"; }
  fi
  # moto's server is the S3-compatible store the storage tests run against.
  "$PY_SDK" -c "import openai, mutagen, openapi_spec_validator, moto.server" 2>/dev/null \
    || "$venv/bin/pip" install --quiet --disable-pip-version-check "openai>=2,<3" "mutagen>=1.47,<2" \
      "openapi-spec-validator>=0.7,<1" "moto[server]>=5.1,<6"
}

install_prerequisites() {
  # libespeak-ng-dev and libclang-dev: the local engine links eSpeak NG's library (its
  # word events time the text), and its bindings are generated from the C header.
  apt_install espeak-ng libespeak-ng-dev libclang-dev ffmpeg postgresql postgresql-client redis-server redis-tools build-essential pkg-config curl ca-certificates
  ensure_node
  if ! command -v cargo >/dev/null; then
    log "Installiere Rust (rustup)"
    curl -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal
    # shellcheck disable=SC1091
    . "$HOME/.cargo/env"
  fi
}

# Node for the web build and the browser tests. Vite 8 needs Node >= 20.19, but Debian 12
# and Ubuntu 24.04 ship 18. When `node` is missing or too old (or FORCE_NODE_INSTALL=1), a
# current Node is unpacked into $NODE_DIR from the npm registry - the packages
# node-linux-<arch> (the official binaries) and npm - and put first on PATH. Only the npm
# registry has to be reachable, not nodejs.org. A second run reuses the folder.
NODE_MAJOR="${NODE_MAJOR:-22}"
NPM_MAJOR="${NPM_MAJOR:-10}"
NODE_DIR="${NODE_DIR:-$ROOT/.tools/node}"

node_is_current() { # node on PATH is >= 20.19
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' 2>/dev/null
}

ensure_node() {
  if [ -x "$NODE_DIR/bin/node" ] && [ -x "$NODE_DIR/bin/npm" ]; then
    case ":$PATH:" in *":$NODE_DIR/bin:"*) ;; *) export PATH="$NODE_DIR/bin:$PATH" ;; esac
    if node_is_current; then log "Node $(node --version) aus $NODE_DIR"; return 0; fi
  fi
  if [ "${FORCE_NODE_INSTALL:-0}" != 1 ] && node_is_current && command -v npm >/dev/null 2>&1; then
    return 0
  fi
  # Any npm can fetch the packages; the distribution's old one is good enough for that.
  command -v npm >/dev/null 2>&1 || apt_install nodejs npm
  local arch
  case "$(uname -m)" in
    x86_64|amd64) arch=x64 ;;
    aarch64|arm64) arch=arm64 ;;
    *) echo "Keine Node-Binärdateien für $(uname -m); bitte Node >= 20.19 installieren" >&2; exit 1 ;;
  esac
  log "Installiere Node $NODE_MAJOR und npm $NPM_MAJOR nach $NODE_DIR (aus der npm-Registry)"
  local tmp; tmp="$(mktemp -d)"
  ( cd "$tmp" && npm pack --silent "node-linux-$arch@$NODE_MAJOR" "npm@$NPM_MAJOR" >/dev/null )
  local stage="$NODE_DIR.partial"
  rm -rf "$stage"; mkdir -p "$stage/lib/node_modules/npm"
  tar -xzf "$tmp"/node-linux-"$arch"-*.tgz --strip-components=1 -C "$stage"
  tar -xzf "$tmp"/npm-*.tgz --strip-components=1 -C "$stage/lib/node_modules/npm"
  for tool in npm npx; do
    printf '#!/bin/sh\nexec "$(dirname "$(readlink -f "$0")")/node" "$(dirname "$(readlink -f "$0")")/../lib/node_modules/npm/bin/%s-cli.js" "$@"\n' "$tool" > "$stage/bin/$tool"
    chmod +x "$stage/bin/$tool"
  done
  rm -rf "$tmp" "$NODE_DIR"; mkdir -p "$(dirname "$NODE_DIR")"; mv "$stage" "$NODE_DIR"
  export PATH="$NODE_DIR/bin:$PATH"
  node_is_current || { echo "Node in $NODE_DIR startet nicht" >&2; exit 1; }
  log "Node $(node --version), npm $(npm --version)"
}

pg_ready() { pg_isready -q -h "$PG_HOST" -p "$PG_PORT" 2>/dev/null && psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -Atqc 'select 1' >/dev/null 2>&1; }

# Uses a running server when one answers on $PG_PORT (trust auth for user postgres);
# otherwise starts Debian's cluster, or a private cluster under data/postgres.
ensure_postgres() {
  pg_ready && return 0
  if command -v pg_ctlcluster >/dev/null && [ -n "$(ls /etc/postgresql 2>/dev/null)" ] && [ "$PG_PORT" = 5432 ]; then
    log "Starte PostgreSQL"
    as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start || true
    for _ in $(seq 1 30); do pg_ready && return 0; sleep 0.5; done
  fi
  local dir="$ROOT/data/postgres"
  log "Starte eigenen PostgreSQL-Cluster in $dir (Port $PG_PORT)"
  start_private_postgres "$dir"
}

# Debian's server binaries, run as user postgres when we are root (initdb refuses root).
pg_as() {
  local bin; bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
  local tool="$bin/$1"; shift
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$tool" "$@"; else "$tool" "$@"; fi
}

# Starts (creating it first if empty) a cluster in DIR on $PG_PORT; further arguments are
# server settings ("-c name=value ...").
start_private_postgres() {
  local dir="$1"; shift
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown -R postgres "$dir"
  [ -f "$dir/PG_VERSION" ] || pg_as initdb -D "$dir" -U postgres --auth=trust >/dev/null
  pg_as pg_ctl -D "$dir" -o "-p $PG_PORT -k /tmp -c listen_addresses=$PG_HOST $*" -l "$dir/server.log" -w start >/dev/null
  pg_ready || { echo "PostgreSQL startet nicht (siehe $dir/server.log)" >&2; exit 1; }
}

ensure_redis() {
  redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && return 0
  log "Starte Redis (Port $REDIS_PORT)"
  mkdir -p "$ROOT/data/redis"
  redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save "" --appendonly no \
    --dir "$ROOT/data/redis" --logfile "$ROOT/data/redis/redis.log"
  for _ in $(seq 1 30); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && return 0; sleep 0.2; done
  echo "Redis startet nicht" >&2; exit 1
}

database_url() { echo "postgres://postgres@$PG_HOST:$PG_PORT/$1"; }

create_database() {
  psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -Atqc "select 1 from pg_database where datname = '$1'" | grep -q 1 \
    || psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -qc "create database \"$1\"" >/dev/null
}

drop_database() {
  psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -qc "drop database if exists \"$1\" with (force)" >/dev/null
}

build_web() {
  log "Baue die Web-App"
  ( cd "$ROOT/web" && npm ci --no-audit --no-fund --loglevel=error && npm run build --silent )
}

# build_rust <debug|release> [more binaries]: api and worker, and the binaries named (the
# benchmarks' drivers); only what is asked for, so a first start builds no benchmark.
build_rust() {
  log "Baue API und Worker ($1)"
  local flags=(); [ "$1" = release ] && flags=(--release)
  # CARGO_TIMINGS=1 writes cargo's per-crate timeline to $CARGO_TARGET_DIR/cargo-timings/.
  [ -n "${CARGO_TIMINGS:-}" ] && flags+=(--timings)
  local bin; for bin in stimmwerk-api stimmwerk-worker "${@:2}"; do flags+=(--bin "$bin"); done
  ( cd "$ROOT" && cargo build "${flags[@]}" )
}

# Starts the release api (and, with "worker" as $3, one worker) for a benchmark on the
# empty database $1 at port $2, and stops them and drops the database on exit. Sets
# $WORK (a scratch folder) and $BIN. Call after build_rust release.
bench_server() {
  local db="$1" port="$2" with_worker="${3:-}"
  WORK="$(mktemp -d)"
  BIN="$CARGO_TARGET_DIR/release"
  drop_database "$db"; create_database "$db"
  export APP__DATABASE__URL="$(database_url "$db")"
  export APP__HTTP__PORT="$port" APP__HTTP__PUBLIC_URL="http://127.0.0.1:$port"
  export APP__REDIS__URL="redis://127.0.0.1:$REDIS_PORT" APP__REDIS__QUEUE_PREFIX="$db-$$"
  export APP__STORAGE__DIR="$WORK/audio" APP__MAIL__OUTBOX_DIR="$WORK/outbox" RUST_LOG=warn
  "$BIN/stimmwerk-api" migrate >/dev/null
  BENCH_PIDS=""
  if [ "$with_worker" = worker ]; then
    "$BIN/stimmwerk-worker" 2>"$WORK/worker.log" &
    BENCH_PIDS="$!"
  fi
  "$BIN/stimmwerk-api" serve 2>"$WORK/api.log" &
  BENCH_PIDS="$BENCH_PIDS $!"
  BENCH_DB="$db"
  # `|| true`: errexit holds in a trap too, and a stopped server's status must not skip
  # the clean-up.
  trap 'kill -TERM $BENCH_PIDS 2>/dev/null || true; wait $BENCH_PIDS 2>/dev/null || true; drop_database "$BENCH_DB" || true' EXIT
  wait_for_http "$APP__HTTP__PUBLIC_URL/api/limits" >/dev/null
}

# Waits until the URL answers.
wait_for_http() {
  for _ in $(seq 1 120); do curl -fsS -o /dev/null "$1" 2>/dev/null && return 0; sleep 0.5; done
  echo "$1 antwortet nicht" >&2; return 1
}

# The Rust gates' tools: rustfmt and clippy (a minimal rustup profile lacks them) and
# sqlx-cli at the version of the sqlx crate the workspace uses.
install_rust_tools() {
  if command -v rustup >/dev/null; then
    rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy
    rustup component list --installed 2>/dev/null | grep -q '^rustfmt' || rustup component add rustfmt
  fi
  local want; want="$(grep -A1 '^name = "sqlx"$' "$ROOT/Cargo.lock" | sed -n 's/^version = "\(.*\)"/\1/p')"
  if ! cargo sqlx --version 2>/dev/null | grep -qF "$want"; then
    log "Installiere sqlx-cli $want"
    cargo install --quiet --locked sqlx-cli --version "$want" --no-default-features --features postgres,rustls
  fi
}
