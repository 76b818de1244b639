#!/usr/bin/env bash
# Benchmark of the queue path (bench engine: a fixed short clip, so synthesis costs
# nothing) next to baselines measured in the same run: pgbench running the same
# debit + insert transaction, and redis-benchmark LPUSH, both at 32 clients.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"
CLIENTS="${CLIENTS:-32}"
JOBS_PER_CLIENT="${JOBS_PER_CLIENT:-60}"

install_prerequisites
ensure_postgres
ensure_redis
build_rust release
( cd "$ROOT" && cargo build --release --bin stimmwerk-bench -p api -q )

DB=stimmwerk_bench
WORK="$(mktemp -d)"
drop_database "$DB"; create_database "$DB"
export APP__DATABASE__URL="$(database_url "$DB")"
export APP__HTTP__PORT=18090
export APP__HTTP__PUBLIC_URL="http://127.0.0.1:18090"
export APP__REDIS__URL="redis://127.0.0.1:$REDIS_PORT"
export APP__REDIS__QUEUE_PREFIX="bench-$$"
export APP__STORAGE__DIR="$WORK/audio"
export APP__MAIL__OUTBOX_DIR="$WORK/outbox"
export APP__WORKER__ENGINE_OVERRIDE=bench
export APP__WORKER__CONCURRENCY="${WORKER_CONCURRENCY:-16}"
export APP__DATABASE__MAX_CONNECTIONS=40
export APP__AUTH__LOGIN_MAX_FAILURES_PER_IP=100000
export APP__AUTH__SIGNUPS_PER_CLIENT_PER_HOUR=100000
export RUST_LOG=warn
BIN="$CARGO_TARGET_DIR/release"
"$BIN/stimmwerk-api" migrate >/dev/null
"$BIN/stimmwerk-worker" 2>"$WORK/worker.log" &
WORKER=$!
"$BIN/stimmwerk-api" serve 2>"$WORK/api.log" &
API=$!
trap 'kill -TERM $API $WORKER 2>/dev/null; wait $API $WORKER 2>/dev/null; drop_database $DB; true' EXIT
wait_for_http "$APP__HTTP__PUBLIC_URL/api/auth/confirm?token=x" >/dev/null 2>&1 || true

bench() { "$BIN/stimmwerk-bench" --base-url "$APP__HTTP__PUBLIC_URL" --database-url "$APP__DATABASE__URL" \
  --clients "$CLIENTS" --jobs-per-client "$JOBS_PER_CLIENT" "$@"; }

log "Stimmwerk: $CLIENTS Clients x $JOBS_PER_CLIENT Aufträge über HTTP, Worker pausiert"
kill -STOP "$WORKER"
bench --submit-only | tee "$WORK/submit-only.txt"
kill -CONT "$WORKER"
log "Stimmwerk: dasselbe mit laufendem Worker, bis alle Aufträge fertig sind"
for _ in $(seq 1 600); do
  open="$(psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -Atc "select count(*) from tts_jobs where status in ('pending','processing')" "$DB")"
  [ "$open" = 0 ] && break; sleep 0.5
done
bench | tee "$WORK/app.txt"
# The baselines need the database's connections (api and worker hold up to 80).
kill -TERM "$API" "$WORKER" 2>/dev/null; wait "$API" "$WORKER" 2>/dev/null || true

log "Baseline: pgbench, dieselbe Submit-Transaktion, $CLIENTS Clients, 10 s"
PGPASSWORD= pgbench -h "$PG_HOST" -p "$PG_PORT" -U postgres -n -c "$CLIENTS" -j 2 -T 10 -r \
  -f scripts/bench/submit.sql "$DB" > "$WORK/pgbench.txt" 2>&1
grep -E "^tps|latency average|failed" "$WORK/pgbench.txt"

log "Baseline: redis-benchmark LPUSH, $CLIENTS Clients"
redis-benchmark -h 127.0.0.1 -p "$REDIS_PORT" -t lpush -c "$CLIENTS" -n 200000 -q > "$WORK/redis.txt" 2>&1
cat "$WORK/redis.txt" | tr '\r' '\n' | grep -E "LPUSH" | tail -1

get() { grep -E "^$1=" "${2:-$WORK/app.txt}" | cut -d= -f2; }
PG_TPS="$(grep -E '^tps' "$WORK/pgbench.txt" | head -1 | awk '{print $3}')"
REDIS_OPS="$(tr '\r' '\n' < "$WORK/redis.txt" | grep LPUSH | tail -1 | awk '{print $2}')"
SO="$WORK/submit-only.txt"
python3 - "$PG_TPS" "$REDIS_OPS" "$(get submits_per_sec)" "$(get submit_p50_ms)" "$(get submit_p99_ms)" \
  "$(get e2e_jobs_per_sec)" "$(get pickup_p50_ms)" "$(get pickup_p99_ms)" "$(nproc)" \
  "$(get submits_per_sec "$SO")" "$(get submit_p50_ms "$SO")" "$(get submit_p99_ms "$SO")" <<'PY'
import sys
pg, redis, sps, p50, p99, e2e, pk50, pk99, cores, so_sps, so_p50, so_p99 = sys.argv[1:]
pg, redis, sps, e2e, so_sps = float(pg), float(redis), float(sps), float(e2e), float(so_sps)
print()
print(f"| measure (C=32, {cores} cores) | value | baseline (same run) | ratio |")
print("|---|---|---|---|")
print(f"| submits/s over HTTP, worker paused | {so_sps:.0f} | pgbench submit tx: {pg:.0f} tps | {so_sps/pg:.2f} x (target >= 0.6) |")
print(f"| submit latency p50 / p99, worker paused | {so_p50} / {so_p99} ms | | |")
print(f"| submits/s over HTTP, worker draining | {sps:.0f} | pgbench submit tx: {pg:.0f} tps | {sps/pg:.2f} x |")
print(f"| submit latency p50 / p99, worker draining | {p50} / {p99} ms | | |")
print(f"| end-to-end jobs/s | {e2e:.0f} | redis LPUSH: {redis:.0f}/s | {e2e/redis:.3f} x |")
print(f"| pickup latency p50 / p99 (idle worker) | {pk50} / {pk99} ms | | target p99 <= 10 ms |")
PY
