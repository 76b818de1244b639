//! Long-form projects in the worker: joining a finished chapter, and exports. The runs are
//! `shared::use_cases::projects::{assemble, export}`; this is their wiring. A paragraph is
//! an ordinary synthesis job (`synthesize`).

use std::time::Duration;

use shared::use_cases::projects::{assemble, export};
use shared::{Services, queue};
use uuid::Uuid;

use super::{Outcome, QueuedJob};

pub struct AssembleChapterJob;

impl QueuedJob for AssembleChapterJob {
    type Payload = queue::AssembleChapter;
    const TIMEOUT: Duration = Duration::from_secs(30 * 60);

    fn concurrency(_svc: &Services) -> usize {
        1
    }

    fn max_attempts(_svc: &Services) -> usize {
        3
    }

    async fn process(svc: &Services, id: Uuid) -> shared::Result<Outcome> {
        assemble::run(svc, id).await
    }

    /// A joining lost with its worker is queued again by the chapter's next render (the
    /// chapter shows no audio until then); nothing is charged for it.
    async fn recover(_svc: &Services) -> shared::Result<u64> {
        Ok(0)
    }
}

pub struct ExportProjectJob;

impl QueuedJob for ExportProjectJob {
    type Payload = queue::ExportProject;
    /// Ten hours of audio take ffmpeg some minutes on a small machine.
    const TIMEOUT: Duration = Duration::from_secs(2 * 60 * 60);

    fn concurrency(_svc: &Services) -> usize {
        1
    }

    fn max_attempts(svc: &Services) -> usize {
        svc.settings.worker.max_attempts.max(1) as usize
    }

    async fn process(svc: &Services, id: Uuid) -> shared::Result<Outcome> {
        export::run(svc, id).await
    }

    async fn recover(svc: &Services) -> shared::Result<u64> {
        export::recover(svc).await
    }
}
