//! Runs the registered job kinds and keeps them alive. Each kind gets its own apalis
//! monitor under a supervisor: when a worker's backend fails (Redis restarted, network
//! gone) the monitor ends, and the supervisor starts a new one after a growing pause,
//! until shutdown. Nothing is lost meanwhile: Postgres holds every job, and the sweep
//! pushes rows that Redis forgot.

use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use apalis::prelude::*;
use apalis_cron::{CronScheduler, Tick};
use futures::future::BoxFuture;
use shared::Services;
use shared::queue::Job;
use tokio_util::sync::CancellationToken;
use tower::retry::backoff::{ExponentialBackoffMaker, MakeBackoff};
use tower::util::rng::HasherRng;
use tracing::Instrument;

use crate::jobs::{CronJob, JobContext, Outcome, QueuedJob, Recovery};
use crate::wake;

/// Pauses between restarts of a failed worker: doubling from the first to the last.
const RESTART_FIRST: Duration = Duration::from_millis(500);
const RESTART_MAX: Duration = Duration::from_secs(30);
/// A worker that ran this long before failing starts over with the shortest pause.
const HEALTHY_RUN: Duration = Duration::from_secs(60);

/// Everything one run of a kind's monitor needs.
#[derive(Clone)]
pub struct RunContext {
    pub jobs: JobContext,
    /// Unique per process: apalis re-enqueues a worker's in-flight jobs by its name
    /// (apalis #504), so names are never reused across processes or restarts.
    pub instance: String,
    pub shutdown: CancellationToken,
    pub wake: Option<Arc<tokio::sync::Notify>>,
}

/// Runs one kind's monitor once (its restart count given) until it ends.
pub type RunKind = fn(RunContext, usize) -> BoxFuture<'static, Result<(), MonitorError>>;

/// One registered kind, ready for the runner.
pub enum Entry {
    Queued { name: &'static str, run: RunKind, wake_channel: fn(&shared::queue::Queue) -> String },
    Cron { name: &'static str, run: RunKind },
}

#[derive(Default)]
pub struct Registry {
    entries: Vec<Entry>,
    recoveries: Vec<Recovery>,
}

impl Registry {
    pub fn queued<J: QueuedJob>(mut self) -> Self {
        let name = J::Payload::NAME;
        let wake_channel = |queue: &shared::queue::Queue| queue.wake_channel::<J::Payload>();
        self.entries.push(Entry::Queued { name, run: run_queued::<J>, wake_channel });
        self.recoveries.push(Recovery {
            name,
            recover: |svc| Box::pin(J::recover(svc)),
            forget_finished: |queue, batch| Box::pin(queue.forget_finished::<J::Payload>(batch)),
        });
        self
    }

    pub fn cron<C: CronJob>(mut self) -> Self {
        self.entries.push(Entry::Cron { name: C::NAME, run: run_cron::<C> });
        self
    }

    /// The names of the registered kinds, in order.
    pub fn names(&self) -> Vec<&'static str> {
        self.entries
            .iter()
            .map(|e| match e {
                Entry::Queued { name, .. } | Entry::Cron { name, .. } => *name,
            })
            .collect()
    }

    pub fn recoveries(&self) -> &[Recovery] {
        &self.recoveries
    }
}

/// Runs every kind of the registry until `shutdown` is cancelled, then lets jobs in
/// flight finish (up to `worker.shutdown_grace_secs`) before it returns.
pub async fn run(svc: Services, registry: Registry, shutdown: CancellationToken) {
    let instance = format!("{}-{}", hostname(), uuid::Uuid::new_v4().simple());
    tracing::info!(%instance, kinds = ?registry.names(), "worker starting");
    let jobs = JobContext { svc: svc.clone(), recoveries: Arc::new(registry.recoveries) };
    let mut supervisors = Vec::new();
    for entry in registry.entries {
        let (name, run, wake) = match entry {
            Entry::Queued { name, run, wake_channel } => {
                let channel = wake_channel(&svc.queue);
                (name, run, Some(wake::spawn_subscriber(svc.settings.redis.url.clone(), channel)))
            }
            Entry::Cron { name, run } => (name, run, None),
        };
        let ctx = RunContext { jobs: jobs.clone(), instance: instance.clone(), shutdown: shutdown.clone(), wake };
        supervisors.push(tokio::spawn(supervise(name, ctx, run)));
    }
    for supervisor in supervisors {
        let _ = supervisor.await;
    }
}

async fn supervise(name: &'static str, ctx: RunContext, run: RunKind) {
    let mut pause = RESTART_FIRST;
    for restarts in 0.. {
        let started = Instant::now();
        let result = run(ctx.clone(), restarts).await;
        if ctx.shutdown.is_cancelled() {
            tracing::info!(job = name, "worker stopped");
            return;
        }
        if started.elapsed() > HEALTHY_RUN {
            pause = RESTART_FIRST;
        }
        tracing::error!(
            job = name,
            ?result,
            pause_ms = pause.as_millis() as u64,
            "worker ended unexpectedly, restarting"
        );
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            () = ctx.shutdown.cancelled() => return,
        }
        pause = (pause * 2).min(RESTART_MAX);
    }
}

fn shutdown_signal(token: &CancellationToken) -> impl Future<Output = std::io::Result<()>> + Send + 'static {
    let token = token.clone();
    async move {
        token.cancelled().await;
        Ok(())
    }
}

fn run_queued<J: QueuedJob>(ctx: RunContext, restarts: usize) -> BoxFuture<'static, Result<(), MonitorError>> {
    Box::pin(async move {
        let svc = ctx.jobs.svc.clone();
        let grace = Duration::from_secs(svc.settings.worker.shutdown_grace_secs);
        let notify = ctx.wake.clone().expect("queued kinds have a wake subscription");
        let retries = J::max_attempts(&svc).saturating_sub(1);
        let concurrency = J::concurrency(&svc);
        let name = J::Payload::NAME;
        let instance = ctx.instance.clone();
        // More than about 8,000 due jobs in apalis' scheduled set make every fetch fail
        // (see `Queue::promote_due`); pushes keep the set small, this clears what an
        // older version or a crash between push and promotion left.
        if let Err(e) = svc.queue.promote_due::<J::Payload>().await {
            tracing::warn!(job = name, error = %e, "due jobs not promoted; the next push does it");
        }
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
                WorkerBuilder::new(format!("{name}@{instance}-{restarts}-{run}"))
                    .backend(svc.queue.storage::<J::Payload>().poll_with_stream(wake::stream(notify.clone())))
                    .concurrency(concurrency)
                    .retry(
                        RetryPolicy::retries(retries)
                            .with_backoff(backoff)
                            .retry_if(|e: &BoxDynError| e.downcast_ref::<AbortError>().is_none()),
                    )
                    .timeout(J::TIMEOUT)
                    .catch_panic()
                    .enable_tracing()
                    .data(svc.clone())
                    .build(handle::<J>)
            })
            .shutdown_timeout(grace)
            .run_with_signal(shutdown_signal(&ctx.shutdown))
            .await
    })
}

/// The apalis handler of a queued kind: `process`, mapped to apalis' retry semantics,
/// measured, and logged in a span that names the kind and the job.
async fn handle<J: QueuedJob>(job: J::Payload, svc: Data<Services>) -> Result<(), BoxDynError> {
    let id = job.id();
    let name = J::Payload::NAME;
    let started = Instant::now();
    let outcome = J::process(&svc, id).instrument(tracing::info_span!("job", kind = name, job_id = %id)).await;
    let label = match &outcome {
        Ok(outcome) => outcome.as_str(),
        Err(_) => "error",
    };
    shared::telemetry::job_ran(name, label, started.elapsed());
    match outcome? {
        Outcome::Retry => Err(format!("{name} {id} will be retried").into()),
        Outcome::Failed => Err(AbortError::new(format!("{name} {id} failed")).into()),
        Outcome::Completed | Outcome::Skipped => Ok(()),
    }
}

fn run_cron<C: CronJob>(ctx: RunContext, restarts: usize) -> BoxFuture<'static, Result<(), MonitorError>> {
    Box::pin(async move {
        let expression = C::schedule(&ctx.jobs.svc);
        let schedule = match cron::Schedule::from_str(&expression) {
            Ok(schedule) => schedule,
            Err(e) => {
                tracing::error!(job = C::NAME, %expression, error = %e, "invalid schedule");
                ctx.shutdown.cancelled().await;
                return Ok(());
            }
        };
        let jobs = ctx.jobs.clone();
        let instance = ctx.instance.clone();
        Monitor::new()
            .register(move |run| {
                WorkerBuilder::new(format!("{}@{instance}-{restarts}-{run}", C::NAME))
                    .backend(CronScheduler::new(schedule.clone()))
                    .timeout(C::TIMEOUT)
                    .catch_panic()
                    .enable_tracing()
                    .data(jobs.clone())
                    .build(handle_cron::<C>)
            })
            .shutdown_timeout(Duration::from_secs(ctx.jobs.svc.settings.worker.shutdown_grace_secs))
            .run_with_signal(shutdown_signal(&ctx.shutdown))
            .await
    })
}

async fn handle_cron<C: CronJob>(_tick: Tick, ctx: Data<JobContext>) -> Result<(), BoxDynError> {
    let started = Instant::now();
    let result = C::run(&ctx).instrument(tracing::info_span!("job", kind = C::NAME)).await;
    shared::telemetry::job_ran(C::NAME, if result.is_ok() { "completed" } else { "error" }, started.elapsed());
    result?;
    Ok(())
}

fn hostname() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .or_else(|| std::fs::read_to_string("/etc/hostname").ok().map(|h| h.trim().to_owned()))
        .unwrap_or_else(|| "worker".into())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_kind_is_registered_once_and_every_queued_kind_is_swept() {
        let registry = crate::registry();
        assert_eq!(
            registry.names(),
            [
                "demo_speech",
                "synthesize",
                "train_voice",
                "assemble_chapter",
                "export_project",
                "sweep",
                "purge_expired",
                "expire_audios",
                "reconcile_top_ups",
                "deliver_webhooks",
                "bill_clones"
            ]
        );
        let swept: Vec<_> = registry.recoveries().iter().map(|r| r.name).collect();
        assert_eq!(swept, ["demo_speech", "synthesize", "train_voice", "assemble_chapter", "export_project"]);
    }
}
