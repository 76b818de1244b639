//! Clone engines: one trait for making a voice from recordings, one implementation per
//! provider (local eSpeak analysis, ElevenLabs, Replicate). The training job calls
//! `start` once per run and `poll` while the provider works; `cancel` and `delete` clean
//! up at the provider.

use async_trait::async_trait;

use super::EngineError;
use audio::Pcm;
use domain::clone_ref::CloneRef;
use domain::kinds::CloneEngineId;

/// One checked recording of the speaker.
#[derive(Debug, Clone)]
pub struct TrainingSample {
    /// The uploaded file (WebM with Opus).
    pub webm: Vec<u8>,
    /// The same, decoded.
    pub pcm: Pcm,
}

/// The clone being trained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrainingTarget {
    pub voice_id: uuid::Uuid,
    pub user_id: uuid::Uuid,
}

/// What a clone engine gets to make a voice.
#[derive(Debug, Clone)]
pub struct TrainingInput {
    pub target: TrainingTarget,
    pub name: String,
    pub description: Option<String>,
    /// BCP 47, e.g. "de-DE".
    pub language: String,
    pub samples: Vec<TrainingSample>,
}

/// Where a training stands after a call.
#[derive(Debug, Clone, PartialEq)]
pub enum TrainingStep {
    /// The provider is still at work on `training_ref`; `progress` in percent.
    Running { training_ref: String, progress: u8 },
    /// The voice is ready.
    Done { clone_ref: CloneRef, provider_voice_id: Option<String> },
    /// The provider gave up (German reason).
    Failed(String),
}

#[async_trait]
pub trait VoiceCloner: Send + Sync {
    fn id(&self) -> CloneEngineId;
    /// Begins a training (or finishes it at once).
    async fn start(&self, input: &TrainingInput) -> Result<TrainingStep, EngineError>;
    /// Looks at a running training.
    async fn poll(&self, target: &TrainingTarget, training_ref: &str) -> Result<TrainingStep, EngineError>;
    /// Stops a running training at the provider (nothing to do where it runs no longer).
    async fn cancel(&self, training_ref: &str) -> Result<(), EngineError>;
    /// Removes the provider's copy of a deleted clone.
    async fn delete_voice(&self, provider_voice_id: &str) -> Result<(), EngineError>;
}
