#!/usr/bin/env bash
# Runs Stimmwerk on this machine: installs what is missing, starts Postgres and Redis
# when none is running, migrates and seeds, builds the web app, starts api and worker.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

install_prerequisites
ensure_postgres
ensure_redis
create_database stimmwerk
# The web app builds while cargo does (npm waits mostly on the disk and the network).
build_web > "${TMPDIR:-/tmp}/stimmwerk-web-build.log" 2>&1 &
WEB_BUILD=$!
build_rust release
wait "$WEB_BUILD" || { cat "${TMPDIR:-/tmp}/stimmwerk-web-build.log" >&2; echo "Die Web-App ließ sich nicht bauen." >&2; exit 1; }

mkdir -p data
[ -s data/admin-password ] || (umask 077; head -c 18 /dev/urandom | base64 | tr -d '/+=' > data/admin-password)
[ -s data/secret-key ] || (umask 077; head -c 32 /dev/urandom | base64 > data/secret-key)
export APP__ADMIN__PASSWORD="$(cat data/admin-password)"
# Encrypts provider API keys that admins store; keep data/secret-key with the database.
export APP__SECRETS__ENCRYPTION_KEY="${APP__SECRETS__ENCRYPTION_KEY:-$(cat data/secret-key)}"
export APP__DATABASE__URL="$(database_url stimmwerk)"
export APP__REDIS__URL="redis://127.0.0.1:$REDIS_PORT"
export APP__HTTP__PORT="${PORT:-8080}"
export APP__HTTP__PUBLIC_URL="${PUBLIC_URL:-http://127.0.0.1:$APP__HTTP__PORT}"
# Prometheus metrics of both processes, on loopback only.
export APP__HTTP__METRICS_ADDRESS="${APP__HTTP__METRICS_ADDRESS-127.0.0.1:9100}"
export APP__WORKER__METRICS_ADDRESS="${APP__WORKER__METRICS_ADDRESS-127.0.0.1:9101}"
BIN="$CARGO_TARGET_DIR/release"

log "Migriere die Datenbank und lege Stimmen und Admin an"
"$BIN/stimmwerk-api" migrate

"$BIN/stimmwerk-worker" &
WORKER=$!
"$BIN/stimmwerk-api" serve &
API=$!
trap 'kill -TERM $API $WORKER 2>/dev/null; wait' EXIT INT TERM
wait_for_http "$APP__HTTP__PUBLIC_URL/"

cat <<MSG

  Stimmwerk läuft:   $APP__HTTP__PUBLIC_URL
  Admin-Anmeldung:   ${APP__ADMIN__EMAIL:-admin@stimmwerk.local} / $APP__ADMIN__PASSWORD
  E-Mails (Outbox):  $ROOT/data/outbox
  Metriken:          http://${APP__HTTP__METRICS_ADDRESS:-(aus)}/metrics (API), http://${APP__WORKER__METRICS_ADDRESS:-(aus)}/metrics (Worker)

  Beenden mit Strg+C.
MSG
wait
