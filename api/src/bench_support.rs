//! What the HTTP benchmarks (`src/bin/bench_*.rs`) share: their flags, a signed-in
//! benchmark user, and percentiles. Each binary includes it with `#[path]`; it is no
//! part of the api.

use anyhow::{Context, bail};
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

/// `--base-url` and `--database-url` (default: `DATABASE_URL`).
pub struct Flags {
    pub base: String,
    pub database_url: String,
}

pub fn flags(default_base: &str) -> anyhow::Result<Flags> {
    let mut it = std::env::args().skip(1);
    let mut flags =
        Flags { base: default_base.to_owned(), database_url: std::env::var("DATABASE_URL").unwrap_or_default() };
    while let Some(flag) = it.next() {
        let value = it.next().with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--base-url" => flags.base = value,
            "--database-url" => flags.database_url = value,
            other => bail!("unknown flag {other}"),
        }
    }
    Ok(flags)
}

/// The flags of a benchmark that watches the servers it runs against: `--base-url`,
/// `--database-url`, `--worker-pid`, `--api-pid`, and its own (`--name value`).
pub struct ServerFlags {
    pub base: String,
    pub database_url: String,
    pub worker: u32,
    pub api: u32,
    pub own: std::collections::HashMap<String, String>,
}

pub fn server_flags() -> anyhow::Result<ServerFlags> {
    let mut it = std::env::args().skip(1);
    let mut flags =
        ServerFlags { base: String::new(), database_url: String::new(), worker: 0, api: 0, own: Default::default() };
    while let Some(flag) = it.next() {
        let value = it.next().with_context(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--base-url" => flags.base = value,
            "--database-url" => flags.database_url = value,
            "--worker-pid" => flags.worker = value.parse()?,
            "--api-pid" => flags.api = value.parse()?,
            own => {
                flags.own.insert(own.trim_start_matches("--").to_owned(), value);
            }
        }
    }
    Ok(flags)
}

/// Signs up a benchmark user, confirms it directly (and credits `cents` through a ledger
/// row, so balance and ledger agree), and signs it in: the client with its session, and
/// the user's id.
pub async fn signed_in_user(
    base: &str,
    pool: &PgPool,
    name: &str,
    cents: i64,
) -> anyhow::Result<(reqwest::Client, Uuid)> {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("x-requested-with", "stimmwerk".parse()?);
    let http = reqwest::Client::builder().cookie_store(true).default_headers(headers).build()?;
    let email = format!("{name}-{}@example.de", Uuid::new_v4().simple());
    let password = "Bench-Passwort-Sonne-42";
    let body = json!({ "name": "Bench", "organization": "Bench", "email": email, "password": password });
    let res = http.post(format!("{base}/api/auth/signup")).json(&body).send().await?;
    if !res.status().is_success() {
        bail!("sign-up failed: {}", res.text().await?);
    }
    let mut tx = pool.begin().await?;
    let user: Uuid = sqlx::query_scalar(
        "UPDATE users SET email_confirmed_at = now(), balance_cent = balance_cent + $2 WHERE email = $1 RETURNING id",
    )
    .bind(&email)
    .bind(cents)
    .fetch_one(&mut *tx)
    .await?;
    if cents != 0 {
        sqlx::query("INSERT INTO ledger_entries (user_id, amount_cent, kind) VALUES ($1, $2, 'admin_adjustment')")
            .bind(user)
            .bind(cents)
            .execute(&mut *tx)
            .await?;
    }
    tx.commit().await?;
    let res = http
        .post(format!("{base}/api/auth/login"))
        .json(&json!({ "email": email, "password": password }))
        .send()
        .await?;
    if !res.status().is_success() {
        bail!("sign-in failed: {}", res.text().await?);
    }
    Ok((http, user))
}

/// The value at `p` (0..1) of sorted samples.
pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}
