//! Cloned voices and their recordings: what the clone list shows (with the current
//! training run of `db::trainings`), and the monthly fee's periods.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

use domain::kinds::{CloneEngineId, SampleKind, TrainingStatus};

/// A clone as its list shows it.
#[derive(Debug, Clone)]
pub struct CloneRow {
    pub id: Uuid,
    pub owner_id: Uuid,
    pub name: String,
    pub description: Option<String>,
    pub cloned_from: Option<String>,
    pub language: String,
    pub training_status: TrainingStatus,
    pub clone_engine: CloneEngineId,
    pub training_progress: i32,
    pub current_training_step: i32,
    pub total_training_steps: i32,
    pub training_error: Option<String>,
    pub training_started_at: Option<DateTime<Utc>>,
    pub tags: Vec<String>,
    pub times_used: i32,
    pub last_used_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub is_global: bool,
    pub is_active: bool,
    pub sample_count: i64,
    pub provider_voice_id: Option<String>,
    pub paid_until: Option<DateTime<Utc>>,
    pub fee_paused: bool,
    pub consent_given: bool,
    pub consent_date: Option<DateTime<Utc>>,
    pub teleprompter_text_size: i32,
    pub teleprompter_scroll_speed: i32,
}

/// The list's status filter, as SQL sees it: `None` for all.
#[derive(Debug, Clone, Copy, Default)]
pub struct ListFilter<'a> {
    pub search: Option<&'a str>,
    /// One of the `CloneState` spellings.
    pub state: Option<&'a str>,
}

/// The caller's clones and the global clones of others, newest first.
pub async fn list_visible(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    filter: ListFilter<'_>,
) -> Result<Vec<CloneRow>, sqlx::Error> {
    let pattern =
        filter.search.map(|s| format!("%{}%", s.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")));
    sqlx::query_as!(
        CloneRow,
        r#"SELECT v.id, v.owner_id AS "owner_id!", v.name, v.description, v.cloned_from, v.language,
                  v.training_status AS "training_status!: TrainingStatus", v.clone_engine AS "clone_engine!: CloneEngineId",
                  COALESCE(t.progress, 0) AS "training_progress!", COALESCE(t.current_step, 0) AS "current_training_step!",
                  COALESCE(t.total_steps, 0) AS "total_training_steps!", t.error AS "training_error?",
                  t.started_at AS "training_started_at?", v.tags, v.times_used, v.last_used_at, v.created_at, v.is_global, v.is_active,
                  (SELECT count(*) FROM voice_training_samples s WHERE s.voice_id = v.id) AS "sample_count!",
                  v.provider_voice_id, v.paid_until, v.fee_paused, v.consent_given, v.consent_date,
                  v.teleprompter_text_size, v.teleprompter_scroll_speed
           FROM voices v
           -- The current run; a clone back at training_needed (cancelled, reset) shows none.
           LEFT JOIN clone_trainings t ON t.voice_id = v.id AND t.run = v.training_run
                                         AND v.training_status <> 'training_needed'
           WHERE v.type = 'clone'
             AND (v.owner_id = $1 OR (v.is_global AND v.is_active AND v.training_status = 'completed'
                                      AND v.paid_until IS NOT NULL))
             AND ($2::text IS NULL OR v.name ILIKE $2 OR v.description ILIKE $2)
             AND CASE $3::text
                   WHEN 'awaiting_activation' THEN v.training_status = 'completed' AND v.paid_until IS NULL
                   WHEN 'paused' THEN v.training_status = 'completed' AND v.fee_paused AND v.paid_until IS NOT NULL
                   WHEN 'completed' THEN v.training_status = 'completed' AND NOT v.fee_paused AND v.paid_until IS NOT NULL
                   WHEN 'training_in_progress' THEN v.training_status IN ('training', 'training_in_progress')
                   WHEN 'training_needed' THEN v.training_status = 'training_needed'
                   WHEN 'failed' THEN v.training_status = 'failed'
                   ELSE true
                 END
           ORDER BY v.created_at DESC"#,
        user_id,
        pattern,
        filter.state,
    )
    .fetch_all(db)
    .await
}

/// One clone the caller may see (own, or global and usable).
pub async fn get_visible(
    db: impl PgExecutor<'_>,
    voice_id: Uuid,
    user_id: Uuid,
) -> Result<Option<CloneRow>, sqlx::Error> {
    sqlx::query_as!(
        CloneRow,
        r#"SELECT v.id, v.owner_id AS "owner_id!", v.name, v.description, v.cloned_from, v.language,
                  v.training_status AS "training_status!: TrainingStatus", v.clone_engine AS "clone_engine!: CloneEngineId",
                  COALESCE(t.progress, 0) AS "training_progress!", COALESCE(t.current_step, 0) AS "current_training_step!",
                  COALESCE(t.total_steps, 0) AS "total_training_steps!", t.error AS "training_error?",
                  t.started_at AS "training_started_at?", v.tags, v.times_used, v.last_used_at, v.created_at, v.is_global, v.is_active,
                  (SELECT count(*) FROM voice_training_samples s WHERE s.voice_id = v.id) AS "sample_count!",
                  v.provider_voice_id, v.paid_until, v.fee_paused, v.consent_given, v.consent_date,
                  v.teleprompter_text_size, v.teleprompter_scroll_speed
           FROM voices v
           LEFT JOIN clone_trainings t ON t.voice_id = v.id AND t.run = v.training_run
                                         AND v.training_status <> 'training_needed'
           WHERE v.id = $1 AND v.type = 'clone'
             AND (v.owner_id = $2 OR (v.is_global AND v.is_active AND v.training_status = 'completed'
                                      AND v.paid_until IS NOT NULL))"#,
        voice_id,
        user_id,
    )
    .fetch_optional(db)
    .await
}

/// Every clone of a user.
pub async fn owned_by(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!("SELECT id FROM voices WHERE owner_id = $1 AND type = 'clone'", user_id).fetch_all(db).await
}

/// The owner of a clone (`None`: no such clone).
pub async fn owner(db: impl PgExecutor<'_>, voice_id: Uuid) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(r#"SELECT owner_id AS "owner!" FROM voices WHERE id = $1 AND type = 'clone'"#, voice_id)
        .fetch_optional(db)
        .await
}

pub struct CloneCounts {
    pub audios: i64,
    pub completed: i64,
}

/// Audios the user made with clones, and the user's active (completed, paid) clones.
pub async fn counts(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<CloneCounts, sqlx::Error> {
    sqlx::query_as!(
        CloneCounts,
        r#"SELECT
             (SELECT count(*) FROM tts_jobs WHERE user_id = $1 AND voice_type = 'clone' AND deleted_at IS NULL) AS "audios!",
             (SELECT count(*) FROM voices WHERE owner_id = $1 AND type = 'clone' AND training_status = 'completed'
                AND NOT fee_paused AND paid_until IS NOT NULL) AS "completed!""#,
        user_id
    )
    .fetch_one(db)
    .await
}

pub struct NewClone<'a> {
    pub owner_id: Uuid,
    pub name: &'a str,
    pub description: Option<&'a str>,
    pub cloned_from: &'a str,
    pub language: &'a str,
    pub engine: CloneEngineId,
    pub teleprompter_text_size: i32,
    pub teleprompter_scroll_speed: i32,
    pub consent_text: &'a str,
}

pub async fn insert(db: impl PgExecutor<'_>, clone: &NewClone<'_>) -> Result<Uuid, sqlx::Error> {
    sqlx::query_scalar!(
        r#"INSERT INTO voices (name, description, cloned_from, type, provider, language, owner_id, clone_engine,
                               training_status, is_global, is_active, consent_given,
                               consent_date, consent_text, teleprompter_text_size, teleprompter_scroll_speed)
           VALUES ($1, $2, $3, 'clone', 'clone', $4, $5, $6, 'training_needed', false, true, true, now(), $7, $8, $9)
           RETURNING id"#,
        clone.name,
        clone.description,
        clone.cloned_from,
        clone.language,
        clone.owner_id,
        clone.engine as CloneEngineId,
        clone.consent_text,
        clone.teleprompter_text_size,
        clone.teleprompter_scroll_speed,
    )
    .fetch_one(db)
    .await
}

/// Changes name, description and tags of the owner's clone (`None` keeps a value).
pub async fn update(
    db: impl PgExecutor<'_>,
    voice_id: Uuid,
    owner_id: Uuid,
    name: Option<&str>,
    description: Option<Option<&str>>,
    tags: Option<&[String]>,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query!(
        r#"UPDATE voices SET name = COALESCE($3, name),
                             description = CASE WHEN $4 THEN $5 ELSE description END,
                             tags = COALESCE($6, tags)
           WHERE id = $1 AND owner_id = $2 AND type = 'clone'"#,
        voice_id,
        owner_id,
        name,
        description.is_some(),
        description.flatten(),
        tags,
    )
    .execute(db)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// What a deleted clone leaves to clean up outside the database.
#[derive(Debug)]
pub struct Removed {
    pub owner_id: Uuid,
    pub clone_engine: CloneEngineId,
    pub provider_voice_id: Option<String>,
    /// The provider's training of a running run, to stop there.
    pub training_ref: Option<String>,
    pub files: Vec<String>,
}

/// Deletes a clone with its samples, usage records, shares and quality metrics (the
/// foreign keys cascade); `owner_id` `None`: any clone (admins). Returns what to clean up.
pub async fn delete(
    conn: &mut PgConnection,
    voice_id: Uuid,
    owner_id: Option<Uuid>,
) -> Result<Option<Removed>, sqlx::Error> {
    // The recordings, and the rendered preview ("Hörprobe") of the voice.
    let files = sqlx::query_scalar!(
        r#"SELECT audio_path AS "key!" FROM voice_training_samples WHERE voice_id = $1
           UNION ALL SELECT storage_key FROM voice_previews WHERE voice_id = $1"#,
        voice_id
    )
    .fetch_all(&mut *conn)
    .await?;
    let removed = sqlx::query!(
        r#"DELETE FROM voices v WHERE id = $1 AND type = 'clone' AND ($2::uuid IS NULL OR owner_id = $2)
           RETURNING owner_id AS "owner_id!", clone_engine AS "clone_engine!: CloneEngineId", provider_voice_id,
                     (SELECT provider_ref FROM clone_trainings t WHERE t.voice_id = v.id AND t.status = 'running')
                         AS training_ref,
                     clone_ref"#,
        voice_id,
        owner_id,
    )
    .fetch_optional(&mut *conn)
    .await?;
    Ok(removed.map(|r| {
        let mut files = files;
        // The reference recording a Replicate clone speaks with.
        if let Some(domain::clone_ref::CloneRef::Replicate { reference_key }) =
            r.clone_ref.as_deref().and_then(|c| c.parse().ok())
        {
            files.push(reference_key);
        }
        Removed {
            owner_id: r.owner_id,
            clone_engine: r.clone_engine,
            provider_voice_id: r.provider_voice_id,
            training_ref: r.training_ref,
            files,
        }
    }))
}

// ---- samples ----

#[derive(Debug, Clone)]
pub struct SampleRow {
    pub id: Uuid,
    pub kind: SampleKind,
    pub step: i32,
    pub audio_path: String,
    pub transcript: Option<String>,
    pub file_size_bytes: i64,
    pub duration_seconds: Option<f64>,
    pub created_at: DateTime<Utc>,
}

pub struct NewSample<'a> {
    pub voice_id: Uuid,
    pub user_id: Uuid,
    pub kind: SampleKind,
    pub step: i32,
    pub audio_path: &'a str,
    pub transcript: Option<&'a str>,
    pub file_size_bytes: i64,
    pub duration_seconds: f64,
}

/// Stores a sample; a new recording of the same step replaces the old one.
pub async fn upsert_sample(db: impl PgExecutor<'_>, sample: &NewSample<'_>) -> Result<SampleRow, sqlx::Error> {
    sqlx::query_as!(
        SampleRow,
        r#"INSERT INTO voice_training_samples (voice_id, user_id, kind, step, audio_path, transcript,
                                               file_size_bytes, duration_seconds, status)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'processed')
           ON CONFLICT (voice_id, kind, step) DO UPDATE SET
               audio_path = EXCLUDED.audio_path, transcript = EXCLUDED.transcript,
               file_size_bytes = EXCLUDED.file_size_bytes, duration_seconds = EXCLUDED.duration_seconds,
               created_at = now()
           RETURNING id, kind AS "kind: SampleKind", step, audio_path, transcript, file_size_bytes,
                     duration_seconds, created_at"#,
        sample.voice_id,
        sample.user_id,
        sample.kind as SampleKind,
        sample.step,
        sample.audio_path,
        sample.transcript,
        sample.file_size_bytes,
        sample.duration_seconds,
    )
    .fetch_one(db)
    .await
}

pub async fn samples(db: impl PgExecutor<'_>, voice_id: Uuid) -> Result<Vec<SampleRow>, sqlx::Error> {
    sqlx::query_as!(
        SampleRow,
        r#"SELECT id, kind AS "kind: SampleKind", step, audio_path, transcript, file_size_bytes, duration_seconds, created_at
           FROM voice_training_samples WHERE voice_id = $1
           ORDER BY kind = 'consent', step"#,
        voice_id
    )
    .fetch_all(db)
    .await
}

// ---- monthly fee ----

/// Completed clones whose fee is due or open.
pub async fn fee_due(db: impl PgExecutor<'_>) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT id FROM voices
           WHERE type = 'clone' AND training_status = 'completed'
             -- Never activated: its owner has not agreed to a fee yet.
             AND paid_until IS NOT NULL
             AND (fee_paused OR paid_until <= now())
           ORDER BY paid_until
           LIMIT 1000"#
    )
    .fetch_all(db)
    .await
}

pub struct FeeState {
    pub owner_id: Uuid,
    pub completed_at: Option<DateTime<Utc>>,
    pub paid_until: Option<DateTime<Utc>>,
    pub fee_paused: bool,
    pub training_status: TrainingStatus,
}

/// The clone's fee state, locked for the rest of the transaction.
pub async fn lock_fee_state(conn: &mut PgConnection, voice_id: Uuid) -> Result<Option<FeeState>, sqlx::Error> {
    sqlx::query_as!(
        FeeState,
        r#"SELECT owner_id AS "owner_id!", completed_at, paid_until, fee_paused,
                  training_status AS "training_status!: TrainingStatus"
           FROM voices WHERE id = $1 AND type = 'clone' FOR UPDATE"#,
        voice_id
    )
    .fetch_optional(conn)
    .await
}

pub async fn set_paid(conn: &mut PgConnection, voice_id: Uuid, paid_until: DateTime<Utc>) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE voices SET paid_until = $2, fee_paused = false WHERE id = $1", voice_id, paid_until)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn pause_for_fee(conn: &mut PgConnection, voice_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE voices SET fee_paused = true WHERE id = $1", voice_id).execute(conn).await?;
    Ok(())
}
