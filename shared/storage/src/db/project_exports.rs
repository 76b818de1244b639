//! `project_exports`: a project's exports (M4B, MP3 with chapters, ZIP), made by the
//! worker with a claim, heartbeat and progress like any run.

use chrono::{DateTime, Utc};
use domain::kinds::{ExportFormat, ExportProfile, JobStatus};
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

pub struct ExportRow {
    pub id: Uuid,
    pub project_id: Uuid,
    pub user_id: Uuid,
    pub format: ExportFormat,
    pub profile: ExportProfile,
    pub status: JobStatus,
    pub progress: f64,
    pub attempts: i32,
    pub storage_key: Option<String>,
    pub size_bytes: Option<i64>,
    pub error_message: Option<String>,
    pub created_at: DateTime<Utc>,
    /// Its audio in the library, once finished.
    pub job_id: Option<Uuid>,
}

/// Most exports listed per project (a project keeps at most three finished ones per
/// format, `domain::project::EXPORTS_KEPT_PER_FORMAT`, and one running per format).
pub const LISTED: i64 = 20;

pub async fn insert(
    db: impl PgExecutor<'_>,
    project_id: Uuid,
    user_id: Uuid,
    format: &str,
    profile: ExportProfile,
    idempotency: Option<&super::projects::Idempotency<'_>>,
) -> Result<Uuid, sqlx::Error> {
    sqlx::query_scalar!(
        "INSERT INTO project_exports (project_id, user_id, format, profile, idempotency_key, request_fingerprint)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        project_id,
        user_id,
        format,
        profile.as_str(),
        idempotency.map(|i| i.key),
        idempotency.map(|i| i.fingerprint)
    )
    .fetch_one(db)
    .await
}

/// The export made earlier with this Idempotency-Key, with its request's fingerprint.
pub async fn find_by_idempotency_key(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    key: &str,
) -> Result<Option<(Uuid, Option<String>)>, sqlx::Error> {
    let row = sqlx::query!(
        "SELECT id, request_fingerprint FROM project_exports WHERE user_id = $1 AND idempotency_key = $2",
        user_id,
        key
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| (r.id, r.request_fingerprint)))
}

/// Exports of this format not yet finished for this project (one at a time per format).
pub async fn unfinished(db: impl PgExecutor<'_>, project_id: Uuid, format: &str) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT count(*) AS "n!" FROM project_exports
           WHERE project_id = $1 AND format = $2 AND status IN ('pending', 'processing')"#,
        project_id,
        format
    )
    .fetch_one(db)
    .await
}

/// Deletes the finished exports of the same project and format as `export_id` beyond the
/// newest `keep`, with their audios in the library; answers the storage keys of the
/// deleted ones, for the caller to remove. Unfinished exports are never touched (at most
/// one per format exists).
pub async fn prune_beside(db: impl PgExecutor<'_>, export_id: Uuid, keep: i64) -> Result<Vec<String>, sqlx::Error> {
    let keys = sqlx::query_scalar!(
        "WITH old AS (
             SELECT o.id, o.job_id, o.storage_key FROM project_exports o
             JOIN project_exports n ON n.id = $1 AND o.project_id = n.project_id AND o.format = n.format
             WHERE o.status IN ('completed', 'failed')
             ORDER BY o.created_at DESC, o.id DESC OFFSET $2
         ), audios AS (
             DELETE FROM tts_jobs WHERE id IN (SELECT job_id FROM old)
         ), exports AS (
             DELETE FROM project_exports WHERE id IN (SELECT id FROM old)
         )
         SELECT storage_key FROM old",
        export_id,
        keep
    )
    .fetch_all(db)
    .await?;
    Ok(keys.into_iter().flatten().collect())
}

pub async fn list(db: impl PgExecutor<'_>, project_id: Uuid) -> Result<Vec<ExportRow>, sqlx::Error> {
    sqlx::query_as!(
        ExportRow,
        r#"SELECT id, project_id, user_id, format AS "format: ExportFormat", profile AS "profile: ExportProfile", status AS "status: JobStatus", progress, attempts, storage_key,
                  size_bytes, error_message, created_at, job_id
           FROM project_exports WHERE project_id = $1 ORDER BY created_at DESC LIMIT $2"#,
        project_id,
        LISTED
    )
    .fetch_all(db)
    .await
}

pub async fn get_for_user(db: impl PgExecutor<'_>, id: Uuid, user_id: Uuid) -> Result<Option<ExportRow>, sqlx::Error> {
    sqlx::query_as!(
        ExportRow,
        r#"SELECT id, project_id, user_id, format AS "format: ExportFormat", profile AS "profile: ExportProfile", status AS "status: JobStatus", progress, attempts, storage_key,
                  size_bytes, error_message, created_at, job_id
           FROM project_exports WHERE id = $1 AND user_id = $2"#,
        id,
        user_id
    )
    .fetch_optional(db)
    .await
}

/// pending -> processing, counting the attempt. Only one caller wins.
pub async fn claim(db: impl PgExecutor<'_>, id: Uuid) -> Result<Option<ExportRow>, sqlx::Error> {
    sqlx::query_as!(
        ExportRow,
        r#"UPDATE project_exports SET status = 'processing', attempts = attempts + 1, heartbeat_at = now(), progress = 0
           WHERE id = $1 AND status = 'pending'
           RETURNING id, project_id, user_id, format AS "format: ExportFormat", profile AS "profile: ExportProfile", status AS "status: JobStatus", progress, attempts, storage_key,
                     size_bytes, error_message, created_at, job_id"#,
        id
    )
    .fetch_optional(db)
    .await
}

/// The share done so far; also proves the run alive.
pub async fn progress(db: impl PgExecutor<'_>, id: Uuid, attempt: i32, progress: f64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "UPDATE project_exports SET progress = $3, heartbeat_at = now()
         WHERE id = $1 AND attempts = $2 AND status = 'processing'",
        id,
        attempt,
        progress.clamp(0.0, 1.0)
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The finished file of an export.
pub struct Finished<'a> {
    pub key: &'a str,
    pub size_bytes: i64,
    pub duration_seconds: f64,
    /// The text of its audio in the library (`ExportFormat::library_text`).
    pub library_text: &'a str,
}

/// Completes the export (if this attempt still holds it) and files it in the library as
/// an audio of source `export`: completed, 0 cents (its chapters were charged), the
/// project's voice, or "Mehrere Stimmen" when its paragraphs were read by several. Run in
/// the caller's transaction, which is rolled back on `None`: the export and its audio
/// appear together or not at all. Answers the audio's id.
pub async fn complete(
    conn: &mut PgConnection,
    id: Uuid,
    attempt: i32,
    file: &Finished<'_>,
) -> Result<Option<Uuid>, sqlx::Error> {
    // The audio first: the export's `job_id` must point at a row.
    let job_id = Uuid::new_v4();
    let filed = sqlx::query!(
        "INSERT INTO tts_jobs (id, user_id, text, voice_id, voice_name, voice_language, voice_type, voice_provider,
                               cost_cent, source_type, status, attempts, duration_seconds, audio_key, completed_at,
                               file_format)
         SELECT $3, e.user_id, $4,
                CASE WHEN count(DISTINCT (j.voice_id, j.voice_name)) = 1 THEN (array_agg(j.voice_id))[1] END,
                CASE WHEN count(DISTINCT (j.voice_id, j.voice_name)) = 1 THEN min(j.voice_name) ELSE 'Mehrere Stimmen' END,
                min(j.voice_language), min(j.voice_type), min(j.voice_provider),
                0, 'export', 'completed', 1, $5, $6, now(), e.format
         FROM project_exports e
         JOIN project_chapters c ON c.project_id = e.project_id
         JOIN project_paragraphs p ON p.chapter_id = c.id
         JOIN tts_jobs j ON j.id = p.job_id
         WHERE e.id = $1 AND e.attempts = $2 AND e.status = 'processing'
         GROUP BY e.user_id, e.format",
        id,
        attempt,
        job_id,
        file.library_text,
        file.duration_seconds,
        file.key
    )
    .execute(&mut *conn)
    .await?;
    if filed.rows_affected() != 1 {
        return Ok(None);
    }
    let done = sqlx::query!(
        "UPDATE project_exports SET status = 'completed', progress = 1, storage_key = $3, size_bytes = $4,
                completed_at = now(), error_message = NULL, job_id = $5
         WHERE id = $1 AND attempts = $2 AND status = 'processing'",
        id,
        attempt,
        file.key,
        file.size_bytes,
        job_id
    )
    .execute(&mut *conn)
    .await?;
    Ok((done.rows_affected() == 1).then_some(job_id))
}

/// processing -> pending for another attempt (or, at shutdown, the attempt not counted).
pub async fn release(db: impl PgExecutor<'_>, id: Uuid, uncount: bool) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "UPDATE project_exports SET status = 'pending', heartbeat_at = NULL,
                attempts = attempts - CASE WHEN $2 THEN 1 ELSE 0 END
         WHERE id = $1 AND status = 'processing'",
        id,
        uncount
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn fail(db: impl PgExecutor<'_>, id: Uuid, message: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "UPDATE project_exports SET status = 'failed', error_message = $2, completed_at = now()
         WHERE id = $1 AND status IN ('pending', 'processing')",
        id,
        message
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Exports whose worker died (no heartbeat for `stale_secs`), and pending ones older than
/// `requeue_secs` that may never have reached the queue.
pub async fn stuck(
    db: impl PgExecutor<'_>,
    stale_secs: i64,
    requeue_secs: i64,
) -> Result<Vec<(Uuid, String, i32)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT id, status, attempts FROM project_exports
           WHERE (status = 'processing' AND heartbeat_at < now() - make_interval(secs => $1))
              OR (status = 'pending' AND created_at < now() - make_interval(secs => $2))
           LIMIT 100"#,
        stale_secs as f64,
        requeue_secs as f64
    )
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| (r.id, r.status, r.attempts)).collect())
}
