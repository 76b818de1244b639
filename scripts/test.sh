#!/usr/bin/env bash
# Runs every test: Rust unit and integration tests against real Postgres and Redis,
# web unit tests, and end-to-end tests in headless Chromium against the real api and
# worker processes.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

install_prerequisites
apt_install chromium
ensure_postgres
ensure_redis

export DATABASE_URL="$(database_url postgres)"
export APP__REDIS__URL="redis://127.0.0.1:$REDIS_PORT"

log "Rust: Unit- und Integrationstests"
cargo test --workspace --no-fail-fast 2>&1 | tee /tmp/stimmwerk-cargo-test.log
[ "${PIPESTATUS[0]}" = 0 ] || { echo "Rust-Tests fehlgeschlagen" >&2; exit 1; }

log "Web: Lint, Typprüfung, Unit-Tests"
( cd web && npm ci --no-audit --no-fund --loglevel=error && npm run lint && npm run typecheck && npm test )
( cd web && npm run build --silent )

build_rust debug
"$ROOT/scripts/e2e.sh"
log "Alle Tests bestanden"
