//! The ids the database accepts where the code declares the list: the speech providers
//! and key services (`shared::providers`) and the audit actions (`AuditAction`).
//! `voices.provider`, `provider_keys.service` and `audit_log.action` refer to these
//! tables, so the database accepts exactly what the code declares.

use sqlx::PgExecutor;

/// Adds the speech providers, the services with a storable key and the audit actions not
/// registered yet, in one statement (an id that was removed from the code stays, so its
/// old rows remain valid).
pub async fn register(
    db: impl PgExecutor<'_>,
    providers: &[&str],
    services: &[&str],
    audit_actions: &[&str],
) -> Result<(), sqlx::Error> {
    let owned = |ids: &[&str]| ids.iter().map(|id| (*id).to_owned()).collect::<Vec<String>>();
    sqlx::query!(
        "WITH providers AS (INSERT INTO speech_providers (id) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING),
              services AS (INSERT INTO key_services (id) SELECT unnest($2::text[]) ON CONFLICT DO NOTHING)
         INSERT INTO audit_actions (id) SELECT unnest($3::text[]) ON CONFLICT DO NOTHING",
        &owned(providers),
        &owned(services),
        &owned(audit_actions)
    )
    .execute(db)
    .await?;
    Ok(())
}
