//! Every few minutes: audios past their time (completed, not saved permanently) are
//! marked expired, then their files are deleted, in batches until none is left. A
//! marked audio can no longer be played or saved; a file already gone counts as
//! deleted, so a run cut short is finished by the next.

use std::time::Duration;

use super::{CronJob, JobContext};

pub struct ExpireAudios;

/// Rows (and files) one batch handles.
const BATCH: i64 = 500;

impl CronJob for ExpireAudios {
    const NAME: &'static str = "expire_audios";
    const TIMEOUT: Duration = Duration::from_secs(300);

    fn schedule(svc: &shared::Services) -> String {
        let every = svc.settings.library.expire_every_minutes.clamp(1, 59);
        format!("0 */{every} * * * *")
    }

    async fn run(ctx: &JobContext) -> shared::Result<()> {
        let (mut marked, mut deleted) = (0, 0);
        loop {
            let (m, d) = shared::use_cases::library::expire(&ctx.svc, BATCH).await?;
            marked += m;
            deleted += d;
            if m < BATCH as u64 && d < BATCH as u64 {
                break;
            }
        }
        if marked + deleted > 0 {
            tracing::info!(marked, deleted, "expired audios marked and their files deleted");
        }
        Ok(())
    }
}
