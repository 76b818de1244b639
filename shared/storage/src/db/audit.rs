//! The audit log of admin actions: who did what to which account or object, when, with
//! the state before and after. Every use of admin power writes here: the user page, voice
//! sharing and activation, provider keys, global dictionary entries and labels, and the
//! password re-entry that unlocks the rest.

use chrono::{DateTime, Utc};
use serde_json::Value as Json;
use sqlx::PgExecutor;
use uuid::Uuid;

use crate::db::users::User;
use domain::kinds::AuditAction;

pub struct NewEntry<'a> {
    pub actor_id: Uuid,
    pub actor_email: &'a str,
    pub action: AuditAction,
    pub target_user_id: Option<Uuid>,
    pub target_email: Option<&'a str>,
    /// What the entry is about when that is not (only) an account: a voice's name, a
    /// service id, a term, a label.
    pub subject: Option<&'a str>,
    pub before: Option<Json>,
    pub after: Option<Json>,
    pub reason: Option<&'a str>,
}

/// The longest subject stored (the column's check); longer ones are cut.
const SUBJECT_MAX: usize = 300;

pub async fn insert(db: impl PgExecutor<'_>, entry: &NewEntry<'_>) -> Result<(), sqlx::Error> {
    let subject: Option<String> = entry.subject.map(|s| s.chars().take(SUBJECT_MAX).collect());
    sqlx::query!(
        r#"INSERT INTO audit_log (actor_id, actor_email, action, target_user_id, target_email, subject, before, after,
                                  reason)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"#,
        entry.actor_id,
        entry.actor_email,
        entry.action as AuditAction,
        entry.target_user_id,
        entry.target_email,
        subject,
        entry.before,
        entry.after,
        entry.reason
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The account an entry is about: its id and its address (kept as text, the account may
/// be deleted later).
pub type Target<'a> = Option<(Uuid, &'a str)>;

/// Records an admin action by `actor` on `subject` (and the account it belongs to, if
/// any). The one call every admin use case makes, inside its own transaction where it
/// has one.
pub async fn record(
    db: impl PgExecutor<'_>,
    actor: &User,
    action: AuditAction,
    subject: Option<&str>,
    target: Target<'_>,
    before: Option<Json>,
    after: Option<Json>,
) -> Result<(), sqlx::Error> {
    let entry = NewEntry {
        actor_id: actor.id,
        actor_email: &actor.email,
        action,
        target_user_id: target.map(|(id, _)| id),
        target_email: target.map(|(_, email)| email),
        subject,
        before,
        after,
        reason: None,
    };
    insert(db, &entry).await
}

/// One entry of the audit log.
#[derive(Debug, Clone)]
pub struct Entry {
    pub id: i64,
    pub created_at: DateTime<Utc>,
    pub actor_email: String,
    pub action: AuditAction,
    pub target_user_id: Option<Uuid>,
    pub target_email: Option<String>,
    /// What the entry is about when that is not an account (a voice, a service, a term,
    /// a label).
    pub subject: Option<String>,
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
        r#"SELECT id, created_at, actor_email, action AS "action: AuditAction", target_user_id, target_email, subject,
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
