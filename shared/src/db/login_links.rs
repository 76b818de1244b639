//! One-time sign-in links mailed to an address's owner.

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
        "INSERT INTO login_links (token_hash, user_id, expires_at) VALUES ($1, $2, $3)",
        token_hash,
        user_id,
        expires_at
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Uses up a link; returns its user when the link was valid.
pub async fn consume(db: impl PgExecutor<'_>, token_hash: &str) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "DELETE FROM login_links WHERE token_hash = $1 AND expires_at > now() RETURNING user_id",
        token_hash
    )
    .fetch_optional(db)
    .await
}

pub async fn delete_expired(db: impl PgExecutor<'_>) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("DELETE FROM login_links WHERE expires_at <= now()").execute(db).await?.rows_affected())
}
