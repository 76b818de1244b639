#!/usr/bin/env bash
# Benchmark of the German reading: latency p50/p99 of the pronunciation preview for a
# 5,000-character text and a full dictionary (2,000 entries), next to GET /api/me
# measured in the same run as the baseline. Target: p99 <= 20 ms.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

install_prerequisites
ensure_postgres
ensure_redis
build_rust release stimmwerk-bench-reading

bench_server stimmwerk_bench_reading 18093

log "Vorschau der Aussprache: 5.000 Zeichen, 2.000 Wörterbucheinträge, je 200 Anfragen nacheinander"
"$BIN/stimmwerk-bench-reading" --base-url "$APP__HTTP__PUBLIC_URL" --database-url "$APP__DATABASE__URL" \
  | tee "$WORK/reading.txt"

python3 - "$WORK/reading.txt" "$(nproc)" <<'PY'
import sys
rows = [l.strip()[5:].split("|") for l in open(sys.argv[1]) if l.startswith("case=")]
base99 = float(rows[0][2])
print()
print(f"| request ({sys.argv[2]} cores, sequential) | p50 ms | p99 ms | p99 / baseline p99 | target p99 <= 20 ms |")
print("|---|---|---|---|---|")
for name, p50, p99 in rows:
    ok = "yes" if float(p99) <= 20 else "NO"
    print(f"| {name} | {p50} | {p99} | {float(p99) / base99:.1f} x | {ok} |")
PY
