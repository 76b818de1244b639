#!/usr/bin/env bash
# The fault suite: the real api and worker binaries against a Postgres cluster, a Redis
# and an S3 store of the suite's own, a fake OpenAI speech API that fails on demand and
# a proxy that can cut the store off. Scenarios: kill -9 of a worker during a burst
# (ten times), Redis killed and restarted under load (twice), Postgres stopped and
# started, engine faults (429, 500, no answer, a body slower than the timeout, garbage
# audio), a store refusing connections, SIGTERM with jobs running. After each: every job
# ended completed (audio in the bucket) or failed and refunded once, nothing charged
# twice, balance = SUM(ledger) for every user. Prints the table; exits 1 if a row broke.
# Called by test.sh after the debug build; also runs alone (FAULTS_ONLY=kill,redis ...).
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

ensure_python_sdk
apt_install ffmpeg redis-server postgresql
[ -x "$CARGO_TARGET_DIR/debug/stimmwerk-worker" ] || build_rust debug

log "Fehler-Suite: api + Worker gegen eigene Postgres-, Redis- und S3-Instanzen"
WORK="$(mktemp -d)"
chmod 755 "$WORK"
trap 'rm -rf "$WORK"' EXIT
BIN="$CARGO_TARGET_DIR/debug" WORK="$WORK" MOTO_SERVER="$ROOT/.tools/py-sdk/bin/moto_server" \
  "$PY_SDK" testsuite/python/faults.py
