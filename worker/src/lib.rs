//! The worker: apalis consumers on Redis that turn paid jobs into MP3 files, and the
//! cron sweep that recovers jobs lost between Postgres and Redis.

pub mod synthesize;
pub mod wake;
pub mod sweep;

use std::sync::Arc;

use shared::config::WorkerSettings;
use shared::engine::Engines;
use shared::storage::AudioStorage;
use sqlx::PgPool;

/// Everything a job handler needs, shared by all handlers of a process.
#[derive(Clone)]
pub struct WorkerState {
    pub pool: PgPool,
    pub storage: Arc<dyn AudioStorage>,
    pub engines: Engines,
    pub settings: WorkerSettings,
}
