use chrono::{DateTime, Utc};
use sqlx::PgExecutor;
use uuid::Uuid;

pub struct StoredKey {
    pub service: String,
    pub nonce: Vec<u8>,
    pub ciphertext: Vec<u8>,
    pub last4: String,
    pub updated_at: DateTime<Utc>,
}

pub async fn list(db: impl PgExecutor<'_>) -> Result<Vec<StoredKey>, sqlx::Error> {
    sqlx::query_as!(
        StoredKey,
        "SELECT service, nonce, ciphertext, last4, updated_at FROM provider_keys ORDER BY service"
    )
    .fetch_all(db)
    .await
}

pub async fn upsert(
    db: impl PgExecutor<'_>,
    service: &str,
    nonce: &[u8],
    ciphertext: &[u8],
    last4: &str,
    updated_by: Uuid,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        r#"INSERT INTO provider_keys (service, nonce, ciphertext, last4, updated_by)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (service) DO UPDATE SET nonce = EXCLUDED.nonce, ciphertext = EXCLUDED.ciphertext,
               last4 = EXCLUDED.last4, updated_by = EXCLUDED.updated_by, updated_at = now()"#,
        service,
        nonce,
        ciphertext,
        last4,
        updated_by
    )
    .execute(db)
    .await?;
    Ok(())
}

pub async fn delete(db: impl PgExecutor<'_>, service: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query!("DELETE FROM provider_keys WHERE service = $1", service).execute(db).await?;
    Ok(done.rows_affected() == 1)
}
