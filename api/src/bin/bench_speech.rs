//! `stimmwerk-bench-speech`: how soon `POST /v1/audio/speech` starts answering a
//! 5000-character text on the local engine, against how long the whole answer takes.
//! Run it through `scripts/bench-speech.sh`, which starts the api and a worker.
//!
//! Each run streams the MP3 and notes the time to the first body byte and to the last.
//! The baseline, measured in the same run, is the queued path for the same text:
//! `POST /v1/jobs`, then polling `GET /v1/jobs/{id}` until it is completed, which is
//! when a client of the queue could first play anything.

use std::time::{Duration, Instant};

// The server flags serve the benchmarks that watch the servers.
#[allow(dead_code)]
#[path = "../bench_support.rs"]
mod support;

use anyhow::{Context, bail};
use serde_json::{Value, json};
use sqlx::PgPool;
use support::{flags, percentile, signed_in_user};

const RUNS: usize = 5;
const VOICE: &str = "local-de-klara";

/// About 5000 characters of German sentences of varied length.
fn text() -> String {
    let sentences = [
        "Willkommen zu unserem Quartalsbericht.",
        "Im dritten Quartal ist der Umsatz um zwölf Prozent gestiegen, vor allem dank der neuen Kunden im Süden.",
        "Die Kosten blieben stabil.",
        "Für das kommende Jahr planen wir zwei neue Standorte und eine engere Zusammenarbeit mit unseren Partnern.",
        "Vielen Dank an alle Mitarbeiterinnen und Mitarbeiter, die das möglich gemacht haben.",
    ];
    let mut text = String::new();
    for sentence in sentences.iter().cycle() {
        if text.chars().count() + sentence.chars().count() + 1 > 5000 {
            break;
        }
        text.push_str(sentence);
        text.push(' ');
    }
    text.trim_end().to_owned()
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    percentile(&values, 0.5)
}

/// A funded benchmark user's API key (confirmed and funded directly: the benchmark
/// measures speech, not the account).
async fn api_key(base: &str, pool: &PgPool) -> anyhow::Result<String> {
    let (http, _) = signed_in_user(base, pool, "sprache", 100_000).await?;
    let created: Value =
        http.post(format!("{base}/api/api-keys")).json(&json!({ "name": "Bench" })).send().await?.json().await?;
    Ok(created["secret"].as_str().context("no key")?.to_owned())
}

/// (time to first byte, total, bytes) of one streamed answer.
async fn stream_once(http: &reqwest::Client, base: &str, key: &str, text: &str) -> anyhow::Result<(f64, f64, usize)> {
    let started = Instant::now();
    let mut res = http
        .post(format!("{base}/v1/audio/speech"))
        .bearer_auth(key)
        .json(&json!({ "model": "tts-1", "voice": VOICE, "input": text }))
        .send()
        .await?;
    if !res.status().is_success() {
        bail!("speech failed: {}", res.text().await?);
    }
    let mut first = None;
    let mut bytes = 0;
    while let Some(chunk) = res.chunk().await? {
        first.get_or_insert_with(|| started.elapsed().as_secs_f64() * 1000.0);
        bytes += chunk.len();
    }
    Ok((first.context("empty answer")?, started.elapsed().as_secs_f64() * 1000.0, bytes))
}

/// Milliseconds from submitting the job to its audio being ready, on the queued path.
async fn queued_once(http: &reqwest::Client, base: &str, key: &str, text: &str) -> anyhow::Result<f64> {
    let started = Instant::now();
    let created: Value = http
        .post(format!("{base}/v1/jobs"))
        .bearer_auth(key)
        .json(&json!({ "text": text, "voice": VOICE }))
        .send()
        .await?
        .json()
        .await?;
    let id = created["job"]["id"].as_str().with_context(|| format!("no job: {created}"))?;
    loop {
        let job: Value = http.get(format!("{base}/v1/jobs/{id}")).bearer_auth(key).send().await?.json().await?;
        match job["status"].as_str() {
            Some("completed") => return Ok(started.elapsed().as_secs_f64() * 1000.0),
            Some("failed") => bail!("job failed: {job}"),
            _ => tokio::time::sleep(Duration::from_millis(20)).await,
        }
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let flags = flags("http://127.0.0.1:18092")?;
    let base = flags.base;
    let pool = PgPool::connect(&flags.database_url).await?;
    let key = api_key(&base, &pool).await?;
    let http = reqwest::Client::new();
    let text = text();
    println!("chars={}", text.chars().count());
    let (mut first, mut total, mut queued) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let (ttfb, all, bytes) = stream_once(&http, &base, &key, &text).await?;
        println!("run ttfb_ms={ttfb:.0} total_ms={all:.0} bytes={bytes}");
        first.push(ttfb);
        total.push(all);
        queued.push(queued_once(&http, &base, &key, &text).await?);
    }
    println!("ttfb_p50_ms={:.0}", median(first.clone()));
    println!("total_p50_ms={:.0}", median(total.clone()));
    println!("queued_p50_ms={:.0}", median(queued));
    Ok(())
}
