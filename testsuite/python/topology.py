"""Drives the no-container topology (scripts/topology.sh): signs in, submits a burst of
jobs over HTTP, waits for all of them, plays each from the bucket, and checks on both
workers' /metrics that each one ran jobs."""

import os
import re
import subprocess
import sys
import time

import httpx

BASE = os.environ["BASE_URL"]
JOBS = 20


def psql(sql: str) -> str:
    out = subprocess.run(["psql", os.environ["DATABASE_URL"], "-Atqc", sql], check=True, capture_output=True, text=True)
    return out.stdout.strip()


def main() -> int:
    client = httpx.Client(base_url=BASE, headers={"X-Requested-With": "stimmwerk"}, timeout=30)
    res = client.post("/api/auth/login", json={"email": "admin@stimmwerk.local", "password": os.environ["ADMIN_PASSWORD"]})
    assert res.status_code == 200, res.text
    user = res.json()["id"]
    # Credit for the burst, through the ledger as every top-up.
    psql(
        f"BEGIN; UPDATE users SET balance_cent = balance_cent + 1000 WHERE id = '{user}';"
        f" INSERT INTO ledger_entries (user_id, amount_cent, kind) VALUES ('{user}', 1000, 'top_up'); COMMIT;"
    )
    voice = psql("SELECT id FROM voices WHERE catalogue_key = 'local-de-klara'")
    started = time.monotonic()
    jobs = []
    for i in range(JOBS):
        res = client.post("/api/jobs", json={"text": f"Auftrag Nummer {i + 1} für zwei Worker.", "voice_id": voice})
        assert res.status_code == 201, res.text
        jobs.append(res.json()["job"]["id"])
    pending = set(jobs)
    while pending:
        assert time.monotonic() - started < 120, f"not completed: {pending}"
        for job in list(pending):
            status = psql(f"SELECT status FROM tts_jobs WHERE id = '{job}'")
            assert status != "failed", job
            if status == "completed":
                pending.discard(job)
        time.sleep(0.2)
    elapsed = time.monotonic() - started
    for job in jobs:
        res = client.get(f"/api/jobs/{job}/audio")
        assert res.status_code == 302, res.status_code
        link = res.headers["location"]
        assert link.startswith(os.environ["S3_ENDPOINT"]), link
        audio = httpx.get(link, timeout=30)
        mp3 = audio.content
        frame_sync = len(mp3) > 2 and mp3[0] == 0xFF and mp3[1] & 0xE0 == 0xE0
        assert audio.status_code == 200 and (frame_sync or mp3.startswith(b"ID3")) and len(mp3) > 1000, (audio.status_code, mp3[:4])
    ran = []
    for url in os.environ["WORKER_METRICS"].split():
        text = httpx.get(url, timeout=10).text
        match = re.search(r'stimmwerk_job_duration_seconds_count\{kind="synthesize",outcome="completed"\} (\d+)', text)
        ran.append(int(match.group(1)) if match else 0)
    assert sum(ran) == JOBS and all(n > 0 for n in ran), f"jobs per worker: {ran}"
    print(f"{JOBS} Aufträge über 2 Worker ({ran[0]} + {ran[1]}) in {elapsed:.1f} s, alle aus dem S3-Bucket abgespielt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
