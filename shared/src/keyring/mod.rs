//! The keys of the third-party services the admin page lists (`providers::services`):
//! where each comes from (environment or the encrypted store), storing or removing one,
//! and the engines rebuilt from them when one changes (`live`).

pub mod live;

use secrecy::{ExposeSecret, SecretString};
use sqlx::{PgExecutor, PgPool};
use uuid::Uuid;

use crate::config::{ProviderSettings, Settings};
use crate::db::provider_keys::{self, StoredKey};
use crate::domain::kinds::CloneEngineId;
use crate::error::{Error, Result};
use crate::providers::services::{SERVICES, STRIPE, ServiceCheck, ServiceInfo};
use crate::secrets::{Sealed, SecretBox};

pub fn service(id: &str) -> Result<&'static ServiceInfo> {
    SERVICES.iter().find(|s| s.id == id).ok_or(Error::NotFound("Diesen Dienst gibt es nicht."))
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
    id.parse::<CloneEngineId>().is_ok_and(|engine| crate::providers::clone_engine_card(engine).is_some())
}

fn env_key(settings: &Settings, id: &str) -> Option<SecretString> {
    let key = match id {
        STRIPE => settings.payments.stripe_secret_key.clone(),
        id if is_clone_service(id) => settings.providers.get(id).and_then(|s| s.api_key.clone()),
        id => {
            let provider = crate::providers::of(id.parse::<crate::providers::ProviderId>().ok()?);
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
        let section = match key.service.parse::<crate::providers::ProviderId>() {
            Ok(id) => crate::providers::of(id).section_mut(&mut providers),
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

/// The engines as they would be with `key` stored for `id`: the candidate of a connection
/// test before the key goes live for every customer.
pub async fn engines_with_candidate(
    pool: &PgPool,
    settings: &Settings,
    id: &str,
    key: &str,
) -> Result<crate::engine::Engines> {
    let stored = provider_keys::list(pool).await?;
    let mut providers = effective(settings, &stored, secret_box(settings)?.as_ref());
    let section = match id.parse::<crate::providers::ProviderId>() {
        Ok(provider) => crate::providers::of(provider).section_mut(&mut providers),
        Err(_) => providers.get_mut(id),
    };
    if let Some(section) = section {
        section.api_key = Some(SecretString::from(key.trim().to_owned()));
    }
    Ok(crate::providers::build_engines(
        &settings.worker.engine_override,
        &providers,
        &settings.cloning.engine,
        crate::files::store(&settings.storage),
    ))
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
    use crate::providers::PROVIDERS;

    #[test]
    fn the_default_configuration_has_a_section_for_every_cloud_provider() {
        let settings = Settings::load().unwrap();
        for provider in PROVIDERS.iter().filter(|p| p.config_key.is_some()) {
            let section = provider.section(&settings.providers).unwrap_or_else(|| panic!("{}", provider.id));
            assert!(section.base_url.starts_with("https://"), "{}", provider.id);
            assert!(section.api_key.is_none(), "no key ships with the defaults");
        }
        assert_eq!(settings.providers["openai"].model, "gpt-4o-mini-tts");
        assert_eq!(settings.providers["murf"].model, "GEN2");
    }

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
            ServiceCheck::Speech(crate::providers::ProviderId::MurfTts)
        ));
        assert!(matches!(service("stripe").unwrap().check(), ServiceCheck::Stripe));
        assert!(service("nope").is_err());
    }
}
