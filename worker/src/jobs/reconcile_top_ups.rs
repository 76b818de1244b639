//! Every five minutes: asks Stripe about top-ups still pending a few minutes after their
//! Checkout started (a webhook may be lost) and credits the paid ones, once.

use std::time::Duration;

use super::{CronJob, JobContext};

pub struct ReconcileTopUps;

impl CronJob for ReconcileTopUps {
    const NAME: &'static str = "reconcile_top_ups";
    const TIMEOUT: Duration = Duration::from_secs(240);

    fn schedule(_svc: &shared::Services) -> String {
        "30 */5 * * * *".into()
    }

    async fn run(ctx: &JobContext) -> shared::Result<()> {
        let credited = shared::use_cases::billing::reconcile(&ctx.svc).await?;
        if credited > 0 {
            tracing::warn!(credited, "top-ups credited by reconciliation (their webhook never came)");
        }
        Ok(())
    }
}
