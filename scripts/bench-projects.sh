#!/usr/bin/env bash
# Benchmark of long-form projects on the local engine, through the real api and worker:
# characters per second from "render" to every chapter joined, against raw espeak-ng plus
# MP3 encoding of the same text in the same run (target: at least 0.7 of it), and the
# worker's memory while it exports a 10-hour audiobook as M4B and as "Hörbuch (ACX)"
# (bounded: streamed), the ACX export's time against ffmpeg's own encode of the same audio.
# EXPORT=no measures the throughput alone; M4B=no skips the M4B export.
source "$(dirname "$0")/lib.sh"
cd "$ROOT"

install_prerequisites
ensure_postgres
ensure_redis
build_rust release stimmwerk-bench-projects

bench_server stimmwerk_bench_projects 18094 worker
WORKER_PID="${BENCH_PIDS%% *}"
API_PID="${BENCH_PIDS##* }"

log "Projekte: 4 Kapitel, lokale Engine, zweimal im Wechsel mit espeak-ng; dann ein 10-Stunden-Export"
"$BIN/stimmwerk-bench-projects" --base-url "$APP__HTTP__PUBLIC_URL" --database-url "$APP__DATABASE__URL" \
  --worker-pid "$WORKER_PID" --api-pid "$API_PID" --export "${EXPORT:-yes}" --m4b "${M4B:-yes}" \
  | tee "$WORK/projects.txt"

python3 - "$WORK/projects.txt" "$(nproc)" <<'PY'
import sys
v = dict(l.strip().split("=", 1) for l in open(sys.argv[1]) if "=" in l)
raw, project = float(v["raw_chars_per_second"]), float(v["project_chars_per_second"])
print()
print(f"| {float(v['characters']):.0f} characters, local engine ({sys.argv[2]} cores) | chars/s | ratio |")
print("|---|---|---|")
print(f"| raw espeak-ng + MP3 encoding, baseline | {raw:.0f} | 1.000 |")
print(f"| project: render every chapter until joined | {project:.0f} | {project / raw:.3f} x |")
print()
print("| CPU seconds per 1,000 characters (all cores) | s |")
print("|---|---|")
print(f"| raw espeak-ng + MP3 encoding | {float(v['raw_cpu_per_1000']):.3f} |")
print(f"| project (worker and api) | {float(v['project_cpu_per_1000']):.3f} |")
if "book_chapters" not in v:
    sys.exit(0)
mib = lambda k: float(v[k]) / 1024
if "worker_peak_kib" in v:  # M4B=no skips it
    print()
    print(f"| {v['book_chapters']} chapters, 10 hours, M4B export | MiB |")
    print("|---|---|")
    print(f"| worker resident, idle before | {mib('worker_idle_kib'):.0f} |")
    print(f"| worker resident, peak while exporting | {mib('worker_peak_kib'):.0f} |")
    print(f"| ffmpeg resident, peak | {mib('ffmpeg_peak_kib'):.0f} |")
    print(f"| the M4B file | {float(v['export_bytes']) / 1048576:.0f} |")
    print(f"| export time | {float(v['export_seconds']):.0f} s |")
print()
print()
print(f"| {v['book_chapters']} chapters, 10 hours, Hörbuch (ACX) as ZIP | figure |")
print("|---|---|")
print(f"| worker resident, peak while exporting | {mib('acx_worker_peak_kib'):.0f} MiB |")
print(f"| ffmpeg resident, peak | {mib('acx_ffmpeg_peak_kib'):.0f} MiB |")
print(f"| export time | {float(v['acx_export_seconds']):.0f} s |")
print(f"| ffmpeg's own encode of the same audio (44.1 kHz, 192 kb/s), baseline | {float(v['acx_baseline_seconds']):.0f} s |")
print(f"| ratio (export / baseline) | {float(v['acx_ratio']):.2f} x |")
PY
