#!/usr/bin/env bash
# Runs every test: the gates (formatting, lints, the sqlx query cache, the API contract),
# Rust unit and integration tests against real Postgres and Redis, web unit tests, and
# end-to-end tests in headless Chromium against the real api and worker processes.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

install_prerequisites
install_rust_tools
apt_install chromium
ensure_postgres
ensure_redis

export DATABASE_URL="$(database_url postgres)"
export APP__REDIS__URL="redis://127.0.0.1:$REDIS_PORT"

log "Rust: Formatierung, Clippy, sqlx-Abfrage-Cache"
cargo fmt --all --check || { echo "Formatierung weicht ab: cargo fmt --all" >&2; exit 1; }
cargo clippy --workspace --all-targets --quiet -- -D warnings
# The committed .sqlx cache must match the queries and the migrations.
SQLX_DB=stimmwerk_sqlx_check
drop_database "$SQLX_DB"
create_database "$SQLX_DB"
DATABASE_URL="$(database_url "$SQLX_DB")" cargo sqlx migrate run --source migrations >/dev/null
DATABASE_URL="$(database_url "$SQLX_DB")" cargo sqlx prepare --workspace --check \
  || { echo ".sqlx ist veraltet: cargo sqlx prepare --workspace (README, Development)" >&2; exit 1; }
drop_database "$SQLX_DB"

log "Rust: Unit- und Integrationstests (mit Vertragstest gegen api/openapi.json)"
cargo test --workspace --no-fail-fast 2>&1 | tee /tmp/stimmwerk-cargo-test.log
[ "${PIPESTATUS[0]}" = 0 ] || { echo "Rust-Tests fehlgeschlagen" >&2; exit 1; }

log "Web: Unit-Tests"
( cd web && npm ci --no-audit --no-fund --loglevel=error && npm test )
( cd web && npm run build --silent )

log "Ende-zu-Ende-Tests (Chromium)"
build_rust debug
E2E_DB=stimmwerk_e2e
E2E_DIR="$(mktemp -d)"
drop_database "$E2E_DB"
create_database "$E2E_DB"
export APP__DATABASE__URL="$(database_url "$E2E_DB")"
export APP__HTTP__PORT="${E2E_PORT:-18080}"
export APP__HTTP__PUBLIC_URL="http://127.0.0.1:$APP__HTTP__PORT"
export APP__REDIS__QUEUE_PREFIX="e2e-$$"
export APP__STORAGE__DIR="$E2E_DIR/audio"
export APP__MAIL__OUTBOX_DIR="$E2E_DIR/outbox"
export APP__ADMIN__PASSWORD="e2e-admin-passwort-123"
# The per-IP demo limit has its own Rust test; here every browser comes from 127.0.0.1.
export APP__DEMO__TRIES_PER_IP=1000
# Likewise every browser test signs up from 127.0.0.1; the sign-up limit has Rust tests.
export APP__AUTH__SIGNUPS_PER_CLIENT_PER_HOUR=1000
export APP__SECRETS__ENCRYPTION_KEY="$(head -c 32 /dev/urandom | base64)"
BIN="$CARGO_TARGET_DIR/debug"
"$BIN/stimmwerk-api" migrate
"$BIN/stimmwerk-worker" > "$E2E_DIR/worker.log" 2>&1 &
WORKER=$!
"$BIN/stimmwerk-api" serve > "$E2E_DIR/api.log" 2>&1 &
API=$!
cleanup() { kill -TERM "$API" "$WORKER" 2>/dev/null; wait "$API" "$WORKER" 2>/dev/null; drop_database "$E2E_DB" || true; }
trap cleanup EXIT
wait_for_http "$APP__HTTP__PUBLIC_URL/"
status=0
( cd web && BASE_URL="$APP__HTTP__PUBLIC_URL" OUTBOX_DIR="$APP__MAIL__OUTBOX_DIR" ADMIN_PASSWORD="$APP__ADMIN__PASSWORD" npm run e2e ) || status=$?
if [ "$status" != 0 ]; then
  echo "--- api.log ---"; tail -50 "$E2E_DIR/api.log"
  echo "--- worker.log ---"; tail -50 "$E2E_DIR/worker.log"
  exit "$status"
fi
log "Alle Tests bestanden"
