//! The speech providers: one table in code that says, for each provider, its id, the
//! label of the voice filter, where its key is configured, how much text one request may
//! carry, whether it takes a speech rate, how its engine is built and how the admin page
//! shows it. Adding a provider means adding one entry here (plus its engine module and
//! its `[providers.<key>]` defaults in `config/default.toml`).

pub mod engine;
pub mod http_body;
pub mod payments;
pub mod services;

use std::sync::Arc;

use crate::engine::{BenchEngine, Engines, HttpEngineConfig, LocalEngine, SpeechEngine};
use domain::kinds::CloneEngineId;
pub use domain::kinds::ProviderId;
use secrecy::SecretString;
use serde::Deserialize;
use storage::files::AudioStorage;

/// Tells the database which providers, key services and audit actions exist, from the
/// provider table, the services of the admin page (`services::SERVICES`) and `AuditAction`:
/// the one declaration of each. Runs with every seeding (`catalogue::seed`), before any voice names its provider.
pub async fn register(db: &sqlx::PgPool) -> Result<(), sqlx::Error> {
    let providers: Vec<&str> = ProviderId::ALL.iter().map(|p| p.as_str()).collect();
    let services: Vec<&str> = services::SERVICES.iter().filter(|s| s.can_store_key).map(|s| s.id).collect();
    let actions: Vec<&str> = domain::kinds::AuditAction::ALL.iter().map(|a| a.as_str()).collect();
    storage::db::registry::register(db, &providers, &services, &actions).await
}

/// How the admin settings page shows a service whose key an admin can set.
#[derive(Debug)]
pub struct AdminCard {
    pub name: &'static str,
    pub category: &'static str,
    pub description: &'static str,
    pub docs_url: &'static str,
    pub key_url: &'static str,
}

/// How the admin page shows a clone engine whose key an admin can set; `None` for the
/// local engine, which needs none. A new clone engine must answer here (the match is
/// exhaustive), and its key service follows (`services::SERVICES`).
pub fn clone_engine_card(engine: CloneEngineId) -> Option<AdminCard> {
    match engine {
        CloneEngineId::Local => None,
        CloneEngineId::Elevenlabs => Some(AdminCard {
            name: "ElevenLabs (Stimmklone)",
            category: "AI/ML",
            description: "Instant Voice Cloning: echte Klone aus den Aufnahmen des Assistenten.",
            docs_url: "https://elevenlabs.io/docs/api-reference/voices/ivc/create",
            key_url: "https://elevenlabs.io/app/settings/api-keys",
        }),
        CloneEngineId::Replicate => Some(AdminCard {
            name: "Replicate (Stimmklone)",
            category: "AI/ML",
            description: "XTTS v2 spricht mit der Aufnahme als Referenz (wenn kein ElevenLabs-Schlüssel gesetzt ist).",
            docs_url: "https://replicate.com/docs/reference/http",
            key_url: "https://replicate.com/account/api-tokens",
        }),
    }
}

/// The cloud speech providers' sections by their configuration key (`[providers.openai]`,
/// ...), as the provider table (`PROVIDERS`) names them. A provider is
/// used only when its API key is set.
pub type ProviderSettings = std::collections::BTreeMap<String, ProviderSection>;

#[derive(Debug, Clone, Default, Deserialize)]
pub struct ProviderSection {
    /// Unset or empty: the provider is not available.
    pub api_key: Option<SecretString>,
    pub base_url: String,
    /// Model (or model version) name; empty where the provider has none.
    pub model: String,
    /// Per request, including reading the audio.
    pub timeout_secs: u64,
}

type BuildEngine = fn(HttpEngineConfig) -> anyhow::Result<Arc<dyn SpeechEngine>>;

#[derive(Debug)]
pub struct Provider {
    pub id: ProviderId,
    /// The voice filter's label.
    pub label: &'static str,
    /// `[providers.<key>]` in the configuration, `APP__PROVIDERS__<KEY>__API_KEY` in the
    /// environment. `None`: the provider needs no key.
    pub config_key: Option<&'static str>,
    /// Longest text one request may carry, as the engine measures it.
    pub text_limit: usize,
    /// Whether the provider takes a speech rate (spec: 0.7 - 1.3).
    pub takes_rate: bool,
    /// What of a project paragraph's delivery its engine can change (speed, pitch).
    pub delivery: DeliveryCaps,
    /// Builds the cloud engine from its connection settings (`None`: not a cloud engine).
    pub build: Option<BuildEngine>,
    pub admin: Option<AdminCard>,
}

use domain::project::DeliveryCaps;

pub const PROVIDERS: &[Provider] = &[
    Provider {
        id: ProviderId::Local,
        label: "Lokal (eSpeak NG)",
        config_key: None,
        text_limit: engine::LocalEngine::MAX_CHUNK,
        takes_rate: false,
        delivery: DeliveryCaps { speed: true, pitch: true },
        build: None,
        admin: None,
    },
    Provider {
        id: ProviderId::OpenaiTts,
        label: "OpenAI",
        config_key: Some("openai"),
        text_limit: engine::OpenAiEngine::MAX_CHUNK,
        takes_rate: false,
        delivery: DeliveryCaps { speed: true, pitch: false },
        build: Some(|config| Ok(Arc::new(engine::OpenAiEngine::new(config)?))),
        admin: Some(AdminCard {
            name: "OpenAI Text-to-Speech",
            category: "AI/ML",
            description: "Natürliche Stimmen (nova, onyx, shimmer …) über /v1/audio/speech.",
            docs_url: "https://platform.openai.com/docs/guides/text-to-speech",
            key_url: "https://platform.openai.com/api-keys",
        }),
    },
    Provider {
        id: ProviderId::GeminiTts,
        label: "Gemini",
        config_key: Some("gemini"),
        text_limit: engine::GeminiEngine::MAX_CHUNK,
        takes_rate: false,
        delivery: DeliveryCaps { speed: false, pitch: false },
        build: Some(|config| Ok(Arc::new(engine::GeminiEngine::new(config)?))),
        admin: Some(AdminCard {
            name: "Google Gemini TTS",
            category: "AI/ML",
            description: "Ausdrucksstarke Gemini-Stimmen über generateContent mit Audioausgabe.",
            docs_url: "https://ai.google.dev/gemini-api/docs/speech-generation",
            key_url: "https://aistudio.google.com/apikey",
        }),
    },
    Provider {
        id: ProviderId::CloudTts,
        label: "Google Cloud",
        config_key: Some("google"),
        // Bytes of UTF-8, not characters (Google's limit).
        text_limit: engine::GoogleEngine::MAX_CHUNK,
        takes_rate: false,
        delivery: DeliveryCaps { speed: true, pitch: true },
        build: Some(|config| Ok(Arc::new(engine::GoogleEngine::new(config)?))),
        admin: Some(AdminCard {
            name: "Google Cloud Text-to-Speech",
            category: "Cloud",
            description: "Neural2-, WaveNet- und Chirp-3-HD-Stimmen über text:synthesize.",
            docs_url: "https://cloud.google.com/text-to-speech/docs",
            key_url: "https://console.cloud.google.com/apis/credentials",
        }),
    },
    Provider {
        id: ProviderId::MurfTts,
        label: "Murf AI",
        config_key: Some("murf"),
        text_limit: engine::MurfEngine::MAX_CHUNK,
        takes_rate: true,
        delivery: DeliveryCaps { speed: true, pitch: false },
        build: Some(|config| Ok(Arc::new(engine::MurfEngine::new(config)?))),
        admin: Some(AdminCard {
            name: "Murf AI",
            category: "AI/ML",
            description: "Professionelle Sprecherstimmen mit einstellbarem Sprechtempo.",
            docs_url: "https://murf.ai/api/docs",
            key_url: "https://murf.ai/api/dashboard",
        }),
    },
    Provider {
        id: ProviderId::Clone,
        label: "Eigene Stimmen",
        config_key: None,
        text_limit: engine::CloneSpeech::MAX_CHUNK,
        takes_rate: false,
        delivery: DeliveryCaps { speed: false, pitch: false },
        build: None,
        admin: None,
    },
];

/// The entry of `id` in [`PROVIDERS`].
pub fn of(id: ProviderId) -> &'static Provider {
    PROVIDERS.iter().find(|p| p.id == id).expect("every provider id has an entry")
}

impl Provider {
    /// The environment variable that carries this provider's key.
    pub fn secret_name(&self) -> Option<String> {
        self.config_key.map(|key| format!("APP__PROVIDERS__{}__API_KEY", key.to_uppercase()))
    }

    /// This provider's configuration section, if it has one and it is configured.
    pub fn section<'a>(&self, settings: &'a ProviderSettings) -> Option<&'a ProviderSection> {
        settings.get(self.config_key?)
    }

    pub fn section_mut<'a>(&self, settings: &'a mut ProviderSettings) -> Option<&'a mut ProviderSection> {
        settings.get_mut(self.config_key?)
    }
}

/// The engines this installation can run: the local one, and each cloud provider whose
/// API key is set. `override_name` = "bench" replaces them all by the fixed-clip bench
/// engine (benchmarks only: no paid API is ever called).
pub fn build_engines(
    override_name: &str,
    providers: &ProviderSettings,
    clone_engine: &str,
    storage: Arc<dyn AudioStorage>,
) -> Engines {
    let mut engines = Engines::default();
    if override_name == "bench" {
        engines.insert(ProviderId::Local, Arc::new(BenchEngine::new()));
        return engines;
    }
    engines.insert(ProviderId::Local, Arc::new(LocalEngine::default()));
    add_clone_engines(&mut engines, providers, clone_engine, storage);
    for provider in PROVIDERS {
        let (Some(build), Some(section)) = (provider.build, provider.section(providers)) else { continue };
        let Some(config) = HttpEngineConfig::from_section(section) else { continue };
        // A broken configuration takes one provider offline, not the whole process.
        match build(config) {
            Ok(engine) => engines.insert(provider.id, engine),
            Err(e) => tracing::error!(provider = %provider.id, error = %e, "speech engine not available"),
        }
    }
    engines
}

/// The clone engines: the local one always, ElevenLabs and Replicate with their keys; and
/// the speech engine of clone voices, which speaks with whichever of them made a clone.
fn add_clone_engines(
    engines: &mut Engines,
    providers: &ProviderSettings,
    choice: &str,
    storage: Arc<dyn AudioStorage>,
) {
    let config = |key: &str| providers.get(key).and_then(HttpEngineConfig::from_section);
    let elevenlabs = config("elevenlabs").and_then(|c| match engine::ElevenLabs::new(c) {
        Ok(e) => Some(Arc::new(e)),
        Err(e) => {
            tracing::error!(error = %e, "ElevenLabs not available");
            None
        }
    });
    let replicate = config("replicate").and_then(|c| match engine::Replicate::new(c, storage) {
        Ok(e) => Some(Arc::new(e)),
        Err(e) => {
            tracing::error!(error = %e, "Replicate not available");
            None
        }
    });
    engines.insert_cloner(Arc::new(engine::LocalCloner));
    if let Some(e) = &elevenlabs {
        engines.insert_cloner(e.clone());
    }
    if let Some(e) = &replicate {
        engines.insert_cloner(e.clone());
    }
    let preferred = match choice {
        "auto" if elevenlabs.is_some() => CloneEngineId::Elevenlabs,
        "auto" if replicate.is_some() => CloneEngineId::Replicate,
        "auto" => CloneEngineId::Local,
        other => other.parse().unwrap_or_else(|_| {
            tracing::error!(engine = other, "unknown [cloning] engine, using the local one");
            CloneEngineId::Local
        }),
    };
    if engines.cloner(preferred).is_none() {
        tracing::warn!(engine = %preferred, "the configured clone engine has no key; new clones are made locally");
    }
    engines.prefer_cloner(preferred);
    let speech = engine::CloneSpeech { local: LocalEngine::default(), elevenlabs, replicate };
    engines.insert(ProviderId::Clone, Arc::new(speech));
}

/// A value of the voice filter (`all`, or a provider id) with its label.
#[derive(Debug, Clone)]
pub struct ProviderOption {
    pub value: &'static str,
    pub label: &'static str,
}

/// The voice filter's options: all providers, then each one in table order.
pub fn filter_options() -> Vec<ProviderOption> {
    std::iter::once(ProviderOption { value: "all", label: "Alle Anbieter" })
        .chain(PROVIDERS.iter().map(|p| ProviderOption { value: p.id.as_str(), label: p.label }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_provider_id_has_exactly_one_entry() {
        for id in ProviderId::ALL {
            assert_eq!(PROVIDERS.iter().filter(|p| p.id == *id).count(), 1, "{id}");
        }
    }

    #[test]
    fn cloud_providers_have_a_key_setting_an_engine_and_an_admin_card() {
        for provider in PROVIDERS {
            let cloud = provider.build.is_some();
            assert_eq!(provider.config_key.is_some(), cloud, "{}", provider.id);
            assert_eq!(provider.admin.is_some(), cloud, "{}", provider.id);
        }
        assert_eq!(of(ProviderId::OpenaiTts).secret_name().unwrap(), "APP__PROVIDERS__OPENAI__API_KEY");
    }

    #[test]
    fn only_murf_takes_a_rate() {
        let with_rate: Vec<_> = PROVIDERS.iter().filter(|p| p.takes_rate).map(|p| p.id).collect();
        assert_eq!(with_rate, [ProviderId::MurfTts]);
    }

    fn with_key(key: &str) -> ProviderSection {
        ProviderSection {
            api_key: Some(secrecy::SecretString::from(key)),
            base_url: "https://example.test".into(),
            model: "m".into(),
            timeout_secs: 60,
        }
    }

    fn keys(keys: &[(&str, &str)]) -> ProviderSettings {
        keys.iter().map(|(name, key)| (name.to_string(), with_key(key))).collect()
    }

    fn store() -> Arc<dyn AudioStorage> {
        Arc::new(storage::files::FsStorage::new(std::env::temp_dir()))
    }

    fn build(clone_engine: &str, providers: &ProviderSettings) -> Engines {
        build_engines("", providers, clone_engine, store())
    }

    #[test]
    fn clones_are_made_locally_without_keys_and_by_the_cloud_engine_with_one() {
        let local = build("auto", &ProviderSettings::default());
        assert_eq!(local.cloner_for_new().unwrap().id(), CloneEngineId::Local);
        assert!(local.get(ProviderId::Clone).is_some(), "clone voices can always be spoken");
        let with_keys = keys(&[("elevenlabs", "xi-1"), ("replicate", "r8-1")]);
        assert_eq!(build("auto", &with_keys).cloner_for_new().unwrap().id(), CloneEngineId::Elevenlabs);
        assert_eq!(build("replicate", &with_keys).cloner_for_new().unwrap().id(), CloneEngineId::Replicate);
        let only_replicate = keys(&[("replicate", "r8-1")]);
        assert_eq!(build("auto", &only_replicate).cloner_for_new().unwrap().id(), CloneEngineId::Replicate);
        // Configured but without key: the local engine, which the wizard names.
        assert_eq!(
            build("elevenlabs", &ProviderSettings::default()).cloner_for_new().unwrap().id(),
            CloneEngineId::Local
        );
    }

    #[test]
    fn cloud_providers_need_a_key() {
        let engines = build("auto", &ProviderSettings::default());
        assert!(engines.get(ProviderId::Local).is_some());
        for provider in PROVIDERS.iter().filter(|p| p.build.is_some()) {
            assert!(engines.get(provider.id).is_none(), "{}", provider.id);
        }
        let engines = build("auto", &keys(&[("openai", "sk-1"), ("murf", "")]));
        assert_eq!(engines.get(ProviderId::OpenaiTts).map(|e| e.max_chunk()), Some(4096));
        assert!(engines.get(ProviderId::MurfTts).is_none(), "an empty key counts as unset");
    }

    #[test]
    fn the_bench_override_replaces_every_engine() {
        let engines = build_engines("bench", &keys(&[("openai", "sk-1")]), "auto", store());
        assert!(engines.get(ProviderId::Local).is_some());
        assert!(engines.get(ProviderId::OpenaiTts).is_none(), "benchmarks never call a paid API");
    }

    #[test]
    fn the_filter_lists_all_then_every_provider() {
        let options = filter_options();
        assert_eq!(options[0].value, "all");
        assert_eq!(options.len(), PROVIDERS.len() + 1);
        assert!(options.iter().any(|o| o.value == "murf_tts" && o.label == "Murf AI"));
    }
}
