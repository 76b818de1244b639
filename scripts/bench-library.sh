#!/usr/bin/env bash
# Benchmark of the audio library for a big user: 50,000 audios (200 categories, 500
# tags) among 100 users. Latency p50/p99 of the list with its filters, a deep page and
# the stats, next to GET /api/me measured in the same run as the baseline; then the
# EXPLAIN plans of the list's query shapes. Target: p99 <= 50 ms each.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

install_prerequisites
ensure_postgres
ensure_redis
build_rust release stimmwerk-bench-library

bench_server stimmwerk_bench_library 18091

log "Bibliothek: 50.000 Audios eines Nutzers unter 100 Nutzern, je 200 Anfragen nacheinander"
"$BIN/stimmwerk-bench-library" --base-url "$APP__HTTP__PUBLIC_URL" --database-url "$APP__DATABASE__URL" \
  | tee "$WORK/library.txt"

python3 - "$WORK/library.txt" "$(nproc)" <<'PY'
import sys
rows = [l.strip()[5:].split("|") for l in open(sys.argv[1]) if l.startswith("case=")]
base50, base99 = float(rows[0][1]), float(rows[0][2])
print()
print(f"| request ({sys.argv[2]} cores, sequential) | p50 ms | p99 ms | p99 / baseline p99 | target p99 <= 50 ms |")
print("|---|---|---|---|---|")
for name, p50, p99 in rows:
    ok = "yes" if float(p99) <= 50 else "NO"
    print(f"| {name} | {p50} | {p99} | {float(p99) / base99:.1f} x | {ok} |")
PY
