//! One generation job: claim the row, synthesize chunk by chunk, make one MP3, store it,
//! mark the job completed. Engine failures are retried; the last one fails the job and
//! refunds it. A duplicate delivery finds the row already claimed and does nothing.

use std::time::Duration;

use apalis::prelude::{AbortError, BoxDynError, Data};
use shared::audio;
use shared::db::jobs::{self, ClaimedJob};
use shared::engine::EngineError;
use shared::generation;
use shared::queue::SynthesizeJob;
use shared::storage;
use shared::synthesis::{self, Speech};
use uuid::Uuid;

use crate::WorkerState;

const HEARTBEAT_EVERY: Duration = Duration::from_secs(10);

/// What happened to a delivered job.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    Completed,
    /// Failed for good and refunded.
    Failed,
    /// Released for another attempt.
    Retry,
    /// Not ours to do: already claimed, finished or deleted.
    Skipped,
}

/// The apalis handler.
pub async fn handle(job: SynthesizeJob, state: Data<WorkerState>) -> Result<(), BoxDynError> {
    match process(&state, job.job_id).await? {
        Outcome::Retry => Err(format!("job {} will be retried", job.job_id).into()),
        Outcome::Failed => Err(AbortError::new(format!("job {} failed", job.job_id)).into()),
        Outcome::Completed | Outcome::Skipped => Ok(()),
    }
}

pub async fn process(state: &WorkerState, job_id: Uuid) -> Result<Outcome, shared::Error> {
    let Some(job) = jobs::claim(&state.pool, job_id).await? else {
        return Ok(Outcome::Skipped);
    };
    let heartbeat = spawn_heartbeat(state.pool.clone(), job_id);
    let result = synthesize(state, &job).await;
    heartbeat.abort();
    match result {
        Ok(mp3) => store(state, &job, mp3).await,
        Err(EngineError::Transient(message)) if job.attempts < state.settings.max_attempts => {
            tracing::warn!(%job_id, attempt = job.attempts, %message, "synthesis failed, will retry");
            jobs::release(&state.pool, job_id).await?;
            Ok(Outcome::Retry)
        }
        Err(error) => {
            let message = match error {
                EngineError::Transient(m) => format!("{m} (nach {} Versuchen)", job.attempts),
                EngineError::Permanent(m) => m,
            };
            tracing::warn!(%job_id, %message, "synthesis failed for good, refunding");
            generation::fail_and_refund(&state.pool, job_id, &format!("{message} Der Betrag wurde erstattet.")).await?;
            Ok(Outcome::Failed)
        }
    }
}

async fn store(state: &WorkerState, job: &ClaimedJob, mp3: audio::Mp3) -> Result<Outcome, shared::Error> {
    let key = storage::audio_key(job.user_id, job.id);
    if let Err(e) = state.storage.put(&key, &mp3.bytes).await {
        tracing::error!(job_id = %job.id, error = %e, "storing audio failed");
        jobs::release(&state.pool, job.id).await?;
        return Ok(Outcome::Retry);
    }
    if jobs::complete(&state.pool, job.id, &key, mp3.duration_seconds).await? {
        Ok(Outcome::Completed)
    } else {
        // Deleted while we worked: do not leave its file behind.
        state.storage.delete(&key).await.ok();
        Ok(Outcome::Skipped)
    }
}

fn spawn_heartbeat(pool: sqlx::PgPool, job_id: Uuid) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut every = tokio::time::interval(HEARTBEAT_EVERY);
        every.tick().await;
        loop {
            every.tick().await;
            if let Err(e) = jobs::heartbeat(&pool, job_id).await {
                tracing::warn!(%job_id, error = %e, "heartbeat failed");
            }
        }
    })
}

async fn synthesize(state: &WorkerState, job: &ClaimedJob) -> Result<audio::Mp3, EngineError> {
    let engine = state.engines.current().usable(&job.provider).map_err(|reason| EngineError::Permanent(reason.into()))?;
    let voice = job
        .api_name
        .as_deref()
        .ok_or_else(|| EngineError::Permanent("Die Stimme ist nicht mehr verfügbar.".into()))?;
    let rate = job.options.get("rate").and_then(|r| r.as_f64()).map(|r| r as f32);
    let speech = Speech { text: &job.text, voice, language: &job.language, rate };
    synthesis::render(engine.as_ref(), speech, state.settings.chunk_concurrency).await
}
