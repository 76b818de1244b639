//! Every ten minutes: deletes expired sessions and sign-in links, and accounts whose
//! address was not confirmed within the confirmation period, so that address is free to
//! sign up again. Idempotent, like every scheduled job.

use std::time::Duration;

use super::{CronJob, JobContext};

pub struct PurgeExpired;

impl CronJob for PurgeExpired {
    const NAME: &'static str = "purge_expired";
    const TIMEOUT: Duration = Duration::from_secs(120);

    fn schedule(_svc: &shared::Services) -> String {
        "0 */10 * * * *".into()
    }

    async fn run(ctx: &JobContext) -> shared::Result<()> {
        let purged =
            shared::use_cases::auth::purge_expired(&ctx.svc.pool, ctx.svc.settings.auth.confirmation_hours).await?;
        if purged > 0 {
            tracing::info!(purged, "expired sessions, links and unconfirmed accounts deleted");
        }
        Ok(())
    }
}
