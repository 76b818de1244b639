//! `demo_requests`: the live demo's requests between the API (which waits) and the
//! worker's priority lane (which synthesizes).

use sqlx::PgExecutor;
use uuid::Uuid;

use domain::kinds::JobStatus;

pub async fn insert(
    db: impl PgExecutor<'_>,
    id: Uuid,
    voice_id: Uuid,
    text: &str,
    rate: Option<f32>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "INSERT INTO demo_requests (id, voice_id, text, rate) VALUES ($1, $2, $3, $4)",
        id,
        voice_id,
        text,
        rate
    )
    .execute(db)
    .await?;
    Ok(())
}

/// A claimed request: what the worker synthesizes.
pub struct Claimed {
    pub voice_id: Uuid,
    pub text: String,
    pub rate: Option<f32>,
}

/// pending -> processing; `None` when another worker has it, or the visitor gave up.
pub async fn claim(db: impl PgExecutor<'_>, id: Uuid) -> Result<Option<Claimed>, sqlx::Error> {
    sqlx::query_as!(
        Claimed,
        "UPDATE demo_requests SET status = 'processing' WHERE id = $1 AND status = 'pending'
         RETURNING voice_id, text, rate",
        id
    )
    .fetch_optional(db)
    .await
}

pub async fn complete(
    db: impl PgExecutor<'_>,
    id: Uuid,
    audio: &[u8],
    duration_seconds: f64,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE demo_requests SET status = 'completed', audio = $2, duration_seconds = $3
         WHERE id = $1 AND status = 'processing'",
        id,
        audio,
        duration_seconds
    )
    .execute(db)
    .await?;
    Ok(())
}

pub async fn fail(db: impl PgExecutor<'_>, id: Uuid, message: &str) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE demo_requests SET status = 'failed', error_message = $2 WHERE id = $1 AND status = 'processing'",
        id,
        message
    )
    .execute(db)
    .await?;
    Ok(())
}

/// A finished request, taken out of the table.
pub struct Answer {
    pub status: JobStatus,
    pub audio: Option<Vec<u8>>,
    pub duration_seconds: Option<f64>,
    pub error_message: Option<String>,
}

/// The answer once the worker finished, deleting the row in the same statement;
/// `None` while it is still pending or processing.
pub async fn take(db: impl PgExecutor<'_>, id: Uuid) -> Result<Option<Answer>, sqlx::Error> {
    sqlx::query_as!(
        Answer,
        r#"DELETE FROM demo_requests WHERE id = $1 AND status IN ('completed', 'failed')
           RETURNING status AS "status: JobStatus", audio, duration_seconds, error_message"#,
        id
    )
    .fetch_optional(db)
    .await
}

/// The visitor stopped waiting: the row goes, and a worker that claims it later finds
/// nothing to do.
pub async fn abandon(db: impl PgExecutor<'_>, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("DELETE FROM demo_requests WHERE id = $1", id).execute(db).await?;
    Ok(())
}

/// Deletes requests older than `secs` (their visitors stopped waiting long ago).
pub async fn purge_older_than(db: impl PgExecutor<'_>, secs: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!(
        "DELETE FROM demo_requests WHERE created_at < now() - make_interval(secs => $1::bigint::double precision)",
        secs
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected())
}
