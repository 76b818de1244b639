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

# The storage tests start moto's S3 server from here (testsuite/tests/integration/common/s3.rs).
ensure_python_sdk
export STIMMWERK_MOTO_SERVER="$ROOT/.tools/py-sdk/bin/moto_server"

log "docker-compose.yml: Prüfung mit Compose selbst"
# No container engine is needed to validate the file; the same topology runs without
# containers below (scripts/topology.sh).
command -v docker-compose >/dev/null || apt_install docker-compose
# Every required variable set, as an operator's .env would (.env.example lists them).
ADMIN_EMAIL=admin@example.com ADMIN_PASSWORD=check S3_SECRET=check-secret ENCRYPTION_KEY="$(head -c 32 /dev/urandom | base64)" \
  SMTP_URL=smtps://u:p@smtp.example.com MAIL_FROM="Stimmwerk <no-reply@example.com>" \
  docker-compose -f docker-compose.yml config -q

log "Rust: ein Build aller Ziele"
# One build with one feature set for every target: the tests and the api and worker
# binaries the browser tests run (a separate `cargo build --bins` would resolve features
# without the test crates' and compile shared, api and worker a second time).
cargo build --workspace --all-targets --quiet

# Phases that wait more than they compute run side by side on the 2 cores: the web build
# (Node) beside the Rust tests (which left 23 % of the CPU idle), the fault suite beside
# the browser tests (84 % and 60 % idle alone). Each background phase runs in its own
# process group, so a failure of the foreground one ends it with all its children, and
# its output follows the foreground's.
background() {  # background NAME LOG COMMAND...: starts COMMAND; its pid in $BG_PID
  local log="$2"; shift 2
  setsid "$@" > "$log" 2>&1 &
  BG_PID=$!
}
finish() {  # finish PID LOG WHAT: waits for the phase, prints its output, fails with WHAT
  local status=0
  wait "$1" || status=$?
  cat "$2"
  [ "$status" = 0 ] || { echo "$3 fehlgeschlagen" >&2; exit 1; }
}
stop_background() { for pid in ${BACKGROUND:-}; do kill -TERM -- "-$pid" 2>/dev/null || true; done; }
trap stop_background EXIT

# The web unit tests wait on timers and rendering, so they run alone after the Rust tests:
# beside them (the project suite keeps both cores busy synthesising a book) their waits
# stretched past any sane timeout in CI. Lint, typecheck and build only compute.
log "Web: Lint, Typprüfung, Build (im Hintergrund)"
WEB_LOG="$(mktemp)"
background web "$WEB_LOG" bash -c 'cd web && npm ci --no-audit --no-fund --loglevel=error && npm run check:api \
  && npm run lint && npm run typecheck && npx vite build --logLevel warn'
WEB=$BG_PID; BACKGROUND="$WEB"

log "Rust: Unit- und Integrationstests (mit Vertragstest gegen api/openapi.json)"
cargo test --workspace --no-fail-fast 2>&1 | tee /tmp/stimmwerk-cargo-test.log
[ "${PIPESTATUS[0]}" = 0 ] || { echo "Rust-Tests fehlgeschlagen" >&2; exit 1; }

log "OpenAPI-Dokument gegen die OpenAPI-3.1-Spezifikation prüfen"
"$PY_SDK" -c "import json, openapi_spec_validator as v; v.validate(json.load(open('api/openapi.json'))); print('api/openapi.json ist gültig')"

log "Web-Prüfungen (Ausgabe)"
finish "$WEB" "$WEB_LOG" "Web-Prüfungen"
log "Web: Unit-Tests"
(cd web && npm test) || { echo "Web-Unit-Tests fehlgeschlagen" >&2; exit 1; }

# The api and worker binaries come from the build above; the fault suite has its own
# Postgres, Redis, S3 and ports and kills only processes it started.
FAULTS_LOG="$(mktemp)"
background faults "$FAULTS_LOG" "$ROOT/scripts/faults.sh"
FAULTS=$BG_PID; BACKGROUND="$FAULTS"
"$ROOT/scripts/e2e.sh"
"$ROOT/scripts/topology.sh"
finish "$FAULTS" "$FAULTS_LOG" "Fehler-Suite"
BACKGROUND=""
log "Alle Tests bestanden"
