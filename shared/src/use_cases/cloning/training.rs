//! A clone's training: started and stopped from a request, run by the worker. A run is
//! claimed by a conditional update and lives the lifecycle of `crate::run`; it remembers the
//! provider's training (`provider_ref`) as soon as there is one, so a worker that dies
//! mid-training is replaced by one that polls the same training instead of paying for a
//! second. Every write names the run: after a cancel or reset, an old run's result is
//! dropped (and a voice it made at the provider deleted).

use std::time::Duration;

use async_trait::async_trait;
use chrono::Utc;
use uuid::Uuid;

use super::{enqueue_training, new_clone_engine, recording};
use crate::db::clones::{self, CloneRow};
use crate::db::trainings::{self, ClaimedTraining};
use crate::domain::kinds::{CloneEngineId, SampleKind, TrainingStatus};
use crate::engine::{EngineError, TrainingInput, TrainingSample, TrainingStep, TrainingTarget, VoiceCloner};
use crate::error::{Error, Result};
use crate::run::{self, Claim, Outcome};
use crate::services::Services;

/// How often a running training proves it is alive.
pub const HEARTBEAT_EVERY: Duration = Duration::from_secs(10);
/// A training whose heartbeat is older than this is taken over by another delivery.
pub const STALE_AFTER_SECS: i64 = 60;
/// A started training not picked up within this is pushed to the queue again.
const PICKUP_GRACE_SECS: i64 = 30;

/// The phases a training shows ("Schritt n von m").
fn total_steps(engine: CloneEngineId) -> i32 {
    match engine {
        // Read the recordings, analyse the voice, build the eSpeak voice.
        CloneEngineId::Local => 3,
        // Read the recordings, send them, the provider trains, the voice is ready.
        CloneEngineId::Elevenlabs | CloneEngineId::Replicate => 4,
    }
}

/// Starts the training of a clone that has its recordings and the consent statement.
pub(super) async fn start(svc: &Services, clone: &CloneRow) -> Result<()> {
    let samples = clones::samples(&svc.pool, clone.id).await?;
    if !samples.iter().any(|s| s.kind == SampleKind::Training) {
        return Err(Error::invalid(
            "Fehler beim Starten des Trainings",
            "Es fehlt eine Trainingsaufnahme. Bitte nehmen Sie zuerst den Text auf.",
        ));
    }
    if !samples.iter().any(|s| s.kind == SampleKind::Consent) {
        return Err(Error::invalid(
            "Fehler beim Starten des Trainings",
            "Es fehlt die gesprochene Einverständniserklärung. Bitte nehmen Sie sie im Assistenten auf.",
        ));
    }
    let engine = new_clone_engine(svc);
    if !trainings::start(&svc.pool, clone.id, clone.owner_id, engine, total_steps(engine)).await? {
        return Err(Error::Conflict("Das Training läuft bereits.".into()));
    }
    enqueue_training(svc, clone.id).await;
    Ok(())
}

/// Cancels or resets a training: back to training_needed; a training running at the
/// provider is stopped there.
pub(super) async fn stop(svc: &Services, clone: &CloneRow) -> Result<()> {
    let from = [TrainingStatus::Training, TrainingStatus::TrainingInProgress, TrainingStatus::Failed];
    let Some(training_ref) = trainings::stop(&svc.pool, clone.id, clone.owner_id, &from).await? else {
        return Err(Error::Conflict("Es läuft gerade kein Training.".into()));
    };
    if let (Some(training_ref), Some(cloner)) = (training_ref, svc.engines.current().cloner(clone.clone_engine))
        && let Err(e) = cloner.cancel(&training_ref).await
    {
        tracing::warn!(voice_id = %clone.id, error = %e, "stopping the provider's training failed");
    }
    Ok(())
}

/// Runs (or continues) one clone's training until it ends, fails or is stopped.
pub async fn run(svc: &Services, voice_id: Uuid) -> Result<Outcome> {
    let Some(claim) = trainings::claim(&svc.pool, voice_id, STALE_AFTER_SECS).await? else {
        return Ok(Outcome::Skipped);
    };
    let training = Training { voice_id, run: claim.run, attempt: claim.attempts };
    run::run(svc, training, drive(svc, &claim)).await
}

/// A clone's training run, claimed at the attempt its claim counted.
struct Training {
    voice_id: Uuid,
    run: i32,
    attempt: i32,
}

#[async_trait]
impl Claim for Training {
    fn kind(&self) -> &'static str {
        "training"
    }

    fn id(&self) -> Uuid {
        self.voice_id
    }

    fn attempt(&self) -> i32 {
        self.attempt
    }

    fn max_attempts(&self, svc: &Services) -> i32 {
        svc.settings.cloning.max_attempts
    }

    fn heartbeat_every(&self, _svc: &Services) -> Duration {
        HEARTBEAT_EVERY
    }

    async fn heartbeat(&self, svc: &Services) -> Result<bool> {
        Ok(trainings::heartbeat(&svc.pool, self.voice_id, self.run).await?)
    }

    async fn release(&self, svc: &Services) -> Result<()> {
        Ok(trainings::release(&svc.pool, self.voice_id, self.run).await?)
    }

    async fn fail(&self, svc: &Services, detail: &str, attempts: Option<i32>) -> Result<bool> {
        // The provider's words stay: they tell the owner what to record anew.
        let sentence = crate::domain::failure::full_sentence(detail, attempts);
        Ok(trainings::fail(&svc.pool, self.voice_id, self.run, &sentence).await?)
    }

    async fn hand_back(&self, svc: &Services) -> Result<bool> {
        if !trainings::hand_back(&svc.pool, self.voice_id, self.run, self.attempt).await? {
            return Ok(false);
        }
        enqueue_training(svc, self.voice_id).await;
        Ok(true)
    }
}

async fn fail(svc: &Services, claim: &ClaimedTraining, message: &str) -> Result<Outcome> {
    tracing::warn!(voice_id = %claim.voice_id, %message, "training failed");
    Ok(if trainings::fail(&svc.pool, claim.voice_id, claim.run, message).await? {
        Outcome::Failed
    } else {
        Outcome::Skipped
    })
}

fn db_error(e: impl std::fmt::Display) -> EngineError {
    EngineError::Transient(format!("Datenbank nicht erreichbar: {e}"))
}

/// The training's steps; `Err` for engine trouble (database trouble counts as passing).
async fn drive(svc: &Services, claim: &ClaimedTraining) -> Result<Outcome, EngineError> {
    let target = TrainingTarget { voice_id: claim.voice_id, user_id: claim.owner_id };
    let timeout = chrono::Duration::minutes(svc.settings.cloning.training_timeout_minutes);
    let Some(cloner) = svc.engines.current().cloner(claim.engine) else {
        return Err(EngineError::Permanent(
            "Der Klon-Anbieter dieser Stimme ist nicht mehr eingerichtet. Bitte setzen Sie das Training zurück und starten Sie es neu."
                .into(),
        ));
    };
    let report = |percent: i32, step: i32, training_ref: Option<String>| async move {
        trainings::progress(&svc.pool, claim.voice_id, claim.run, percent, step, training_ref.as_deref())
            .await
            .map_err(db_error)
    };
    let mut step = match &claim.provider_ref {
        // A worker died while the provider trained: look at that training again.
        Some(training_ref) => cloner.poll(&target, training_ref).await?,
        None => {
            if !report(10, 1, None).await? {
                return Ok(Outcome::Skipped);
            }
            let input = input(svc, claim, target).await?;
            if !report(30, 2, None).await? {
                return Ok(Outcome::Skipped);
            }
            cloner.start(&input).await?
        }
    };
    loop {
        match step {
            TrainingStep::Done { clone_ref, provider_voice_id } => {
                return finish(svc, claim, cloner.as_ref(), &clone_ref.to_string(), provider_voice_id).await;
            }
            TrainingStep::Failed(message) => {
                return fail(svc, claim, &message).await.map_err(db_error);
            }
            TrainingStep::Running { training_ref, progress } => {
                let percent = 30 + i32::from(progress.min(100)) * 6 / 10;
                if !report(percent, 3, Some(training_ref.clone())).await? {
                    // Cancelled or reset meanwhile: stop the provider too.
                    cloner.cancel(&training_ref).await.ok();
                    return Ok(Outcome::Skipped);
                }
                if Utc::now() - claim.started_at > timeout {
                    cloner.cancel(&training_ref).await.ok();
                    let minutes = timeout.num_minutes();
                    return fail(
                        svc,
                        claim,
                        &format!(
                            "Der Anbieter hat das Training nicht innerhalb von {minutes} Minuten abgeschlossen. Bitte starten Sie es erneut."
                        ),
                    )
                    .await
                    .map_err(db_error);
                }
                tokio::time::sleep(Duration::from_secs(svc.settings.cloning.poll_every_secs)).await;
                step = cloner.poll(&target, &training_ref).await?;
            }
        }
    }
}

async fn finish(
    svc: &Services,
    claim: &ClaimedTraining,
    cloner: &dyn VoiceCloner,
    clone_ref: &str,
    provider_voice_id: Option<String>,
) -> Result<Outcome, EngineError> {
    let done = trainings::complete(&svc.pool, claim.voice_id, claim.run, clone_ref, provider_voice_id.as_deref())
        .await
        .map_err(db_error)?;
    if !done {
        // Stopped or deleted while the provider made the voice: do not leave it there.
        if let Some(id) = &provider_voice_id {
            cloner.delete_voice(id).await.ok();
        }
        return Ok(Outcome::Skipped);
    }
    // No fee yet: the owner hears the clone first and activates it (`cloning::pay`).
    Ok(Outcome::Completed)
}

/// The clone's training recordings, read from storage and decoded.
async fn input(svc: &Services, claim: &ClaimedTraining, target: TrainingTarget) -> Result<TrainingInput, EngineError> {
    let rows = clones::samples(&svc.pool, claim.voice_id).await.map_err(db_error)?;
    let mut samples = Vec::new();
    for row in rows.iter().filter(|s| s.kind == SampleKind::Training) {
        let webm = svc.storage.read(&row.audio_path).await.map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                EngineError::Permanent("Eine Trainingsaufnahme fehlt. Bitte nehmen Sie den Text erneut auf.".into())
            }
            _ => EngineError::Transient(format!("Aufnahme nicht lesbar: {e}")),
        })?;
        let pcm = recording::decode(&webm).await.map_err(|e| EngineError::Permanent(e.to_string()))?;
        samples.push(TrainingSample { webm, pcm });
    }
    if samples.is_empty() {
        return Err(EngineError::Permanent("Es fehlt eine Trainingsaufnahme.".into()));
    }
    Ok(TrainingInput {
        target,
        name: claim.name.clone(),
        description: claim.description.clone(),
        language: claim.language.clone(),
        samples,
    })
}

/// Pushes trainings no worker holds back to the queue (the sweep calls this).
pub async fn recover(svc: &Services) -> Result<u64> {
    let lost = trainings::unattended(&svc.pool, PICKUP_GRACE_SECS, STALE_AFTER_SECS).await?;
    for voice_id in &lost {
        enqueue_training(svc, *voice_id).await;
    }
    Ok(lost.len() as u64)
}
