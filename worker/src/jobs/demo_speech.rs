//! The live demo's priority lane: a queue of its own with `demo.concurrency` slots per
//! worker process, so a visitor waits behind other visitors only, never behind paid
//! backlogs. One attempt: the visitor is waiting, and a failure gives the try back.

use std::time::Duration;

use shared::use_cases::demo;
use shared::{Services, queue};
use uuid::Uuid;

use super::{Outcome, QueuedJob};

pub struct DemoSpeechJob;

impl QueuedJob for DemoSpeechJob {
    type Payload = queue::DemoSpeech;
    /// Longer than any visitor waits.
    const TIMEOUT: Duration = Duration::from_secs(60);

    fn concurrency(svc: &Services) -> usize {
        svc.settings.demo.concurrency.max(1)
    }

    fn max_attempts(_svc: &Services) -> usize {
        1
    }

    async fn process(svc: &Services, id: Uuid) -> shared::Result<Outcome> {
        Ok(if demo::render(svc, id).await? { Outcome::Completed } else { Outcome::Skipped })
    }

    /// Nothing to put back (nobody waits that long); requests left behind are deleted.
    async fn recover(svc: &Services) -> shared::Result<u64> {
        demo::purge_abandoned(svc).await
    }
}
