//! Synthesis: claim the row, synthesize chunk by chunk, make one MP3, store it, mark the
//! job completed. Engine failures are retried; the last one fails the job and refunds it.
//! A duplicate delivery finds the row already claimed and does nothing.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
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
    let hold = Hold::new(job_id, job.attempts);
    let outcome = attempt(svc, &job).await;
    hold.end();
    outcome
}

/// One attempt at a claimed job: synthesize, store, and decide what its failure means.
async fn attempt(svc: &Services, job: &ClaimedJob) -> shared::Result<Outcome> {
    let heartbeat = generation::spawn_heartbeat(svc.pool.clone(), job.id, svc.settings.worker.heartbeat());
    let result = synthesize(svc, job).await;
    heartbeat.abort();
    let result = match result {
        Ok(mp3) => store(svc, job, mp3).await?,
        Err(error) => Err(error),
    };
    let job_id = job.id;
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

/// The jobs this process claimed and has not ended, with the attempt each claim made.
static HELD: LazyLock<Mutex<HashMap<Uuid, i32>>> = LazyLock::new(Default::default);

/// A claim, held until `end`. A job whose future is dropped (the end of a shutdown's
/// grace) never ends its hold, so `hand_back_held` finds it.
struct Hold(Uuid);

impl Hold {
    fn new(id: Uuid, attempt: i32) -> Self {
        HELD.lock().expect("held jobs").insert(id, attempt);
        Hold(id)
    }

    fn end(self) {
        HELD.lock().expect("held jobs").remove(&self.0);
    }
}

/// At shutdown, after the grace: hands every job still held back to the queue (pending,
/// attempt not counted), so another worker takes it at once instead of after
/// `stuck_after_secs`. Returns how many were handed back.
pub async fn hand_back_held(svc: &Services) -> usize {
    let held: Vec<(Uuid, i32)> = HELD.lock().expect("held jobs").drain().collect();
    let mut handed = 0;
    for (id, attempt) in held {
        match generation::hand_back(svc, id, attempt).await {
            Ok(true) => handed += 1,
            Ok(false) => {}
            Err(e) => tracing::warn!(job_id = %id, error = %e, "job not handed back; the sweep will take it"),
        }
    }
    handed
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
    Ok(Ok(if generation::complete_stored(svc, job.id, job.attempts, &key, mp3.duration_seconds).await? {
        Outcome::Completed
    } else {
        Outcome::Skipped
    }))
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
