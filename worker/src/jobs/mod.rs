//! Every background job of the worker. A job kind is one file in this folder and one line
//! in the registration list (`crate::registry`): a queued kind (payload `{id}`, state in a
//! Postgres row claimed by a conditional update) implements [`QueuedJob`], a scheduled
//! one [`CronJob`]. The runner builds the apalis workers from that list and keeps them
//! alive.

pub mod bill_clones;
pub mod deliver_webhooks;
pub mod demo_speech;
pub mod expire_audios;
pub mod project_work;
pub mod purge_expired;
pub mod reconcile_top_ups;
pub mod sweep;
pub mod synthesize;
pub mod train_voice;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use futures::future::BoxFuture;
use shared::Services;
use shared::queue::Job;
use uuid::Uuid;

/// What happened to a delivered job (one vocabulary for every kind: `shared::run`).
pub use shared::run::Outcome;

/// A job kind fed through a Redis queue. Postgres holds its state; the payload is the
/// row's id, so a repeated delivery finds the row claimed and does nothing.
pub trait QueuedJob: Send + Sync + 'static {
    type Payload: Job;
    /// Longest one run may take before it is abandoned (and later recovered).
    const TIMEOUT: Duration;

    /// Jobs of this kind running at once in one process.
    fn concurrency(svc: &Services) -> usize;
    /// Attempts in all. Postgres counts them; `process` fails the row on the last one,
    /// the in-process retry layer only spaces the attempts out.
    fn max_attempts(svc: &Services) -> usize;
    fn process(svc: &Services, id: Uuid) -> impl Future<Output = shared::Result<Outcome>> + Send;
    /// Finds rows of this kind that never reached Redis or whose worker died, and puts
    /// them back (or ends them). The sweep calls this for every queued kind.
    fn recover(svc: &Services) -> impl Future<Output = shared::Result<u64>> + Send;
}

/// A job kind that runs on a schedule in every worker process (so it must be idempotent).
pub trait CronJob: Send + Sync + 'static {
    const NAME: &'static str;
    const TIMEOUT: Duration;

    /// A cron expression with seconds, e.g. `0 * * * * *`.
    fn schedule(svc: &Services) -> String;
    fn run(ctx: &JobContext) -> impl Future<Output = shared::Result<()>> + Send;
}

type Recover = fn(&Services) -> BoxFuture<'_, shared::Result<u64>>;
type Forget = fn(&shared::queue::Queue, usize) -> BoxFuture<'_, Result<u64, shared::queue::QueueError>>;

/// A queued kind's name, recovery and clean-up of its finished Redis tasks
/// (`Queue::forget_finished`), type-erased for the sweep.
#[derive(Clone, Copy)]
pub struct Recovery {
    pub name: &'static str,
    pub recover: Recover,
    pub forget_finished: Forget,
}

/// What every handler gets: the services, and the recovery of every queued kind.
#[derive(Clone)]
pub struct JobContext {
    pub svc: Services,
    pub recoveries: Arc<Vec<Recovery>>,
}
