//! The ids the database accepts where the code declares the list: the speech providers
//! and key services (`shared::providers`) and the audit actions (`AuditAction`).
//! `voices.provider`, `provider_keys.service` and `audit_log.action` refer to these
//! tables, so the database accepts exactly what the code declares.

use sqlx::PgExecutor;

/// Adds the speech providers and the services with a storable key not registered yet
/// (ids of one that was removed stay, so its old rows remain valid).
pub async fn register(db: impl PgExecutor<'_>, providers: &[&str], services: &[&str]) -> Result<(), sqlx::Error> {
    let (providers, services): (Vec<String>, Vec<String>) =
        (providers.iter().map(|p| (*p).to_owned()).collect(), services.iter().map(|s| (*s).to_owned()).collect());
    sqlx::query!(
        "WITH providers AS (INSERT INTO speech_providers (id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING)
         INSERT INTO key_services (id) SELECT unnest($2::text[]) ON CONFLICT DO NOTHING",
        &providers,
        &services
    )
    .execute(db)
    .await?;
    Ok(())
}

/// Adds the audit actions not registered yet (a removed one stays, so old entries remain
/// valid).
pub async fn register_audit_actions(db: impl PgExecutor<'_>, actions: &[&str]) -> Result<(), sqlx::Error> {
    let actions: Vec<String> = actions.iter().map(|a| (*a).to_owned()).collect();
    sqlx::query!("INSERT INTO audit_actions (id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING", &actions)
        .execute(db)
        .await?;
    Ok(())
}
