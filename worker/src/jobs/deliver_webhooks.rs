//! Every five seconds: sends due webhook deliveries (new events, retries whose pause is
//! over, and deliveries whose sender died). Runs in every worker process; a delivery is
//! claimed with `FOR UPDATE SKIP LOCKED`, so each is sent by one of them.

use std::time::Duration;

use super::{CronJob, JobContext};

pub struct DeliverWebhooks;

impl CronJob for DeliverWebhooks {
    const NAME: &'static str = "deliver_webhooks";
    const TIMEOUT: Duration = Duration::from_secs(120);

    fn schedule(_: &shared::Services) -> String {
        "*/5 * * * * *".into()
    }

    async fn run(ctx: &JobContext) -> shared::Result<()> {
        // A full batch means more are due: keep going until the backlog is sent.
        while shared::use_cases::webhooks::deliver_due(&ctx.svc).await? as i64 == shared::use_cases::webhooks::BATCH {}
        Ok(())
    }
}
