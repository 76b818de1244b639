use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::db::users::User;
use domain::kinds::Role;

/// Sessions one user keeps at most: a new sign-in beyond them ends the oldest, so sign-ins
/// from everywhere cannot grow the table (and the account page's list) without bound.
pub const SESSIONS_PER_USER: i32 = 50;

/// `client` is where the session was opened from (shown on the account page);
/// `second_factor` says whether the sign-in proved a code from the authenticator app.
/// Ends the user's oldest sessions beyond [`SESSIONS_PER_USER`] in the same statement.
pub async fn insert(
    db: impl PgExecutor<'_>,
    token_hash: &str,
    user_id: Uuid,
    expires_at: DateTime<Utc>,
    client: &str,
    user_agent: Option<&str>,
    second_factor: bool,
) -> Result<(), sqlx::Error> {
    // The DELETE sees the sessions as they were before the INSERT: it keeps the newest
    // SESSIONS_PER_USER - 1 of them, and the new one makes the cap.
    sqlx::query!(
        "WITH added AS (
             INSERT INTO sessions (token_hash, user_id, expires_at, client, second_factor_at, user_agent)
             VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN now() END, $7)
             RETURNING user_id
         )
         DELETE FROM sessions WHERE token_hash IN (
             SELECT token_hash FROM sessions WHERE user_id = $2
             ORDER BY created_at DESC, token_hash OFFSET $6 - 1
         ) AND EXISTS (SELECT 1 FROM added)",
        token_hash,
        user_id,
        expires_at,
        client,
        second_factor,
        SESSIONS_PER_USER,
        user_agent
    )
    .execute(db)
    .await?;
    Ok(())
}

/// A live session with its user, as every authenticated request sees it.
#[derive(Debug, Clone)]
pub struct Session {
    pub user: User,
    /// SHA-256 of the session token (the key of `sessions`).
    pub token_hash: String,
    /// When the password was last re-entered in this session.
    pub reauthenticated_at: Option<DateTime<Utc>>,
    /// The account has two-factor sign-in on and this session proved a code.
    pub second_factor: bool,
}

/// The user of a live session with the session's last password re-entry, in one round
/// trip (every authenticated request asks).
pub async fn find(db: impl PgExecutor<'_>, token_hash: &str) -> Result<Option<Session>, sqlx::Error> {
    let row = sqlx::query!(
        r#"SELECT u.id, u.name, u.email, u.organization, u.role AS "role: Role", u.balance_cent,
                  u.created_at, s.reauthenticated_at,
                  (s.second_factor_at IS NOT NULL
                   AND EXISTS (SELECT 1 FROM two_factor t WHERE t.user_id = u.id AND s.second_factor_at >= t.enabled_at)) AS "second_factor!"
           FROM sessions s JOIN users u ON u.id = s.user_id
           WHERE s.token_hash = $1 AND s.expires_at > now() AND u.disabled_at IS NULL"#,
        token_hash
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| Session {
        user: User {
            id: r.id,
            name: r.name,
            email: r.email,
            organization: r.organization,
            role: r.role,
            balance_cent: r.balance_cent,
            created_at: r.created_at,
        },
        token_hash: token_hash.to_owned(),
        reauthenticated_at: r.reauthenticated_at,
        second_factor: r.second_factor,
    }))
}

pub async fn delete(db: impl PgExecutor<'_>, token_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("DELETE FROM sessions WHERE token_hash = $1", token_hash).execute(db).await?;
    Ok(())
}

/// Records a password re-entry for this session (admin settings need a recent one).
pub async fn mark_reauthenticated(
    db: impl PgExecutor<'_>,
    token_hash: &str,
) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    sqlx::query_scalar!(
        "UPDATE sessions SET reauthenticated_at = now() WHERE token_hash = $1 RETURNING reauthenticated_at AS \"at!\"",
        token_hash
    )
    .fetch_optional(db)
    .await
}

/// Records that this session proved the second factor (two-factor sign-in was just
/// switched on in it).
pub async fn mark_second_factor(db: impl PgExecutor<'_>, token_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE sessions SET second_factor_at = now() WHERE token_hash = $1", token_hash).execute(db).await?;
    Ok(())
}

/// Removes sessions past their end; returns how many.
pub async fn delete_expired(db: impl PgExecutor<'_>) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("DELETE FROM sessions WHERE expires_at <= now()").execute(db).await?.rows_affected())
}

/// Ends every session of a user (after a password change or reset).
pub async fn delete_for_user(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("DELETE FROM sessions WHERE user_id = $1", user_id).execute(db).await?.rows_affected())
}

/// A user's live session as the account page lists it.
pub struct SessionRow {
    pub token_hash: String,
    pub client: Option<String>,
    pub user_agent: Option<String>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

pub async fn list_for_user(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<Vec<SessionRow>, sqlx::Error> {
    sqlx::query_as!(
        SessionRow,
        r#"SELECT token_hash, client, user_agent, created_at, expires_at FROM sessions
           WHERE user_id = $1 AND expires_at > now() ORDER BY created_at DESC"#,
        user_id
    )
    .fetch_all(db)
    .await
}

/// Ends every session of a user but one (after a password change in that one).
pub async fn delete_others(db: impl PgExecutor<'_>, user_id: Uuid, keep_hash: &str) -> Result<u64, sqlx::Error> {
    let done = sqlx::query!("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2", user_id, keep_hash)
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}
