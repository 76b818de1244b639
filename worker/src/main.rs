//! `stimmwerk-worker`: runs the synthesis consumers and the sweep cron until SIGTERM,
//! then finishes the jobs in flight before it exits.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use shared::config::Settings;
use shared::providers::EngineRegistry;
use shared::queue::JobQueue;
use shared::storage::FsStorage;
use worker::WorkerState;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .init();
    let settings = Settings::load().context("invalid configuration")?;
    let pool = shared::db::connect(&settings.database).await.context("connecting to Postgres")?;
    let queue = JobQueue::connect(&settings.redis).await.context("connecting to Redis")?;
    // Keys an admin stores reach this process within seconds.
    let engines = EngineRegistry::load(&pool, &settings).await.context("loading speech engines")?;
    engines.spawn_refresh(pool.clone(), Arc::new(settings.clone()), Duration::from_secs(5));
    let state = WorkerState {
        pool,
        storage: Arc::new(FsStorage::new(&settings.storage.dir)),
        engines: engines.clone(),
        settings: settings.worker.clone(),
    };
    worker::run(state, queue, &settings.redis, shutdown_signal()).await?;
    tracing::info!("worker stopped");
    Ok(())
}

/// SIGTERM (docker, systemd) or Ctrl+C.
async fn shutdown_signal() -> std::io::Result<()> {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        _ = term.recv() => {}
        result = tokio::signal::ctrl_c() => result?,
    }
    tracing::info!("shutdown requested: finishing jobs in flight");
    Ok(())
}
