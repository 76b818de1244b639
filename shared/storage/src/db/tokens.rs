//! Mailed single-use links (e-mail confirmation, sign-in link, password reset): stored as
//! SHA-256 of the token, with their purpose, user and end.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

use domain::kinds::TokenPurpose;

pub async fn insert(
    db: impl PgExecutor<'_>,
    purpose: TokenPurpose,
    token_hash: &str,
    user_id: Uuid,
    expires_at: DateTime<Utc>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "INSERT INTO one_time_tokens (token_hash, purpose, user_id, expires_at) VALUES ($1, $2, $3, $4)",
        token_hash,
        purpose as TokenPurpose,
        user_id,
        expires_at
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The user of a live token, without using it up.
pub async fn find(
    db: impl PgExecutor<'_>,
    purpose: TokenPurpose,
    token_hash: &str,
) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT user_id FROM one_time_tokens WHERE token_hash = $1 AND purpose = $2 AND expires_at > now()",
        token_hash,
        purpose as TokenPurpose
    )
    .fetch_optional(db)
    .await
}

/// Uses up a live token; returns its user. The user's other tokens of the same purpose
/// go with it (an older link must not outlive a newer one that was used).
pub async fn consume(
    db: impl PgExecutor<'_>,
    purpose: TokenPurpose,
    token_hash: &str,
) -> Result<Option<Uuid>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"WITH used AS (
               DELETE FROM one_time_tokens
               WHERE token_hash = $1 AND purpose = $2 AND expires_at > now()
               RETURNING user_id
           ), others AS (
               DELETE FROM one_time_tokens
               WHERE user_id IN (SELECT user_id FROM used) AND purpose = $2 AND token_hash <> $1
           )
           SELECT user_id AS "user_id!" FROM used"#,
        token_hash,
        purpose as TokenPurpose
    )
    .fetch_optional(db)
    .await
}

/// Removes tokens past their end; returns how many.
pub async fn delete_expired(db: impl PgExecutor<'_>) -> Result<u64, sqlx::Error> {
    Ok(sqlx::query!("DELETE FROM one_time_tokens WHERE expires_at <= now()").execute(db).await?.rows_affected())
}
