//! `voice_previews`: where each voice's rendered "Hörprobe" is kept, and for which
//! fingerprint of the voice it was made.

use sqlx::PgExecutor;
use uuid::Uuid;

pub struct Stored {
    pub fingerprint: String,
    pub storage_key: String,
    pub duration_seconds: f64,
}

pub async fn get(db: impl PgExecutor<'_>, voice_id: Uuid) -> Result<Option<Stored>, sqlx::Error> {
    sqlx::query_as!(
        Stored,
        "SELECT fingerprint, storage_key, duration_seconds FROM voice_previews WHERE voice_id = $1",
        voice_id
    )
    .fetch_optional(db)
    .await
}

/// Records the rendered preview; answers the key it replaced (a file to remove), if any.
/// A voice deleted meanwhile records nothing (`Err` of a foreign key would be a 500).
pub async fn put(
    db: impl PgExecutor<'_>,
    voice_id: Uuid,
    fingerprint: &str,
    storage_key: &str,
    duration_seconds: f64,
) -> Result<Option<String>, sqlx::Error> {
    let replaced = sqlx::query_scalar!(
        r#"WITH old AS (SELECT storage_key FROM voice_previews WHERE voice_id = $1),
                new AS (
                    INSERT INTO voice_previews (voice_id, fingerprint, storage_key, duration_seconds)
                    SELECT $1, $2, $3, $4 WHERE EXISTS (SELECT 1 FROM voices WHERE id = $1)
                    ON CONFLICT (voice_id) DO UPDATE SET
                        fingerprint = EXCLUDED.fingerprint, storage_key = EXCLUDED.storage_key,
                        duration_seconds = EXCLUDED.duration_seconds, created_at = now()
                    RETURNING voice_id)
           SELECT old.storage_key FROM old WHERE old.storage_key <> $3"#,
        voice_id,
        fingerprint,
        storage_key,
        duration_seconds
    )
    .fetch_optional(db)
    .await?;
    Ok(replaced)
}
