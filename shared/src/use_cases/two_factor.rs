//! Two-factor sign-in with TOTP (RFC 6238: SHA-1, 6 digits, 30 s, one step of clock skew
//! either way), the use cases: set up (secret sealed with the server's key, an otpauth URL
//! and its QR code), enable with the current password and a first code (ten single-use
//! recovery codes, shown once, stored hashed), the second step of a sign-in, and
//! disabling (password and code). A code is never accepted twice, and a sign-in challenge
//! takes five tries at most. Wrong codes (recovery codes count as codes) are counted per
//! account and per client in Redis (`rate_limit::CodePolicy`), where a correct password
//! cannot reset them: after a few the code step waits, after ten a day it is locked for
//! hours for sign-ins started with the password, and the owner gets a mail; a sign-in
//! started with a mailed link has its own small budget. Switching on or off mails the
//! owner a notice.

use std::net::IpAddr;

use chrono::{Duration, Utc};
use rand::Rng;
use secrecy::{ExposeSecret, SecretString};
use totp_rs::{Algorithm, TOTP};
use uuid::Uuid;

use crate::caller::Caller;
use crate::db::{self, two_factor};
use crate::domain::kinds::AuditAction;
use crate::error::{Error, Result};
use crate::keyring::secret_box;
use crate::secrets::Sealed;
use crate::services::Services;
use crate::token;

const ISSUER: &str = "Stimmwerk";
const STEP_SECS: u64 = 30;
const RECOVERY_CODES: usize = 10;
/// How long the code step of a sign-in waits, and how many codes it takes.
pub const CHALLENGE_MINUTES: i64 = 5;
const CHALLENGE_ATTEMPTS: i32 = 5;

fn totp(secret: Vec<u8>, account: &str) -> Result<TOTP> {
    TOTP::new(Algorithm::SHA1, 6, 1, STEP_SECS, secret, Some(ISSUER.into()), account.into())
        .map_err(|e| Error::Internal(anyhow::anyhow!("totp: {e:?}")))
}

fn aad(user_id: Uuid) -> String {
    format!("totp:{user_id}")
}

fn not_set_up() -> Error {
    Error::Unavailable("Die Zwei-Faktor-Anmeldung ist auf diesem Server nicht eingerichtet.".into())
}

fn wrong_code() -> Error {
    Error::field("code", "Der Code stimmt nicht. Bitte geben Sie den aktuellen Code aus Ihrer App ein.")
}

#[derive(Debug)]
pub struct Setup {
    /// For typing in by hand.
    pub secret: String,
    pub otpauth_url: String,
    /// The same URL as a QR code (SVG).
    pub qr_svg: String,
}

/// A new secret for the caller (replacing one not yet confirmed). Two-factor sign-in is
/// on only after `enable` with a first code.
pub async fn setup(svc: &Services, caller: &Caller) -> Result<Setup> {
    let user = caller.user()?;
    let sealer = secret_box(&svc.settings)?.ok_or_else(not_set_up)?;
    if two_factor::get(&svc.pool, user.id).await?.is_some_and(|s| s.enabled) {
        return Err(Error::Conflict("Die Zwei-Faktor-Anmeldung ist bereits eingeschaltet.".into()));
    }
    let mut secret = vec![0u8; 20];
    rand::rng().fill(&mut secret[..]);
    let totp = totp(secret, &user.email)?;
    let encoded = totp.get_secret_base32();
    let sealed = sealer.seal(&aad(user.id), &SecretString::from(encoded.clone()));
    two_factor::set_pending(&svc.pool, user.id, &sealed.nonce, &sealed.ciphertext).await?;
    let url = totp.get_url();
    let qr = qrcode::QrCode::new(url.as_bytes()).map_err(|e| Error::Internal(e.into()))?;
    let qr_svg = qr.render::<qrcode::render::svg::Color>().min_dimensions(200, 200).build();
    Ok(Setup { secret: encoded, otpauth_url: url, qr_svg })
}

/// The account's TOTP and whether it is switched on, if set up.
async fn load(svc: &Services, user_id: Uuid, account: &str) -> Result<Option<(TOTP, bool)>> {
    let Some(stored) = two_factor::get(&svc.pool, user_id).await? else { return Ok(None) };
    let sealer = secret_box(&svc.settings)?.ok_or_else(not_set_up)?;
    let sealed = Sealed { nonce: stored.nonce, ciphertext: stored.ciphertext };
    let encoded = sealer.open(&aad(user_id), &sealed).map_err(|e| Error::Internal(e.into()))?;
    let secret = totp_rs::Secret::Encoded(encoded.expose_secret().to_owned())
        .to_bytes()
        .map_err(|e| Error::Internal(anyhow::anyhow!("totp secret: {e:?}")))?;
    Ok(Some((totp(secret, account)?, stored.enabled)))
}

/// The time step a code belongs to (now, or one step before or after), if it is right.
fn matching_step(totp: &TOTP, code: &str, now: u64) -> Option<i64> {
    let code = code.trim().replace(' ', "");
    let current = now / STEP_SECS;
    [current.saturating_sub(1), current, current + 1]
        .into_iter()
        .find(|step| constant_time_eq(totp.generate(step * STEP_SECS).as_bytes(), code.as_bytes()))
        .map(|step| step as i64)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |diff, (x, y)| diff | (x ^ y)) == 0
}

fn now_secs() -> u64 {
    Utc::now().timestamp().max(0) as u64
}

fn recovery_code() -> String {
    const ALPHABET: &[u8] = b"abcdefghjkmnpqrstuvwxyz23456789";
    let mut rng = rand::rng();
    let mut part = || (0..5).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect::<String>();
    format!("{}-{}", part(), part())
}

fn hash_recovery(code: &str) -> String {
    token::hash_token(&code.trim().to_lowercase())
}

fn account_url(svc: &Services) -> String {
    format!("{}/dashboard/account#zwei-faktor", svc.settings.http.public_url.trim_end_matches('/'))
}

/// Switches two-factor sign-in on with the current password (checked and limited like a
/// password change) and a first code from the app; ends every other session of the
/// account and mails the owner a notice. Answers the recovery codes, shown once (each
/// gets in once when the app is lost).
pub async fn enable(svc: &Services, caller: &Caller, password: &str, code: &str) -> Result<Vec<String>> {
    let user = caller.user()?;
    let (totp, enabled) = load(svc, user.id, &user.email)
        .await?
        .ok_or_else(|| Error::Conflict("Bitte richten Sie die Zwei-Faktor-Anmeldung zuerst ein.".into()))?;
    if enabled {
        return Err(Error::Conflict("Die Zwei-Faktor-Anmeldung ist bereits eingeschaltet.".into()));
    }
    crate::use_cases::account::check_current_password(svc, caller, password, "password").await?;
    let step = matching_step(&totp, code, now_secs()).ok_or_else(wrong_code)?;
    let codes: Vec<String> = (0..RECOVERY_CODES).map(|_| recovery_code()).collect();
    let hashes: Vec<String> = codes.iter().map(|c| hash_recovery(c)).collect();
    let mut tx = svc.pool.begin().await?;
    two_factor::accept_step(&mut tx, user.id, step).await?;
    two_factor::enable(&mut tx, user.id, &hashes).await?;
    // The code just proved the factor in this session, so an admin goes on without
    // signing in again.
    let this_session = &caller.session()?.token_hash;
    db::sessions::mark_second_factor(&mut *tx, this_session).await?;
    // Every other session got in with the password alone: one opened by whoever knows a
    // stolen password would outlive the factor meant to shut them out. They end here,
    // in the same transaction; this one stays.
    db::sessions::delete_others(&mut *tx, user.id, this_session).await?;
    let target = Some((user.id, user.email.as_str()));
    db::audit::record(&mut *tx, user, AuditAction::TwoFactorEnabled, None, target, None, None).await?;
    tx.commit().await?;
    svc.mailer.notify(crate::mail::two_factor_enabled(&user.email, &account_url(svc))).await;
    Ok(codes)
}

/// Whether the account signs in with a second factor.
pub async fn is_enabled(svc: &Services, user_id: Uuid) -> Result<bool> {
    Ok(two_factor::get(&svc.pool, user_id).await?.is_some_and(|s| s.enabled))
}

/// A sign-in that passed its first step and now waits for the code: the token for its
/// short-lived cookie. `via_link`: the first step was a mailed sign-in link, not the
/// password (its codes have their own budget, outside the lock).
pub async fn open_challenge(svc: &Services, user_id: Uuid, via_link: bool) -> Result<String> {
    let challenge = token::random_token();
    let expires = Utc::now() + Duration::minutes(CHALLENGE_MINUTES);
    two_factor::insert_challenge(&svc.pool, &token::hash_token(&challenge), user_id, expires, via_link).await?;
    Ok(challenge)
}

/// Checks a code (or a recovery code) for the account: a TOTP code once per time step,
/// a recovery code once ever. The attempt is reserved with the code limiter first (so
/// parallel guesses cannot pass it) and counted as wrong unless it proves right; the
/// wrong code that starts the lock mails the owner.
async fn check_code(svc: &Services, ip: IpAddr, user: &db::users::User, via_link: bool, code: &str) -> Result<bool> {
    let limiter = &svc.limits.code;
    let attempt = limiter.reserve(ip, user.id, via_link).await?;
    let accepted = match load(svc, user.id, &user.email).await? {
        Some((totp, true)) => {
            let mut tx = svc.pool.begin().await?;
            let accepted = match matching_step(&totp, code, now_secs()) {
                Some(step) => two_factor::accept_step(&mut tx, user.id, step).await?,
                None => two_factor::use_recovery_code(&mut tx, user.id, &hash_recovery(code)).await?,
            };
            tx.commit().await?;
            accepted
        }
        _ => false,
    };
    if accepted {
        limiter.succeeded(attempt).await?;
    } else if attempt.starts_lock {
        tracing::warn!(user_id = %user.id, "code step locked after too many wrong codes");
        let sign_in = format!("{}/auth", svc.settings.http.public_url.trim_end_matches('/'));
        svc.mailer.notify(crate::mail::two_factor_locked(&user.email, limiter.lock_hours(), &sign_in)).await;
    }
    Ok(accepted)
}

/// The second step of a sign-in: the challenge (from its cookie) and a code. Returns the
/// user to open a session for.
pub async fn complete_sign_in(svc: &Services, ip: IpAddr, challenge: &str, code: &str) -> Result<db::users::User> {
    let challenge_hash = token::hash_token(challenge);
    let expired = || Error::invalid("Anmeldung abgelaufen", "Bitte melden Sie sich erneut mit Ihrem Passwort an.");
    let found =
        two_factor::attempt_challenge(&svc.pool, &challenge_hash, CHALLENGE_ATTEMPTS).await?.ok_or_else(expired)?;
    let user = db::users::get(&svc.pool, found.user_id).await?.ok_or_else(expired)?;
    if !check_code(svc, ip, &user, found.via_link, code).await? {
        return Err(wrong_code());
    }
    two_factor::delete_challenge(&svc.pool, &challenge_hash).await?;
    Ok(user)
}

/// Switches two-factor sign-in off: the current password (checked and limited like a
/// password change) and a current code (or a recovery code), counted like the code step
/// of a sign-in; the owner gets a notice.
pub async fn disable(svc: &Services, caller: &Caller, password: &str, code: &str) -> Result<()> {
    let user = caller.user()?;
    crate::use_cases::account::check_current_password(svc, caller, password, "password").await?;
    if !check_code(svc, caller.ip, user, false, code).await? {
        return Err(wrong_code());
    }
    let mut tx = svc.pool.begin().await?;
    two_factor::disable(&mut tx, user.id).await?;
    let target = Some((user.id, user.email.as_str()));
    db::audit::record(&mut *tx, user, AuditAction::TwoFactorDisabled, None, target, None, None).await?;
    tx.commit().await?;
    svc.mailer.notify(crate::mail::two_factor_disabled(&user.email, &account_url(svc))).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> TOTP {
        totp(b"12345678901234567890".to_vec(), "anna@example.de").unwrap()
    }

    #[test]
    fn a_code_of_this_or_a_neighbouring_step_matches_and_names_its_step() {
        let totp = sample();
        let now = 1_700_000_000;
        let code = totp.generate(now);
        assert_eq!(matching_step(&totp, &code, now), Some((now / 30) as i64));
        assert_eq!(matching_step(&totp, &totp.generate(now - 30), now), Some((now / 30 - 1) as i64));
        assert_eq!(matching_step(&totp, &totp.generate(now + 30), now), Some((now / 30 + 1) as i64));
        assert_eq!(matching_step(&totp, &totp.generate(now - 90), now), None, "two steps old is too old");
        assert_eq!(matching_step(&totp, "000000x", now), None);
    }

    #[test]
    fn the_rfc_6238_test_vector_holds() {
        // RFC 6238, appendix B, SHA-1, T = 59 s: 94287082 (8 digits); the last 6 digits.
        assert_eq!(sample().generate(59), "287082");
    }

    #[test]
    fn recovery_codes_are_readable_and_compared_without_case() {
        let code = recovery_code();
        assert_eq!(code.len(), 11);
        assert_eq!(hash_recovery(&code.to_uppercase()), hash_recovery(&code));
    }
}
