#!/usr/bin/env bash
# Benchmark of the streamed OpenAI-compatible speech endpoint: time to the first audio
# byte against the whole answer for a 5000-character text on the local engine
# (espeak-ng), next to the queued path for the same text (POST /v1/jobs until
# completed) measured in the same run.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

install_prerequisites
ensure_postgres
ensure_redis
build_rust release stimmwerk-bench-speech

# The queued baseline polls its job; the per-key limit has its own tests.
export APP__API__REQUESTS_PER_MINUTE=1000000
bench_server stimmwerk_bench_speech 18092 worker

log "Sprache: 5000 Zeichen, lokale Engine, 5 Läufe gestreamt und 5 über die Warteschlange"
"$BIN/stimmwerk-bench-speech" --base-url "$APP__HTTP__PUBLIC_URL" --database-url "$APP__DATABASE__URL" \
  | tee "$WORK/speech.txt"

python3 - "$WORK/speech.txt" "$(nproc)" <<'PY'
import sys
values = dict(l.strip().split("=", 1) for l in open(sys.argv[1]) if "=" in l and not l.startswith("run"))
ttfb, total, queued = (float(values[k]) for k in ("ttfb_p50_ms", "total_p50_ms", "queued_p50_ms"))
print()
print(f"| 5000 characters, local engine ({sys.argv[2]} cores) | p50 ms | ratio |")
print("|---|---|---|")
print(f"| streamed: first byte | {ttfb:.0f} | {ttfb / total:.3f} x the whole answer |")
print(f"| streamed: whole answer | {total:.0f} | 1.000 |")
print(f"| queued (POST /v1/jobs until completed), baseline | {queued:.0f} | first byte at {ttfb / queued:.3f} x |")
PY
