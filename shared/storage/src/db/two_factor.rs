//! TOTP secrets (sealed), recovery codes (hashed) and sign-in challenges.

use chrono::{DateTime, Utc};
use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

pub struct Stored {
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
    pub enabled: bool,
}

pub async fn get(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<Option<Stored>, sqlx::Error> {
    sqlx::query_as!(
        Stored,
        r#"SELECT nonce, ciphertext, enabled_at IS NOT NULL AS "enabled!"
           FROM two_factor WHERE user_id = $1"#,
        user_id
    )
    .fetch_optional(db)
    .await
}

/// A new secret waiting for its first code (replaces an unconfirmed one).
pub async fn set_pending(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    nonce: &[u8],
    ciphertext: &[u8],
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"INSERT INTO two_factor (user_id, nonce, ciphertext) VALUES ($1, $2, $3)
           ON CONFLICT (user_id) DO UPDATE SET nonce = EXCLUDED.nonce, ciphertext = EXCLUDED.ciphertext,
               enabled_at = NULL, last_step = 0, created_at = now()
           WHERE two_factor.enabled_at IS NULL"#,
        user_id,
        nonce,
        ciphertext
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Records an accepted time step, only if it is newer than the last one (no replay).
pub async fn accept_step(conn: &mut PgConnection, user_id: Uuid, step: i64) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query!("UPDATE two_factor SET last_step = $2 WHERE user_id = $1 AND last_step < $2", user_id, step)
            .execute(conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn enable(conn: &mut PgConnection, user_id: Uuid, code_hashes: &[String]) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE two_factor SET enabled_at = now() WHERE user_id = $1", user_id).execute(&mut *conn).await?;
    sqlx::query!("DELETE FROM recovery_codes WHERE user_id = $1", user_id).execute(&mut *conn).await?;
    for hash in code_hashes {
        sqlx::query!("INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)", user_id, hash)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

pub async fn disable(conn: &mut PgConnection, user_id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!("DELETE FROM two_factor WHERE user_id = $1", user_id).execute(&mut *conn).await?;
    sqlx::query!("DELETE FROM recovery_codes WHERE user_id = $1", user_id).execute(conn).await?;
    Ok(())
}

/// Uses up a recovery code; false when it is unknown or was used.
pub async fn use_recovery_code(conn: &mut PgConnection, user_id: Uuid, code_hash: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL",
        user_id,
        code_hash
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A sign-in waiting for its code; `via_link`: it started with a mailed sign-in link, not
/// with the password.
pub async fn insert_challenge(
    db: impl PgExecutor<'_>,
    token_hash: &str,
    user_id: Uuid,
    expires_at: DateTime<Utc>,
    via_link: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "INSERT INTO two_factor_challenges (token_hash, user_id, expires_at, via_link) VALUES ($1, $2, $3, $4)",
        token_hash,
        user_id,
        expires_at,
        via_link
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Whose sign-in a challenge is, and how it started.
pub struct Challenge {
    pub user_id: Uuid,
    pub via_link: bool,
}

/// Counts one code attempt against a live challenge; its user while attempts are left.
pub async fn attempt_challenge(
    db: impl PgExecutor<'_>,
    token_hash: &str,
    max_attempts: i32,
) -> Result<Option<Challenge>, sqlx::Error> {
    sqlx::query_as!(
        Challenge,
        r#"UPDATE two_factor_challenges SET attempts = attempts + 1
           WHERE token_hash = $1 AND expires_at > now() AND attempts < $2
           RETURNING user_id, via_link"#,
        token_hash,
        max_attempts
    )
    .fetch_optional(db)
    .await
}

/// Ends every sign-in of the user that waits for its code (the password changed).
pub async fn delete_challenges_for_user(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!("DELETE FROM two_factor_challenges WHERE user_id = $1", user_id).execute(db).await?;
    Ok(done.rows_affected())
}

/// Removes a two-factor secret that was set up (or switched on) before the account's
/// address was confirmed, or is not switched on: nobody who proved the mailbox chose it.
/// True when one was removed (its recovery codes go with it).
pub async fn drop_unless_set_up_after_confirmation(
    conn: &mut PgConnection,
    user_id: Uuid,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        r#"DELETE FROM two_factor t USING users u
           WHERE t.user_id = $1 AND u.id = t.user_id
             AND (u.email_confirmed_at IS NULL OR t.enabled_at IS NULL
                  OR t.created_at < u.email_confirmed_at OR t.enabled_at < u.email_confirmed_at)"#,
        user_id
    )
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    sqlx::query!("DELETE FROM recovery_codes WHERE user_id = $1", user_id).execute(conn).await?;
    Ok(true)
}

pub async fn delete_challenge(db: impl PgExecutor<'_>, token_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("DELETE FROM two_factor_challenges WHERE token_hash = $1", token_hash).execute(db).await?;
    Ok(())
}
