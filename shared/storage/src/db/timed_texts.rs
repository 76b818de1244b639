//! `tts_job_timed_texts`: when each sentence of a job's audio is spoken
//! (`domain::timed_text::TimedText`), written with the audio.

use domain::timed_text::TimedText;
use sqlx::PgExecutor;
use sqlx::types::Json;
use uuid::Uuid;

/// Keeps the timed text of `job_id` (a retried attempt replaces its own).
pub async fn put(db: impl PgExecutor<'_>, job_id: Uuid, timed_text: &TimedText) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "INSERT INTO tts_job_timed_texts (job_id, timed_text) VALUES ($1, $2)
         ON CONFLICT (job_id) DO UPDATE SET timed_text = EXCLUDED.timed_text",
        job_id,
        Json(timed_text) as _
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The timed text of one of `user_id`'s jobs.
pub async fn get_for_user(
    db: impl PgExecutor<'_>,
    job_id: Uuid,
    user_id: Uuid,
) -> Result<Option<TimedText>, sqlx::Error> {
    let row = sqlx::query_scalar!(
        r#"SELECT t.timed_text AS "timed_text: Json<TimedText>"
           FROM tts_job_timed_texts t JOIN tts_jobs j ON j.id = t.job_id
           WHERE t.job_id = $1 AND j.user_id = $2 AND j.deleted_at IS NULL"#,
        job_id,
        user_id
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|Json(t)| t))
}
