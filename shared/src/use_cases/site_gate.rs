//! The optional password in front of the whole site (spec: site password gate). When
//! `site.password` is set, the API answers only browsers holding a gate pass, given out
//! per visitor when the password is entered: `<visitor>.<expires>.<mac>`, a random
//! visitor id, the Unix second it stops working ([`PASS_HOURS`] later) and an
//! HMAC-SHA256 over both with a key derived from the password and the server's
//! encryption key (`secrets.encryption_key`, when set). So every visitor's pass differs,
//! each expires, none can be made or altered without the key, passes survive restarts,
//! and a new password (or encryption key) shuts every browser out again. Three wrong
//! tries lock the client for 30 seconds, counted in Redis.

use hmac::{Hmac, Mac};
use rand::RngCore;
use secrecy::{ExposeSecret, SecretString};
use sha2::{Digest, Sha256};

use crate::caller::Caller;
use crate::config::Settings;
use crate::error::{Error, Result};
use crate::rate_limit::GATE_MAX_FAILURES;
use crate::services::Services;

/// How long a gate pass opens the site.
pub const PASS_HOURS: i64 = 24;

/// What the gate screen shows.
#[derive(Debug)]
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

/// The key passes are signed with: derived from the password and the server's
/// encryption key (when one is set), so neither a password alone nor a leaked pass
/// yields it, and changing either ends every pass.
fn pass_key(password: &SecretString, server_key: &SecretString) -> [u8; 32] {
    let mut mac = Hmac::<Sha256>::new_from_slice(password.expose_secret().as_bytes()).expect("any key length");
    mac.update(b"stimmwerk site gate v2\0");
    mac.update(server_key.expose_secret().as_bytes());
    mac.finalize().into_bytes().into()
}

fn pass_mac(key: &[u8; 32], visitor: &str, expires: i64) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("any key length");
    mac.update(visitor.as_bytes());
    mac.update(b".");
    mac.update(expires.to_string().as_bytes());
    mac
}

/// A pass for `visitor` that works until `expires` (Unix seconds).
fn sign_pass(key: &[u8; 32], visitor: &str, expires: i64) -> String {
    format!("{visitor}.{expires}.{}", hex::encode(pass_mac(key, visitor, expires).finalize().into_bytes()))
}

/// Whether `pass` is one we signed with `key` and still works at `now`.
fn pass_is_valid(key: &[u8; 32], pass: &str, now: i64) -> bool {
    let mut parts = pass.split('.');
    let (Some(visitor), Some(expires), Some(mac), None) = (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let well_formed = visitor.len() == 32 && visitor.bytes().all(|b| b.is_ascii_hexdigit());
    let Ok(expires) = expires.parse::<i64>() else { return false };
    let Ok(mac) = hex::decode(mac) else { return false };
    // Constant-time comparison; a pass is never valid for longer than it is given out.
    well_formed
        && pass_mac(key, visitor, expires).verify_slice(&mac).is_ok()
        && now < expires
        && expires <= now + PASS_HOURS * 3600
}

/// A new pass for one visitor (a random id), working for [`PASS_HOURS`] from `now`;
/// `None` while the site is open.
pub fn issue_pass(settings: &Settings, now: i64) -> Option<String> {
    let password = settings.site.password()?;
    let mut visitor = [0u8; 16];
    rand::rng().fill_bytes(&mut visitor);
    Some(pass_expiring(settings, password, &hex::encode(visitor), now + PASS_HOURS * 3600))
}

fn pass_expiring(settings: &Settings, password: &SecretString, visitor: &str, expires: i64) -> String {
    sign_pass(&pass_key(password, &settings.secrets.encryption_key), visitor, expires)
}

/// A pass that expired an hour ago, as a browser may still hold one (tests).
#[cfg(feature = "test-support")]
pub fn expired_pass(settings: &Settings) -> Option<String> {
    let password = settings.site.password()?;
    Some(pass_expiring(settings, password, &"0".repeat(32), chrono::Utc::now().timestamp() - 3600))
}

/// Whether a request with this gate cookie value may use the API.
pub fn admits(svc: &Services, cookie: Option<&str>) -> bool {
    admits_at(&svc.settings, cookie, chrono::Utc::now().timestamp())
}

fn admits_at(settings: &Settings, cookie: Option<&str>, now: i64) -> bool {
    let Some(password) = settings.site.password() else { return true };
    let Some(cookie) = cookie else { return false };
    pass_is_valid(&pass_key(password, &settings.secrets.encryption_key), cookie, now)
}

pub async fn state(svc: &Services, caller: &Caller, cookie: Option<&str>) -> Result<GateState> {
    let required = svc.settings.site.password().is_some();
    let standing = if required { svc.limits.gate.standing(caller.ip).await? } else { Default::default() };
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
    if let Err(retry_after_secs) = svc.limits.gate.reserve(caller.ip).await? {
        return Err(Error::SiteGateWait { retry_after_secs });
    }
    // Digests are compared, so the time taken says nothing about the password.
    if Sha256::digest(password.as_bytes()) == Sha256::digest(expected.expose_secret().as_bytes()) {
        svc.limits.gate.succeeded(caller.ip).await?;
        return issue_pass(&svc.settings, chrono::Utc::now().timestamp())
            .ok_or_else(|| Error::Conflict("Diese Seite hat kein Zugangspasswort.".into()));
    }
    let standing = svc.limits.gate.standing(caller.ip).await?;
    if standing.locked_secs > 0 {
        return Err(Error::SiteGateWait { retry_after_secs: standing.locked_secs });
    }
    Err(Error::field("password", "Falsches Passwort. Bitte versuchen Sie es erneut."))
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_800_000_000;

    fn settings(password: &str, server_key: &str) -> Settings {
        let mut settings = Settings::load().unwrap();
        settings.site.password = Some(SecretString::from(password.to_owned()));
        settings.secrets.encryption_key = SecretString::from(server_key.to_owned());
        settings
    }

    fn admitted(settings: &Settings, pass: &str) -> bool {
        admits_at(settings, Some(pass), NOW)
    }

    #[test]
    fn the_site_gate_pass_is_per_visitor_and_expires() {
        let site = settings("eins", "server-key");
        let a = issue_pass(&site, NOW).unwrap();
        let b = issue_pass(&site, NOW).unwrap();
        assert_ne!(a, b, "every visitor gets a pass of their own");
        assert!(admitted(&site, &a) && admitted(&site, &b));
        // Expired, just so and long ago.
        let expires = NOW + PASS_HOURS * 3600;
        assert!(admits_at(&site, Some(&a), expires - 1));
        assert!(!admits_at(&site, Some(&a), expires));
        assert!(!admits_at(&site, Some(&a), expires + 86_400));
        // Altered: a later expiry, another visitor id, another signature.
        let (visitor, rest) = a.split_once('.').unwrap();
        let (_, mac) = rest.split_once('.').unwrap();
        assert!(!admitted(&site, &format!("{visitor}.{}.{mac}", expires + 3600)));
        let (other_visitor, _) = b.split_once('.').unwrap();
        assert!(!admitted(&site, &format!("{other_visitor}.{rest}")));
        assert!(!admitted(&site, &format!("{visitor}.{expires}.{}", "ab".repeat(32))));
        // Signed with the key, but for longer than a pass is ever given out.
        let key = pass_key(site.site.password().unwrap(), &site.secrets.encryption_key);
        assert!(!admitted(&site, &sign_pass(&key, visitor, NOW + 365 * 86_400)));
        for junk in ["", ".", "..", "a.b.c", &format!("{a}.x"), &"ab".repeat(32)] {
            assert!(!admitted(&site, junk), "{junk:?}");
        }
    }

    #[test]
    fn the_site_gate_pass_needs_the_password_and_the_server_key() {
        let site = settings("eins", "server-key");
        let pass = issue_pass(&site, NOW).unwrap();
        assert!(!admitted(&settings("zwei", "server-key"), &pass), "a new password ends every pass");
        assert!(!admitted(&settings("eins", "another-server"), &pass), "another server key ends every pass");
        // The old pass, the same for every visitor and forever: hex HMAC(password, "…v1").
        let mut old = Hmac::<Sha256>::new_from_slice(b"eins").unwrap();
        old.update(b"stimmwerk site gate v1");
        assert!(!admitted(&site, &hex::encode(old.finalize().into_bytes())));
    }

    #[test]
    fn an_open_site_admits_everyone_and_gives_no_pass() {
        let mut site = settings("eins", "k");
        site.site.password = None;
        assert!(admits_at(&site, None, NOW));
        assert!(issue_pass(&site, NOW).is_none());
    }
}
