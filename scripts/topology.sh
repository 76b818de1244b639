#!/usr/bin/env bash
# The docker-compose topology without containers: Postgres, Redis, an S3-compatible
# store (moto's server), one api and two worker processes sharing the bucket. Jobs
# submitted over HTTP must all complete, both workers must take part, and every audio
# must be played from the bucket through a presigned link. Called by test.sh after the
# debug binaries are built; also runs alone.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ensure_postgres
ensure_redis
ensure_python_sdk

log "Topologie: api + 2 Worker + S3 (ohne Container)"
DB=stimmwerk_topology
drop_database "$DB"
create_database "$DB"
WORK="$(mktemp -d)"
S3_PORT=18390
"$ROOT/.tools/py-sdk/bin/moto_server" -H 127.0.0.1 -p "$S3_PORT" >"$WORK/s3.log" 2>&1 &
PIDS=($!)
trap 'kill "${PIDS[@]}" 2>/dev/null; wait 2>/dev/null; drop_database "$DB"; rm -rf "$WORK"' EXIT
wait_for_http "http://127.0.0.1:$S3_PORT/"

export APP__DATABASE__URL="$(database_url "$DB")"
export APP__REDIS__URL="redis://127.0.0.1:$REDIS_PORT"
export APP__REDIS__QUEUE_PREFIX="topology-$$"
export APP__HTTP__PORT=18380
export APP__HTTP__PUBLIC_URL="http://127.0.0.1:$APP__HTTP__PORT"
export APP__MAIL__OUTBOX_DIR="$WORK/outbox"
export APP__ADMIN__PASSWORD="topologie-passwort-123"
export APP__SECRETS__ENCRYPTION_KEY="$(head -c 32 /dev/urandom | base64)"
export APP__STORAGE__BACKEND=s3
export APP__STORAGE__S3__ENDPOINT="http://127.0.0.1:$S3_PORT"
export APP__STORAGE__S3__BUCKET="topology-$$"
export APP__STORAGE__S3__ACCESS_KEY_ID=test
export APP__STORAGE__S3__SECRET_ACCESS_KEY=test
# One job at a time per worker, so a burst needs both.
export APP__WORKER__CONCURRENCY=1
BIN="$CARGO_TARGET_DIR/debug"

"$BIN/stimmwerk-api" migrate >/dev/null
APP__WORKER__METRICS_ADDRESS=127.0.0.1:18381 "$BIN/stimmwerk-worker" >"$WORK/worker-a.log" 2>&1 &
PIDS+=($!)
APP__WORKER__METRICS_ADDRESS=127.0.0.1:18382 "$BIN/stimmwerk-worker" >"$WORK/worker-b.log" 2>&1 &
PIDS+=($!)
"$BIN/stimmwerk-api" serve >"$WORK/api.log" 2>&1 &
PIDS+=($!)
wait_for_http "$APP__HTTP__PUBLIC_URL/readyz"
wait_for_http "http://127.0.0.1:18381/readyz"
wait_for_http "http://127.0.0.1:18382/readyz"
# The workers subscribe to their queues right after they answer; give them that moment.
sleep 1

status=0
BASE_URL="$APP__HTTP__PUBLIC_URL" ADMIN_PASSWORD="$APP__ADMIN__PASSWORD" DATABASE_URL="$APP__DATABASE__URL" \
  WORKER_METRICS="http://127.0.0.1:18381/metrics http://127.0.0.1:18382/metrics" S3_ENDPOINT="$APP__STORAGE__S3__ENDPOINT" \
  "$PY_SDK" testsuite/python/topology.py || status=$?
if [ "$status" != 0 ]; then
  tail -n 30 "$WORK"/*.log >&2
fi
exit "$status"
