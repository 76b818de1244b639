//! Top-ups through Stripe Checkout: pending until paid, paid exactly once.

use sqlx::{PgConnection, PgExecutor};
use uuid::Uuid;

pub async fn insert(db: impl PgExecutor<'_>, id: Uuid, user_id: Uuid, amount_cent: i64) -> Result<(), sqlx::Error> {
    sqlx::query!("INSERT INTO top_ups (id, user_id, amount_cent) VALUES ($1, $2, $3)", id, user_id, amount_cent)
        .execute(db)
        .await?;
    Ok(())
}

pub async fn set_session(db: impl PgExecutor<'_>, id: Uuid, session_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE top_ups SET session_id = $2 WHERE id = $1", id, session_id).execute(db).await?;
    Ok(())
}

pub struct Paid {
    pub id: Uuid,
    pub user_id: Option<Uuid>,
    pub amount_cent: i64,
}

/// pending -> paid for the session, once: the second caller gets `None`.
pub async fn mark_paid(conn: &mut PgConnection, session_id: &str) -> Result<Option<Paid>, sqlx::Error> {
    sqlx::query_as!(
        Paid,
        r#"UPDATE top_ups SET status = 'paid', paid_at = now()
           WHERE session_id = $1 AND status = 'pending'
           RETURNING id, user_id, amount_cent"#,
        session_id
    )
    .fetch_optional(conn)
    .await
}

pub async fn exists(db: impl PgExecutor<'_>, session_id: &str) -> Result<bool, sqlx::Error> {
    Ok(sqlx::query_scalar!("SELECT 1 AS \"one!\" FROM top_ups WHERE session_id = $1", session_id)
        .fetch_optional(db)
        .await?
        .is_some())
}

pub async fn amount_of(db: impl PgExecutor<'_>, session_id: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar!("SELECT amount_cent FROM top_ups WHERE session_id = $1", session_id).fetch_optional(db).await
}

/// Pending sessions old enough that their webhook should have come (reconciliation),
/// except those left for a person ([`flag_attention`]).
pub async fn pending_sessions(db: impl PgExecutor<'_>, older_than_secs: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT session_id AS "session_id!" FROM top_ups
           WHERE status = 'pending' AND session_id IS NOT NULL AND needs_attention IS NULL
             AND created_at < now() - make_interval(secs => $1::bigint::double precision)
             AND created_at > now() - interval '2 days'
           ORDER BY created_at LIMIT 200"#,
        older_than_secs
    )
    .fetch_all(db)
    .await
}

/// Leaves a pending top-up for a person: the reconciliation skips it from now on.
pub async fn flag_attention(db: impl PgExecutor<'_>, session_id: &str, reason: &str) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE top_ups SET needs_attention = $2, needs_attention_at = now()
         WHERE session_id = $1 AND status = 'pending' AND needs_attention IS NULL",
        session_id,
        reason
    )
    .execute(db)
    .await?;
    Ok(())
}

pub async fn mark_expired(db: impl PgExecutor<'_>, session_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE top_ups SET status = 'expired' WHERE session_id = $1 AND status = 'pending'", session_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Records a webhook event; false when it was seen before.
pub async fn record_event(conn: &mut PgConnection, event_id: &str, event_type: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING",
        event_id,
        event_type
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
