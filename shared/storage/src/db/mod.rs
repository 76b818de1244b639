//! Postgres access, one module per aggregate. Functions take `impl PgExecutor` so they
//! run on the pool or inside a caller's transaction.

pub mod api_keys;
pub mod audit;
pub mod caps;
pub mod clones;
pub mod demo;
pub mod jobs;
pub mod labels;
pub mod ledger;
pub mod library;
pub mod project_characters;
pub mod project_exports;
pub mod project_publications;
pub mod project_takes;
pub mod projects;
pub mod pronunciation;
pub mod provider_keys;
pub mod registry;
pub mod sessions;
pub mod signup_bonuses;
pub mod timed_texts;
pub mod tokens;
pub mod top_ups;
pub mod trainings;
pub mod two_factor;
pub mod users;
pub mod voice_previews;
pub mod voices;
pub mod webhooks;

use serde::Deserialize;
use sqlx::postgres::{PgPool, PgPoolOptions};

pub async fn connect(settings: &DatabaseSettings) -> Result<PgPool, sqlx::Error> {
    PgPoolOptions::new()
        .max_connections(settings.max_connections)
        .acquire_timeout(std::time::Duration::from_secs(5))
        // No ping before every checkout: it is a round trip per query, a third of a
        // submit's. A connection that died (Postgres restarted) fails its next query
        // instead, which answers 503 and is closed, and the pool opens a fresh one.
        .test_before_acquire(false)
        .connect(&settings.url)
        .await
}

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../../migrations");

#[derive(Debug, Clone, Deserialize)]
pub struct DatabaseSettings {
    pub url: String,
    pub max_connections: u32,
}
