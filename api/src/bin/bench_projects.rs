//! `stimmwerk-bench-projects`: long-form projects on the local engine, through the real api
//! and worker. Run it through `scripts/bench-projects.sh`.
//!
//! 1. Throughput: characters per second from the first "render" to every chapter joined,
//!    against raw `espeak-ng` on the same text plus MP3 encoding of its WAV (the least any
//!    path must do), measured in the same run, taking turns twice (the machine is noisy).
//! 2. Memory: a 10-hour audiobook exported as M4B, then as "Hörbuch (ACX)" (a ZIP of one
//!    44.1 kHz, 192 kb/s file per chapter); the worker's resident memory and ffmpeg's are
//!    sampled while each runs, and the ACX export's time is set against ffmpeg's own
//!    encode of the same audio in the same run. The book is one rendered chapter repeated
//!    (its rows copied in the database, its audio shared), so it costs no 10 hours of speech.

use std::time::{Duration, Instant};

// Its flags for one server and its percentiles serve the other benchmarks.
#[allow(dead_code)]
#[path = "../bench_support.rs"]
mod support;

use anyhow::{Context, bail};
use serde_json::{Value, json};
use sqlx::PgPool;
use support::signed_in_user;

const VOICE: &str = "local-de-klara";
const ESPEAK_VOICE: &str = "de+f2";
const ROUNDS: usize = 2;
const BOOK_HOURS: f64 = 10.0;

const SENTENCES: [&str; 6] = [
    "Am Morgen lag Nebel über dem Fluss, und die Stadt war noch still.",
    "Die Händlerin öffnete ihren Laden und stellte die Körbe vor die Tür.",
    "Ein Junge lief mit einer Zeitung unter dem Arm über die nasse Brücke.",
    "Niemand ahnte, dass an diesem Tag alles anders werden würde.",
    "Im Rathaus brannte schon Licht, denn der Bürgermeister hatte schlecht geschlafen.",
    "Erst gegen Mittag kam die Sonne durch die Wolken.",
];

/// Four chapters of about 3,000 characters in paragraphs of about 600.
fn manuscript() -> (String, String) {
    let (mut marked, mut plain, mut n) = (String::new(), String::new(), 0);
    for c in 1..=4 {
        marked.push_str(&format!("Kapitel {c}\n\n"));
        for _ in 0..5 {
            let mut paragraph = String::new();
            while paragraph.chars().count() < 600 {
                paragraph.push_str(SENTENCES[n % SENTENCES.len()]);
                paragraph.push(' ');
                n += 1;
            }
            marked.push_str(paragraph.trim_end());
            marked.push_str("\n\n");
            plain.push_str(&paragraph);
        }
    }
    (marked, plain)
}

/// Raw eSpeak NG on the whole text, then its WAV encoded as MP3: seconds.
fn raw_baseline(text: &str) -> anyhow::Result<f64> {
    let dir = tempfile::tempdir()?;
    let wav = dir.path().join("raw.wav");
    let started = Instant::now();
    let mut child = std::process::Command::new("espeak-ng")
        .args(["-v", ESPEAK_VOICE, "-b", "1", "--stdin", "-w"])
        .arg(&wav)
        .stdin(std::process::Stdio::piped())
        .spawn()?;
    std::io::Write::write_all(child.stdin.as_mut().context("stdin")?, text.as_bytes())?;
    drop(child.stdin.take());
    if !child.wait()?.success() {
        bail!("espeak-ng failed");
    }
    let pcm = shared::audio::decode(&std::fs::read(&wav)?, "wav")?;
    let mp3 = shared::audio::encode_mp3(&pcm)?;
    anyhow::ensure!(!mp3.is_empty());
    Ok(started.elapsed().as_secs_f64())
}

async fn get(http: &reqwest::Client, url: String) -> anyhow::Result<Value> {
    Ok(http.get(url).send().await?.error_for_status()?.json().await?)
}

/// Creates the project (untimed), renders every chapter and waits until all are joined:
/// seconds from the first render to the last chapter joined, and the project.
async fn project_run(http: &reqwest::Client, base: &str, voice: &str, text: &str) -> anyhow::Result<(f64, Value)> {
    let body = json!({ "title": "Bench", "text": text, "voice_id": voice });
    let created: Value =
        http.post(format!("{base}/api/projects")).json(&body).send().await?.error_for_status()?.json().await?;
    let id = created["id"].as_str().context("id")?.to_owned();
    let started = Instant::now();
    for chapter in created["chapters"].as_array().context("chapters")? {
        let url = format!("{base}/api/projects/{id}/chapters/{}/render", chapter["id"].as_str().context("chapter id")?);
        http.post(url).send().await?.error_for_status()?;
    }
    loop {
        let p = get(http, format!("{base}/api/projects/{id}")).await?;
        let chapters = p["chapters"].as_array().context("chapters")?;
        if chapters.iter().any(|c| c["state"] == "failed") {
            bail!("a chapter failed: {p}");
        }
        if chapters.iter().all(|c| c["state"] == "done" && !c["audio"].is_null()) {
            return Ok((started.elapsed().as_secs_f64(), p));
        }
        if started.elapsed() > Duration::from_secs(1800) {
            bail!("not done after 30 minutes");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// CPU seconds a process has used, its waited-for children included (espeak-ng for the
/// baseline). The wall-clock ratio is what the issue asks; CPU time says where it goes
/// on a machine others keep busy.
fn cpu_seconds(pid: &str) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // Fields after the command name (which may hold spaces): utime is the 12th.
    let fields: Vec<f64> =
        stat.rsplit_once(')').map_or("", |(_, rest)| rest).split_whitespace().filter_map(|f| f.parse().ok()).collect();
    fields.get(11..15).map_or(0.0, |t| t.iter().sum::<f64>() / 100.0)
}

/// Resident memory of a process in KiB (0 when it is gone).
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// The children of `pid` (ffmpeg while exporting). Each thread lists the children it
/// started, and ffmpeg is started from a blocking-pool thread, not the main one.
fn children(pid: u32) -> Vec<u32> {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).into_iter().flatten().flatten();
    tasks
        .flat_map(|task| {
            std::fs::read_to_string(task.path().join("children"))
                .unwrap_or_default()
                .split_whitespace()
                .filter_map(|c| c.parse().ok())
                .collect::<Vec<u32>>()
        })
        .collect()
}

/// Repeats the project's first chapter (rows copied, audio shared) until the book is
/// `BOOK_HOURS` long; the chapter count.
async fn stretch_to_a_book(pool: &PgPool, project: &Value) -> anyhow::Result<i64> {
    let first = &project["chapters"][0];
    let seconds = first["audio"]["duration_seconds"].as_f64().context("duration")?;
    let copies = (BOOK_HOURS * 3600.0 / seconds).ceil() as i32;
    let project_id: uuid::Uuid = project["id"].as_str().context("id")?.parse()?;
    let chapter_id: uuid::Uuid = first["id"].as_str().context("chapter")?.parse()?;
    let mut tx = pool.begin().await?;
    sqlx::query("DELETE FROM project_chapters WHERE project_id = $1 AND id <> $2")
        .bind(project_id)
        .bind(chapter_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO project_chapters (project_id, position, title, voice_id, audio_key, duration_seconds, timed_text, audio_hash)
         SELECT project_id, g, 'Kapitel ' || (g + 1), voice_id, audio_key, duration_seconds, timed_text, audio_hash
         FROM project_chapters, generate_series(1, $2 - 1) g WHERE id = $1",
    )
    .bind(chapter_id)
    .bind(copies)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO project_paragraphs (chapter_id, position, text, characters, text_hash, voice_id, job_id, job_hash,
                                         job_text_hash, job_voice_id, job_dictionary)
         SELECT c.id, p.position, p.text, p.characters, p.text_hash, p.voice_id, p.job_id, p.job_hash,
                p.job_text_hash, p.job_voice_id, p.job_dictionary
         FROM project_chapters c JOIN project_paragraphs p ON p.chapter_id = $2
         WHERE c.project_id = $1 AND c.id <> $2",
    )
    .bind(project_id)
    .bind(chapter_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(copies as i64)
}

/// Exports the project (`request`: format and profile) while sampling the worker's and
/// ffmpeg's memory; the figures printed under `label`. The export's seconds.
async fn export_memory(
    http: &reqwest::Client,
    base: &str,
    project: &Value,
    worker: u32,
    request: Value,
    label: &str,
) -> anyhow::Result<f64> {
    let id = project["id"].as_str().context("id")?;
    let idle = rss_kib(worker);
    let started = Instant::now();
    let res = http.post(format!("{base}/api/projects/{id}/exports")).json(&request).send().await?;
    let export: Value = res.error_for_status()?.json().await?;
    let (mut worker_peak, mut ffmpeg_peak) = (idle, 0u64);
    let mut last_poll = Instant::now();
    loop {
        worker_peak = worker_peak.max(rss_kib(worker));
        ffmpeg_peak = ffmpeg_peak.max(children(worker).into_iter().map(rss_kib).sum());
        if last_poll.elapsed() > Duration::from_secs(1) {
            last_poll = Instant::now();
            let p = get(http, format!("{base}/api/projects/{id}")).await?;
            let mine = p["exports"].as_array().context("exports")?.iter().find(|e| e["id"] == export["id"]).cloned();
            let mine = mine.context("export listed")?;
            match mine["status"].as_str() {
                Some("completed") => {
                    println!("{label}export_seconds={:.1}", started.elapsed().as_secs_f64());
                    println!("{label}export_bytes={}", mine["size_bytes"]);
                    break;
                }
                Some("failed") => bail!("export failed: {mine}"),
                _ => {}
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    println!("{label}worker_idle_kib={idle}");
    println!("{label}worker_peak_kib={worker_peak}");
    println!("{label}ffmpeg_peak_kib={ffmpeg_peak}");
    Ok(started.elapsed().as_secs_f64())
}

/// The baseline of an ACX export: ffmpeg's own encode of the same audio (every chapter,
/// one after the other) to 44.1 kHz, 192 kb/s MP3, without measuring or levelling.
async fn ffmpeg_acx_baseline(
    http: &reqwest::Client,
    base: &str,
    project: &Value,
    chapters: i64,
) -> anyhow::Result<f64> {
    let id = project["id"].as_str().context("id")?;
    let chapter = project["chapters"][0]["id"].as_str().context("chapter")?;
    let audio = http.get(format!("{base}/api/projects/{id}/chapters/{chapter}/audio")).send().await?;
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("chapter.mp3");
    std::fs::write(&file, audio.error_for_status()?.bytes().await?)?;
    let started = Instant::now();
    for _ in 0..chapters {
        let status = tokio::process::Command::new("ffmpeg")
            .args(["-v", "error", "-nostdin", "-y", "-i"])
            .arg(&file)
            .args(["-ar", "44100", "-ac", "1", "-c:a", "libmp3lame", "-b:a", "192k"])
            .arg(dir.path().join("out.mp3"))
            .status()
            .await?;
        anyhow::ensure!(status.success(), "ffmpeg failed");
    }
    Ok(started.elapsed().as_secs_f64())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let support::ServerFlags { base, database_url, worker, api, own } = support::server_flags()?;
    let export = own.get("export").is_none_or(|v| v != "no");
    let pool = PgPool::connect(&database_url).await?;
    let (http, _) = signed_in_user(&base, &pool, "projekte", 1_000_000).await?;
    let voice: uuid::Uuid = sqlx::query_scalar("SELECT id FROM voices WHERE catalogue_key = $1")
        .bind(VOICE)
        .fetch_one(&pool)
        .await
        .context("the local voice")?;
    let voice = voice.to_string();
    let (text, plain) = manuscript();
    let characters = plain.trim().chars().count() as f64;
    println!("characters={characters}");
    let (mut raw, mut project, mut last) = (0.0, 0.0, Value::Null);
    let (mut raw_cpu, mut project_cpu) = (0.0, 0.0);
    let servers_cpu = || cpu_seconds(&worker.to_string()) + cpu_seconds(&api.to_string());
    for round in 1..=ROUNDS {
        let before = cpu_seconds("self");
        let r = tokio::task::spawn_blocking({
            let plain = plain.clone();
            move || raw_baseline(&plain)
        })
        .await??;
        raw_cpu += cpu_seconds("self") - before;
        let before = servers_cpu();
        let (p, done) = project_run(&http, &base, &voice, &text).await?;
        project_cpu += servers_cpu() - before;
        println!("run{round}_raw_seconds={r:.2}");
        println!("run{round}_project_seconds={p:.2}");
        raw += r;
        project += p;
        last = done;
    }
    let per_1000 = |cpu: f64| cpu / (characters * ROUNDS as f64) * 1000.0;
    println!("raw_cpu_per_1000={:.3}", per_1000(raw_cpu));
    println!("project_cpu_per_1000={:.3}", per_1000(project_cpu));
    println!("raw_chars_per_second={:.1}", characters * ROUNDS as f64 / raw);
    println!("project_chars_per_second={:.1}", characters * ROUNDS as f64 / project);
    if !export {
        return Ok(());
    }
    let chapters = stretch_to_a_book(&pool, &last).await?;
    println!("book_chapters={chapters}");
    if own.get("m4b").is_none_or(|v| v != "no") {
        export_memory(&http, &base, &last, worker, json!({ "format": "m4b" }), "").await?;
    }
    // The same book for ACX, one file per chapter, against ffmpeg's own encode of it.
    let acx = export_memory(&http, &base, &last, worker, json!({ "format": "zip", "profile": "acx" }), "acx_").await?;
    let baseline = ffmpeg_acx_baseline(&http, &base, &last, chapters).await?;
    println!("acx_baseline_seconds={baseline:.1}");
    println!("acx_ratio={:.3}", acx / baseline);
    Ok(())
}
