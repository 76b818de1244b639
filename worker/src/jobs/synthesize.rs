//! Synthesis jobs: the run is `shared::use_cases::generation::queued`; this is its wiring.

use std::time::Duration;

use shared::use_cases::{generation, projects};
use shared::{Services, queue};
use uuid::Uuid;

use super::{Outcome, QueuedJob};

pub struct SynthesizeJob;

impl QueuedJob for SynthesizeJob {
    type Payload = queue::Synthesize;
    const TIMEOUT: Duration = Duration::from_secs(15 * 60);

    fn concurrency(svc: &Services) -> usize {
        svc.settings.worker.concurrency
    }

    fn max_attempts(svc: &Services) -> usize {
        svc.settings.worker.max_attempts.max(1) as usize
    }

    async fn process(svc: &Services, id: Uuid) -> shared::Result<Outcome> {
        process(svc, id).await
    }

    async fn recover(svc: &Services) -> shared::Result<u64> {
        generation::recover(svc, None).await
    }
}

pub async fn process(svc: &Services, job_id: Uuid) -> shared::Result<Outcome> {
    let outcome = generation::queued::process(svc, job_id).await?;
    // A project's paragraph: its chapter may be done now, and is joined then.
    if outcome == Outcome::Completed
        && let Err(e) = projects::render::paragraph_finished(svc, job_id).await
    {
        // The chapter's next render queues the joining again (nothing is lost).
        tracing::warn!(%job_id, error = %e, "a project chapter was not queued for joining");
    }
    Ok(outcome)
}
