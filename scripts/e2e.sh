#!/usr/bin/env bash
# End-to-end tests in headless Chromium against the real api and worker binaries
# (debug build in $CARGO_TARGET_DIR) and the built web app (web/dist). Called by test.sh;
# runs alone after a debug build of api and worker (test.sh builds every target at once) and `npm run build` in web/
# E2E_DB and E2E_PORT let two checkouts run it side by side on one machine.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

apt_install chromium
ensure_node
ensure_postgres
ensure_redis

log "Ende-zu-Ende-Tests (Chromium)"
E2E_DB="${E2E_DB:-stimmwerk_e2e}"
E2E_DIR="$(mktemp -d)"
drop_database "$E2E_DB"
create_database "$E2E_DB"
export APP__DATABASE__URL="$(database_url "$E2E_DB")"
export APP__REDIS__URL="redis://127.0.0.1:$REDIS_PORT"
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
# e2e/developer-api.spec.mjs receives webhooks on 127.0.0.1; the address rule has its Rust tests.
export APP__WEBHOOKS__ALLOW_PRIVATE_ADDRESSES=true
export APP__SECRETS__ENCRYPTION_KEY="$(head -c 32 /dev/urandom | base64)"
# Top-ups talk to a fake Stripe that e2e/top-up.spec.mjs starts on this port; it signs
# the webhook with the same secret.
E2E_STRIPE_PORT="${E2E_STRIPE_PORT:-18199}"
export APP__PAYMENTS__STRIPE_SECRET_KEY=sk_test_e2e
export APP__PAYMENTS__STRIPE_WEBHOOK_SECRET=whsec_test_e2e
export APP__PAYMENTS__STRIPE_BASE_URL="http://127.0.0.1:$E2E_STRIPE_PORT"
# No browser test reaches a real provider: every cloud address is a closed loopback port
# (a key stored in the admin test fails its connection test here, as it should).
for provider in OPENAI GOOGLE GEMINI MURF ELEVENLABS REPLICATE; do
  export "APP__PROVIDERS__${provider}__BASE_URL=http://127.0.0.1:9"
done
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
# E2E_FILES (e.g. "e2e/layout.spec.mjs") runs a subset; default: every e2e/*.spec.mjs.
run=(npm run e2e); [ -n "${E2E_FILES:-}" ] && run=(node --test --test-concurrency=1 $E2E_FILES)
( cd web && BASE_URL="$APP__HTTP__PUBLIC_URL" OUTBOX_DIR="$APP__MAIL__OUTBOX_DIR" ADMIN_PASSWORD="$APP__ADMIN__PASSWORD" \
  STRIPE_PORT="$E2E_STRIPE_PORT" STRIPE_WEBHOOK_SECRET="$APP__PAYMENTS__STRIPE_WEBHOOK_SECRET" "${run[@]}" ) || status=$?
# The official openai Python package against the same server (skipped with E2E_FILES).
if [ -z "${E2E_FILES:-}" ] || [ -n "${E2E_PYTHON:-}" ]; then
  log "OpenAI-Python-SDK gegen /v1"
  ensure_python_sdk
  BASE_URL="$APP__HTTP__PUBLIC_URL" OUTBOX_DIR="$APP__MAIL__OUTBOX_DIR" "$PY_SDK" testsuite/python/openai_sdk.py || status=$?
fi
# Money never drifted: every balance equals the sum of its ledger rows after the suite.
drift="$(psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d "$E2E_DB" -Atc \
  "select count(*) from users u where u.balance_cent <> (select coalesce(sum(amount_cent), 0) from ledger_entries l where l.user_id = u.id)")"
[ "$drift" = 0 ] || { echo "Guthaben weicht vom Hauptbuch ab bei $drift Konten" >&2; status=1; }
if [ "$status" != 0 ]; then
  echo "--- api.log ---"; tail -50 "$E2E_DIR/api.log"
  echo "--- worker.log ---"; tail -50 "$E2E_DIR/worker.log"
  exit "$status"
fi
