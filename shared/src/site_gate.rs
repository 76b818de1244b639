//! The optional password in front of the whole site (spec: site password gate). When
//! `site.password` is set, the API answers only browsers holding the gate cookie, whose
//! value is an HMAC of the password: it survives restarts, cannot be made without the
//! password, and a new password shuts every browser out again. Three wrong tries lock the
//! client for 30 seconds, counted in Redis.

use hmac::{Hmac, Mac};
use secrecy::{ExposeSecret, SecretString};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::caller::Caller;
use crate::error::{Error, Result};
use crate::rate_limit::GATE_MAX_FAILURES;
use crate::services::Services;

/// What the gate screen shows.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct GateState {
    /// The site has a password.
    pub required: bool,
    /// This browser entered it (or the site is open).
    pub unlocked: bool,
    /// Wrong tries of this client so far, of `max_failures`.
    pub failures: u32,
    pub max_failures: u32,
    /// Seconds this client still waits after too many wrong tries; 0 when it may try.
    pub locked_secs: u64,
}

fn mac_for(password: &SecretString) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(password.expose_secret().as_bytes()).expect("any key length");
    mac.update(b"stimmwerk site gate v1");
    mac
}

/// The cookie value that opens the site for `password`.
fn pass_for(password: &SecretString) -> String {
    hex::encode(mac_for(password).finalize().into_bytes())
}

/// Whether a request with this gate cookie value may use the API.
pub fn admits(svc: &Services, cookie: Option<&str>) -> bool {
    let Some(password) = svc.settings.site.password() else { return true };
    let Some(cookie) = cookie.and_then(|c| hex::decode(c).ok()) else { return false };
    // Constant-time comparison.
    mac_for(password).verify_slice(&cookie).is_ok()
}

pub async fn state(svc: &Services, caller: &Caller, cookie: Option<&str>) -> Result<GateState> {
    let required = svc.settings.site.password().is_some();
    let standing = if required { svc.gate_limiter.standing(caller.ip).await? } else { Default::default() };
    Ok(GateState {
        required,
        unlocked: admits(svc, cookie),
        failures: standing.failures,
        max_failures: GATE_MAX_FAILURES,
        locked_secs: standing.locked_secs,
    })
}

/// Checks the site password; the cookie value on success. The third wrong try in a row
/// locks the client ([`Error::SiteGateWait`]).
pub async fn unlock(svc: &Services, caller: &Caller, password: &str) -> Result<String> {
    let Some(expected) = svc.settings.site.password() else {
        return Err(Error::Conflict("Diese Seite hat kein Zugangspasswort.".into()));
    };
    if password.is_empty() {
        return Err(Error::field("password", "Bitte geben Sie das Passwort ein."));
    }
    if let Err(retry_after_secs) = svc.gate_limiter.reserve(caller.ip).await? {
        return Err(Error::SiteGateWait { retry_after_secs });
    }
    // Digests are compared, so the time taken says nothing about the password.
    if Sha256::digest(password.as_bytes()) == Sha256::digest(expected.expose_secret().as_bytes()) {
        svc.gate_limiter.succeeded(caller.ip).await?;
        return Ok(pass_for(expected));
    }
    let standing = svc.gate_limiter.standing(caller.ip).await?;
    if standing.locked_secs > 0 {
        return Err(Error::SiteGateWait { retry_after_secs: standing.locked_secs });
    }
    Err(Error::field("password", "Falsches Passwort. Bitte versuchen Sie es erneut."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pass_depends_on_the_password() {
        let a = pass_for(&SecretString::from("eins"));
        assert_eq!(a, pass_for(&SecretString::from("eins")));
        assert_ne!(a, pass_for(&SecretString::from("zwei")));
        assert_eq!(a.len(), 64);
    }
}
