//! The admin settings page, the use cases: list the third-party services with where each
//! key comes from, store or remove a key (sealed, never readable back), and a real
//! connection test. Only admins who re-entered their password recently get here, and
//! every store, removal and test lands in the audit log (never the key itself).

use serde_json::json;

use crate::caller::Caller;
use crate::db::audit;
use crate::domain::kinds::AuditAction;
use crate::error::{Error, Result};
use crate::keyring::{self, ServiceStatus};
use crate::providers::services::ServiceCheck;
use crate::services::Services;
use crate::text_to_mp3::{self, Speech};

/// Every service, and how many of them have a key.
#[derive(Debug)]
pub struct ServiceList {
    pub configured: usize,
    pub total: usize,
    pub services: Vec<ServiceStatus>,
}

pub async fn list(svc: &Services, caller: &Caller) -> Result<ServiceList> {
    caller.fresh_admin()?;
    let services = keyring::statuses(&svc.pool, &svc.settings).await?;
    let configured = services.iter().filter(|s| s.source.is_some()).count();
    Ok(ServiceList { configured, total: services.len(), services })
}

async fn status_of(svc: &Services, id: &str) -> Result<ServiceStatus> {
    keyring::statuses(&svc.pool, &svc.settings)
        .await?
        .into_iter()
        .find(|s| s.info.id == id)
        .ok_or(Error::NotFound("Diesen Dienst gibt es nicht."))
}

/// What the admin decided about a key that did not pass its test.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Untested {
    /// Refuse to store it (the default).
    Refuse,
    /// Store it anyway: the admin read the warning and confirmed.
    Confirmed,
}

/// Tests a key before it goes live, then stores it; its engine is usable at once here and
/// within seconds in every worker. A key that fails its test (or that no test exists for)
/// is stored only when the admin confirmed the warning; the audit log says which it was.
pub async fn store_key(
    svc: &Services,
    caller: &Caller,
    id: &str,
    key: &str,
    untested: Untested,
) -> Result<ServiceStatus> {
    let admin = caller.fresh_admin()?;
    let info = keyring::service(id)?;
    if key.trim().is_empty() {
        return Err(Error::field("key", "Bitte geben Sie einen Schlüssel ein."));
    }
    let test = test_candidate(svc, info.check(), id, key).await?;
    if !test.ok && untested == Untested::Refuse {
        return Err(Error::Validation {
            title: "Verbindungstest fehlgeschlagen",
            message: format!(
                "Der Schlüssel wurde nicht gespeichert: {} Speichern Sie ihn nur mit Bestätigung, wenn Sie sicher sind, dass er für alle Kunden gelten soll.",
                sentence(&test.message)
            ),
            fields: [("key", "Der Verbindungstest mit diesem Schlüssel ist fehlgeschlagen.".to_owned())].into(),
        });
    }
    let mut tx = svc.pool.begin().await?;
    let last4 = keyring::store_key(&mut *tx, &svc.settings, id, key, admin.id).await?;
    let message: String = test.message.chars().take(300).collect();
    let after = json!({ "key_last4": last4, "tested": test.ok, "test_message": message });
    audit::record(&mut *tx, admin, AuditAction::ProviderKeyStored, Some(id), None, None, Some(after)).await?;
    tx.commit().await?;
    svc.engines.refresh(&svc.pool, &svc.settings).await?;
    tracing::info!(service = %id, admin = %admin.id, tested = test.ok, "provider key stored");
    status_of(svc, id).await
}

fn sentence(message: &str) -> String {
    let message = message.trim();
    if message.ends_with(['.', '!', '?']) { message.to_owned() } else { format!("{message}.") }
}

/// The connection test of a key that is not stored yet.
async fn test_candidate(svc: &Services, check: ServiceCheck, id: &str, key: &str) -> Result<ConnectionTest> {
    let outcome: Result<(), String> = match check {
        ServiceCheck::Speech(provider) => {
            let engines = keyring::engines_with_candidate(&svc.pool, &svc.settings, id, key).await?;
            test_engine_of(svc, &engines, provider).await
        }
        ServiceCheck::Stripe => {
            let key = secrecy::SecretString::from(key.trim().to_owned());
            match crate::payments::stripe::StripeClient::new(&svc.settings.payments.stripe_base_url, key) {
                Ok(stripe) => stripe.ping().await.map_err(|e| e.to_string()),
                Err(e) => Err(e.to_string()),
            }
        }
        ServiceCheck::Postgres | ServiceCheck::Redis => {
            Err("Für diesen Dienst wird kein Schlüssel gespeichert.".into())
        }
        ServiceCheck::Unavailable(reason) => Err(reason.into()),
    };
    Ok(match outcome {
        Ok(()) => ConnectionTest { ok: true, message: "Verbindung erfolgreich.".into() },
        Err(message) => ConnectionTest { ok: false, message },
    })
}

/// Removes a stored key (a key from the environment stays).
pub async fn remove_key(svc: &Services, caller: &Caller, id: &str) -> Result<ServiceStatus> {
    let admin = caller.fresh_admin()?;
    let mut tx = svc.pool.begin().await?;
    let removed = keyring::remove_key(&mut *tx, id).await?;
    let after = json!({ "removed": removed });
    audit::record(&mut *tx, admin, AuditAction::ProviderKeyRemoved, Some(id), None, None, Some(after)).await?;
    tx.commit().await?;
    svc.engines.refresh(&svc.pool, &svc.settings).await?;
    tracing::info!(service = %id, admin = %admin.id, "provider key removed");
    status_of(svc, id).await
}

/// What a connection test found.
#[derive(Debug)]
pub struct ConnectionTest {
    pub ok: bool,
    /// German: "Verbindung erfolgreich." or what went wrong.
    pub message: String,
}

/// Checks a service for real: a short synthesis with one of its voices, a query, a PING.
pub async fn test_connection(svc: &Services, caller: &Caller, id: &str) -> Result<ConnectionTest> {
    let admin = caller.fresh_admin()?;
    let outcome: Result<(), String> = match keyring::service(id)?.check() {
        ServiceCheck::Postgres => sqlx::query("SELECT 1").execute(&svc.pool).await.map(drop).map_err(|e| e.to_string()),
        ServiceCheck::Redis => svc.queue.ping().await.map_err(|e| e.to_string()),
        ServiceCheck::Unavailable(reason) => Err(reason.into()),
        ServiceCheck::Stripe => match crate::use_cases::billing::client(svc).await {
            Ok(stripe) => stripe.ping().await.map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        },
        ServiceCheck::Speech(provider) => test_engine(svc, provider).await,
    };
    let test = match outcome {
        Ok(()) => ConnectionTest { ok: true, message: "Verbindung erfolgreich.".into() },
        Err(message) => ConnectionTest { ok: false, message },
    };
    // A test spends the stored key (a paid synthesis): who ran it, and what it answered.
    let message: String = test.message.chars().take(300).collect();
    let after = json!({ "ok": test.ok, "message": message });
    audit::record(&svc.pool, admin, AuditAction::ProviderKeyTested, Some(id), None, None, Some(after)).await?;
    Ok(test)
}

async fn test_engine(svc: &Services, provider: crate::providers::ProviderId) -> Result<(), String> {
    test_engine_of(svc, &svc.engines.current(), provider).await
}

async fn test_engine_of(
    svc: &Services,
    engines: &crate::engine::Engines,
    provider: crate::providers::ProviderId,
) -> Result<(), String> {
    let engine = engines.usable(provider).map_err(|why| why.admin_reason.to_owned())?;
    let voice = svc
        .catalogue
        .voices
        .iter()
        .find(|v| v.provider == provider)
        .ok_or("Für diesen Anbieter ist keine Stimme im Katalog.")?;
    let speech = Speech {
        text: "Verbindungstest.",
        voice: &voice.api_name,
        language: &voice.language,
        rate: None,
        pitch: None,
        instructions: None,
        dictionary: &[],
    };
    text_to_mp3::render(engine.as_ref(), speech, 1).await.map(drop).map_err(|e| e.to_string())
}
