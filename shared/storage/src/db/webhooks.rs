//! Webhook endpoints and deliveries. Deliveries of job events are written by the
//! trigger `tts_jobs_webhook_event` (migration `webhooks`), in the job's transaction.

use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

use domain::kinds::DeliveryStatus;

pub struct Endpoint {
    pub url: String,
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

pub async fn endpoint(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<Option<Endpoint>, sqlx::Error> {
    sqlx::query_as!(
        Endpoint,
        "SELECT url, nonce, ciphertext, created_at, updated_at FROM webhook_endpoints WHERE user_id = $1",
        user_id
    )
    .fetch_optional(db)
    .await
}

/// Creates the endpoint; `false` when the user has one already.
pub async fn create_endpoint(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    url: &str,
    nonce: &[u8],
    ciphertext: &[u8],
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "INSERT INTO webhook_endpoints (user_id, url, nonce, ciphertext) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO NOTHING",
        user_id,
        url,
        nonce,
        ciphertext
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_url(db: impl PgExecutor<'_>, user_id: Uuid, url: &str) -> Result<bool, sqlx::Error> {
    let done =
        sqlx::query!("UPDATE webhook_endpoints SET url = $2, updated_at = now() WHERE user_id = $1", user_id, url)
            .execute(db)
            .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_secret(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    nonce: &[u8],
    ciphertext: &[u8],
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "UPDATE webhook_endpoints SET nonce = $2, ciphertext = $3, updated_at = now() WHERE user_id = $1",
        user_id,
        nonce,
        ciphertext
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn delete_endpoint(db: impl PgExecutor<'_>, user_id: Uuid) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!("DELETE FROM webhook_endpoints WHERE user_id = $1", user_id).execute(db).await?;
    Ok(done.rows_affected() == 1)
}

#[derive(Debug, Clone)]
pub struct Delivery {
    pub id: Uuid,
    pub user_id: Uuid,
    pub job_id: Option<Uuid>,
    pub event: String,
    pub payload: serde_json::Value,
    pub status: DeliveryStatus,
    pub attempts: i32,
    pub next_attempt_at: DateTime<Utc>,
    pub give_up_at: DateTime<Utc>,
    pub last_status_code: Option<i32>,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
}

/// A ping for the endpoint's test, already claimed by the caller who sends it.
pub async fn insert_ping(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    payload: &serde_json::Value,
) -> Result<Delivery, sqlx::Error> {
    sqlx::query_as!(
        Delivery,
        r#"INSERT INTO webhook_deliveries (user_id, event, payload, status, attempts, heartbeat_at)
           VALUES ($1, 'ping', $2, 'delivering', 1, now())
           RETURNING id, user_id, job_id, event, payload, status AS "status: DeliveryStatus", attempts,
                     next_attempt_at, give_up_at, last_status_code, last_error, created_at, delivered_at"#,
        user_id,
        payload
    )
    .fetch_one(db)
    .await
}

/// Queues an event for the user's endpoint, if there is one (`project.rendered`,
/// `export.completed`); the deliverer sends it like a job's. False when no endpoint.
pub async fn enqueue_event(
    db: impl PgExecutor<'_>,
    user_id: Uuid,
    event: &str,
    payload: &serde_json::Value,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "INSERT INTO webhook_deliveries (user_id, event, payload)
         SELECT user_id, $2, $3 FROM webhook_endpoints WHERE user_id = $1",
        user_id,
        event,
        payload
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Claims up to `limit` due deliveries (pending and due, or delivering without a
/// heartbeat for two minutes: their worker died); each claim counts an attempt.
pub async fn claim_due(db: impl PgExecutor<'_>, limit: i64) -> Result<Vec<Delivery>, sqlx::Error> {
    sqlx::query_as!(
        Delivery,
        r#"UPDATE webhook_deliveries d SET status = 'delivering', attempts = d.attempts + 1, heartbeat_at = now()
           WHERE d.id IN (SELECT id FROM webhook_deliveries
                          WHERE (status = 'pending' AND next_attempt_at <= now())
                             OR (status = 'delivering' AND heartbeat_at < now() - interval '2 minutes')
                          ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED)
           RETURNING d.id, d.user_id, d.job_id, d.event, d.payload, d.status AS "status: DeliveryStatus", d.attempts,
                     d.next_attempt_at, d.give_up_at, d.last_status_code, d.last_error, d.created_at, d.delivered_at"#,
        limit
    )
    .fetch_all(db)
    .await
}

/// Records an attempt: delivered, or back to pending at `retry_at`, or failed when
/// `retry_at` is `None` (its time is over).
pub async fn record_attempt(
    db: impl PgExecutor<'_>,
    id: Uuid,
    delivered: bool,
    status_code: Option<i32>,
    error: Option<&str>,
    retry_at: Option<DateTime<Utc>>,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE webhook_deliveries
         SET status = CASE WHEN $2 THEN 'delivered' WHEN $5::timestamptz IS NOT NULL THEN 'pending' ELSE 'failed' END,
             delivered_at = CASE WHEN $2 THEN now() END,
             last_status_code = $3, last_error = $4,
             next_attempt_at = coalesce($5, next_attempt_at), heartbeat_at = NULL
         WHERE id = $1",
        id,
        delivered,
        status_code,
        error,
        retry_at
    )
    .execute(db)
    .await?;
    Ok(())
}

/// The user's deliveries, newest first.
pub async fn list(db: impl PgExecutor<'_>, user_id: Uuid, limit: i64) -> Result<Vec<Delivery>, sqlx::Error> {
    sqlx::query_as!(
        Delivery,
        r#"SELECT id, user_id, job_id, event, payload, status AS "status: DeliveryStatus", attempts, next_attempt_at,
                  give_up_at, last_status_code, last_error, created_at, delivered_at
           FROM webhook_deliveries WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2"#,
        user_id,
        limit
    )
    .fetch_all(db)
    .await
}

/// "Erneut senden": due now, with a fresh 24 hours. `false` when not the user's.
pub async fn resend(db: impl PgExecutor<'_>, user_id: Uuid, id: Uuid) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!(
        "UPDATE webhook_deliveries
         SET status = 'pending', next_attempt_at = now(), give_up_at = now() + interval '24 hours', heartbeat_at = NULL
         WHERE id = $1 AND user_id = $2 AND status <> 'delivering'",
        id,
        user_id
    )
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn exists_for_user(db: impl PgExecutor<'_>, user_id: Uuid, id: Uuid) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE id = $1 AND user_id = $2) AS "found!""#,
        id,
        user_id
    )
    .fetch_one(db)
    .await
}
