//! Keys of third-party services: the services the admin page lists (the cloud providers
//! of the provider table, plus payment and infrastructure), where each key comes from
//! (environment or the encrypted store), and storing or removing a key.

use std::sync::LazyLock;

use secrecy::{ExposeSecret, SecretString};
use sqlx::{PgExecutor, PgPool};
use uuid::Uuid;

use super::PROVIDERS;
use crate::config::{ProviderSettings, Settings};
use crate::db::provider_keys::{self, StoredKey};
use crate::domain::kinds::CloneEngineId;
use crate::error::{Error, Result};
use crate::secrets::{Sealed, SecretBox};

/// A service as the admin settings page shows it.
#[derive(Debug)]
pub struct ServiceInfo {
    pub id: &'static str,
    pub name: &'static str,
    /// "AI/ML", "Cloud", "Payment" or "Database".
    pub category: &'static str,
    pub description: &'static str,
    /// The environment variable that carries the key.
    pub secret_name: String,
    pub docs_url: &'static str,
    pub key_url: &'static str,
    /// False for Postgres and Redis: their address is configuration, not a stored key.
    pub can_store_key: bool,
}

/// Services that are not speech providers.
const STRIPE: &str = "stripe";
const POSTGRES: &str = "postgres";
const REDIS: &str = "redis";

/// The cloud providers from the provider table, then payment and the databases.
pub static SERVICES: LazyLock<Vec<ServiceInfo>> = LazyLock::new(|| {
    let providers = PROVIDERS.iter().filter_map(|p| {
        let card = p.admin.as_ref()?;
        Some(ServiceInfo {
            id: p.id.as_str(),
            name: card.name,
            category: card.category,
            description: card.description,
            secret_name: p.secret_name()?,
            docs_url: card.docs_url,
            key_url: card.key_url,
            can_store_key: true,
        })
    });
    // Clone engines: their keys sit in `[providers.<id>]` like the speech providers'.
    let clone_engines = CloneEngineId::ALL.iter().filter_map(|&engine| {
        let card = super::clone_engine_card(engine)?;
        Some(ServiceInfo {
            id: engine.as_str(),
            name: card.name,
            category: card.category,
            description: card.description,
            secret_name: format!("APP__PROVIDERS__{}__API_KEY", engine.as_str().to_uppercase()),
            docs_url: card.docs_url,
            key_url: card.key_url,
            can_store_key: true,
        })
    });
    let others = [
        ServiceInfo {
            id: STRIPE,
            name: "Stripe",
            category: "Payment",
            description: "Kartenzahlungen für Guthaben-Aufladungen (Checkout).",
            secret_name: "APP__PAYMENTS__STRIPE_SECRET_KEY".into(),
            docs_url: "https://docs.stripe.com/payments/checkout",
            key_url: "https://dashboard.stripe.com/apikeys",
            can_store_key: true,
        },
        ServiceInfo {
            id: POSTGRES,
            name: "PostgreSQL",
            category: "Database",
            description: "Konten, Guthaben, Aufträge und das Hauptbuch.",
            secret_name: "APP__DATABASE__URL".into(),
            docs_url: "https://www.postgresql.org/docs/",
            key_url: "https://www.postgresql.org/download/",
            can_store_key: false,
        },
        ServiceInfo {
            id: REDIS,
            name: "Redis",
            category: "Database",
            description: "Warteschlange zwischen API und Workern, Anmelde- und Demo-Limits.",
            secret_name: "APP__REDIS__URL".into(),
            docs_url: "https://redis.io/docs/latest/",
            key_url: "https://redis.io/downloads/",
            can_store_key: false,
        },
    ];
    let mut services: Vec<ServiceInfo> = providers.collect();
    services.extend(clone_engines);
    // Payment sits between the AI services and the databases on the page.
    services.extend(others);
    services
});

/// What the connection test of a service does.
pub enum ServiceCheck {
    /// A short synthesis with one of the provider's voices.
    Speech(super::ProviderId),
    /// An authenticated request to Stripe.
    Stripe,
    Postgres,
    Redis,
    /// Not testable (yet): the German reason.
    Unavailable(&'static str),
}

pub fn service(id: &str) -> Result<&'static ServiceInfo> {
    SERVICES.iter().find(|s| s.id == id).ok_or(Error::NotFound("Diesen Dienst gibt es nicht."))
}

impl ServiceInfo {
    pub fn check(&self) -> ServiceCheck {
        match self.id {
            POSTGRES => ServiceCheck::Postgres,
            REDIS => ServiceCheck::Redis,
            STRIPE => ServiceCheck::Stripe,
            id => match id.parse() {
                Ok(provider) => ServiceCheck::Speech(provider),
                Err(_) => ServiceCheck::Unavailable("Für diesen Dienst gibt es keinen Verbindungstest."),
            },
        }
    }
}

/// Where a service's key comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeySource {
    Environment,
    Database,
}

/// Whether a service has a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyStatus {
    Configured,
    Missing,
}

/// A service as the admin page shows it: its catalogue entry plus where its key is.
#[derive(Debug, Clone)]
pub struct ServiceStatus {
    pub info: &'static ServiceInfo,
    pub can_test: bool,
    pub status: KeyStatus,
    pub source: Option<KeySource>,
    pub key_last4: Option<String>,
}

/// A clone engine with a key (an admin card): ElevenLabs, Replicate.
fn is_clone_service(id: &str) -> bool {
    id.parse::<CloneEngineId>().is_ok_and(|engine| super::clone_engine_card(engine).is_some())
}

fn env_key(settings: &Settings, id: &str) -> Option<SecretString> {
    let key = match id {
        STRIPE => settings.payments.stripe_secret_key.clone(),
        id if is_clone_service(id) => settings.providers.get(id).and_then(|s| s.api_key.clone()),
        id => {
            let provider = super::of(id.parse::<super::ProviderId>().ok()?);
            provider.section(&settings.providers).and_then(|s| s.api_key.clone())
        }
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
                can_test: !matches!(info.check(), ServiceCheck::Unavailable(_)),
                status: if source.is_some() { KeyStatus::Configured } else { KeyStatus::Missing },
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

/// Seals and stores a service's key (on the pool or in the caller's transaction);
/// answers its last four characters, all that is ever shown of it again.
pub async fn store_key(
    db: impl PgExecutor<'_>,
    settings: &Settings,
    id: &str,
    key: &str,
    admin: Uuid,
) -> Result<String> {
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
    let last4 = crate::secrets::last4(&key);
    provider_keys::upsert(db, id, &sealed.nonce, &sealed.ciphertext, &last4, admin).await?;
    Ok(last4)
}

/// Removes a service's stored key; answers whether there was one.
pub async fn remove_key(db: impl PgExecutor<'_>, id: &str) -> Result<bool> {
    service(id)?;
    Ok(provider_keys::delete(db, id).await?)
}

/// A service's key: the one stored on the admin page, else the environment's.
pub async fn key_of(pool: &PgPool, settings: &Settings, id: &str) -> Result<Option<SecretString>> {
    if let Some(secret_box) = secret_box(settings)? {
        let stored = provider_keys::list(pool).await?;
        if let Some(secret) = stored.iter().find(|k| k.service == id).and_then(|key| open_stored(&secret_box, key)) {
            return Ok(Some(secret));
        }
    }
    Ok(env_key(settings, id))
}

/// Provider settings with stored keys laid over the environment's.
pub(super) fn effective(settings: &Settings, stored: &[StoredKey], secret_box: Option<&SecretBox>) -> ProviderSettings {
    let mut providers = settings.providers.clone();
    let Some(secret_box) = secret_box else { return providers };
    for key in stored {
        let section = match key.service.parse::<super::ProviderId>() {
            Ok(id) => super::of(id).section_mut(&mut providers),
            Err(_) if is_clone_service(&key.service) => providers.get_mut(&key.service),
            Err(_) => None,
        };
        let Some(section) = section else { continue };
        if let Some(secret) = open_stored(secret_box, key) {
            section.api_key = Some(secret);
        }
    }
    providers
}

/// A stored key in the clear; a key that does not open (another master key) is logged
/// and treated as absent.
fn open_stored(secret_box: &SecretBox, key: &StoredKey) -> Option<SecretString> {
    let sealed = Sealed { nonce: key.nonce.clone(), ciphertext: key.ciphertext.clone() };
    secret_box
        .open(&key.service, &sealed)
        .inspect_err(|e| tracing::error!(service = %key.service, error = %e, "stored key unusable"))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_admin_page_lists_every_cloud_provider_then_stripe_and_the_databases() {
        let ids: Vec<_> = SERVICES.iter().map(|s| s.id).collect();
        assert_eq!(
            ids,
            [
                "openai_tts",
                "gemini_tts",
                "cloud_tts",
                "murf_tts",
                "elevenlabs",
                "replicate",
                "stripe",
                "postgres",
                "redis"
            ]
        );
        assert!(matches!(
            service("murf_tts").unwrap().check(),
            ServiceCheck::Speech(super::super::ProviderId::MurfTts)
        ));
        assert!(matches!(service("stripe").unwrap().check(), ServiceCheck::Stripe));
        assert!(service("nope").is_err());
    }
}
