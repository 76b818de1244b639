//! One lifecycle for a claimed run of work, whatever the work makes: a queued synthesis
//! job (`generation::queued`), a streamed speech request (`generation::inline`), a clone's
//! training (`cloning::training`).
//!
//! The caller claims the run with a conditional update and gets a [`Claim`]; [`run`]
//! keeps it alive with a heartbeat while the work runs, then ends it one way:
//! completed, released for another attempt (a passing failure with attempts left), failed
//! for good (with the refund where money was taken), or skipped (cancelled, deleted or
//! taken over meanwhile). A run still held when the process stops is handed back at once
//! by [`hand_back_held`], for every kind, instead of waiting for the sweep.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use async_trait::async_trait;
use uuid::Uuid;

use crate::engine::EngineError;
use crate::error::Result;
use crate::services::Services;

/// How one delivery of a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Completed,
    /// Failed for good (and, where money was taken, refunded).
    Failed,
    /// Released for another attempt.
    Retry,
    /// Not ours to do: already claimed, finished, cancelled or deleted.
    Skipped,
}

impl Outcome {
    /// The label of metrics and logs.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Completed => "completed",
            Outcome::Failed => "failed",
            Outcome::Retry => "retry",
            Outcome::Skipped => "skipped",
        }
    }
}

/// What a kind of run does at each point of the lifecycle; [`run`] does the rest. Every
/// write names the claim (its attempt or run number), so a claim that was taken over or
/// cancelled changes nothing.
#[async_trait]
pub trait Claim: Send + Sync + 'static {
    /// For logs: "job", "training".
    fn kind(&self) -> &'static str;
    fn id(&self) -> Uuid;
    /// This delivery's attempt, counted by the claim (1 for the first).
    fn attempt(&self) -> i32;
    fn max_attempts(&self, svc: &Services) -> i32;
    fn heartbeat_every(&self, svc: &Services) -> Duration;
    /// Proves the run alive; false when it is over (then the heartbeat stops).
    async fn heartbeat(&self, svc: &Services) -> Result<bool>;
    /// A passing failure with attempts left: lets another delivery take the run.
    async fn release(&self, svc: &Services) -> Result<()>;
    /// Ends the run as failed, worded for its owner from the German `detail` (and the
    /// attempts it took, when passing failures ran out), refunding what was taken and not
    /// delivered. False when the run was over already.
    async fn fail(&self, svc: &Services, detail: &str, attempts: Option<i32>) -> Result<bool>;
    /// At shutdown: back to the queue at once, the attempt not counted. False when the
    /// run was over or taken over.
    async fn hand_back(&self, svc: &Services) -> Result<bool>;
}

/// Runs `work` under `claim`: heartbeat while it runs, then the end its result means.
/// `work` answers the outcome itself when it ends the run (completed, skipped), or the
/// engine error that decides between release and failure.
pub async fn run<C, W>(svc: &Services, claim: C, work: W) -> Result<Outcome>
where
    C: Claim,
    W: Future<Output = std::result::Result<Outcome, EngineError>>,
{
    let claim = Arc::new(claim);
    let hold = Hold::new(svc, claim.clone());
    let heartbeat = spawn_heartbeat(svc.clone(), claim.clone());
    let result = work.await;
    drop(heartbeat);
    let outcome = end(svc, claim.as_ref(), result).await;
    hold.end();
    outcome
}

async fn end(svc: &Services, claim: &dyn Claim, result: std::result::Result<Outcome, EngineError>) -> Result<Outcome> {
    let (kind, id, attempt, max_attempts) = (claim.kind(), claim.id(), claim.attempt(), claim.max_attempts(svc));
    match result {
        Ok(outcome) => Ok(outcome),
        Err(EngineError::Cancelled) => {
            tracing::info!(kind, %id, "stopped: deleted or cancelled while it ran");
            Ok(Outcome::Skipped)
        }
        Err(EngineError::Transient(message)) if attempt < max_attempts => {
            tracing::warn!(kind, %id, attempt, %message, "failed for the moment, will retry");
            claim.release(svc).await?;
            Ok(Outcome::Retry)
        }
        Err(error) => {
            let (detail, attempts) = match error {
                EngineError::Transient(m) => (m, Some(attempt)),
                EngineError::Permanent(m) => (m, None),
                EngineError::Cancelled => unreachable!("handled above"),
            };
            tracing::warn!(kind, %id, attempt, %detail, "failed for good");
            // The claim words it for its owner (with what became of the money).
            Ok(if claim.fail(svc, &detail, attempts).await? { Outcome::Failed } else { Outcome::Skipped })
        }
    }
}

/// Beats every `heartbeat_every` until dropped: a run whose future is dropped (its
/// timeout, the end of a shutdown's grace) must stop beating, or the sweep would never
/// take it back.
fn spawn_heartbeat(svc: Services, claim: Arc<dyn Claim>) -> tokio_util::task::AbortOnDropHandle<()> {
    tokio_util::task::AbortOnDropHandle::new(tokio::spawn(async move {
        let mut tick = tokio::time::interval(claim.heartbeat_every(&svc));
        tick.tick().await;
        loop {
            tick.tick().await;
            match claim.heartbeat(&svc).await {
                Ok(true) => {}
                Ok(false) => return,
                Err(e) => tracing::warn!(kind = claim.kind(), id = %claim.id(), error = %e, "heartbeat failed"),
            }
        }
    }))
}

/// The runs one `Services` holds, by run id.
type Runs = HashMap<Uuid, Arc<dyn Claim>>;

/// The runs this process holds and has not ended, by `Services::instance`.
static HELD: LazyLock<Mutex<HashMap<Uuid, Runs>>> = LazyLock::new(Default::default);

/// A claim, held until `end`. A run whose future is dropped (the end of a shutdown's
/// grace) never ends its hold, so [`hand_back_held`] finds it.
struct Hold {
    instance: Uuid,
    id: Uuid,
}

impl Hold {
    fn new(svc: &Services, claim: Arc<dyn Claim>) -> Self {
        let (instance, id) = (svc.instance, claim.id());
        HELD.lock().expect("held runs").entry(instance).or_default().insert(id, claim);
        Hold { instance, id }
    }

    fn end(self) {
        let mut held = HELD.lock().expect("held runs");
        if let Some(runs) = held.get_mut(&self.instance) {
            runs.remove(&self.id);
            if runs.is_empty() {
                held.remove(&self.instance);
            }
        }
    }
}

/// At shutdown, after the grace: hands every run still held back (see
/// [`Claim::hand_back`]), so another process takes it at once instead of after its
/// heartbeat went stale. Returns how many were handed back.
pub async fn hand_back_held(svc: &Services) -> usize {
    let held: Vec<Arc<dyn Claim>> =
        HELD.lock().expect("held runs").remove(&svc.instance).unwrap_or_default().into_values().collect();
    let mut handed = 0;
    for claim in held {
        match claim.hand_back(svc).await {
            Ok(true) => handed += 1,
            Ok(false) => {}
            Err(e) => {
                tracing::warn!(kind = claim.kind(), id = %claim.id(), error = %e, "not handed back; the sweep will take it")
            }
        }
    }
    handed
}
