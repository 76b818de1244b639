#!/usr/bin/env bash
# Peak memory (VmHWM) of the api and the worker under the worst work the limits allow:
# the longest spoken text with the most pauses (queued and streamed), a 500,000-character
# upload and a refused 19 MiB one, the largest project view read 16 at a time. Fails when
# either process peaks above 256 MiB (issue: what a user pays for and what the system
# spends are bounded by the same quantity).
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

install_prerequisites
ensure_postgres
ensure_redis
build_rust release stimmwerk-bench-bounds

bench_server stimmwerk_bench_bounds 18095 worker
WORKER_PID="${BENCH_PIDS%% *}"
API_PID="${BENCH_PIDS##* }"

log "Grenzen: längster Auftrag, Stream, 500.000-Zeichen-Upload, größte Projektansicht"
"$BIN/stimmwerk-bench-bounds" --base-url "$APP__HTTP__PUBLIC_URL" --database-url "$APP__DATABASE__URL" \
  --worker-pid "$WORKER_PID" --api-pid "$API_PID" | tee "$WORK/bounds.txt"

python3 - "$WORK/bounds.txt" <<'PY'
import sys
v = {}
for line in open(sys.argv[1]):
    for pair in line.split():
        if "=" in pair:
            k, val = pair.split("=", 1)
            v[k] = val
mib = lambda k: float(v[k]) / 1024
steps = [("idle", "idle"), ("job", f"longest job ({v['job_typed']} typed, {v['job_spoken']} spoken characters, {int(v['job_pause_ms']) // 1000} s of pauses, {float(v['job_seconds']):.0f} s of audio)"),
         ("stream", "the same text streamed as WAV"), ("upload", "500,000-character Markdown upload"),
         ("oversized", "19 MiB Markdown upload (refused)"), ("view", f"10,000-paragraph project, {v['view_reads']} reads 16 at a time")]
print()
print("| after | worker VmHWM MiB | api VmHWM MiB |")
print("|---|---|---|")
for key, label in steps:
    print(f"| {label} | {mib(key + '_worker_kib'):.0f} | {mib(key + '_api_kib'):.0f} |")
worst = max(mib("view_worker_kib"), mib("view_api_kib"))
if worst > 256:
    sys.exit(f"peak {worst:.0f} MiB above 256 MiB")
print(f"\nboth peaks at or under 256 MiB (highest {worst:.0f} MiB)")
PY
