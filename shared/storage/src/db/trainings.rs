//! A clone's training runs (`clone_trainings`, one row per run). The voice row keeps the
//! clone's state and the number of its current run; a run is claimed by a conditional
//! update and every write after the claim names the run and requires it to be running, so
//! a cancelled or reset training cannot be finished by a worker still busy with it.
//!
//! Statements that change both tables lock the voice row first (the data-modifying `WITH`
//! runs before the outer statement), the worker's own writes lock only the run's row, so
//! no two statements wait for each other in opposite orders.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

use domain::kinds::{CloneEngineId, TrainingStatus};

/// Runs kept per clone: a start drops older ones, so starting and cancelling over and
/// over cannot grow the table.
pub const KEPT_RUNS: i32 = 10;

/// Puts the owner's clone into training (from training_needed or failed) with `engine`,
/// as a new run, and drops its runs older than the last [`KEPT_RUNS`] (all ended: only
/// the current run can be running). False: not the owner's, or not in a state to start.
pub async fn start(
    db: impl PgExecutor<'_>,
    voice_id: Uuid,
    owner_id: Uuid,
    engine: CloneEngineId,
    total_steps: i32,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query!(
        r#"WITH voice AS (
               UPDATE voices SET training_status = 'training_in_progress', clone_engine = $3,
                                 training_run = training_run + 1
               WHERE id = $1 AND owner_id = $2 AND training_status IN ('training_needed', 'failed')
               RETURNING id, training_run),
           pruned AS (
               DELETE FROM clone_trainings t USING voice
               WHERE t.voice_id = voice.id AND t.run <= voice.training_run - $5)
           INSERT INTO clone_trainings (voice_id, run, engine, total_steps)
           SELECT id, training_run, $3, $4 FROM voice"#,
        voice_id,
        owner_id,
        engine as CloneEngineId,
        total_steps,
        KEPT_RUNS,
    )
    .execute(db)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// Ends a running or failed training (cancel, reset): the clone goes back to
/// training_needed and a running run is marked cancelled. `None`: nothing changed;
/// otherwise the provider's training to stop, if there is one.
pub async fn stop(
    db: impl PgExecutor<'_>,
    voice_id: Uuid,
    owner_id: Uuid,
    from: &[TrainingStatus],
) -> Result<Option<Option<String>>, sqlx::Error> {
    let from: Vec<&str> = from.iter().map(|s| s.as_str()).collect();
    sqlx::query_scalar!(
        r#"WITH voice AS (
               UPDATE voices SET training_status = 'training_needed'
               WHERE id = $1 AND owner_id = $2 AND training_status = ANY($3)
               RETURNING id, training_run),
           cancelled AS (
               UPDATE clone_trainings t SET status = 'cancelled', heartbeat_at = NULL, finished_at = now()
               FROM voice WHERE t.voice_id = voice.id AND t.run = voice.training_run AND t.status = 'running'
               RETURNING t.provider_ref)
           SELECT (SELECT provider_ref FROM cancelled) AS provider_ref FROM voice"#,
        voice_id,
        owner_id,
        &from as &[&str],
    )
    .fetch_optional(db)
    .await
}

/// A training run claimed by a worker.
#[derive(Debug, Clone)]
pub struct ClaimedTraining {
    pub voice_id: Uuid,
    pub owner_id: Uuid,
    pub name: String,
    pub description: Option<String>,
    pub language: String,
    pub engine: CloneEngineId,
    /// The provider's training this run already started, to poll instead of starting anew.
    pub provider_ref: Option<String>,
    pub run: i32,
    pub attempts: i32,
    pub started_at: DateTime<Utc>,
}

/// Claims the clone's running run when its heartbeat is missing or older than
/// `stale_secs` (a repeated delivery finds it fresh and gets `None`).
pub async fn claim(
    db: impl PgExecutor<'_>,
    voice_id: Uuid,
    stale_secs: i64,
) -> Result<Option<ClaimedTraining>, sqlx::Error> {
    sqlx::query_as!(
        ClaimedTraining,
        r#"UPDATE clone_trainings t SET heartbeat_at = now(), attempts = t.attempts + 1
           FROM voices v
           WHERE t.voice_id = $1 AND t.status = 'running' AND v.id = t.voice_id
             AND (t.heartbeat_at IS NULL OR t.heartbeat_at < now() - make_interval(secs => $2))
           RETURNING t.voice_id, v.owner_id AS "owner_id!", v.name, v.description, v.language,
                     t.engine AS "engine: CloneEngineId", t.provider_ref, t.run, t.attempts, t.started_at"#,
        voice_id,
        stale_secs as f64,
    )
    .fetch_optional(db)
    .await
}

/// Keeps the claim of run `run` alive; false when the run is over (cancelled, reset) or
/// no longer held: a run handed back or released (no heartbeat) stays free, so a beat
/// already on its way when the holder stopped cannot take it back.
pub async fn heartbeat(db: impl PgExecutor<'_>, voice_id: Uuid, run: i32) -> Result<bool, sqlx::Error> {
    let result = sqlx::query!(
        "UPDATE clone_trainings SET heartbeat_at = now()
         WHERE voice_id = $1 AND run = $2 AND status = 'running' AND heartbeat_at IS NOT NULL",
        voice_id,
        run
    )
    .execute(db)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// Records progress (and the provider's training, once known) of run `run`.
pub async fn progress(
    db: impl PgExecutor<'_>,
    voice_id: Uuid,
    run: i32,
    percent: i32,
    step: i32,
    provider_ref: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query!(
        r#"UPDATE clone_trainings SET progress = $3, current_step = $4, provider_ref = COALESCE($5, provider_ref),
                                      heartbeat_at = CASE WHEN heartbeat_at IS NULL THEN NULL ELSE now() END
           WHERE voice_id = $1 AND run = $2 AND status = 'running'"#,
        voice_id,
        run,
        percent.clamp(0, 100),
        step,
        provider_ref,
    )
    .execute(db)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// Run `run` made the voice: the clone becomes usable with how the engine speaks it.
pub async fn complete(
    db: impl PgExecutor<'_>,
    voice_id: Uuid,
    run: i32,
    clone_ref: &str,
    provider_voice_id: Option<&str>,
) -> Result<bool, sqlx::Error> {
    let result = sqlx::query!(
        r#"WITH voice AS (
               UPDATE voices SET training_status = 'completed', completed_at = now(), api_name = $3,
                                 clone_ref = $3, provider_voice_id = $4
               WHERE id = $1 AND training_run = $2 AND training_status = 'training_in_progress'
               RETURNING id)
           UPDATE clone_trainings t SET status = 'completed', progress = 100, current_step = t.total_steps,
                                        heartbeat_at = NULL, finished_at = now()
           FROM voice WHERE t.voice_id = voice.id AND t.run = $2 AND t.status = 'running'"#,
        voice_id,
        run,
        clone_ref,
        provider_voice_id,
    )
    .execute(db)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// Run `run` failed for good, with the German reason.
pub async fn fail(db: impl PgExecutor<'_>, voice_id: Uuid, run: i32, error: &str) -> Result<bool, sqlx::Error> {
    let result = sqlx::query!(
        r#"WITH voice AS (
               UPDATE voices SET training_status = 'failed'
               WHERE id = $1 AND training_run = $2 AND training_status = 'training_in_progress'
               RETURNING id)
           UPDATE clone_trainings t SET status = 'failed', error = $3, heartbeat_at = NULL, finished_at = now()
           FROM voice WHERE t.voice_id = voice.id AND t.run = $2 AND t.status = 'running'"#,
        voice_id,
        run,
        error,
    )
    .execute(db)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// Lets another delivery take run `run` over (a passing failure; the queue retries).
pub async fn release(db: impl PgExecutor<'_>, voice_id: Uuid, run: i32) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE clone_trainings SET heartbeat_at = NULL WHERE voice_id = $1 AND run = $2 AND status = 'running'",
        voice_id,
        run
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Gives run `run` back at shutdown, without counting the attempt: only while it is
/// still at the attempt this process claimed (another delivery may have taken it over).
pub async fn hand_back(db: impl PgExecutor<'_>, voice_id: Uuid, run: i32, attempt: i32) -> Result<bool, sqlx::Error> {
    let result = sqlx::query!(
        r#"UPDATE clone_trainings SET heartbeat_at = NULL, attempts = attempts - 1
           WHERE voice_id = $1 AND run = $2 AND status = 'running' AND attempts = $3"#,
        voice_id,
        run,
        attempt
    )
    .execute(db)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// Running trainings no worker holds: never picked up within `grace_secs` of their start,
/// or whose heartbeat is older than `stale_secs` (the worker died).
pub async fn unattended(db: impl PgExecutor<'_>, grace_secs: i64, stale_secs: i64) -> Result<Vec<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT voice_id FROM clone_trainings
           WHERE status = 'running'
             AND ((heartbeat_at IS NULL AND started_at < now() - make_interval(secs => $1))
                  OR heartbeat_at < now() - make_interval(secs => $2))
           LIMIT 100"#,
        grace_secs as f64,
        stale_secs as f64,
    )
    .fetch_all(db)
    .await
}
