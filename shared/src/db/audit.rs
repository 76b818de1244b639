//! The audit log of admin actions: who did what to which account, when, with the state
//! before and after.

use chrono::{DateTime, Utc};
use serde_json::Value as Json;
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::domain::kinds::AuditAction;

pub struct NewEntry<'a> {
    pub actor_id: Uuid,
    pub actor_email: &'a str,
    pub action: AuditAction,
    pub target_user_id: Option<Uuid>,
    pub target_email: Option<&'a str>,
    pub before: Option<Json>,
    pub after: Option<Json>,
    pub reason: Option<&'a str>,
}

pub async fn insert(db: impl PgExecutor<'_>, entry: &NewEntry<'_>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"INSERT INTO audit_log (actor_id, actor_email, action, target_user_id, target_email, before, after, reason)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"#,
        entry.actor_id,
        entry.actor_email,
        entry.action as AuditAction,
        entry.target_user_id,
        entry.target_email,
        entry.before,
        entry.after,
        entry.reason
    )
    .execute(db)
    .await?;
    Ok(())
}

#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct Entry {
    pub id: i64,
    pub created_at: DateTime<Utc>,
    pub actor_email: String,
    pub action: AuditAction,
    pub target_user_id: Option<Uuid>,
    pub target_email: Option<String>,
    pub before: Option<Json>,
    pub after: Option<Json>,
    pub reason: Option<String>,
}

/// Newest first, optionally one action and/or one target account.
pub async fn list(
    db: impl PgExecutor<'_>,
    action: Option<AuditAction>,
    target: Option<Uuid>,
    limit: i64,
    offset: i64,
) -> Result<Vec<Entry>, sqlx::Error> {
    sqlx::query_as!(
        Entry,
        r#"SELECT id, created_at, actor_email, action AS "action: AuditAction", target_user_id, target_email,
                  before, after, reason
           FROM audit_log
           WHERE ($1::text IS NULL OR action = $1) AND ($2::uuid IS NULL OR target_user_id = $2)
           ORDER BY created_at DESC, id DESC
           LIMIT $3 OFFSET $4"#,
        action.map(AuditAction::as_str),
        target,
        limit,
        offset
    )
    .fetch_all(db)
    .await
}
