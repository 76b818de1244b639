//! Generation jobs: submit (validate, charge, enqueue), delete, fail with refund, and
//! the sweep that recovers jobs lost between Postgres and Redis or stuck in a worker.

use serde_json::json;
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use uuid::Uuid;

use crate::db::jobs::{self, JobRow};
use crate::db::voices::{self, Voice};
use crate::db::{ledger, users};
use crate::domain::money::generation_cost_cent;
use crate::domain::text::{SynthesisText, incomplete_input};
use crate::engine::Engines;
use crate::error::{Error, Result};
use crate::queue::JobQueue;
use crate::storage::AudioStorage;

/// Murf's speech-rate range (spec: 0.7 - 1.3, step 0.1).
pub const RATE_RANGE: std::ops::RangeInclusive<f32> = 0.7..=1.3;

/// A requested speech rate, checked against the voice: only voices that support it
/// (Murf) take one, and only within [`RATE_RANGE`].
pub fn speech_rate(voice: &Voice, rate: Option<f32>) -> Result<Option<f32>> {
    match rate {
        Some(rate) if !voice.supports_rate() => Err(Error::field(
            "rate",
            format!("Die Sprechgeschwindigkeit gibt es nur für Murf-Stimmen (erhalten: {rate})."),
        )),
        Some(rate) if !RATE_RANGE.contains(&rate) => {
            Err(Error::field("rate", "Die Sprechgeschwindigkeit muss zwischen 0,7 und 1,3 liegen."))
        }
        rate => Ok(rate),
    }
}

pub struct SubmitRequest {
    pub text: String,
    pub voice_id: Option<Uuid>,
    pub rate: Option<f32>,
    pub source_type: &'static str,
    pub idempotency_key: Option<String>,
}

pub struct Submitted {
    pub job: JobRow,
    pub balance_cent: i64,
    /// True when an earlier request with the same idempotency key created the job.
    pub replayed: bool,
}

/// Validates, then charges and creates the job in one transaction, then enqueues it.
/// If the push to Redis fails the job stays `pending` and the sweep enqueues it later.
pub async fn submit(
    pool: &PgPool,
    queue: &JobQueue,
    engines: &Engines,
    user_id: Uuid,
    request: SubmitRequest,
) -> Result<Submitted> {
    let text = SynthesisText::parse(&request.text)?;
    let voice_id = request.voice_id.ok_or_else(incomplete_input)?;
    let voice = voices::find_usable(pool, voice_id, user_id)
        .await?
        .ok_or_else(|| Error::field("voice_id", "Diese Stimme ist nicht verfügbar."))?;
    engines.usable(&voice.provider).map_err(|reason| Error::field("voice_id", reason))?;
    let options = match speech_rate(&voice, request.rate)? {
        Some(rate) => json!({ "rate": rate }),
        None => json!({}),
    };
    let key = request.idempotency_key.as_deref().map(str::trim).filter(|k| !k.is_empty());
    if key.is_some_and(|k| k.chars().count() > 255) {
        return Err(Error::invalid("Ungültige Anfrage", "Der Idempotency-Key darf höchstens 255 Zeichen lang sein."));
    }
    let fingerprint = fingerprint(voice.id, text.as_str(), &options);
    let cost_cent = generation_cost_cent(text.char_count());
    let job_id = Uuid::new_v4();

    let mut tx = pool.begin().await?;
    let new_job = jobs::NewJob {
        id: job_id,
        user_id,
        text: text.as_str(),
        voice: &voice,
        options,
        cost_cent,
        source_type: request.source_type,
        idempotency_key: key,
        fingerprint: &fingerprint,
    };
    let Some(job) = jobs::insert(&mut tx, &new_job).await? else {
        tx.rollback().await?;
        return replay(pool, user_id, key.expect("only keyed inserts conflict"), &fingerprint).await;
    };
    let Some(balance_cent) = ledger::debit(&mut tx, user_id, cost_cent, job_id).await? else {
        let balance = users::balance(&mut *tx, user_id).await?;
        return Err(Error::InsufficientBalance { needed: cost_cent, balance });
    };
    voices::record_use(&mut tx, voice.id, user_id, job_id, text.char_count() as i32).await?;
    tx.commit().await?;

    enqueue(pool, queue, job_id).await;
    Ok(Submitted { job, balance_cent, replayed: false })
}

/// Same text, voice and options give the same fingerprint.
fn fingerprint(voice_id: Uuid, text: &str, options: &serde_json::Value) -> String {
    let mut hash = Sha256::new();
    hash.update(voice_id.as_bytes());
    hash.update(options.to_string().as_bytes());
    hash.update(text.as_bytes());
    hex::encode(hash.finalize())
}

async fn replay(pool: &PgPool, user_id: Uuid, key: &str, fingerprint: &str) -> Result<Submitted> {
    let (job_id, earlier) = jobs::find_by_idempotency_key(pool, user_id, key)
        .await?
        .ok_or_else(|| Error::Conflict("Die Anfrage mit diesem Idempotency-Key wird gerade verarbeitet.".into()))?;
    if earlier.as_deref() != Some(fingerprint) {
        return Err(Error::Conflict(
            "Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.".into(),
        ));
    }
    let job = jobs::get_for_user(pool, job_id, user_id).await?.ok_or(Error::NotFound("Auftrag nicht gefunden."))?;
    let balance_cent = users::balance(pool, user_id).await?;
    Ok(Submitted { job, balance_cent, replayed: true })
}

/// Pushes to Redis; a failure is logged and left to the sweep, the job is already paid.
async fn enqueue(pool: &PgPool, queue: &JobQueue, job_id: Uuid) {
    match queue.push(job_id).await {
        Ok(()) => {
            if let Err(e) = jobs::mark_enqueued(pool, job_id).await {
                tracing::warn!(%job_id, error = %e, "could not record enqueue; the sweep will push again");
            }
        }
        Err(e) => tracing::warn!(%job_id, error = %e, "enqueue failed; the sweep will retry"),
    }
}

/// Deletes a job and its audio for good. A job that has not finished is refunded.
pub async fn delete(pool: &PgPool, storage: &dyn AudioStorage, user_id: Uuid, job_id: Uuid) -> Result<()> {
    let mut tx = pool.begin().await?;
    let deleted = jobs::delete_for_user(&mut tx, job_id, user_id)
        .await?
        .ok_or(Error::NotFound("Audio nicht gefunden."))?;
    let unfinished = matches!(deleted.status.as_str(), "pending" | "processing");
    if unfinished && deleted.cost_cent > 0 {
        ledger::credit(&mut tx, user_id, deleted.cost_cent, ledger::Kind::Refund, None).await?;
    }
    tx.commit().await?;
    if let Some(key) = deleted.audio_key {
        if let Err(e) = storage.delete(&key).await {
            tracing::warn!(%job_id, error = %e, "audio file of a deleted job not removed");
        }
    }
    Ok(())
}

/// Marks the job failed with a German message and refunds its cost, exactly once:
/// the status condition and the ledger's one-refund-per-job index both guard it.
pub async fn fail_and_refund(pool: &PgPool, job_id: Uuid, message: &str) -> Result<bool> {
    let mut tx = pool.begin().await?;
    let Some(failed) = jobs::fail(&mut tx, job_id, message).await? else {
        return Ok(false);
    };
    if failed.cost_cent > 0 {
        ledger::credit(&mut tx, failed.user_id, failed.cost_cent, ledger::Kind::Refund, Some(job_id)).await?;
    }
    tx.commit().await?;
    Ok(true)
}

pub struct SweepSettings {
    pub max_attempts: i32,
    pub stuck_after_secs: i64,
    pub requeue_after_secs: i64,
}

impl From<&crate::config::WorkerSettings> for SweepSettings {
    fn from(worker: &crate::config::WorkerSettings) -> Self {
        SweepSettings {
            max_attempts: worker.max_attempts,
            stuck_after_secs: worker.stuck_after_secs,
            requeue_after_secs: worker.requeue_after_secs,
        }
    }
}

/// Recovers jobs (all, or one user's): pending jobs that never reached Redis are pushed
/// again; processing jobs without heartbeat go back to pending, or fail with a refund
/// once their attempts are used up. Returns how many jobs were recovered.
pub async fn sweep(pool: &PgPool, queue: &JobQueue, settings: &SweepSettings, user_id: Option<Uuid>) -> Result<u64> {
    let mut recovered = 0;
    for (job_id, attempts) in jobs::stuck_processing(pool, settings.stuck_after_secs, user_id).await? {
        if attempts >= settings.max_attempts {
            let message = "Die Verarbeitung wurde mehrfach unterbrochen. Der Betrag wurde erstattet.";
            if fail_and_refund(pool, job_id, message).await? {
                recovered += 1;
            }
        } else if jobs::release(pool, job_id).await? {
            enqueue(pool, queue, job_id).await;
            recovered += 1;
        }
    }
    for job_id in jobs::lost_pending(pool, settings.requeue_after_secs, user_id).await? {
        enqueue(pool, queue, job_id).await;
        recovered += 1;
    }
    Ok(recovered)
}
