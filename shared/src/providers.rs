//! Third-party services an admin configures: the static service catalogue, where each
//! key comes from (environment or the encrypted store), and the engine registry that
//! picks up key changes in every process within seconds.

use std::sync::{Arc, RwLock};
use std::time::Duration;

use secrecy::{ExposeSecret, SecretString};
use serde::Serialize;
use sqlx::PgPool;
use uuid::Uuid;

use crate::config::{ProviderSettings, Settings};
use crate::db::provider_keys::{self, StoredKey};
use crate::engine::Engines;
use crate::error::{Error, Result};
use crate::secrets::{SecretBox, Sealed};

#[derive(Debug, Serialize)]
pub struct ServiceInfo {
    pub id: &'static str,
    pub name: &'static str,
    pub category: &'static str,
    pub description: &'static str,
    pub secret_name: &'static str,
    pub docs_url: &'static str,
    pub key_url: &'static str,
    pub can_store_key: bool,
}

pub const SERVICES: &[ServiceInfo] = &[
    ServiceInfo {
        id: "openai_tts",
        name: "OpenAI Text-to-Speech",
        category: "AI/ML",
        description: "Natürliche Stimmen (nova, onyx, shimmer …) über /v1/audio/speech.",
        secret_name: "APP__PROVIDERS__OPENAI__API_KEY",
        docs_url: "https://platform.openai.com/docs/guides/text-to-speech",
        key_url: "https://platform.openai.com/api-keys",
        can_store_key: true,
    },
    ServiceInfo {
        id: "gemini_tts",
        name: "Google Gemini TTS",
        category: "AI/ML",
        description: "Ausdrucksstarke Gemini-Stimmen über generateContent mit Audioausgabe.",
        secret_name: "APP__PROVIDERS__GEMINI__API_KEY",
        docs_url: "https://ai.google.dev/gemini-api/docs/speech-generation",
        key_url: "https://aistudio.google.com/apikey",
        can_store_key: true,
    },
    ServiceInfo {
        id: "murf_tts",
        name: "Murf AI",
        category: "AI/ML",
        description: "Professionelle Sprecherstimmen mit einstellbarem Sprechtempo.",
        secret_name: "APP__PROVIDERS__MURF__API_KEY",
        docs_url: "https://murf.ai/api/docs",
        key_url: "https://murf.ai/api/dashboard",
        can_store_key: true,
    },
    ServiceInfo {
        id: "cloud_tts",
        name: "Google Cloud Text-to-Speech",
        category: "Cloud",
        description: "Neural2-, WaveNet- und Chirp-3-HD-Stimmen über text:synthesize.",
        secret_name: "APP__PROVIDERS__GOOGLE__API_KEY",
        docs_url: "https://cloud.google.com/text-to-speech/docs",
        key_url: "https://console.cloud.google.com/apis/credentials",
        can_store_key: true,
    },
    ServiceInfo {
        id: "stripe",
        name: "Stripe",
        category: "Payment",
        description: "Kartenzahlungen für Guthaben-Aufladungen (Checkout).",
        secret_name: "APP__PAYMENTS__STRIPE_SECRET_KEY",
        docs_url: "https://docs.stripe.com/payments/checkout",
        key_url: "https://dashboard.stripe.com/apikeys",
        can_store_key: true,
    },
    ServiceInfo {
        id: "postgres",
        name: "PostgreSQL",
        category: "Database",
        description: "Konten, Guthaben, Aufträge und das Hauptbuch.",
        secret_name: "APP__DATABASE__URL",
        docs_url: "https://www.postgresql.org/docs/",
        key_url: "https://www.postgresql.org/download/",
        can_store_key: false,
    },
    ServiceInfo {
        id: "redis",
        name: "Redis",
        category: "Database",
        description: "Warteschlange zwischen API und Workern, Anmelde- und Demo-Limits.",
        secret_name: "APP__REDIS__URL",
        docs_url: "https://redis.io/docs/latest/",
        key_url: "https://redis.io/downloads/",
        can_store_key: false,
    },
];

pub fn service(id: &str) -> Result<&'static ServiceInfo> {
    SERVICES.iter().find(|s| s.id == id).ok_or(Error::NotFound("Diesen Dienst gibt es nicht."))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum KeySource {
    Environment,
    Database,
}

/// A service as the admin page shows it: its catalogue entry plus where its key is.
#[derive(Debug, Clone, Serialize)]
pub struct ServiceStatus {
    #[serde(flatten)]
    pub info: &'static ServiceInfo,
    pub can_test: bool,
    pub status: &'static str,
    pub source: Option<KeySource>,
    pub key_last4: Option<String>,
}

fn env_key(settings: &Settings, id: &str) -> Option<SecretString> {
    let key = match id {
        "stripe" => settings.payments.stripe_secret_key.clone(),
        _ => settings.providers.section(id).and_then(|s| s.api_key.clone()),
    };
    key.filter(|k| !k.expose_secret().trim().is_empty())
}

/// Every service with where its key comes from. A stored key wins over the environment.
pub async fn statuses(pool: &PgPool, settings: &Settings) -> Result<Vec<ServiceStatus>> {
    let stored = provider_keys::list(pool).await?;
    Ok(SERVICES
        .iter()
        .map(|info| {
            let in_store = stored.iter().find(|k| k.service == info.id);
            let from_env = env_key(settings, info.id);
            let (source, key_last4) = match (in_store, &from_env) {
                (Some(k), _) => (Some(KeySource::Database), Some(k.last4.clone())),
                (None, Some(k)) => (Some(KeySource::Environment), Some(crate::secrets::last4(k))),
                // Postgres and Redis are configured, or this process would not run.
                (None, None) if !info.can_store_key => (Some(KeySource::Environment), None),
                (None, None) => (None, None),
            };
            ServiceStatus {
                info,
                can_test: info.id != "stripe",
                status: if source.is_some() { "configured" } else { "missing" },
                source,
                key_last4,
            }
        })
        .collect())
}

/// The master key for stored secrets, if configured.
pub fn secret_box(settings: &Settings) -> Result<Option<SecretBox>> {
    let encoded = settings.secrets.encryption_key.expose_secret();
    if encoded.trim().is_empty() {
        return Ok(None);
    }
    SecretBox::from_base64(encoded).map(Some).map_err(|e| Error::Internal(e.into()))
}

pub async fn store_key(pool: &PgPool, settings: &Settings, id: &str, key: &str, admin: Uuid) -> Result<()> {
    let info = service(id)?;
    if !info.can_store_key {
        return Err(Error::invalid("Nicht speicherbar", "Für diesen Dienst wird kein Schlüssel gespeichert."));
    }
    let key = key.trim();
    if key.is_empty() {
        return Err(Error::field("key", "Bitte geben Sie einen API-Schlüssel ein."));
    }
    if key.chars().count() > 1000 || key.chars().any(char::is_control) {
        return Err(Error::field("key", "Der API-Schlüssel hat kein gültiges Format."));
    }
    let Some(secret_box) = secret_box(settings)? else {
        return Err(Error::Conflict(
            "Auf dem Server ist kein Verschlüsselungsschlüssel eingerichtet (APP__SECRETS__ENCRYPTION_KEY).".into(),
        ));
    };
    let key = SecretString::from(key.to_owned());
    let sealed = secret_box.seal(id, &key);
    provider_keys::upsert(pool, id, &sealed.nonce, &sealed.ciphertext, &crate::secrets::last4(&key), admin).await?;
    Ok(())
}

pub async fn remove_key(pool: &PgPool, id: &str) -> Result<()> {
    service(id)?;
    provider_keys::delete(pool, id).await?;
    Ok(())
}

/// Provider settings with stored keys laid over the environment's.
fn effective(settings: &Settings, stored: &[StoredKey], secret_box: Option<&SecretBox>) -> ProviderSettings {
    let mut providers = settings.providers.clone();
    let Some(secret_box) = secret_box else { return providers };
    for key in stored {
        let Some(section) = providers.section_mut(&key.service) else { continue };
        let sealed = Sealed { nonce: key.nonce.clone(), ciphertext: key.ciphertext.clone() };
        match secret_box.open(&key.service, &sealed) {
            Ok(secret) => section.api_key = Some(secret),
            Err(e) => tracing::error!(service = %key.service, error = %e, "stored key unusable"),
        }
    }
    providers
}

/// The engines of a process, rebuilt when stored keys change.
#[derive(Clone)]
pub struct EngineRegistry {
    /// The engines and the key-store version they were built from (`None`: not loaded).
    current: Arc<RwLock<(Arc<Engines>, Option<String>)>>,
}

impl EngineRegistry {
    /// A registry that never changes (tests, benchmarks).
    pub fn fixed(engines: Engines) -> Self {
        Self { current: Arc::new(RwLock::new((Arc::new(engines), None))) }
    }

    pub fn current(&self) -> Arc<Engines> {
        self.current.read().expect("registry lock").0.clone()
    }

    /// Loads the engines from configuration and the key store.
    pub async fn load(pool: &PgPool, settings: &Settings) -> Result<Self> {
        let registry = Self::fixed(Engines::default());
        registry.refresh(pool, settings).await?;
        Ok(registry)
    }

    /// Rebuilds the engines if the stored keys changed since the last look.
    pub async fn refresh(&self, pool: &PgPool, settings: &Settings) -> Result<()> {
        let stored = provider_keys::list(pool).await?;
        let version: String = stored.iter().map(|k| format!("{}@{};", k.service, k.updated_at)).collect();
        if self.current.read().expect("registry lock").1.as_deref() == Some(version.as_str()) {
            return Ok(());
        }
        let providers = effective(settings, &stored, secret_box(settings)?.as_ref());
        let engines = Engines::from_settings(&settings.worker.engine_override, &providers);
        *self.current.write().expect("registry lock") = (Arc::new(engines), Some(version));
        Ok(())
    }

    /// Looks for key changes every few seconds, for as long as the process runs.
    pub fn spawn_refresh(&self, pool: PgPool, settings: Arc<Settings>, every: Duration) {
        let registry = self.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(every);
            loop {
                tick.tick().await;
                if let Err(e) = registry.refresh(&pool, &settings).await {
                    tracing::warn!(error = %e, "refreshing speech engines failed");
                }
            }
        });
    }
}
