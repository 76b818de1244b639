//! The worker: apalis consumers on Redis that turn paid jobs into MP3 files, and the
//! cron sweep that recovers jobs lost between Postgres and Redis.

pub mod synthesize;
pub mod wake;
pub mod sweep;

use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use apalis::prelude::*;
use apalis_cron::CronScheduler;
use shared::config::RedisSettings;
use shared::queue::JobQueue;
use tower::retry::backoff::{ExponentialBackoffMaker, MakeBackoff};
use tower::util::rng::HasherRng;

use shared::config::WorkerSettings;
use shared::providers::EngineRegistry;
use shared::storage::AudioStorage;
use sqlx::PgPool;

/// Everything a job handler needs, shared by all handlers of a process.
#[derive(Clone)]
pub struct WorkerState {
    pub pool: PgPool,
    pub storage: Arc<dyn AudioStorage>,
    pub engines: EngineRegistry,
    pub settings: WorkerSettings,
}

/// Runs the synthesis consumers and the sweep cron until `shutdown` resolves, then lets
/// jobs in flight finish (up to 60 s) before it returns.
pub async fn run(
    state: WorkerState,
    queue: JobQueue,
    redis: &RedisSettings,
    shutdown: impl Future<Output = std::io::Result<()>> + Send,
) -> Result<(), MonitorError> {
    let notify = wake::spawn_subscriber(redis.url.clone(), JobQueue::wake_channel(&redis.queue_prefix));
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
                .concurrency(synth_state.settings.concurrency)
                .retry(
                    RetryPolicy::retries(retries)
                        .with_backoff(backoff)
                        .retry_if(|e: &BoxDynError| e.downcast_ref::<AbortError>().is_none()),
                )
                .timeout(Duration::from_secs(15 * 60))
                .catch_panic()
                .enable_tracing()
                .data(synth_state.clone())
                .build(synthesize::handle)
        })
        .register(move |run| {
            WorkerBuilder::new(format!("sweep@{}-{run}", uuid::Uuid::new_v4().simple()))
                .backend(CronScheduler::new(schedule.clone()))
                .timeout(Duration::from_secs(55))
                .catch_panic()
                .enable_tracing()
                .data(sweep_state.clone())
                .data(sweep_queue.clone())
                .build(sweep::handle)
        })
        .shutdown_timeout(Duration::from_secs(60))
        .run_with_signal(shutdown)
        .await
}

fn hostname() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok().map(|h| h.trim().to_owned()))
        .unwrap_or_else(|| "worker".into())
}
