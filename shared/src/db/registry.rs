//! The provider and service ids the database accepts, written from the one declaration in
//! code (`shared::providers`). `voices.provider` and `provider_keys.service` refer to these
//! tables, so the database accepts exactly what the code declares.

use sqlx::PgExecutor;

/// Adds the ids not registered yet (ids of a provider that was removed stay, so its old
/// rows remain valid).
pub async fn register_speech_providers(db: impl PgExecutor<'_>, ids: &[&str]) -> Result<(), sqlx::Error> {
    let ids: Vec<String> = ids.iter().map(|id| (*id).to_owned()).collect();
    sqlx::query!("INSERT INTO speech_providers (id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING", &ids)
        .execute(db)
        .await?;
    Ok(())
}

/// The same for the services whose key an admin can store.
pub async fn register_key_services(db: impl PgExecutor<'_>, ids: &[&str]) -> Result<(), sqlx::Error> {
    let ids: Vec<String> = ids.iter().map(|id| (*id).to_owned()).collect();
    sqlx::query!("INSERT INTO key_services (id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING", &ids)
        .execute(db)
        .await?;
    Ok(())
}
