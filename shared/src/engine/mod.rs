//! Speech engines: one trait, one module per provider. An engine turns one chunk of text
//! into audio bytes in some format; the audio path (`crate::audio`) makes the MP3.

mod bench;
mod gemini;
mod google;
mod http;
mod local;
mod murf;
mod openai;

use std::collections::HashMap;
use std::sync::Arc;

use async_trait::async_trait;

pub use bench::BenchEngine;
pub use gemini::GeminiEngine;
pub use google::GoogleEngine;
pub use http::HttpEngineConfig;
pub use local::LocalEngine;
pub use murf::MurfEngine;
pub use openai::OpenAiEngine;

use crate::config::ProviderSettings;

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

fn build_cloud_engine(provider: &str, config: HttpEngineConfig) -> anyhow::Result<Arc<dyn SpeechEngine>> {
    Ok(match provider {
        "openai_tts" => Arc::new(OpenAiEngine::new(config)?),
        "cloud_tts" => Arc::new(GoogleEngine::new(config)?),
        "gemini_tts" => Arc::new(GeminiEngine::new(config)?),
        "murf_tts" => Arc::new(MurfEngine::new(config)?),
        other => anyhow::bail!("no engine for provider {other}"),
    })
}

/// The engines of one process, by provider (`voices.provider`). A provider missing here
/// is not available: its voices are shown as such and jobs for them are refused.
#[derive(Clone, Default)]
pub struct Engines {
    by_provider: HashMap<String, Arc<dyn SpeechEngine>>,
}

impl Engines {
    /// The engines this installation can run: the local one, and each cloud provider
    /// whose API key is set. `override_name` = "bench" replaces them all by the
    /// fixed-clip bench engine (benchmarks only: no paid API is ever called).
    pub fn from_settings(override_name: &str, providers: &ProviderSettings) -> Engines {
        let mut engines = Engines::default();
        if override_name == "bench" {
            let bench: Arc<dyn SpeechEngine> = Arc::new(BenchEngine::new());
            engines.insert("local", bench);
            return engines;
        }
        engines.insert("local", Arc::new(LocalEngine::default()));
        for (provider, section) in providers.sections() {
            let Some(config) = HttpEngineConfig::from_section(section) else { continue };
            // A broken configuration takes one provider offline, not the whole process.
            match build_cloud_engine(provider, config) {
                Ok(engine) => engines.insert(provider, engine),
                Err(e) => tracing::error!(provider, error = %e, "speech engine not available"),
            }
        }
        engines
    }

    pub fn insert(&mut self, provider: &str, engine: Arc<dyn SpeechEngine>) {
        self.by_provider.insert(provider.to_owned(), engine);
    }

    pub fn get(&self, provider: &str) -> Option<Arc<dyn SpeechEngine>> {
        self.by_provider.get(provider).cloned()
    }

    /// The provider's engine, or the German reason why its voices cannot be used now.
    pub fn usable(&self, provider: &str) -> Result<Arc<dyn SpeechEngine>, &'static str> {
        match self.get(provider) {
            Some(engine) => Ok(engine),
            None if provider == "clone" => Err("Geklonte Stimmen sind noch nicht verfügbar."),
            None => Err("Für diesen Anbieter ist kein API-Schlüssel hinterlegt."),
        }
    }

    /// Why a provider's voices cannot be used right now, if they cannot.
    pub fn unavailable_reason(&self, provider: &str) -> Option<&'static str> {
        self.usable(provider).err()
    }
}

#[cfg(test)]
mod tests {
    use secrecy::SecretString;

    use super::*;

    fn with_key(key: &str) -> crate::config::ProviderSection {
        crate::config::ProviderSection {
            api_key: Some(SecretString::from(key)),
            base_url: "https://example.test".into(),
            model: "m".into(),
            timeout_secs: 60,
        }
    }

    #[test]
    fn cloud_providers_need_a_key() {
        let engines = Engines::from_settings("", &ProviderSettings::default());
        assert!(engines.get("local").is_some());
        for provider in ["openai_tts", "cloud_tts", "gemini_tts", "murf_tts"] {
            assert!(engines.get(provider).is_none(), "{provider}");
        }

        let providers = ProviderSettings { openai: with_key("sk-1"), murf: with_key(""), ..Default::default() };
        let engines = Engines::from_settings("", &providers);
        assert_eq!(engines.get("openai_tts").map(|e| e.max_chunk()), Some(4096));
        assert!(engines.get("murf_tts").is_none(), "an empty key counts as unset");
    }

    #[test]
    fn the_bench_override_replaces_every_engine() {
        let providers = ProviderSettings { openai: with_key("sk-1"), ..Default::default() };
        let engines = Engines::from_settings("bench", &providers);
        assert!(engines.get("local").is_some());
        assert!(engines.get("openai_tts").is_none(), "benchmarks never call a paid API");
    }

    #[test]
    fn the_default_configuration_names_every_provider() {
        let settings = crate::config::Settings::load().unwrap();
        assert_eq!(settings.providers.openai.model, "gpt-4o-mini-tts");
        assert_eq!(settings.providers.google.base_url, "https://texttospeech.googleapis.com");
        assert_eq!(settings.providers.gemini.timeout_secs, 60);
        assert_eq!(settings.providers.murf.model, "GEN2");
    }
}
