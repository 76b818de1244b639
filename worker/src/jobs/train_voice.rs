//! Clone trainings: the run is `shared::use_cases::cloning::training`; this is its wiring.

use std::time::Duration;

use shared::use_cases::cloning::training;
use shared::{Services, queue};
use uuid::Uuid;

use super::{Outcome, QueuedJob};

pub struct TrainVoiceJob;

impl QueuedJob for TrainVoiceJob {
    type Payload = queue::TrainVoice;
    /// A provider's training may take a while; the run fails itself at the configured
    /// training timeout, well before this.
    const TIMEOUT: Duration = Duration::from_secs(2 * 60 * 60);

    fn concurrency(_svc: &Services) -> usize {
        2
    }

    fn max_attempts(svc: &Services) -> usize {
        svc.settings.cloning.max_attempts.max(1) as usize
    }

    async fn process(svc: &Services, id: Uuid) -> shared::Result<Outcome> {
        process(svc, id).await
    }

    async fn recover(svc: &Services) -> shared::Result<u64> {
        training::recover(svc).await
    }
}

pub async fn process(svc: &Services, voice_id: Uuid) -> shared::Result<Outcome> {
    training::run(svc, voice_id).await
}
