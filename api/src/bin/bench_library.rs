//! `stimmwerk-bench-library`: latency of the audio library for a big user. Run it through
//! `scripts/bench-library.sh`, which starts the api on an empty database.
//!
//! Seeds one user with 50,000 audios (200 categories in a two-level tree, 500 tags, one
//! category and two tags per audio) among 100 users (the 99 others with 500 audios
//! each), then times sequential requests over HTTP: the list's first page, with a
//! common and a rare text filter, with a tag filter, a deep page (keyset cursor 40,000
//! rows in), and the stats. The baseline, measured in the same run, is `GET /api/me`
//! (the same session and HTTP path, one primary-key read). Prints the EXPLAIN plans of
//! the list's query shapes.

use std::time::Instant;

// The server flags serve the benchmarks that watch the servers.
#[allow(dead_code)]
#[path = "../bench_support.rs"]
mod support;

use anyhow::bail;
use sqlx::PgPool;
use uuid::Uuid;

use support::{flags, percentile, signed_in_user};

const AUDIOS: i64 = 50_000;
const OTHER_USERS: i64 = 99;
const OTHER_AUDIOS: i64 = 500;
const SAMPLES: usize = 200;

/// Audios, categories, tags and their assignments, written by Postgres itself.
async fn seed(pool: &PgPool, user: Uuid) -> anyhow::Result<()> {
    let mut tx = pool.begin().await?;
    sqlx::query(
        "INSERT INTO users (name, email, organization, password_hash, role, email_confirmed_at)
         SELECT 'Andere ' || g, 'andere-' || g || '-' || gen_random_uuid() || '@example.de', 'Org', 'x', 'user', now()
         FROM generate_series(1, $1) g",
    )
    .bind(OTHER_USERS)
    .execute(&mut *tx)
    .await?;
    // Texts from a few German phrases plus a unique tail; every tenth audio a clone, every
    // fifth from the API, every fiftieth in the trash; one a minute back in time.
    let insert_jobs = "INSERT INTO tts_jobs (user_id, text, voice_name, voice_language, voice_type, voice_provider,
                            status, cost_cent, source_type, audio_key, duration_seconds, created_at, completed_at,
                            expires_at, deleted_at)
         SELECT $1, 'Audio ' || g || ': ' || (ARRAY['Willkommen bei unserem Podcast', 'Heute geht es um Nachhaltigkeit',
                  'Die Quartalszahlen im Überblick', 'Kapitel drei des Hörbuchs', 'Produktdemo für unsere Kunden',
                  'Schulung für neue Mitarbeiter'])[1 + g % 6] || ' ' || md5(g::text),
                (ARRAY['Klara', 'Jonas', 'Marlene', 'Lukas'])[1 + g % 4], 'de-DE',
                CASE WHEN g % 10 = 0 THEN 'clone' ELSE 'public' END, 'local', 'completed', 5,
                CASE WHEN g % 5 = 0 THEN 'api' ELSE 'manual' END, 'bench/' || g || '.mp3', 2.0,
                now() - make_interval(mins => g::int), now() - make_interval(mins => g::int),
                now() + interval '30 days', CASE WHEN g % 50 = 0 THEN now() END
         FROM generate_series(1, $2) g";
    sqlx::query(insert_jobs).bind(user).bind(AUDIOS).execute(&mut *tx).await?;
    let others: Vec<Uuid> =
        sqlx::query_scalar("SELECT id FROM users WHERE email LIKE 'andere-%'").fetch_all(&mut *tx).await?;
    for other in others {
        sqlx::query(insert_jobs).bind(other).bind(OTHER_AUDIOS).execute(&mut *tx).await?;
    }
    // 20 top categories with 9 children each; 500 tags.
    sqlx::query(
        "INSERT INTO categories (name, user_id) SELECT 'Bereich ' || g, $1 FROM generate_series(1, 20) g;
         ",
    )
    .bind(user)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "INSERT INTO categories (name, parent_id, user_id)
         SELECT 'Thema ' || g, c.id, $1 FROM categories c CROSS JOIN generate_series(1, 9) g WHERE c.user_id = $1",
    )
    .bind(user)
    .execute(&mut *tx)
    .await?;
    sqlx::query("INSERT INTO tags (name, user_id) SELECT 'tag-' || g, $1 FROM generate_series(1, 500) g")
        .bind(user)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "WITH c AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM categories WHERE user_id = $1),
              j AS (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM tts_jobs WHERE user_id = $1)
         INSERT INTO audio_categories (job_id, category_id) SELECT j.id, c.id FROM j JOIN c ON c.n = j.n % 200",
    )
    .bind(user)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "WITH t AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM tags WHERE user_id = $1),
              j AS (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM tts_jobs WHERE user_id = $1)
         INSERT INTO audio_tags (job_id, tag_id)
         SELECT j.id, t.id FROM j JOIN t ON t.n = j.n % 500 OR t.n = (j.n * 7 + 3) % 500",
    )
    .bind(user)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    // The steady state autovacuum keeps: statistics, and a visibility map so counts can
    // run as index-only scans.
    sqlx::query("VACUUM ANALYZE").execute(pool).await?;
    Ok(())
}

/// p50 and p99 in ms of `SAMPLES` sequential GETs of `path`, after a short warm-up.
async fn time(http: &reqwest::Client, base: &str, path: &str) -> anyhow::Result<(f64, f64)> {
    let url = format!("{base}{path}");
    for _ in 0..10 {
        http.get(&url).send().await?.bytes().await?;
    }
    let mut ms = Vec::with_capacity(SAMPLES);
    for _ in 0..SAMPLES {
        let start = Instant::now();
        let res = http.get(&url).send().await?;
        if !res.status().is_success() {
            bail!("{path}: {}", res.status());
        }
        res.bytes().await?;
        ms.push(start.elapsed().as_secs_f64() * 1000.0);
    }
    ms.sort_by(f64::total_cmp);
    Ok((percentile(&ms, 0.5), percentile(&ms, 0.99)))
}

/// The plan of a list query shape, as `shared::db::library` builds it.
async fn explain(pool: &PgPool, title: &str, sql: &str, user: Uuid) -> anyhow::Result<()> {
    // Only this program's own SQL and ids read from the database go in.
    let explained = format!("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) {sql}");
    let lines: Vec<String> =
        sqlx::query_scalar(sqlx::AssertSqlSafe(explained)).bind(user).persistent(false).fetch_all(pool).await?;
    println!("plan: {title}");
    for line in lines {
        println!("plan:   {line}");
    }
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let flags = flags("http://127.0.0.1:18091")?;
    let base = flags.base;
    let pool = PgPool::connect(&flags.database_url).await?;
    let (http, user) = signed_in_user(&base, &pool, "bibliothek", 0).await?;
    let started = Instant::now();
    seed(&pool, user).await?;
    println!("seed_secs={:.1}", started.elapsed().as_secs_f64());

    let tag: Uuid = sqlx::query_scalar("SELECT id FROM tags WHERE user_id = $1 AND name = 'tag-17'")
        .bind(user)
        .fetch_one(&pool)
        .await?;
    let category: Uuid = sqlx::query_scalar("SELECT id FROM categories WHERE user_id = $1 AND name = 'Bereich 3'")
        .bind(user)
        .fetch_one(&pool)
        .await?;
    let (deep_at, deep_id): (chrono::DateTime<chrono::Utc>, Uuid) = sqlx::query_as(
        "SELECT created_at, id FROM tts_jobs WHERE user_id = $1 AND deleted_at IS NULL
         ORDER BY created_at DESC, id DESC OFFSET 40000 LIMIT 1",
    )
    .bind(user)
    .fetch_one(&pool)
    .await?;
    let deep = format!("{}_{}", deep_at.timestamp_micros(), deep_id.simple());
    let rare: String = sqlx::query_scalar("SELECT left(md5('31337'), 10)").fetch_one(&pool).await?;

    let cases = [
        ("baseline GET /api/me", "/api/me".to_owned()),
        ("list, first page", "/api/jobs".to_owned()),
        ("list, common text filter", "/api/jobs?q=nachhaltigkeit".to_owned()),
        ("list, rare text filter", format!("/api/jobs?q={rare}")),
        ("list, speaker filter", "/api/jobs?speaker=marl".to_owned()),
        ("list, tag filter", format!("/api/jobs?tag={tag}")),
        ("list, category filter (with children)", format!("/api/jobs?category={category}")),
        ("list, deep page (40,000 in)", format!("/api/jobs?cursor={deep}")),
        ("list, trash", "/api/jobs?trash=deleted".to_owned()),
        ("stats (dashboard)", "/api/library/stats".to_owned()),
    ];
    for (name, path) in &cases {
        let (p50, p99) = time(&http, &base, path).await?;
        println!("case={name}|{p50:.2}|{p99:.2}");
    }

    let select = "SELECT j.id FROM tts_jobs j WHERE j.user_id = $1 AND j.deleted_at IS NULL";
    explain(&pool, "first page", &format!("{select} ORDER BY j.created_at DESC, j.id DESC LIMIT 51"), user).await?;
    explain(&pool, "count", "SELECT count(*) FROM tts_jobs j WHERE j.user_id = $1 AND j.deleted_at IS NULL", user)
        .await?;
    explain(
        &pool,
        "rare text filter",
        &format!("{select} AND j.text ILIKE '%{rare}%' ORDER BY j.created_at DESC, j.id DESC LIMIT 51"),
        user,
    )
    .await?;
    explain(
        &pool,
        "tag filter",
        &format!(
            "{select} AND j.id IN (SELECT at.job_id FROM audio_tags at WHERE at.tag_id = '{tag}') \
             ORDER BY j.created_at DESC, j.id DESC LIMIT 51"
        ),
        user,
    )
    .await?;
    explain(
        &pool,
        "deep page",
        &format!(
            "{select} AND (j.created_at, j.id) < ('{}', '{deep_id}') ORDER BY j.created_at DESC, j.id DESC LIMIT 51",
            deep_at.to_rfc3339()
        ),
        user,
    )
    .await?;
    Ok(())
}
