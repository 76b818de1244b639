//! Synthesis: claim the row, synthesize chunk by chunk, make one MP3, store it, mark the
//! job completed. Engine failures are retried; the last one fails the job and refunds it.
//! A duplicate delivery finds the row already claimed and does nothing.

use std::time::Duration;

use shared::db::jobs::{self, ClaimedJob};
use shared::engine::EngineError;
use shared::queue::Job;
use shared::synthesis::{self, Speech};
use shared::{Services, audio, generation, queue, storage};
use uuid::Uuid;

use super::{Outcome, QueuedJob};

pub struct SynthesizeJob;

impl QueuedJob for SynthesizeJob {
    type Payload = queue::Synthesize;
    const TIMEOUT: Duration = Duration::from_secs(15 * 60);

    fn concurrency(svc: &Services) -> usize {
        svc.settings.worker.concurrency
    }

    fn max_attempts(svc: &Services) -> usize {
        svc.settings.worker.max_attempts.max(1) as usize
    }

    async fn process(svc: &Services, id: Uuid) -> shared::Result<Outcome> {
        process(svc, id).await
    }

    async fn recover(svc: &Services) -> shared::Result<u64> {
        generation::recover(svc, None).await
    }
}

pub async fn process(svc: &Services, job_id: Uuid) -> shared::Result<Outcome> {
    let Some(job) = jobs::claim(&svc.pool, job_id).await? else {
        return Ok(Outcome::Skipped);
    };
    if job.attempts == 1 {
        shared::telemetry::job_picked_up(queue::Synthesize::NAME, Duration::from_secs_f64(job.waited_seconds.max(0.0)));
    }
    let heartbeat = generation::spawn_heartbeat(svc.pool.clone(), job_id);
    let result = synthesize(svc, &job).await;
    heartbeat.abort();
    let result = match result {
        Ok(mp3) => store(svc, &job, mp3).await?,
        Err(error) => Err(error),
    };
    let max_attempts = svc.settings.worker.max_attempts;
    match result {
        Ok(outcome) => Ok(outcome),
        Err(EngineError::Cancelled) => {
            tracing::info!(%job_id, "job deleted while it was synthesized; stopped");
            Ok(Outcome::Skipped)
        }
        Err(EngineError::Transient(message)) if job.attempts < max_attempts => {
            tracing::warn!(%job_id, attempt = job.attempts, %message, "synthesis failed, will retry");
            jobs::release(&svc.pool, job_id).await?;
            Ok(Outcome::Retry)
        }
        Err(error) => {
            let message = match error {
                EngineError::Transient(m) => format!("{m} (nach {} Versuchen)", job.attempts),
                EngineError::Permanent(m) => m,
                EngineError::Cancelled => unreachable!("handled above"),
            };
            tracing::warn!(%job_id, %message, "synthesis failed for good, refunding");
            let stop = if message.ends_with('.') { "" } else { "." };
            generation::fail_and_refund(&svc.pool, job_id, &format!("{message}{stop} Der Betrag wurde erstattet."))
                .await?;
            Ok(Outcome::Failed)
        }
    }
}

/// Stores the MP3 and completes the job. A store that fails is a transient failure like
/// an engine's: nothing was written (a put replaces whole or not at all), so the job is
/// tried again while attempts are left, then failed and refunded.
async fn store(svc: &Services, job: &ClaimedJob, mp3: audio::Mp3) -> shared::Result<Result<Outcome, EngineError>> {
    if !jobs::is_processing(&svc.pool, job.id).await? {
        return Ok(Ok(Outcome::Skipped));
    }
    let key = storage::audio_key(job.user_id, job.id);
    if let Err(e) = svc.storage.put(&key, &mp3.bytes).await {
        tracing::error!(job_id = %job.id, attempt = job.attempts, error = %e, "storing audio failed");
        return Ok(Err(EngineError::Transient("Der Audiospeicher war nicht erreichbar".into())));
    }
    if jobs::complete(&svc.pool, job.id, &key, mp3.duration_seconds, svc.settings.library.expiry_days).await? {
        Ok(Ok(Outcome::Completed))
    } else {
        // Deleted while we worked: do not leave its file behind.
        svc.storage.delete(&key).await.ok();
        Ok(Ok(Outcome::Skipped))
    }
}

async fn synthesize(svc: &Services, job: &ClaimedJob) -> Result<audio::Mp3, EngineError> {
    let engine = svc
        .engines
        .current()
        .usable(job.provider)
        .map_err(|why| EngineError::Permanent(why.reason_for(shared::domain::kinds::Role::User).into()))?;
    let voice =
        job.api_name.as_deref().ok_or_else(|| EngineError::Permanent("Die Stimme ist nicht mehr verfügbar.".into()))?;
    let rate = job.options.get("rate").and_then(|r| r.as_f64()).map(|r| r as f32);
    let instructions = job.options.get("instructions").and_then(|i| i.as_str());
    let dictionary = shared::pronunciation::entries_for(&svc.pool, Some(job.user_id))
        .await
        .map_err(|e| EngineError::Transient(format!("Das Aussprache-Wörterbuch ist nicht lesbar: {e}")))?;
    let speech =
        Speech { text: &job.text, voice, language: &job.language, rate, instructions, dictionary: &dictionary };
    let still_wanted = || async { jobs::is_processing(&svc.pool, job.id).await.unwrap_or(true) };
    synthesis::render_while(engine.as_ref(), speech, svc.settings.worker.chunk_concurrency, still_wanted).await
}
