use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::db::users::User;

pub async fn insert(
    db: impl PgExecutor<'_>,
    token_hash: &str,
    user_id: Uuid,
    expires_at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)",
        token_hash,
        user_id,
        expires_at
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The user of a live session, in one round trip (every authenticated request asks).
pub async fn user(db: impl PgExecutor<'_>, token_hash: &str) -> Result<Option<User>, sqlx::Error> {
    sqlx::query_as!(
        User,
        r#"SELECT u.id, u.name, u.email, u.organization, u.role, u.balance_cent, u.created_at
           FROM sessions s JOIN users u ON u.id = s.user_id
           WHERE s.token_hash = $1 AND s.expires_at > now()"#,
        token_hash
    )
    .fetch_optional(db)
    .await
}

pub async fn delete(db: impl PgExecutor<'_>, token_hash: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("DELETE FROM sessions WHERE token_hash = $1", token_hash)
        .execute(db)
        .await?;
    Ok(())
}

/// Records a password re-entry for this session (admin settings need a recent one).
pub async fn mark_reauthenticated(db: impl PgExecutor<'_>, token_hash: &str) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    sqlx::query_scalar!(
        "UPDATE sessions SET reauthenticated_at = now() WHERE token_hash = $1 RETURNING reauthenticated_at AS \"at!\"",
        token_hash
    )
    .fetch_optional(db)
    .await
}

pub async fn reauthenticated_at(db: impl PgExecutor<'_>, token_hash: &str) -> Result<Option<DateTime<Utc>>, sqlx::Error> {
    let at = sqlx::query_scalar!("SELECT reauthenticated_at FROM sessions WHERE token_hash = $1", token_hash)
        .fetch_optional(db)
        .await?;
    Ok(at.flatten())
}

/// Removes sessions past their end; returns how many.
pub async fn delete_expired(db: impl PgExecutor<'_>) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("DELETE FROM sessions WHERE expires_at <= now()").execute(db).await?.rows_affected())
}
