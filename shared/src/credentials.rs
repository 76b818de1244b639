//! Passwords for the use cases: checking a new one against the rules and the user's own
//! details, hashing it (argon2id), and verifying a typed one, always in the CPU pool, off
//! the async threads.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use uuid::Uuid;

use crate::db::users;
use crate::domain::password::NewPassword;
use crate::error::{Error, Result};
use crate::services::Services;

/// Checks a new password against the rules and the user's own details (`personal`: the
/// address and the name), and hashes it, off the async threads.
pub async fn new_password_hash(svc: &Services, raw: &str, personal: [&str; 2]) -> Result<String> {
    let (raw, personal) = (raw.to_owned(), personal.map(str::to_owned));
    svc.cpu
        .run(move || {
            let personal: Vec<&str> = personal.iter().map(String::as_str).collect();
            hash_password(NewPassword::parse(&raw, &personal)?.expose())
        })
        .await?
}

/// Whether `typed` is the account's password (checked off the async threads).
pub async fn password_matches(svc: &Services, user_id: Uuid, typed: &str) -> Result<bool> {
    let Some(hash) = users::password_hash(&svc.pool, user_id).await? else { return Ok(false) };
    let typed = typed.to_owned();
    svc.cpu.run(move || verify_password(&typed, &hash)).await
}

/// OWASP's argon2id setting: m = 19 MiB, t = 2, p = 1.
fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

pub fn hash_password(password: &str) -> Result<String, Error> {
    let salt = SaltString::generate(&mut argon2::password_hash::rand_core::OsRng);
    argon2()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| Error::Internal(anyhow::anyhow!("argon2: {e}")))
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|parsed| argon2().verify_password(password.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// A hash of a random password, verified against when the e-mail is unknown so that
/// a failed sign-in takes the same time whether or not the account exists.
pub fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| hash_password(&crate::token::random_token()).expect("argon2 works"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_only_the_right_password() {
        let hash = hash_password("richtig-geheim-123").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("richtig-geheim-123", &hash));
        assert!(!verify_password("falsch", &hash));
    }
}
