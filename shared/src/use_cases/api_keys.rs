//! API keys for the developer API: a signed-in user creates named keys (the full key is
//! answered once, only its hash is stored), lists and revokes them; every `/v1` request
//! is authenticated by [`authenticate`] and counted against the key's per-minute limit.

use chrono::Utc;
use uuid::Uuid;

use crate::caller::{Caller, Identity, KeyHolder};
use crate::db::api_keys::{self, ApiKeyRow};
use crate::db::caps;
use crate::domain::caps::Collection;
use crate::domain::input;
use crate::domain::kinds::AuditAction;
use crate::error::{Error, Result};
use crate::rate_limit::Quota;
use crate::services::Services;
use crate::token;

/// Every key starts with this, so scanners (and people) recognise a Stimmwerk key.
pub const KEY_PREFIX: &str = "sw_";
/// Characters of a key shown in lists and example scripts.
const VISIBLE_CHARS: usize = 12;
const NAME_MAX: usize = 80;

/// A new key: the only time the full key is told.
#[derive(Debug)]
pub struct CreatedKey {
    pub key: ApiKeyRow,
    /// The full key (`sw_…`). It is not stored and cannot be shown again.
    pub secret: String,
}

fn key_name(raw: &str) -> Result<String> {
    input::no_controls("name", raw, false)?;
    let name = input::trim(raw);
    if name.is_empty() {
        return Err(Error::field("name", "Bitte geben Sie dem Schlüssel einen Namen."));
    }
    if name.chars().count() > NAME_MAX {
        return Err(Error::field("name", format!("Der Name darf höchstens {NAME_MAX} Zeichen haben.")));
    }
    Ok(name.to_owned())
}

/// Creates a key for the signed-in user (browser session only: a key cannot make keys).
pub async fn create(svc: &Services, caller: &Caller, name: &str) -> Result<CreatedKey> {
    let user = caller.session()?.user.clone();
    let name = key_name(name)?;
    let secret = format!("{KEY_PREFIX}{}", token::random_token());
    let prefix: String = secret.chars().take(VISIBLE_CHARS).collect();
    let mut tx = svc.pool.begin().await?;
    // Counted and inserted under the owner's lock: parallel creations cannot pass the cap.
    let max = svc.settings.api.max_keys_per_user;
    caps::reserve_within(&mut tx, Collection::ApiKeys, Some(user.id), 1, max).await.map_err(|e| match e {
        caps::CapError::Full(full) => Error::Conflict(full.message),
        other => other.into(),
    })?;
    let row = api_keys::insert(&mut *tx, user.id, &name, &prefix, &token::hash_token(&secret)).await?;
    let target = Some((user.id, user.email.as_str()));
    let after = serde_json::json!({ "name": name, "prefix": prefix });
    crate::db::audit::record(&mut *tx, &user, AuditAction::ApiKeyCreated, None, target, None, Some(after)).await?;
    tx.commit().await?;
    // A stolen session could make a key that outlives it: the owner hears of each one.
    let keys_url = format!("{}/dashboard/api/settings", svc.settings.http.public_url.trim_end_matches('/'));
    svc.mailer.notify(crate::mail::api_key_created(&user.email, &name, &prefix, &keys_url)).await;
    Ok(CreatedKey { key: row, secret })
}

pub async fn list(svc: &Services, caller: &Caller) -> Result<Vec<ApiKeyRow>> {
    let user_id = caller.session()?.user.id;
    Ok(api_keys::list(&svc.pool, user_id).await?)
}

pub async fn rename(svc: &Services, caller: &Caller, id: Uuid, name: &str) -> Result<()> {
    let user_id = caller.session()?.user.id;
    let name = key_name(name)?;
    if !api_keys::rename(&svc.pool, user_id, id, &name).await? {
        return Err(Error::NotFound("Schlüssel nicht gefunden."));
    }
    Ok(())
}

/// Revokes a key for good: the next request with it gets 401.
pub async fn revoke(svc: &Services, caller: &Caller, id: Uuid) -> Result<()> {
    let user_id = caller.session()?.user.id;
    if !api_keys::revoke(&svc.pool, user_id, id).await? {
        return Err(Error::NotFound("Schlüssel nicht gefunden oder bereits widerrufen."));
    }
    Ok(())
}

/// Why a `/v1` request was refused before it reached its handler.
#[derive(Debug)]
pub enum Refusal {
    /// No key, a malformed one, an unknown or a revoked one: 401.
    Unauthenticated(&'static str),
    /// Over the key's per-minute limit: 429 with these figures.
    Limited(Quota),
    Failed(Error),
}

impl From<Error> for Refusal {
    fn from(e: Error) -> Self {
        Refusal::Failed(e)
    }
}

/// The caller of a `/v1` request from its `Authorization` header value, and the key's
/// standing in its rate-limit window.
pub async fn authenticate(
    svc: &Services,
    ip: std::net::IpAddr,
    authorization: Option<&str>,
) -> std::result::Result<(Caller, Quota), Refusal> {
    let Some(value) = authorization else {
        return Err(Refusal::Unauthenticated(
            "API-Schlüssel fehlt. Senden Sie ihn als Kopfzeile „Authorization: Bearer sw_…“.",
        ));
    };
    let secret = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .map(str::trim)
        .filter(|s| s.starts_with(KEY_PREFIX) && s.len() <= 128)
        .ok_or(Refusal::Unauthenticated("Ungültiger API-Schlüssel."))?;
    let owner = api_keys::find_active(&svc.pool, &token::hash_token(secret))
        .await
        .map_err(Error::from)?
        .ok_or(Refusal::Unauthenticated("Ungültiger oder widerrufener API-Schlüssel."))?;
    let quota = svc.limits.api_key.count(owner.key_id).await?.map_err(Refusal::Limited)?;
    if owner.last_used_at.is_none_or(|at| Utc::now() - at > chrono::Duration::minutes(1)) {
        api_keys::touch(&svc.pool, owner.key_id).await.map_err(Error::from)?;
    }
    let identity = Identity::ApiKey(KeyHolder { user: owner.user, key_id: owner.key_id });
    Ok((Caller { ip, identity, demo_browser: None, user_agent: None }, quota))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_names_are_trimmed_and_bounded() {
        assert_eq!(key_name("  Produktion ").unwrap(), "Produktion");
        assert!(key_name("   ").is_err());
        assert!(key_name("a\u{0}b").is_err(), "Postgres refuses NUL: a 422, not a 500");
        assert!(key_name(&"x".repeat(81)).is_err());
    }
}
