//! A queued generation's run in the worker: claim the row, synthesize chunk by chunk,
//! make one MP3, store it, complete the job. Engine and store failures are retried while
//! attempts are left; the last one fails the job with a refund (`crate::run`). A repeated
//! delivery finds the row claimed and does nothing.

use std::time::Duration;

use async_trait::async_trait;
use uuid::Uuid;

use crate::db::jobs::{self, ClaimedJob};
use crate::db::timed_texts;
use crate::engine::EngineError;
use crate::error::Result;
use crate::queue::{self, Job};
use crate::run::{self, Claim, Outcome};
use crate::services::Services;
use crate::text_to_mp3::{self, Rendered, Speech};
use crate::{files, telemetry};

/// Runs the queued job `job_id` once (one delivery).
pub async fn process(svc: &Services, job_id: Uuid) -> Result<Outcome> {
    let Some(job) = jobs::claim(&svc.pool, job_id).await? else {
        return Ok(Outcome::Skipped);
    };
    if job.attempts == 1 {
        telemetry::job_picked_up(queue::Synthesize::NAME, Duration::from_secs_f64(job.waited_seconds.max(0.0)));
    }
    let claim = QueuedJob { id: job.id, attempt: job.attempts };
    run::run(svc, claim, async {
        let rendered = synthesize(svc, &job).await?;
        store(svc, &job, rendered).await
    })
    .await
}

/// A generation job claimed from the queue, at the attempt its claim counted.
struct QueuedJob {
    id: Uuid,
    attempt: i32,
}

#[async_trait]
impl Claim for QueuedJob {
    fn kind(&self) -> &'static str {
        "job"
    }

    fn id(&self) -> Uuid {
        self.id
    }

    fn attempt(&self) -> i32 {
        self.attempt
    }

    fn max_attempts(&self, svc: &Services) -> i32 {
        svc.settings.worker.max_attempts
    }

    fn heartbeat_every(&self, svc: &Services) -> Duration {
        svc.settings.worker.heartbeat()
    }

    async fn heartbeat(&self, svc: &Services) -> Result<bool> {
        jobs::heartbeat(&svc.pool, self.id).await?;
        Ok(true)
    }

    async fn release(&self, svc: &Services) -> Result<()> {
        jobs::release(&svc.pool, self.id).await?;
        Ok(())
    }

    async fn fail(&self, svc: &Services, detail: &str, attempts: Option<i32>) -> Result<bool> {
        let clause = crate::domain::failure::reason_clause(detail, attempts);
        let sentence = crate::domain::failure::with_refund(&clause, "der Betrag wurde erstattet");
        super::fail_and_refund(&svc.pool, self.id, &sentence).await
    }

    async fn hand_back(&self, svc: &Services) -> Result<bool> {
        super::hand_back(svc, self.id, self.attempt).await
    }
}

/// Stores the MP3 and completes the job. A store that fails is a transient failure like
/// an engine's: nothing was written (a put replaces whole or not at all), so the job is
/// tried again while attempts are left, then failed and refunded.
async fn store(svc: &Services, job: &ClaimedJob, rendered: Rendered) -> std::result::Result<Outcome, EngineError> {
    let Rendered { mp3, timed_text } = rendered;
    let database = |e: sqlx::Error| EngineError::Transient(format!("Die Datenbank ist nicht erreichbar: {e}"));
    if !jobs::is_processing(&svc.pool, job.id).await.map_err(database)? {
        return Ok(Outcome::Skipped);
    }
    let key = files::audio_key(job.user_id, job.id);
    if let Err(e) = svc.storage.put(&key, &mp3.bytes).await {
        tracing::error!(job_id = %job.id, attempt = job.attempts, error = %e, "storing audio failed");
        return Err(EngineError::Transient("Der Audiospeicher war nicht erreichbar".into()));
    }
    // Before the job completes: a completed job always has its timed text.
    timed_texts::put(&svc.pool, job.id, &timed_text).await.map_err(database)?;
    let completed = super::complete_stored(svc, job.id, job.attempts, &key, mp3.duration_seconds)
        .await
        .map_err(|e| EngineError::Transient(e.to_string()))?;
    Ok(if completed { Outcome::Completed } else { Outcome::Skipped })
}

async fn synthesize(svc: &Services, job: &ClaimedJob) -> std::result::Result<Rendered, EngineError> {
    let engine = svc
        .engines
        .current()
        .usable(job.provider)
        .map_err(|why| EngineError::Permanent(why.reason_for(crate::domain::kinds::Role::User).into()))?;
    let voice =
        job.api_name.as_deref().ok_or_else(|| EngineError::Permanent("Die Stimme ist nicht mehr verfügbar.".into()))?;
    let rate = job.options.get("rate").and_then(|r| r.as_f64()).map(|r| r as f32);
    let instructions = job.options.get("instructions").and_then(|i| i.as_str());
    let unreadable = |e: String| EngineError::Transient(format!("Das Aussprache-Wörterbuch ist nicht lesbar: {e}"));
    // A project's paragraph is read with the project's own entries too.
    let project = job.options.get("project_id").and_then(|p| p.as_str()).and_then(|p| p.parse::<Uuid>().ok());
    let dictionary = crate::use_cases::pronunciation::entries_in(&svc.pool, Some(job.user_id), project)
        .await
        .map_err(|e| unreadable(e.to_string()))?;
    let pitch = job.options.get("pitch").and_then(|p| p.as_i64()).map(|p| p.clamp(-12, 12) as i8);
    let concurrency = svc.settings.worker.chunk_concurrency;
    let still_wanted = || async { jobs::is_processing(&svc.pool, job.id).await.unwrap_or(true) };
    // A project paragraph whose quotations characters speak: each part in its voice.
    if let Some(parts) = job.options.get("parts") {
        let parts: Vec<CastPart> = serde_json::from_value(parts.clone())
            .map_err(|e| EngineError::Permanent(format!("Die Rollen des Absatzes sind nicht lesbar: {e}")))?;
        let mut planned = Vec::with_capacity(parts.len());
        for part in &parts {
            let engine = svc
                .engines
                .current()
                .usable(part.provider)
                .map_err(|why| EngineError::Permanent(why.reason_for(crate::domain::kinds::Role::User).into()))?;
            let text =
                job.text.get(part.start..part.end).filter(|t| !t.trim().is_empty()).ok_or_else(|| {
                    EngineError::Permanent("Die Rollen des Absatzes passen nicht zu seinem Text.".into())
                })?;
            let speech = Speech {
                text,
                voice: &part.api_name,
                language: &part.language,
                rate,
                pitch,
                instructions,
                dictionary: &dictionary,
            };
            let plan = text_to_mp3::plan(engine.as_ref(), &speech, engine.max_chunk()).await?;
            planned.push((engine, plan));
        }
        // Never speak more than was paid, counted over every part.
        text_to_mp3::check_paid_all(planned.iter().map(|(_, plan)| plan), job.cost_cent)?;
        let mut rendered = Vec::with_capacity(parts.len());
        for (part, (engine, plan)) in parts.iter().zip(&planned) {
            let speech = Speech {
                text: &job.text[part.start..part.end],
                voice: &part.api_name,
                language: &part.language,
                rate,
                pitch,
                instructions,
                dictionary: &dictionary,
            };
            let piece = text_to_mp3::render_plan(engine.as_ref(), &speech, plan, concurrency, still_wanted).await?;
            rendered.push((piece, part.voice_id));
        }
        return text_to_mp3::join_voices(rendered).await;
    }
    let speech =
        Speech { text: &job.text, voice, language: &job.language, rate, pitch, instructions, dictionary: &dictionary };
    let plan = text_to_mp3::plan(engine.as_ref(), &speech, engine.max_chunk()).await?;
    // The dictionary may have grown since the price was set: never speak more than was paid.
    text_to_mp3::check_paid(&plan, job.cost_cent)?;
    text_to_mp3::render_plan(engine.as_ref(), &speech, &plan, concurrency, still_wanted).await
}

/// One part of a cast paragraph (`projects::render::job_options`): a byte range of the
/// job's text and the voice that reads it.
#[derive(serde::Deserialize)]
struct CastPart {
    start: usize,
    end: usize,
    voice_id: Uuid,
    provider: crate::domain::kinds::ProviderId,
    api_name: String,
    language: String,
}
