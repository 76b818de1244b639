//! `stimmwerk-bench`: load generator for the queue path. Run it through
//! `scripts/bench.sh`, which starts api and worker with the bench engine and measures
//! the pgbench and redis-benchmark baselines in the same run.
//!
//! Phases: (1) 32 clients (one account each) submit jobs over HTTP as fast as they can:
//! submits/s and latency percentiles; end-to-end jobs/s until the worker finished them
//! all. (2) One client submits one job at a time into an idle system: pickup latency
//! (job committed -> claimed by the worker). `--submit-only` runs the submissions alone
//! (the caller pauses the worker), to compare the HTTP path with pgbench on equal terms.
//! `--rate R` instead offers R submits/s for `--seconds` (open loop: each request starts
//! on its schedule whether or not earlier ones finished, and its latency counts from
//! that scheduled moment, so a stall is not hidden by the load generator waiting).
//!
//! Before any timed phase each client submits `--warmup` jobs untimed, so the API's
//! connection pool holds its connections and their prepared statements, as pgbench's
//! figure excludes its connection set-up. Unless `--submit-only`, a running worker
//! finishes those first, so encoding them does not slow the timed phase's start.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use serde_json::{Value, json};
use sqlx::PgPool;
use uuid::Uuid;

struct Args {
    base_url: String,
    database_url: String,
    clients: usize,
    jobs_per_client: usize,
    pickup_samples: usize,
    /// Only submit and report (the worker is paused by the caller).
    submit_only: bool,
    /// Open loop at this many submits/s (0: closed loop as fast as the clients can).
    rate: f64,
    seconds: f64,
    /// Untimed submits per client before the timed phase.
    warmup: usize,
}

fn parse_args() -> anyhow::Result<Args> {
    let mut args = Args {
        base_url: "http://127.0.0.1:18090".into(),
        database_url: std::env::var("DATABASE_URL").unwrap_or_default(),
        clients: 32,
        jobs_per_client: 60,
        pickup_samples: 200,
        submit_only: false,
        rate: 0.0,
        seconds: 10.0,
        warmup: 5,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--submit-only" {
            args.submit_only = true;
            continue;
        }
        let value = it.next().with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--base-url" => args.base_url = value,
            "--database-url" => args.database_url = value,
            "--clients" => args.clients = value.parse()?,
            "--jobs-per-client" => args.jobs_per_client = value.parse()?,
            "--pickup-samples" => args.pickup_samples = value.parse()?,
            "--rate" => args.rate = value.parse()?,
            "--seconds" => args.seconds = value.parse()?,
            "--warmup" => args.warmup = value.parse()?,
            other => bail!("unknown flag {other}"),
        }
    }
    Ok(args)
}

fn client() -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", "stimmwerk".parse().expect("static header"));
    reqwest::Client::builder().cookie_store(true).default_headers(headers).build().expect("http client")
}

/// Signs up, confirms directly in the database, tops the balance up (with its ledger
/// row, as every balance change), signs in.
async fn account(args: &Args, pool: &PgPool, n: usize, voice: Uuid) -> anyhow::Result<reqwest::Client> {
    let http = client();
    let email = format!("bench-{}-{n}@example.de", Uuid::new_v4().simple());
    let password = "Bench-Passwort-Sonne-42";
    let body = json!({ "name": "Bench", "organization": "Bench", "email": email, "password": password });
    let res = http.post(format!("{}/api/auth/signup", args.base_url)).json(&body).send().await?;
    if !res.status().is_success() {
        bail!("sign-up failed: {}", res.text().await?);
    }
    let mut tx = pool.begin().await?;
    let id: Uuid = sqlx::query_scalar("UPDATE users SET email_confirmed_at = now(), balance_cent = balance_cent + 10000000 WHERE email = $1 RETURNING id")
        .bind(&email)
        .fetch_one(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO ledger_entries (user_id, amount_cent, kind) VALUES ($1, 10000000, 'top_up')")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO bench_users (n, id, voice) VALUES ($1, $2, $3)")
        .bind(n as i32 + 1)
        .bind(id)
        .bind(voice)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    let res = http
        .post(format!("{}/api/auth/login", args.base_url))
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await?;
    if !res.status().is_success() {
        bail!("sign-in failed: {}", res.text().await?);
    }
    Ok(http)
}

async fn submit(http: &reqwest::Client, base: &str, voice: Uuid, i: usize) -> anyhow::Result<Uuid> {
    let text = format!("Benchmark-Auftrag Nummer {i}: ein kurzer deutscher Satz.");
    let res = http.post(format!("{base}/api/jobs")).json(&json!({ "text": text, "voice_id": voice })).send().await?;
    if res.status() != reqwest::StatusCode::CREATED {
        bail!("submit failed: {} {}", res.status(), res.text().await?);
    }
    let body: Value = res.json().await?;
    Ok(body["job"]["id"].as_str().context("job id")?.parse()?)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

async fn wait_until_done(pool: &PgPool, ids: &[Uuid]) -> anyhow::Result<()> {
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        let open: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM tts_jobs WHERE id = ANY($1) AND status IN ('pending', 'processing')",
        )
        .bind(ids)
        .fetch_one(pool)
        .await?;
        if open == 0 {
            return Ok(());
        }
        if Instant::now() > deadline {
            bail!("{open} jobs still open after 10 minutes");
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Each client submits `jobs` jobs one after the other, all clients at once: the job
/// ids with each submit's latency in ms.
async fn closed_loop(
    base: &str,
    clients: &[reqwest::Client],
    voice: Uuid,
    jobs: usize,
) -> anyhow::Result<Vec<(Uuid, f64)>> {
    let tasks: Vec<_> = clients
        .iter()
        .cloned()
        .map(|http| {
            let base = base.to_owned();
            tokio::spawn(async move {
                let mut out = Vec::with_capacity(jobs);
                for i in 0..jobs {
                    let t = Instant::now();
                    let id = submit(&http, &base, voice, i).await?;
                    out.push((id, t.elapsed().as_secs_f64() * 1000.0));
                }
                anyhow::Ok(out)
            })
        })
        .collect();
    let mut out = Vec::new();
    for task in tasks {
        out.extend(task.await??);
    }
    Ok(out)
}

/// Offers `rate` submits/s for `seconds`, spread over the clients in turn.
async fn open_loop(args: &Args, clients: &[reqwest::Client], voice: Uuid) -> anyhow::Result<()> {
    let total = (args.rate * args.seconds).round() as usize;
    let every = Duration::from_secs_f64(1.0 / args.rate);
    let started = tokio::time::Instant::now();
    let mut tasks = Vec::with_capacity(total);
    for i in 0..total {
        let due = started + every * i as u32;
        tokio::time::sleep_until(due).await;
        let (http, base) = (clients[i % clients.len()].clone(), args.base_url.clone());
        tasks.push(tokio::spawn(async move {
            submit(&http, &base, voice, i).await?;
            anyhow::Ok(due.elapsed().as_secs_f64() * 1000.0)
        }));
    }
    let mut latencies = Vec::with_capacity(total);
    for task in tasks {
        latencies.push(task.await??);
    }
    let offered_secs = started.elapsed().as_secs_f64();
    println!("slow_over_25ms={}", slow_windows(&latencies, args.rate));
    latencies.sort_by(f64::total_cmp);
    println!("offered_per_sec={:.1}", total as f64 / offered_secs);
    println!("submit_p50_ms={:.2}", percentile(&latencies, 0.5));
    println!("submit_p99_ms={:.2}", percentile(&latencies, 0.99));
    Ok(())
}

/// The half-peak p99 target; the open loop lists where the slower requests fell.
const SLOW_MS: f64 = 25.0;

/// Where the requests over `SLOW_MS` were scheduled, in 100 ms windows, as
/// "0.3s:4x<=41ms,...": one stall shows as a run of neighbouring windows, a generally
/// overloaded system as slow requests everywhere. `latencies` (ms) are in the order the
/// requests were scheduled, `rate` per second.
fn slow_windows(latencies: &[f64], rate: f64) -> String {
    let mut windows = BTreeMap::<u64, (usize, f64)>::new();
    for (i, &ms) in latencies.iter().enumerate().filter(|(_, ms)| **ms > SLOW_MS) {
        let (count, slowest) = windows.entry((i as f64 / rate * 10.0) as u64).or_default();
        *count += 1;
        *slowest = slowest.max(ms);
    }
    let windows: Vec<String> =
        windows.iter().map(|(w, (n, slowest))| format!("{:.1}s:{n}x<={slowest:.0}ms", *w as f64 / 10.0)).collect();
    windows.join(",")
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args = parse_args()?;
    let pool = PgPool::connect(&args.database_url).await?;
    // The accounts (and the voice) pgbench's scripts in scripts/bench/ submit for.
    sqlx::query("CREATE TABLE IF NOT EXISTS bench_users (n int PRIMARY KEY, id uuid NOT NULL, voice uuid NOT NULL)")
        .execute(&pool)
        .await?;
    sqlx::query("TRUNCATE bench_users").execute(&pool).await?;
    let voice: Uuid =
        sqlx::query_scalar("SELECT id FROM voices WHERE catalogue_key = 'local-de-jonas'").fetch_one(&pool).await?;
    let mut clients = Vec::new();
    for n in 0..args.clients {
        clients.push(account(&args, &pool, n, voice).await?);
    }
    let warm: Vec<Uuid> =
        closed_loop(&args.base_url, &clients, voice, args.warmup).await?.into_iter().map(|(id, _)| id).collect();
    if !args.submit_only {
        // A running worker finishes the warm-up jobs before the clock starts.
        wait_until_done(&pool, &warm).await?;
    }
    if args.rate > 0.0 {
        return open_loop(&args, &clients, voice).await;
    }

    // Phase 1: throughput at C concurrent clients.
    let started = Instant::now();
    let (ids, mut latencies): (Vec<Uuid>, Vec<f64>) =
        closed_loop(&args.base_url, &clients, voice, args.jobs_per_client).await?.into_iter().unzip();
    let submit_secs = started.elapsed().as_secs_f64();
    latencies.sort_by(f64::total_cmp);
    let total = ids.len();
    println!("submits={total} clients={}", args.clients);
    println!("submits_per_sec={:.1}", total as f64 / submit_secs);
    println!("submit_p50_ms={:.2}", percentile(&latencies, 0.5));
    println!("submit_p99_ms={:.2}", percentile(&latencies, 0.99));
    if args.submit_only {
        return Ok(());
    }
    wait_until_done(&pool, &ids).await?;
    let e2e_secs = started.elapsed().as_secs_f64();
    let completed: i64 =
        sqlx::query_scalar("SELECT count(*) FROM tts_jobs WHERE id = ANY($1) AND status = 'completed'")
            .bind(&ids)
            .fetch_one(&pool)
            .await?;

    // Phase 2: pickup latency into an idle worker, one job at a time.
    let mut pickups = Vec::new();
    for i in 0..args.pickup_samples {
        let id = submit(&clients[0], &args.base_url, voice, i).await?;
        wait_until_done(&pool, &[id]).await?;
        let ms: f64 = sqlx::query_scalar(
            "SELECT extract(epoch FROM started_at - created_at)::float8 * 1000 FROM tts_jobs WHERE id = $1",
        )
        .bind(id)
        .fetch_one(&pool)
        .await?;
        pickups.push(ms);
    }
    pickups.sort_by(f64::total_cmp);

    println!("e2e_jobs_per_sec={:.1}", completed as f64 / e2e_secs);
    println!("completed={completed}");
    if !pickups.is_empty() {
        println!("pickup_p50_ms={:.2}", percentile(&pickups, 0.5));
        println!("pickup_p99_ms={:.2}", percentile(&pickups, 0.99));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_requests_are_grouped_by_the_100_ms_window_they_were_scheduled_in() {
        // 20 requests/s: one every 50 ms, so two per window.
        let latencies = [3.0, 30.0, 4.0, 5.0, 26.0, 41.0, 25.0];
        assert_eq!(slow_windows(&latencies, 20.0), "0.0s:1x<=30ms,0.2s:2x<=41ms");
        assert_eq!(slow_windows(&[1.0, 2.0], 20.0), "");
    }
}
