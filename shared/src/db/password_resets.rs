//! Single-use password reset links.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

pub async fn insert(
    db: impl PgExecutor<'_>,
    token_hash: &str,
    user_id: Uuid,
    expires_at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)",
        token_hash,
        user_id,
        expires_at
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The user of a live link, without using it up.
pub async fn find(db: impl PgExecutor<'_>, token_hash: &str) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!("SELECT user_id FROM password_resets WHERE token_hash = $1 AND expires_at > now()", token_hash)
        .fetch_optional(db)
        .await
}

/// Uses up a link; returns its user when the link was valid. Every other open link of
/// that user goes with it.
pub async fn consume(db: impl PgExecutor<'_>, token_hash: &str) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"WITH used AS (
               DELETE FROM password_resets WHERE token_hash = $1 AND expires_at > now() RETURNING user_id
           ), others AS (
               DELETE FROM password_resets WHERE user_id IN (SELECT user_id FROM used) AND token_hash <> $1
           )
           SELECT user_id AS "user_id!" FROM used"#,
        token_hash
    )
    .fetch_optional(db)
    .await
}

pub async fn delete_expired(db: impl PgExecutor<'_>) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("DELETE FROM password_resets WHERE expires_at <= now()").execute(db).await?.rows_affected())
}
