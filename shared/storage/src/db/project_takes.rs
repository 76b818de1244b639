//! `project_takes`: every render of a paragraph, kept so that the user can listen to the
//! earlier ones and choose one. The paragraph's `job_id` is its chosen take's job.

use chrono::{DateTime, Utc};
use domain::kinds::JobStatus;
use domain::project::Delivery;
use sqlx::types::Json;
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

pub struct NewTake<'a> {
    pub paragraph_id: Uuid,
    pub job_id: Uuid,
    pub render_id: Uuid,
    pub text: &'a str,
    pub characters: i32,
    pub text_hash: &'a str,
    pub voice_id: Uuid,
    pub delivery: Delivery,
    pub terms: &'a str,
    pub sound: &'a str,
}

pub async fn insert(conn: &mut PgConnection, take: &NewTake<'_>) -> Result<Uuid, sqlx::Error> {
    sqlx::query_scalar!(
        "INSERT INTO project_takes (paragraph_id, job_id, render_id, text, characters, text_hash, voice_id, delivery, terms,
                                    sound)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
        take.paragraph_id,
        take.job_id,
        take.render_id,
        take.text,
        take.characters,
        take.text_hash,
        take.voice_id,
        Json(take.delivery) as _,
        take.terms,
        take.sound
    )
    .fetch_one(conn)
    .await
}

/// A take as the editor lists it.
pub struct TakeRow {
    pub id: Uuid,
    pub paragraph_id: Uuid,
    pub job_id: Uuid,
    pub text: String,
    pub characters: i32,
    pub text_hash: String,
    pub voice_id: Option<Uuid>,
    pub delivery: Json<Delivery>,
    pub terms: Option<String>,
    pub sound: Option<String>,
    pub created_at: DateTime<Utc>,
    pub status: JobStatus,
    pub duration_seconds: Option<f64>,
    pub audio_key: Option<String>,
    /// Whether the paragraph uses it now.
    pub chosen: bool,
}

/// The paragraph's takes, newest first (a paragraph keeps a handful).
pub async fn list(db: impl PgExecutor<'_>, paragraph_id: Uuid) -> Result<Vec<TakeRow>, sqlx::Error> {
    sqlx::query_as!(
        TakeRow,
        r#"SELECT t.id, t.paragraph_id, t.job_id, t.text, t.characters, t.text_hash, t.voice_id,
                  t.delivery AS "delivery: Json<Delivery>", t.terms, t.sound, t.created_at,
                  j.status AS "status: JobStatus", j.duration_seconds, j.audio_key,
                  (pp.job_id = t.job_id) AS "chosen!"
           FROM project_takes t JOIN tts_jobs j ON j.id = t.job_id
           JOIN project_paragraphs pp ON pp.id = t.paragraph_id
           WHERE t.paragraph_id = $1 ORDER BY t.created_at DESC, t.id"#,
        paragraph_id
    )
    .fetch_all(db)
    .await
}

/// One take of the paragraph.
pub async fn get(db: impl PgExecutor<'_>, take_id: Uuid, paragraph_id: Uuid) -> Result<Option<TakeRow>, sqlx::Error> {
    sqlx::query_as!(
        TakeRow,
        r#"SELECT t.id, t.paragraph_id, t.job_id, t.text, t.characters, t.text_hash, t.voice_id,
                  t.delivery AS "delivery: Json<Delivery>", t.terms, t.sound, t.created_at,
                  j.status AS "status: JobStatus", j.duration_seconds, j.audio_key,
                  (pp.job_id = t.job_id) AS "chosen!"
           FROM project_takes t JOIN tts_jobs j ON j.id = t.job_id
           JOIN project_paragraphs pp ON pp.id = t.paragraph_id
           WHERE t.id = $1 AND t.paragraph_id = $2"#,
        take_id,
        paragraph_id
    )
    .fetch_optional(db)
    .await
}

/// The paragraph uses `take` again: its job, and the text, speed and pitch it was made
/// from (a take is a version of the paragraph; `delivery` keeps the paragraph's pause).
/// `terms_now` is what the take's text matches in the dictionary now.
pub async fn choose(
    conn: &mut PgConnection,
    take: &TakeRow,
    delivery: Delivery,
    terms_now: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE project_paragraphs SET job_id = $2, text = $3, characters = $4, text_hash = $5,
                job_text_hash = $5, job_voice_id = $6, delivery = $7, job_sound = $8, job_terms = $9,
                terms_now = $10, job_hash = NULL
         WHERE id = $1",
        take.paragraph_id,
        take.job_id,
        take.text,
        take.characters,
        take.text_hash,
        take.voice_id,
        Json(delivery) as _,
        take.sound.clone().unwrap_or_else(|| take.delivery.0.sound_key()),
        take.terms,
        terms_now
    )
    .execute(conn)
    .await?;
    Ok(())
}

/// A take pushed out: its job (the row goes with it) and the file to remove.
pub struct Pruned {
    pub job_id: Uuid,
    pub audio_key: Option<String>,
}

/// Removes the paragraph's takes beyond the newest `keep`, never the chosen one, with
/// their jobs; answers their files for the caller to remove after commit.
pub async fn prune(conn: &mut PgConnection, paragraph_id: Uuid, keep: i64) -> Result<Vec<Pruned>, sqlx::Error> {
    sqlx::query_as!(
        Pruned,
        r#"WITH old AS (
               SELECT t.job_id FROM project_takes t JOIN project_paragraphs pp ON pp.id = t.paragraph_id
               WHERE t.paragraph_id = $1 AND t.job_id IS DISTINCT FROM pp.job_id
               ORDER BY t.created_at DESC, t.id OFFSET $2
           )
           DELETE FROM tts_jobs j USING old WHERE j.id = old.job_id
             AND j.status IN ('completed', 'failed')
           RETURNING j.id AS job_id, j.audio_key"#,
        paragraph_id,
        keep - 1
    )
    .fetch_all(conn)
    .await
}

/// The project render a paragraph job was part of, for naming its refund.
pub struct RenderOf {
    pub render_id: Uuid,
    pub project_id: Uuid,
    pub name: String,
}

pub async fn render_of_job(db: impl PgExecutor<'_>, job_id: Uuid) -> Result<Option<RenderOf>, sqlx::Error> {
    sqlx::query_as!(
        RenderOf,
        "SELECT r.id AS render_id, r.project_id, r.name FROM project_takes t
         JOIN project_renders r ON r.id = t.render_id WHERE t.job_id = $1",
        job_id
    )
    .fetch_optional(db)
    .await
}

/// One render of a chapter, booked once.
pub async fn insert_render(
    conn: &mut PgConnection,
    project_id: Uuid,
    chapter_id: Uuid,
    user_id: Uuid,
    name: &str,
    paragraphs: i32,
    cost_cent: i64,
) -> Result<Uuid, sqlx::Error> {
    sqlx::query_scalar!(
        "INSERT INTO project_renders (project_id, chapter_id, user_id, name, paragraphs, cost_cent)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
        project_id,
        chapter_id,
        user_id,
        name,
        paragraphs,
        cost_cent
    )
    .fetch_one(conn)
    .await
}
