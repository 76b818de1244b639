//! `stimmwerk-bench-reading`: latency of the pronunciation preview ("Vorschau der
//! Aussprache") for a 5,000-character German business text full of numbers, dates,
//! money, units, codes and abbreviations, for a user whose dictionary is full (2,000
//! entries). Run it through `scripts/bench-reading.sh`, which starts the api on an empty
//! database. The baseline, measured in the same run, is `GET /api/me` (the same session
//! and HTTP path, one primary-key read); the preview's reading runs on the process's CPU
//! pool, never on the async threads.

use std::time::Instant;

// The server flags serve the benchmarks that watch the servers.
#[allow(dead_code)]
#[path = "../bench_support.rs"]
mod support;

use anyhow::bail;
use serde_json::json;
use sqlx::PgPool;

use support::{flags, percentile, signed_in_user};

const SAMPLES: usize = 200;
const DICTIONARY: i64 = 2_000;

/// One paragraph of what German business, news and creator texts contain.
const PARAGRAPH: &str = "Am 3. Mai 2026 um 14:30 Uhr eröffnet die Stimmwerk GmbH ihr Büro in der Hauptstr. 5, \
80331 München (Tel. +49 89 1234567, info@stimmwerk.de). Der 2. Platz ging an Ludwig XIV., \
die Preise liegen bei 12,50 € bzw. 2,5 Mio. € p. a.; ca. 200 ms Latenz, 1,5 kWh und 100 km/h. \
Vom 1. bis 3. März gilt z. B. ein Rabatt von 15 % auf Version 2.1.3, Kundennummer 483920. ";

/// Sequential requests: p50 and p99 in milliseconds.
async fn time(
    http: &reqwest::Client,
    base: &str,
    path: &str,
    body: Option<&serde_json::Value>,
) -> anyhow::Result<(f64, f64)> {
    let url = format!("{base}{path}");
    let send = || async {
        let res = match body {
            Some(body) => http.post(&url).json(body).send().await?,
            None => http.get(&url).send().await?,
        };
        if !res.status().is_success() {
            bail!("{path}: {}", res.status());
        }
        res.bytes().await?;
        anyhow::Ok(())
    };
    for _ in 0..10 {
        send().await?;
    }
    let mut ms = Vec::with_capacity(SAMPLES);
    for _ in 0..SAMPLES {
        let start = Instant::now();
        send().await?;
        ms.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    ms.sort_by(f64::total_cmp);
    Ok((percentile(&ms, 0.5), percentile(&ms, 0.99)))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let flags = flags("http://127.0.0.1:18093")?;
    let base = flags.base;
    let pool = PgPool::connect(&flags.database_url).await?;
    let (http, user) = signed_in_user(&base, &pool, "lesung", 0).await?;
    // A full dictionary: every entry is matched against the text.
    sqlx::query(
        "INSERT INTO pronunciation_entries (user_id, term, spoken, whole_word, case_sensitive)
         SELECT $1, 'Begriff' || g, 'Wort ' || g, true, false FROM generate_series(1, $2) g",
    )
    .bind(user)
    .bind(DICTIONARY)
    .execute(&pool)
    .await?;

    // Exactly 5,000 characters, the preview's limit.
    let text: String = PARAGRAPH.chars().cycle().take(5_000).collect();
    let preview = json!({ "text": text, "language": "de-DE" });
    println!("text_chars={}", text.chars().count());
    for (name, path, body) in [
        ("baseline GET /api/me", "/api/me", None),
        ("POST /api/pronunciation/preview (5,000 chars, 2,000 entries)", "/api/pronunciation/preview", Some(&preview)),
    ] {
        let (p50, p99) = time(&http, &base, path, body).await?;
        println!("case={name}|{p50:.2}|{p99:.2}");
    }
    Ok(())
}
