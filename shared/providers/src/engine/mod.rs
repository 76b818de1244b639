//! Speech engines: one trait, one module per provider. An engine turns one chunk of text
//! into audio bytes in some format; the audio path (`crate::audio`) makes the MP3.

mod bench;
mod clone;
pub mod cloner;
mod elevenlabs;
mod espeak;
mod gemini;
mod google;
mod http;
pub mod input_syntax;
mod local;
mod murf;
mod openai;
mod replicate;

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;

pub use bench::BenchEngine;
pub use clone::{CloneSpeech, LocalCloner, local_clone_ref};
pub use cloner::{TrainingInput, TrainingSample, TrainingStep, TrainingTarget, VoiceCloner};
pub use elevenlabs::ElevenLabs;
pub use gemini::GeminiEngine;
pub use google::GoogleEngine;
pub use http::HttpEngineConfig;
pub use input_syntax::Markup;
pub use local::LocalEngine;
pub use murf::MurfEngine;
pub use openai::OpenAiEngine;
pub use replicate::{Replicate, reference_key};

use domain::kinds::{CloneEngineId, ProviderId, Role};
use domain::spoken::Spoken;

/// Counts one request to a provider by its answer (`stimmwerk_engine_requests_total`,
/// described with the other metrics in `shared::telemetry`).
pub(crate) fn count_request(provider: &'static str, status: &str) {
    metrics::counter!("stimmwerk_engine_requests_total", "provider" => provider, "status" => status.to_owned())
        .increment(1);
}

#[derive(Debug, Clone)]
pub struct SynthesisRequest {
    /// What to say, with pauses, emphasis and phonetic spellings; each engine renders it
    /// in its own syntax (`Markup`).
    pub input: Spoken,
    /// The provider's voice name (`voices.api_name`).
    pub voice: String,
    pub language: String,
    /// Speech rate where the provider supports it (Murf: 0.7 - 1.3).
    pub rate: Option<f32>,
    /// Pitch in semitones where the provider supports it (eSpeak NG, Google).
    pub pitch: Option<i8>,
    /// How to speak (tone, pace, accent), for engines that take a prompt (OpenAI's
    /// `gpt-4o-mini-tts`); the others read the text as it is.
    pub instructions: Option<String>,
}

impl SynthesisRequest {
    /// Plain words, for tests and engines that take nothing else.
    pub fn plain(text: &str, voice: &str, language: &str) -> Self {
        Self {
            input: Spoken::text(text),
            voice: voice.into(),
            language: language.into(),
            rate: None,
            pitch: None,
            instructions: None,
        }
    }

    /// The input as `markup` writes it.
    pub fn rendered(&self, markup: Markup) -> String {
        markup.render(&self.input, &self.language)
    }
}

/// Encoded audio as the engine returned it; `extension` tells the decoder what it is.
#[derive(Debug, Clone)]
pub struct EngineAudio {
    pub bytes: Vec<u8>,
    pub extension: &'static str,
    /// When the marks and words of the request were spoken, where the engine tells.
    pub timing: EngineTiming,
}

impl EngineAudio {
    pub fn new(bytes: Vec<u8>, extension: &'static str) -> Self {
        EngineAudio { bytes, extension, timing: EngineTiming::default() }
    }
}

/// Times within one engine answer, in seconds from its first sample.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct EngineTiming {
    /// `Inline::Mark(n)`: when sentence `n` starts.
    pub marks: Vec<(u32, f64)>,
    /// Each word as spoken, in order, with when it starts.
    pub words: Vec<(String, f64)>,
}

impl EngineTiming {
    /// The times if they can be true, else none: every time a finite number of seconds
    /// from 0, the words in order, and the marks in the order of their sentences. A
    /// provider's times are its own word for it; one that contradicts itself would make
    /// sentences overlap or run backwards, so its sentences fall back to estimated starts
    /// (the audio itself is fine: a paid job never fails over its timing).
    pub fn checked(mut self) -> EngineTiming {
        fn ordered(mut times: impl Iterator<Item = f64>) -> bool {
            let mut last = 0.0;
            times.all(|at| {
                let fine = at.is_finite() && at >= last;
                last = at;
                fine
            })
        }
        self.marks.sort_by_key(|&(n, _)| n);
        self.marks.dedup_by_key(|&mut (n, _)| n);
        if !ordered(self.marks.iter().map(|&(_, at)| at)) || !ordered(self.words.iter().map(|(_, at)| *at)) {
            return EngineTiming::default();
        }
        self
    }

    /// The same times in the audio after its first `seconds` were cut off.
    pub fn earlier_by(mut self, seconds: f64) -> EngineTiming {
        for at in self.marks.iter_mut().map(|(_, at)| at).chain(self.words.iter_mut().map(|(_, at)| at)) {
            *at = (*at - seconds).max(0.0);
        }
        self
    }
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum EngineError {
    /// Worth retrying (timeouts, 429, 5xx). German message.
    #[error("{0}")]
    Transient(String),
    /// Retrying cannot help (bad request, unknown voice, invalid key). German message.
    #[error("{0}")]
    Permanent(String),
    /// Nobody wants the audio any more (the job was deleted): stop, do not retry.
    #[error("Der Auftrag wurde gelöscht.")]
    Cancelled,
}

#[async_trait]
pub trait SpeechEngine: Send + Sync {
    /// Longest text one request may carry, as `measure` counts it.
    fn max_chunk(&self) -> usize;
    fn measure(&self) -> fn(&str) -> usize {
        domain::chunks::chars
    }
    /// How this engine (with this voice) takes pauses, emphasis and phonetic spellings.
    fn markup(&self, _voice: &str) -> Markup {
        Markup::Plain
    }
    async fn synthesize(&self, request: &SynthesisRequest) -> Result<EngineAudio, EngineError>;
}

/// Why a provider's voices cannot be used right now. Admins are told the cause and
/// where to fix it; everyone else only that the voice is not available.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unavailable {
    pub admin_reason: &'static str,
}

impl Unavailable {
    pub const FOR_USERS: &'static str = "Derzeit nicht verfügbar.";

    pub fn reason_for(self, role: Role) -> &'static str {
        match role {
            Role::Admin => self.admin_reason,
            Role::User => Self::FOR_USERS,
        }
    }
}

/// The engines of one process, by provider (`voices.provider`). A provider missing here
/// is not available: its voices are shown as such and jobs for them are refused.
#[derive(Clone, Default)]
pub struct Engines {
    by_provider: HashMap<ProviderId, Arc<dyn SpeechEngine>>,
    cloners: HashMap<CloneEngineId, Arc<dyn VoiceCloner>>,
    /// The engine new clones are trained with.
    preferred_cloner: Option<CloneEngineId>,
}

impl Engines {
    pub fn insert_cloner(&mut self, cloner: Arc<dyn VoiceCloner>) {
        self.cloners.insert(cloner.id(), cloner);
    }

    pub fn prefer_cloner(&mut self, id: CloneEngineId) {
        self.preferred_cloner = Some(id);
    }

    /// The engine a new clone is trained with: the preferred one, else the local one.
    pub fn cloner_for_new(&self) -> Option<Arc<dyn VoiceCloner>> {
        self.preferred_cloner
            .and_then(|id| self.cloners.get(&id))
            .or_else(|| self.cloners.get(&CloneEngineId::Local))
            .cloned()
    }

    /// The engine that made (or makes) a clone, if this installation has it.
    pub fn cloner(&self, id: CloneEngineId) -> Option<Arc<dyn VoiceCloner>> {
        self.cloners.get(&id).cloned()
    }

    pub fn insert(&mut self, provider: ProviderId, engine: Arc<dyn SpeechEngine>) {
        self.by_provider.insert(provider, engine);
    }

    pub fn get(&self, provider: ProviderId) -> Option<Arc<dyn SpeechEngine>> {
        self.by_provider.get(&provider).cloned()
    }

    /// The provider's engine, or why its voices cannot be used now.
    pub fn usable(&self, provider: ProviderId) -> Result<Arc<dyn SpeechEngine>, Unavailable> {
        match self.get(provider) {
            Some(engine) => Ok(engine),
            None if provider == ProviderId::Clone => {
                Err(Unavailable { admin_reason: "Geklonte Stimmen sind noch nicht verfügbar." })
            }
            None => Err(Unavailable { admin_reason: "Für diesen Anbieter ist kein API-Schlüssel hinterlegt." }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A provider's times that contradict themselves (a later sentence or word before an
    /// earlier one, negative or not a number) are dropped together, never half used.
    #[test]
    fn engine_times_that_run_backwards_or_are_not_numbers_are_dropped() {
        let words = |times: &[f64]| times.iter().map(|&at| ("Wort".to_owned(), at)).collect::<Vec<_>>();
        let fine = EngineTiming { marks: vec![(1, 0.8), (0, 0.0), (1, 0.9)], words: words(&[0.0, 0.3, 0.8]) };
        assert_eq!(fine.checked(), EngineTiming { marks: vec![(0, 0.0), (1, 0.8)], words: words(&[0.0, 0.3, 0.8]) });
        for broken in [
            EngineTiming { marks: vec![(0, 1.0), (1, 0.5)], words: vec![] },
            EngineTiming { marks: vec![(0, -0.1)], words: vec![] },
            EngineTiming { marks: vec![], words: words(&[0.0, f64::NAN]) },
            EngineTiming { marks: vec![(0, 0.0)], words: words(&[0.5, 0.2]) },
        ] {
            assert_eq!(broken.clone().checked(), EngineTiming::default(), "{broken:?}");
        }
    }

    #[test]
    fn users_are_told_a_voice_is_unavailable_and_admins_why() {
        let engines = Engines::default();
        let missing = engines.usable(ProviderId::GeminiTts).err().unwrap();
        assert_eq!(missing.reason_for(Role::User), "Derzeit nicht verfügbar.");
        assert_eq!(missing.reason_for(Role::Admin), "Für diesen Anbieter ist kein API-Schlüssel hinterlegt.");
    }
}
