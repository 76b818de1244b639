//! `tts_jobs`: the source of truth of every generation. Status moves
//! pending -> processing -> completed | failed, each step a conditional update so a
//! duplicate delivery or a late worker never moves a job twice.

use chrono::{DateTime, Utc};
use serde_json::Value as Json;
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use domain::kinds::{ExportFormat, JobSource, JobStatus, ProviderId, SaveCategory, VoiceType};

#[derive(Debug, Clone)]
pub struct JobRow {
    pub id: Uuid,
    pub text: String,
    pub status: JobStatus,
    /// Attempts started so far (a pending job with attempts left waits for its retry).
    pub attempts: i32,
    pub cost_cent: i64,
    pub duration_seconds: Option<f64>,
    pub error_message: Option<String>,
    pub created_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    pub voice_id: Option<Uuid>,
    pub voice_name: String,
    pub voice_language: String,
    pub voice_type: VoiceType,
    pub voice_provider: ProviderId,
    pub audio_key: Option<String>,
    pub source: JobSource,
    /// When a completed audio is deleted unless saved permanently.
    pub expires_at: Option<DateTime<Utc>>,
    /// Past `expires_at`: the file is gone.
    pub is_expired: bool,
    pub saved_at: Option<DateTime<Utc>>,
    pub save_category: Option<SaveCategory>,
    /// In the trash since.
    pub deleted_at: Option<DateTime<Utc>>,
    /// What the file is: an MP3, or an export's M4B or ZIP.
    pub file_format: ExportFormat,
}

pub struct NewJob<'a> {
    pub id: Uuid,
    pub user_id: Uuid,
    pub text: &'a str,
    pub voice: &'a crate::db::voices::Voice,
    pub options: Json,
    pub cost_cent: i64,
    pub source_type: JobSource,
    pub idempotency_key: Option<&'a str>,
    pub fingerprint: &'a str,
    /// Recorded as pushed to the queue at insert: the submit pushes right after the
    /// commit and clears the mark only if the push fails, which saves a write per submit.
    /// A process that dies in between leaves the job to the sweep's `requeue_after_secs`.
    pub enqueued: bool,
    /// Characters of the text, for the voice's usage record.
    pub characters: i32,
}

/// Inserts the job and the use of its voice (`voice_usage_analytics`, in the same
/// statement: one round trip less per submit); returns `None` (and inserts nothing)
/// when the user already used this idempotency key.
pub async fn insert(conn: &mut PgConnection, job: &NewJob<'_>) -> Result<Option<JobRow>, sqlx::Error> {
    sqlx::query_as!(
        JobRow,
        r#"WITH job AS (
               INSERT INTO tts_jobs (id, user_id, text, voice_id, voice_name, voice_language, voice_type,
                                     voice_provider, options, cost_cent, source_type, idempotency_key,
                                     request_fingerprint, enqueued_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, CASE WHEN $14 THEN now() END)
               ON CONFLICT ON CONSTRAINT tts_jobs_idempotency_key DO NOTHING
               RETURNING *
           ), used AS (
               INSERT INTO voice_usage_analytics (voice_id, user_id, job_id, characters)
               SELECT voice_id, user_id, id, $15 FROM job
           )
           SELECT id AS "id!", text AS "text!", status AS "status!: JobStatus", attempts AS "attempts!", cost_cent AS "cost_cent!",
                  duration_seconds, error_message, created_at AS "created_at!", completed_at, voice_id,
                  voice_name AS "voice_name!", voice_language AS "voice_language!",
                  voice_type AS "voice_type!: VoiceType", voice_provider AS "voice_provider!: ProviderId",
                  audio_key, source_type AS "source!: JobSource", expires_at, is_expired AS "is_expired!", saved_at,
                  save_category AS "save_category: SaveCategory", deleted_at,
                  file_format AS "file_format!: ExportFormat"
           FROM job"#,
        job.id,
        job.user_id,
        job.text,
        job.voice.id,
        job.voice.name,
        job.voice.language,
        job.voice.voice_type as VoiceType,
        job.voice.provider as ProviderId,
        job.options,
        job.cost_cent,
        job.source_type as JobSource,
        job.idempotency_key,
        job.fingerprint,
        job.enqueued,
        job.characters,
    )
    .fetch_optional(conn)
    .await
}

/// The job created earlier with this idempotency key, with its request fingerprint.
pub async fn find_by_idempotency_key(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    key: &str,
) -> Result<Option<(Uuid, Option<String>)>, sqlx::Error> {
    let row = sqlx::query!(
        "SELECT id, request_fingerprint FROM tts_jobs WHERE user_id = $1 AND idempotency_key = $2",
        user_id,
        key
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| (r.id, r.request_fingerprint)))
}

pub async fn get_for_user(db: impl PgExecutor<'_>, id: Uuid, user_id: Uuid) -> Result<Option<JobRow>, sqlx::Error> {
    sqlx::query_as!(
        JobRow,
        r#"SELECT id, text, status AS "status: JobStatus", attempts, cost_cent, duration_seconds, error_message,
                  created_at, completed_at, voice_id, voice_name, voice_language,
                  voice_type AS "voice_type: VoiceType", voice_provider AS "voice_provider: ProviderId",
                  audio_key, source_type AS "source: JobSource", expires_at, is_expired, saved_at,
                  save_category AS "save_category: SaveCategory", deleted_at,
                  file_format AS "file_format: ExportFormat"
           FROM tts_jobs WHERE id = $1 AND user_id = $2"#,
        id,
        user_id
    )
    .fetch_optional(db)
    .await
}

/// Whether the user's job is unfinished and its audio is being delivered to the caller
/// (a streamed answer): such a job cannot be deleted.
pub async fn is_being_delivered(db: impl PgExecutor<'_>, id: Uuid, user_id: Uuid) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM tts_jobs WHERE id = $1 AND user_id = $2
             AND status IN ('pending', 'processing') AND delivered_at IS NOT NULL) AS "delivering!""#,
        id,
        user_id
    )
    .fetch_one(db)
    .await
}

/// Marks a streamed job's audio as going out to the caller, before its first byte is
/// sent. False when the job is no longer processing (deleted meanwhile): then nothing
/// may be sent. Row locks order this against a delete: whichever comes second sees the
/// first.
pub async fn start_delivery(db: impl PgExecutor<'_>, id: Uuid) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query!(
        "UPDATE tts_jobs SET delivered_at = coalesce(delivered_at, now()) WHERE id = $1 AND status = 'processing'",
        id
    )
    .execute(db)
    .await?
    .rows_affected()
        == 1)
}

pub struct DeletedJob {
    pub status: JobStatus,
    pub cost_cent: i64,
    pub audio_key: Option<String>,
}

pub async fn delete_for_user(
    conn: &mut PgConnection,
    id: Uuid,
    user_id: Uuid,
) -> Result<Option<DeletedJob>, sqlx::Error> {
    sqlx::query_as!(
        DeletedJob,
        r#"DELETE FROM tts_jobs
           WHERE id = $1 AND user_id = $2
             AND NOT (status IN ('pending', 'processing') AND delivered_at IS NOT NULL)
           RETURNING status AS "status: JobStatus", cost_cent, audio_key"#,
        id,
        user_id
    )
    .fetch_optional(conn)
    .await
}

/// Records that a recovered job reached Redis again.
pub async fn mark_enqueued(db: impl PgExecutor<'_>, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE tts_jobs SET enqueued_at = now() WHERE id = $1 AND status = 'pending'", id)
        .execute(db)
        .await?;
    Ok(())
}

/// Takes back the queue mark of a job whose push failed, so the sweep pushes it within
/// seconds instead of after `requeue_after_secs`.
pub async fn clear_enqueued(db: impl PgExecutor<'_>, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE tts_jobs SET enqueued_at = NULL WHERE id = $1 AND status = 'pending'", id).execute(db).await?;
    Ok(())
}

/// What a worker needs to synthesize a claimed job.
#[derive(Debug, Clone)]
pub struct ClaimedJob {
    pub id: Uuid,
    pub user_id: Uuid,
    pub text: String,
    pub provider: ProviderId,
    pub api_name: Option<String>,
    pub language: String,
    pub options: Json,
    pub attempts: i32,
    /// What was charged: it bounds what the synthesis may speak.
    pub cost_cent: i64,
    /// Seconds since the job was submitted (its wait in the queue on the first attempt).
    pub waited_seconds: f64,
}

/// pending -> processing. Only one caller wins; the others get `None`.
pub async fn claim(db: impl PgExecutor<'_>, id: Uuid) -> Result<Option<ClaimedJob>, sqlx::Error> {
    sqlx::query_as!(
        ClaimedJob,
        r#"UPDATE tts_jobs j
           SET status = 'processing', attempts = j.attempts + 1,
               started_at = coalesce(j.started_at, now()), heartbeat_at = now()
           WHERE j.id = $1 AND j.status = 'pending'
           RETURNING j.id, j.user_id, j.text, j.voice_provider AS "provider: ProviderId",
                     (SELECT v.api_name FROM voices v WHERE v.id = j.voice_id) AS api_name,
                     j.voice_language AS language, j.options, j.attempts, j.cost_cent,
                     extract(epoch FROM clock_timestamp() - j.created_at)::float8 AS "waited_seconds!""#,
        id
    )
    .fetch_optional(db)
    .await
}

/// Whether a claimed job is still wanted (not deleted, not ended meanwhile).
pub async fn is_processing(db: impl PgExecutor<'_>, id: Uuid) -> Result<bool, sqlx::Error> {
    let found = sqlx::query_scalar!("SELECT 1 AS \"one!\" FROM tts_jobs WHERE id = $1 AND status = 'processing'", id)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// The job still exists (in any state, in the trash too).
pub async fn exists(db: impl PgExecutor<'_>, id: Uuid) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("SELECT 1 AS \"one!\" FROM tts_jobs WHERE id = $1", id).fetch_optional(db).await?.is_some())
}

/// Tells the sweeper this job is still being worked on.
pub async fn heartbeat(db: impl PgExecutor<'_>, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE tts_jobs SET heartbeat_at = now() WHERE id = $1 AND status = 'processing'", id)
        .execute(db)
        .await?;
    Ok(())
}

/// processing -> completed, kept for `expiry_days` from now. False when the job is gone
/// (deleted meanwhile) or not ours.
pub async fn complete(
    db: impl PgExecutor<'_>,
    id: Uuid,
    attempt: i32,
    audio_key: &str,
    duration_seconds: f64,
    expiry_days: i64,
) -> Result<bool, sqlx::Error> {
    // Only the attempt that holds the claim completes: a worker that lost the job to the
    // sweep (its heartbeat late) must not overwrite the attempt that took it over.
    let done = sqlx::query!(
        r#"UPDATE tts_jobs SET status = 'completed', audio_key = $2, duration_seconds = $3,
                  completed_at = now(), error_message = NULL,
                  expires_at = CASE WHEN saved_at IS NULL AND source_type <> 'project'
                                    THEN now() + make_interval(days => $4) END
           WHERE id = $1 AND status = 'processing' AND attempts = $5"#,
        id,
        audio_key,
        duration_seconds,
        expiry_days as i32,
        attempt
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// processing -> pending, so a retry can claim the job again.
pub async fn release(db: impl PgExecutor<'_>, id: Uuid) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "UPDATE tts_jobs SET status = 'pending', heartbeat_at = NULL WHERE id = $1 AND status = 'processing'",
        id
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// processing -> pending for a job this process gave up at shutdown, without counting
/// the attempt. Only while the job is still at the attempt it claimed: a job another
/// worker took over meanwhile is left alone.
pub async fn hand_back(db: impl PgExecutor<'_>, id: Uuid, attempt: i32) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        r#"UPDATE tts_jobs SET status = 'pending', heartbeat_at = NULL, attempts = attempts - 1
           WHERE id = $1 AND status = 'processing' AND attempts = $2"#,
        id,
        attempt
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub struct FailedJob {
    pub user_id: Uuid,
    pub cost_cent: i64,
}

/// pending | processing -> failed. `None` when the job already ended or is gone.
pub async fn fail(conn: &mut PgConnection, id: Uuid, message: &str) -> Result<Option<FailedJob>, sqlx::Error> {
    sqlx::query_as!(
        FailedJob,
        r#"UPDATE tts_jobs SET status = 'failed', error_message = $2, completed_at = now()
           WHERE id = $1 AND status IN ('pending', 'processing')
           RETURNING user_id, cost_cent"#,
        id,
        message
    )
    .fetch_optional(conn)
    .await
}

/// Pending jobs that never reached Redis, and (with `requeue_after_secs`) those whose
/// push is older than that (Redis lost it). Optionally only one user's.
pub async fn lost_pending(
    db: impl PgExecutor<'_>,
    requeue_after_secs: Option<i64>,
    user_id: Option<Uuid>,
) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT id FROM tts_jobs
           WHERE status = 'pending'
             AND ($2::uuid IS NULL OR user_id = $2)
             AND ((enqueued_at IS NULL AND created_at < now() - interval '5 seconds')
                  OR enqueued_at < now() - make_interval(secs => $1::bigint::double precision))
           ORDER BY created_at LIMIT 1000"#,
        requeue_after_secs,
        user_id
    )
    .fetch_all(db)
    .await
}

/// Processing jobs whose worker stopped sending heartbeats. Returns (id, attempts).
pub async fn stuck_processing(
    db: impl PgExecutor<'_>,
    stuck_after_secs: i64,
    user_id: Option<Uuid>,
) -> Result<Vec<(Uuid, i32)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT id, attempts FROM tts_jobs
           WHERE status = 'processing'
             AND ($2::uuid IS NULL OR user_id = $2)
             AND coalesce(heartbeat_at, started_at, created_at) < now() - make_interval(secs => $1::bigint::double precision)
           ORDER BY created_at LIMIT 1000"#,
        stuck_after_secs,
        user_id
    )
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|r| (r.id, r.attempts)).collect())
}

/// The stored audio files of a user's jobs (to delete them with the account).
pub async fn audio_keys_for_user(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT audio_key AS "audio_key!" FROM tts_jobs WHERE user_id = $1 AND audio_key IS NOT NULL"#,
        user_id
    )
    .fetch_all(db)
    .await
}
