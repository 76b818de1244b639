//! `stimmwerk-bench-bounds`: the peak memory (`VmHWM`) of the api and the worker under the
//! worst work the limits allow, through the real processes. Run it through
//! `scripts/bench-bounds.sh`, which fails when either peak passes 256 MiB.
//!
//! 1. The longest spoken text with the most pauses, as a queued job (worker).
//! 2. The same text streamed by `POST /v1/audio/speech` as WAV (api).
//! 3. A 500,000-character Markdown upload, and a 19 MiB one that is refused (api).
//! 4. The largest project view: 10,000 paragraphs, the project and every page of its
//!    chapter read 16 at a time (api).
//!
//! `VmHWM` only grows, so the figure after each step is the peak of everything so far.

use std::time::{Duration, Instant};

#[allow(dead_code)]
#[path = "../bench_support.rs"]
mod support;

use anyhow::{Context, bail, ensure};
use serde_json::{Value, json};
use shared::domain::speech_budget::{self, MAX_PAUSES_MS, MAX_SPOKEN_CHARS};
use shared::domain::text::MAX_GENERATION_CHARS;
use sqlx::PgPool;
use support::signed_in_user;

const VOICE: &str = "local-de-klara";

/// Peak resident memory of a process in KiB.
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// A text at the limits: as close to the spoken cap as typed text within the generation
/// limit gets (numbers and dates written out), with a minute of pauses.
fn longest_text() -> String {
    const SENTENCES: [&str; 4] = [
        "Am 3. Mai 2026 kostet das Paket 1.234,56 € statt 2.345,67 €.",
        "Der Zug fährt um 10:15 Uhr ab und kommt um 13:45 Uhr an.",
        "Im Jahr 1989 lebten dort 123.456 Menschen auf 78,9 km².",
        "Bitte rufen Sie die Nummer 0800 1234567 an.",
    ];
    // A pause after each of the first sentences (a pause before any text is no pause).
    let pauses = (MAX_PAUSES_MS / 10_000) as usize;
    let mut text = String::new();
    for n in 0.. {
        let pause = if n < pauses { "[pause 10s] " } else { "" };
        let next = format!("{text}{} {pause}", SENTENCES[n % SENTENCES.len()]);
        let size = speech_budget::measure(&next, &[], "de-DE");
        if size.typed > MAX_GENERATION_CHARS || size.spoken > MAX_SPOKEN_CHARS {
            break;
        }
        text = next;
    }
    text.trim().to_owned()
}

/// A Markdown book of `chars` characters in `chapters` chapters.
fn markdown(chars: usize, chapters: usize) -> String {
    let sentence = "Die Stadt lag still am Fluss, und niemand ahnte, was der Tag bringen würde. ";
    let per_chapter = chars / chapters;
    let mut out = String::with_capacity(chars + chapters * 20);
    for c in 1..=chapters {
        out.push_str(&format!("## Kapitel {c}\n\n"));
        let mut written = 0;
        while written < per_chapter {
            out.push_str(sentence);
            written += sentence.chars().count();
            if written % 800 < sentence.len() {
                out.push_str("\n\n");
            }
        }
        out.push_str("\n\n");
    }
    out
}

/// Polls `/v1/jobs/{id}` until the job is completed.
async fn wait_completed(program: &reqwest::Client, base: &str, job: &str, limit: Duration) -> anyhow::Result<Value> {
    let started = Instant::now();
    loop {
        let item: Value = program.get(format!("{base}/v1/jobs/{job}")).send().await?.error_for_status()?.json().await?;
        match item["status"].as_str() {
            Some("completed") => return Ok(item),
            Some("failed") => bail!("job failed: {item}"),
            _ if started.elapsed() > limit => bail!("job not done after {limit:?}"),
            _ => tokio::time::sleep(Duration::from_millis(500)).await,
        }
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let support::ServerFlags { base, database_url, worker, api, own } = support::server_flags()?;
    anyhow::ensure!(own.is_empty(), "unknown flags {own:?}");
    let pool = PgPool::connect(&database_url).await?;
    let (http, _) = signed_in_user(&base, &pool, "grenzen", 1_000_000).await?;
    let voice: uuid::Uuid = sqlx::query_scalar("SELECT id FROM voices WHERE catalogue_key = $1")
        .bind(VOICE)
        .fetch_one(&pool)
        .await
        .context("the local voice")?;
    let report = |step: &str| {
        println!("{step}_worker_kib={}", peak_kib(worker));
        println!("{step}_api_kib={}", peak_kib(api));
    };
    report("idle");

    let key: Value =
        http.post(format!("{base}/api/api-keys")).json(&json!({ "name": "Grenzen" })).send().await?.json().await?;
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("authorization", format!("Bearer {}", key["secret"].as_str().context("key secret")?).parse()?);
    let program = reqwest::Client::builder().default_headers(headers).build()?;

    // 1. The longest job the limits allow, in the worker.
    let text = longest_text();
    let size = speech_budget::measure(&text, &[], "de-DE");
    println!("job_typed={} job_spoken={} job_pause_ms={}", size.typed, size.spoken, size.pause_ms);
    let started = Instant::now();
    let res = http.post(format!("{base}/api/jobs")).json(&json!({ "text": text, "voice_id": voice })).send().await?;
    ensure!(res.status().is_success(), "job refused: {}", res.text().await?);
    let created: Value = res.json().await?;
    let job = created["job"]["id"].as_str().context("job id")?.to_owned();
    let done = wait_completed(&program, &base, &job, Duration::from_secs(900)).await?;
    println!(
        "job_cost_cent={} job_seconds={} job_wall_seconds={:.1}",
        done["cost_cent"],
        done["duration_seconds"],
        started.elapsed().as_secs_f64()
    );
    report("job");

    // 2. The same text streamed from the api as WAV.
    let mut res = program
        .post(format!("{base}/v1/audio/speech"))
        .json(&json!({ "model": "tts-1", "voice": VOICE, "input": text, "response_format": "wav" }))
        .send()
        .await?;
    ensure!(res.status().is_success(), "stream refused: {}", res.text().await?);
    let mut streamed = 0usize;
    while let Some(chunk) = res.chunk().await? {
        streamed += chunk.len();
    }
    println!("stream_bytes={streamed}");
    report("stream");

    // 3. Uploads: a book at the limit, and a 19 MiB file that is refused.
    for (name, book, accepted) in
        [("upload", markdown(495_000, 40), true), ("oversized", markdown(19 * 1024 * 1024, 10), false)]
    {
        let form = reqwest::multipart::Form::new()
            .part("file", reqwest::multipart::Part::bytes(book.into_bytes()).file_name("buch.md"))
            .text("voice_id", voice.to_string());
        let res = http.post(format!("{base}/api/projects/import")).multipart(form).send().await?;
        ensure!(res.status().is_success() == accepted, "{name}: {} {}", res.status(), res.text().await?);
        report(name);
    }

    // 4. The largest project view: 10,000 paragraphs of 50 characters in one chapter.
    let paragraph = "Ein Absatz mit genau fünfzig Zeichen, nicht mehr!!";
    let book: String = (0..10_000).map(|_| format!("{paragraph}\n\n")).collect();
    let res = http
        .post(format!("{base}/api/projects"))
        .json(&json!({ "title": "Zehntausend", "text": book, "voice_id": voice }))
        .send()
        .await?;
    ensure!(res.status().is_success(), "project refused: {}", res.text().await?);
    let project: Value = res.json().await?;
    let id = project["id"].as_str().context("project id")?;
    let chapter = project["chapters"][0]["id"].as_str().context("chapter id")?;
    let started = Instant::now();
    let mut reads = 0;
    for round in 0..4 {
        let pages = (0..16).map(|i| {
            let url = if i == 0 {
                format!("{base}/api/projects/{id}")
            } else {
                format!("{base}/api/projects/{id}/chapters/{chapter}?offset={}", (round * 16 + i) * 150)
            };
            let http = http.clone();
            async move { http.get(url).send().await?.error_for_status()?.bytes().await }
        });
        for page in futures::future::join_all(pages).await {
            page?;
            reads += 1;
        }
    }
    println!("view_reads={reads} view_seconds={:.2}", started.elapsed().as_secs_f64());
    report("view");
    Ok(())
}
