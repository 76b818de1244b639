//! Passwords for the use cases: checking a new one against the rules and the user's own
//! details, hashing it, and verifying a typed one, always in the CPU pool, off the async
//! threads.

use uuid::Uuid;

use crate::db::users;
use crate::domain::password::{self, NewPassword};
use crate::error::Result;
use crate::services::Services;

/// Checks a new password against the rules and the user's own details (`personal`: the
/// address and the name), and hashes it, off the async threads.
pub async fn new_password_hash(svc: &Services, raw: &str, personal: [&str; 2]) -> Result<String> {
    let (raw, personal) = (raw.to_owned(), personal.map(str::to_owned));
    svc.cpu
        .run(move || {
            let personal: Vec<&str> = personal.iter().map(String::as_str).collect();
            NewPassword::parse(&raw, &personal)?.hash()
        })
        .await?
}

/// Whether `typed` is the account's password (checked off the async threads).
pub async fn password_matches(svc: &Services, user_id: Uuid, typed: &str) -> Result<bool> {
    let Some(hash) = users::password_hash(&svc.pool, user_id).await? else { return Ok(false) };
    let typed = typed.to_owned();
    svc.cpu.run(move || password::verify_password(&typed, &hash)).await
}
