//! `stimmwerk-worker`: runs the synthesis consumers and the sweep cron until SIGTERM,
//! then finishes the jobs in flight before it exits.

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use apalis::prelude::*;
use apalis_cron::CronScheduler;
use shared::config::Settings;
use shared::engine::Engines;
use shared::queue::JobQueue;
use shared::storage::FsStorage;
use tower::retry::backoff::{ExponentialBackoffMaker, MakeBackoff};
use tower::util::rng::HasherRng;
use worker::{WorkerState, sweep, synthesize, wake};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()))
        .init();
    let settings = Settings::load().context("invalid configuration")?;
    let pool = shared::db::connect(&settings.database).await.context("connecting to Postgres")?;
    let queue = JobQueue::connect(&settings.redis).await.context("connecting to Redis")?;
    let state = WorkerState {
        pool,
        storage: Arc::new(FsStorage::new(&settings.storage.dir)),
        engines: Engines::from_settings(&settings.worker.engine_override),
        settings: settings.worker.clone(),
    };
    let notify = wake::spawn_subscriber(settings.redis.url.clone(), JobQueue::wake_channel(&settings.redis.queue_prefix));
    // Unique per process: apalis re-enqueues a worker's in-flight jobs by its name (apalis #504).
    let instance = format!("{}-{}", hostname(), uuid::Uuid::new_v4().simple());
    let schedule = cron::Schedule::from_str("0 * * * * *").expect("valid cron expression");
    let retries = (state.settings.max_attempts - 1).max(0) as usize;
    tracing::info!(%instance, concurrency = state.settings.concurrency, "worker starting");

    let synth_state = state.clone();
    let sweep_state = state.clone();
    let sweep_queue = queue.clone();
    Monitor::new()
        .register(move |run| {
            let backoff = ExponentialBackoffMaker::new(
                Duration::from_secs(2),
                Duration::from_secs(30),
                0.5,
                HasherRng::default(),
            )
            .expect("valid backoff")
            .make_backoff();
            WorkerBuilder::new(format!("tts-synthesize@{instance}-{run}"))
                .backend(queue.storage().poll_with_stream(wake::stream(notify.clone())))
                .enable_tracing()
                .catch_panic()
                .concurrency(synth_state.settings.concurrency)
                .retry(
                    RetryPolicy::retries(retries)
                        .with_backoff(backoff)
                        .retry_if(|e: &BoxDynError| e.downcast_ref::<AbortError>().is_none()),
                )
                .timeout(Duration::from_secs(15 * 60))
                .data(synth_state.clone())
                .build(synthesize::handle)
        })
        .register(move |run| {
            WorkerBuilder::new(format!("sweep@{}-{run}", uuid::Uuid::new_v4().simple()))
                .backend(CronScheduler::new(schedule.clone()))
                .enable_tracing()
                .catch_panic()
                .timeout(Duration::from_secs(55))
                .data(sweep_state.clone())
                .data(sweep_queue.clone())
                .build(sweep::handle)
        })
        .shutdown_timeout(Duration::from_secs(60))
        .run_with_signal(shutdown_signal())
        .await?;
    tracing::info!("worker stopped");
    Ok(())
}

fn hostname() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok().map(|h| h.trim().to_owned()))
        .unwrap_or_else(|| "worker".into())
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
