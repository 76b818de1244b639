//! Speech engines: one trait, one module per provider. An engine turns one chunk of text
//! into audio bytes in some format; the audio path (`crate::audio`) makes the MP3.

mod bench;
mod local;

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;

pub use bench::BenchEngine;
pub use local::LocalEngine;

#[derive(Debug, Clone)]
pub struct SynthesisRequest {
    pub text: String,
    /// The provider's voice name (`voices.api_name`).
    pub voice: String,
    pub language: String,
    /// Speech rate where the provider supports it (Murf: 0.7 - 1.3).
    pub rate: Option<f32>,
}

/// Encoded audio as the engine returned it; `extension` tells the decoder what it is.
#[derive(Debug, Clone)]
pub struct EngineAudio {
    pub bytes: Vec<u8>,
    pub extension: &'static str,
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum EngineError {
    /// Worth retrying (timeouts, 429, 5xx). German message.
    #[error("{0}")]
    Transient(String),
    /// Retrying cannot help (bad request, unknown voice, invalid key). German message.
    #[error("{0}")]
    Permanent(String),
}

#[async_trait]
pub trait SpeechEngine: Send + Sync {
    /// Longest text one request may carry, as `measure` counts it.
    fn max_chunk(&self) -> usize;
    fn measure(&self) -> fn(&str) -> usize {
        crate::domain::chunks::chars
    }
    async fn synthesize(&self, request: &SynthesisRequest) -> Result<EngineAudio, EngineError>;
}

/// The engines of one process, by provider (`voices.provider`). A provider missing here
/// is not available: its voices are shown as such and jobs for them are refused.
#[derive(Clone, Default)]
pub struct Engines {
    by_provider: HashMap<String, Arc<dyn SpeechEngine>>,
}

impl Engines {
    /// The engines this installation can run. `override_name` = "bench" routes every
    /// provider to the fixed-clip bench engine (benchmarks only).
    pub fn from_settings(override_name: &str) -> Engines {
        let mut engines = Engines::default();
        if override_name == "bench" {
            let bench: Arc<dyn SpeechEngine> = Arc::new(BenchEngine::new());
            engines.insert("local", bench);
            return engines;
        }
        engines.insert("local", Arc::new(LocalEngine::default()));
        engines
    }

    pub fn insert(&mut self, provider: &str, engine: Arc<dyn SpeechEngine>) {
        self.by_provider.insert(provider.to_owned(), engine);
    }

    pub fn get(&self, provider: &str) -> Option<Arc<dyn SpeechEngine>> {
        self.by_provider.get(provider).cloned()
    }

    /// Why a provider's voices cannot be used right now, if they cannot.
    pub fn unavailable_reason(&self, provider: &str) -> Option<&'static str> {
        if self.by_provider.contains_key(provider) {
            None
        } else if provider == "clone" {
            Some("Geklonte Stimmen sind noch nicht verfügbar.")
        } else {
            Some("Für diesen Anbieter ist kein API-Schlüssel hinterlegt.")
        }
    }
}
