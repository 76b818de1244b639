//! API keys: create, list, revoke, and the lookup every `/v1` request makes.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::db::users::User;
use domain::kinds::Role;

#[derive(Debug, Clone)]
pub struct ApiKeyRow {
    pub id: Uuid,
    pub name: String,
    pub prefix: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
}

pub async fn insert(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    name: &str,
    prefix: &str,
    key_hash: &str,
) -> Result<ApiKeyRow, sqlx::Error> {
    sqlx::query_as!(
        ApiKeyRow,
        r#"INSERT INTO api_keys (user_id, name, prefix, key_hash) VALUES ($1, $2, $3, $4)
           RETURNING id, name, prefix, created_at, last_used_at, revoked_at"#,
        user_id,
        name,
        prefix,
        key_hash
    )
    .fetch_one(db)
    .await
}

/// The user's keys, newest first, revoked ones included (they stay in the list, marked).
pub async fn list(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<Vec<ApiKeyRow>, sqlx::Error> {
    sqlx::query_as!(
        ApiKeyRow,
        r#"SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys
           WHERE user_id = $1 ORDER BY created_at DESC, id"#,
        user_id
    )
    .fetch_all(db)
    .await
}

/// Revokes one of the user's keys; `false` when it is not theirs or already revoked.
pub async fn revoke(db: impl PgExecutor<'_>, user_id: Uuid, id: Uuid) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL",
        id,
        user_id
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Revokes every live key of the user (password reset or change, "Überall abmelden");
/// returns how many.
pub async fn revoke_all_for_user(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<u64, sqlx::Error> {
    let done =
        sqlx::query!("UPDATE api_keys SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL", user_id)
            .execute(db)
            .await?;
    Ok(done.rows_affected())
}

pub async fn rename(db: impl PgExecutor<'_>, user_id: Uuid, id: Uuid, name: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!("UPDATE api_keys SET name = $3 WHERE id = $1 AND user_id = $2", id, user_id, name)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The key's owner, when the key exists, is not revoked and its owner may sign in.
pub struct KeyOwner {
    pub key_id: Uuid,
    pub key_prefix: String,
    pub last_used_at: Option<DateTime<Utc>>,
    pub user: User,
}

pub async fn find_active(db: impl PgExecutor<'_>, key_hash: &str) -> Result<Option<KeyOwner>, sqlx::Error> {
    let row = sqlx::query!(
        r#"SELECT k.id AS key_id, k.prefix, k.last_used_at, u.id, u.name, u.email, u.organization,
                  u.role AS "role: Role", u.balance_cent, u.created_at
           FROM api_keys k JOIN users u ON u.id = k.user_id
           WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND u.disabled_at IS NULL"#,
        key_hash
    )
    .fetch_optional(db)
    .await?;
    Ok(row.map(|r| KeyOwner {
        key_id: r.key_id,
        key_prefix: r.prefix,
        last_used_at: r.last_used_at,
        user: User {
            id: r.id,
            name: r.name,
            email: r.email,
            organization: r.organization,
            role: r.role,
            balance_cent: r.balance_cent,
            created_at: r.created_at,
        },
    }))
}

/// Notes a use, at most once a minute per key.
pub async fn touch(db: impl PgExecutor<'_>, id: Uuid) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE api_keys SET last_used_at = now()
         WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')",
        id
    )
    .execute(db)
    .await?;
    Ok(())
}
