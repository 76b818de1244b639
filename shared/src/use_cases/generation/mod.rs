//! Generations (text to speech jobs), the use cases: submit (validate, authorize, charge,
//! enqueue), list, play or download, delete, the user's "clean up stuck jobs", and what the
//! runs need around them: fail with refund, and recovery of jobs lost between Postgres
//! and Redis or stuck in a dead worker. A job is made by one of two runs (`crate::run`):
//! [`queued`] in the worker, or [`inline`] in the api process for a streamed answer.

pub mod inline;
pub mod queued;

use serde_json::json;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use crate::caller::{Caller, Identity};
use crate::cpu::CpuPool;
use crate::db::jobs::{self, JobRow};
use crate::db::voices::{self, Voice};
use crate::db::{self, ledger, users};
use crate::domain::kinds::{JobSource, JobStatus};
use crate::domain::money::{generation_cost_cent, undelivered_refund_cent};
use crate::domain::speech_budget::{self, SpeechSize};
use crate::domain::text::{SynthesisText, incomplete_input};
use crate::domain::timed_text::TimedText;
use crate::error::{Error, Result};
use crate::queue::{Job, Queue, Synthesize};
use crate::services::Services;
use crate::telemetry;

/// Speech-rate range of the voices that take one (spec: 0.7 - 1.3, step 0.1).
pub const RATE_RANGE: std::ops::RangeInclusive<f32> = 0.7..=1.3;

/// A requested speech rate, checked against the voice: only voices whose provider takes
/// one (the provider table says which), and only within [`RATE_RANGE`].
pub fn speech_rate(voice: &Voice, rate: Option<f32>) -> Result<Option<f32>> {
    match rate {
        Some(rate) if !crate::providers::of(voice.provider).takes_rate => Err(Error::field(
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
    pub source: JobSource,
    pub idempotency_key: Option<String>,
    /// Filed under this category (own or global) right away.
    pub category_id: Option<Uuid>,
    /// Tag names (comma-separated allowed); existing names are reused.
    pub tags: Vec<String>,
    /// How to speak, for engines that take a prompt (kept in the job's options).
    pub instructions: Option<String>,
    pub delivery: Delivery,
}

/// Who synthesizes the job.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// The worker, through the queue (the web app, `POST /v1/jobs`).
    Queue,
    /// The caller, right away: the job is created already claimed (`processing`) and is
    /// not queued (the streamed `POST /v1/audio/speech`). If that process dies, the
    /// sweep finds the job without heartbeat and hands it to the worker.
    Inline,
}

/// Longest `instructions` text.
pub const INSTRUCTIONS_MAX: usize = 2000;

pub struct Submitted {
    pub job: JobRow,
    pub balance_cent: i64,
    /// True when an earlier request with the same idempotency key created the job.
    pub replayed: bool,
    /// The job may carry categories or tags (asked for, or a replay of a request that
    /// may have asked).
    labelled: bool,
}

impl Submitted {
    /// The job as the library shows it. A new job without labels needs no read.
    pub async fn item(&self, svc: &Services) -> Result<crate::use_cases::library::Item> {
        if !self.labelled {
            return Ok(crate::use_cases::library::Item {
                job: self.job.clone(),
                categories: Vec::new(),
                tags: Vec::new(),
            });
        }
        Ok(crate::use_cases::library::with_labels(svc, vec![self.job.clone()])
            .await?
            .pop()
            .expect("one row in, one out"))
    }
}

/// Validates, then charges and creates the job in one transaction, then enqueues it.
/// If the push to Redis fails the job stays `pending` and the sweep enqueues it later.
pub async fn submit(svc: &Services, caller: &Caller, request: SubmitRequest) -> Result<Submitted> {
    let user = caller.user()?;
    let text = SynthesisText::parse(&request.text)?;
    let voice_id = request.voice_id.ok_or_else(incomplete_input)?;
    let voice = voices::find_usable(&svc.pool, voice_id, user.id)
        .await?
        .ok_or_else(|| Error::field("voice_id", "Diese Stimme ist nicht verfügbar."))?;
    svc.engines.current().usable(voice.provider).map_err(|why| Error::field("voice_id", why.reason_for(user.role)))?;
    let mut options = json!({});
    if let Some(rate) = speech_rate(&voice, request.rate)? {
        options["rate"] = json!(rate);
    }
    if let Some(instructions) = request.instructions.as_deref().map(str::trim).filter(|i| !i.is_empty()) {
        crate::domain::input::no_controls("instructions", instructions, true)?;
        if instructions.chars().count() > INSTRUCTIONS_MAX {
            return Err(Error::field("instructions", format!("Höchstens {INSTRUCTIONS_MAX} Zeichen.")));
        }
        options["instructions"] = json!(instructions);
    }
    let key = crate::domain::input::idempotency_key(request.idempotency_key.as_deref())?;
    if let Some(category) = request.category_id {
        db::labels::visible_category(&svc.pool, category, user.id)
            .await?
            .ok_or_else(|| Error::field("category_id", "Bitte wählen Sie eine Kategorie aus."))?;
    }
    let tags = crate::use_cases::library::labels::tag_names(&request.tags)?;
    let labelled = request.category_id.is_some() || !tags.is_empty();
    let fingerprint = fingerprint(voice.id, text.as_str(), &options);
    let size = spoken_size(svc, user.id, text.as_str(), &voice.language).await?;
    let cost_cent = generation_cost_cent(size.billable_chars());
    let job_id = Uuid::new_v4();

    let mut tx = svc.pool.begin().await?;
    let new_job = jobs::NewJob {
        id: job_id,
        user_id: user.id,
        text: text.as_str(),
        voice: &voice,
        options,
        cost_cent,
        source_type: request.source,
        idempotency_key: key,
        fingerprint: &fingerprint,
        enqueued: request.delivery == Delivery::Queue,
        characters: text.char_count() as i32,
    };
    let Some(mut job) = jobs::insert(&mut tx, &new_job).await? else {
        tx.rollback().await?;
        return replay(svc, user.id, key.expect("only keyed inserts conflict"), &fingerprint).await;
    };
    if request.delivery == Delivery::Inline {
        jobs::claim(&mut *tx, job_id).await?;
        job.status = JobStatus::Processing;
    }
    let Some(balance_cent) = ledger::debit(&mut tx, user.id, cost_cent, ledger::JobDebit::Charge, job_id).await? else {
        let balance = users::balance(&mut *tx, user.id).await?;
        return Err(Error::InsufficientBalance { needed: cost_cent, balance });
    };
    voices::count_clone_use(&mut tx, &voice).await?;
    if let Some(category) = request.category_id {
        db::labels::assign_categories(&mut *tx, &[job_id], &[category]).await?;
    }
    if !tags.is_empty() {
        let tag_ids = crate::use_cases::library::labels::ensure_tags(&mut tx, user.id, &tags).await?;
        db::labels::assign_tags(&mut *tx, &[job_id], &tag_ids).await?;
    }
    tx.commit().await?;
    let channel = match caller.identity {
        Identity::ApiKey(_) => telemetry::Channel::Api,
        _ => telemetry::Channel::Web,
    };
    telemetry::job_submitted(Synthesize::NAME, channel);
    // In the request's span: this line ties the request id to the job id the worker logs.
    tracing::info!(%job_id, cost_cent, "job submitted");

    if request.delivery == Delivery::Queue
        && let Err(e) = svc.queue.push::<Synthesize>(job_id).await
    {
        tracing::warn!(%job_id, error = %e, "enqueue failed; the sweep will retry");
        if let Err(e) = jobs::clear_enqueued(&svc.pool, job_id).await {
            tracing::warn!(%job_id, error = %e, "could not clear the queue mark; the sweep retries later");
        }
    }
    Ok(Submitted { job, balance_cent, replayed: false, labelled })
}

/// The text as it will be spoken with the user's dictionary, refused beyond what one
/// text may make (`domain::speech_budget`): the price counts what is spoken, not only
/// what is typed.
pub async fn spoken_size(svc: &Services, user_id: Uuid, text: &str, language: &str) -> Result<SpeechSize> {
    let entries = crate::use_cases::pronunciation::entries_for(&svc.pool, Some(user_id)).await?;
    let (text, language) = (text.to_owned(), language.to_owned());
    // The dictionary and the normaliser grow with text and entries: not on the async threads.
    let size = CpuPool::global().run(move || speech_budget::measure(&text, &entries, &language)).await?;
    size.check()?;
    Ok(size)
}

/// Same text, voice and options give the same fingerprint.
fn fingerprint(voice_id: Uuid, text: &str, options: &serde_json::Value) -> String {
    let mut hash = Sha256::new();
    hash.update(voice_id.as_bytes());
    hash.update(options.to_string().as_bytes());
    hash.update(text.as_bytes());
    hex::encode(hash.finalize())
}

async fn replay(svc: &Services, user_id: Uuid, key: &str, fingerprint: &str) -> Result<Submitted> {
    let (job_id, earlier) = jobs::find_by_idempotency_key(&svc.pool, user_id, key)
        .await?
        .ok_or_else(|| Error::Conflict("Die Anfrage mit diesem Idempotency-Key wird gerade verarbeitet.".into()))?;
    Error::unless_same_request(earlier.as_deref(), fingerprint)?;
    let job =
        jobs::get_for_user(&svc.pool, job_id, user_id).await?.ok_or(Error::NotFound("Auftrag nicht gefunden."))?;
    let balance_cent = users::balance(&svc.pool, user_id).await?;
    Ok(Submitted { job, balance_cent, replayed: true, labelled: true })
}

/// Pushes a recovered job to Redis and records when; a failure is logged and left to
/// the next sweep, the job is already paid.
async fn enqueue(pool: &sqlx::PgPool, queue: &Queue, job_id: Uuid) {
    match queue.push::<Synthesize>(job_id).await {
        Ok(()) => {
            if let Err(e) = jobs::mark_enqueued(pool, job_id).await {
                tracing::warn!(%job_id, error = %e, "could not record enqueue; the sweep will push again");
            }
        }
        Err(e) => tracing::warn!(%job_id, error = %e, "enqueue failed; the sweep will retry"),
    }
}

/// A finished job's audio: the job (for its file name) and its storage key. 404 for
/// anyone but the owner, and for jobs without audio.
pub async fn audio(svc: &Services, caller: &Caller, job_id: Uuid) -> Result<(JobRow, String)> {
    let not_found = || Error::NotFound("Audio nicht gefunden.");
    let job = jobs::get_for_user(&svc.pool, job_id, caller.user()?.id).await?.ok_or_else(not_found)?;
    if job.is_expired {
        return Err(Error::Expired);
    }
    let key = job.audio_key.clone().filter(|_| job.status == JobStatus::Completed).ok_or_else(not_found)?;
    Ok((job, key))
}

/// When each sentence of a finished job's audio is spoken (the player's highlighting,
/// subtitles). The same 404 and 410 as the audio; a job made before timed text existed
/// has none.
pub async fn timed_text(svc: &Services, caller: &Caller, job_id: Uuid) -> Result<(JobRow, TimedText)> {
    let (job, _) = audio(svc, caller, job_id).await?;
    let timed = db::timed_texts::get_for_user(&svc.pool, job.id, caller.user()?.id)
        .await?
        .ok_or(Error::NotFound("Für dieses Audio gibt es keine Zeitmarken."))?;
    Ok((job, timed))
}

/// Deletes one of the caller's jobs and its audio for good. A job that has not finished
/// is refunded.
pub async fn delete(svc: &Services, caller: &Caller, job_id: Uuid) -> Result<()> {
    let user_id = caller.user()?.id;
    let mut tx = svc.pool.begin().await?;
    // Looked up before the job (and its take) goes: its refund is named after its render.
    let render = crate::db::project_takes::render_of_job(&mut *tx, job_id).await?;
    let Some(deleted) = jobs::delete_for_user(&mut tx, job_id, user_id).await? else {
        // A streamed job whose audio is going out is delivered, not cancellable: a delete
        // now would refund audio the caller keeps receiving.
        if jobs::is_being_delivered(&mut *tx, job_id, user_id).await? {
            return Err(Error::Conflict(
                "Dieses Audio wird gerade an Ihr Programm ausgeliefert und kann erst danach gelöscht werden.".into(),
            ));
        }
        return Err(Error::NotFound("Audio nicht gefunden."));
    };
    // A running job is refunded too: the worker asks before each chunk and before
    // storing whether the job still exists, and stops (no further paid requests).
    let refund = deleted.status.is_unfinished() && deleted.cost_cent > 0;
    if refund {
        ledger::refund(&mut tx, user_id, deleted.cost_cent, job_id, render.as_ref()).await?;
    }
    tx.commit().await?;
    if refund {
        telemetry::refunded(deleted.cost_cent);
    }
    if let Some(key) = deleted.audio_key
        && let Err(e) = svc.storage.delete(&key).await
    {
        tracing::warn!(%job_id, error = %e, "audio file of a deleted job not removed");
    }
    Ok(())
}

/// "Hängende Jobs bereinigen": recovers the caller's own lost and stuck jobs now.
pub async fn cleanup(svc: &Services, caller: &Caller) -> Result<u64> {
    let user_id = caller.user()?.id;
    recover(svc, Some(user_id)).await
}

/// Completes a job whose audio is stored under `key`, if `attempt` still holds its
/// claim. When it does not: a job deleted meanwhile leaves no file behind, and a job
/// another attempt took over keeps the file (same key) for that attempt.
pub async fn complete_stored(
    svc: &Services,
    job_id: Uuid,
    attempt: i32,
    key: &str,
    duration_seconds: f64,
) -> Result<bool> {
    let expiry_days = svc.settings.library.expiry_days;
    if jobs::complete(&svc.pool, job_id, attempt, key, duration_seconds, expiry_days).await? {
        return Ok(true);
    }
    if !jobs::exists(&svc.pool, job_id).await? {
        svc.storage.delete(key).await.ok();
    }
    Ok(false)
}

/// Marks the job failed with a German message and refunds its cost, exactly once:
/// the status condition and the ledger's one-refund-per-job index both guard it.
pub async fn fail_and_refund(pool: &sqlx::PgPool, job_id: Uuid, message: &str) -> Result<bool> {
    fail_and_refund_undelivered(pool, job_id, message, Delivered::NOTHING).await
}

/// How much of a streamed job's audio went out before it failed.
#[derive(Debug, Clone, Copy)]
pub struct Delivered {
    pub parts: usize,
    pub of: usize,
}

impl Delivered {
    pub const NOTHING: Delivered = Delivered { parts: 0, of: 0 };
}

/// [`fail_and_refund`] for a job part of whose audio was delivered already: only the
/// share not delivered is refunded (the caller keeps what it received).
pub async fn fail_and_refund_undelivered(
    pool: &sqlx::PgPool,
    job_id: Uuid,
    message: &str,
    delivered: Delivered,
) -> Result<bool> {
    let mut tx = pool.begin().await?;
    let Some(failed) = jobs::fail(&mut tx, job_id, message).await? else {
        return Ok(false);
    };
    let refund = undelivered_refund_cent(failed.cost_cent, delivered.parts, delivered.of);
    if refund > 0 {
        // A project paragraph's refund carries the name of the render it was booked in.
        let render = crate::db::project_takes::render_of_job(&mut *tx, job_id).await?;
        ledger::refund(&mut tx, failed.user_id, refund, job_id, render.as_ref()).await?;
    }
    tx.commit().await?;
    if refund > 0 {
        telemetry::refunded(refund);
    }
    Ok(true)
}

/// Gives a job this process claimed back to the queue at once (shutdown): pending again,
/// the attempt not counted, pushed so another worker takes it.
pub async fn hand_back(svc: &Services, job_id: Uuid, attempt: i32) -> Result<bool> {
    if !jobs::hand_back(&svc.pool, job_id, attempt).await? {
        return Ok(false);
    }
    enqueue(&svc.pool, &svc.queue, job_id).await;
    Ok(true)
}

/// processing -> pending and pushed to the queue: the worker makes the job (a run that
/// cannot finish it here). False when the job was no longer processing.
pub async fn release_to_worker(svc: &Services, job_id: Uuid) -> Result<bool> {
    if !jobs::release(&svc.pool, job_id).await? {
        return Ok(false);
    }
    enqueue(&svc.pool, &svc.queue, job_id).await;
    Ok(true)
}

/// Recovers synthesis jobs (all, or one user's): pending jobs that never reached Redis
/// are pushed again; processing jobs without heartbeat go back to pending, or fail with
/// a refund once their attempts are used up. Returns how many jobs were recovered.
pub async fn recover(svc: &Services, user_id: Option<Uuid>) -> Result<u64> {
    let worker = &svc.settings.worker;
    let pool = &svc.pool;
    let mut recovered = 0;
    for (job_id, attempts) in jobs::stuck_processing(pool, worker.stuck_after_secs, user_id).await? {
        if attempts >= worker.max_attempts {
            let message = "Die Verarbeitung wurde mehrfach unterbrochen. Der Betrag wurde erstattet.";
            if fail_and_refund(pool, job_id, message).await? {
                recovered += 1;
            }
        } else if jobs::release(pool, job_id).await? {
            enqueue(pool, &svc.queue, job_id).await;
            recovered += 1;
        }
    }
    // An old push means Redis lost the job only when nothing waits in the queue. While a
    // backlog is worked off its old pushes are still in line; pushing them again would add
    // duplicates faster than the workers skip them (1,000 per sweep against a few hundred
    // jobs/s), and the queue would only grow.
    let queue_empty = matches!(svc.queue.depth::<Synthesize>().await, Ok(0));
    let requeue_after = queue_empty.then_some(worker.requeue_after_secs);
    for job_id in jobs::lost_pending(pool, requeue_after, user_id).await? {
        enqueue(pool, &svc.queue, job_id).await;
        recovered += 1;
    }
    Ok(recovered)
}
