//! Postgres access, one module per aggregate. Functions take `impl PgExecutor` so they
//! run on the pool or inside a caller's transaction.

pub mod api_keys;
pub mod audit;
pub mod clones;
pub mod jobs;
pub mod labels;
pub mod ledger;
pub mod library;
pub mod pronunciation;
pub mod provider_keys;
pub mod sessions;
pub mod signup_bonuses;
pub mod tokens;
pub mod top_ups;
pub mod two_factor;
pub mod users;
pub mod voices;
pub mod webhooks;

use sqlx::postgres::{PgPool, PgPoolOptions};

use crate::config::DatabaseSettings;

pub async fn connect(settings: &DatabaseSettings) -> Result<PgPool, sqlx::Error> {
    PgPoolOptions::new()
        .max_connections(settings.max_connections)
        .acquire_timeout(std::time::Duration::from_secs(5))
        .connect(&settings.url)
        .await
}

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");
