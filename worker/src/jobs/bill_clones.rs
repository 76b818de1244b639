//! The monthly fee of active clones, once a day: 1 € per clone and 30-day period through
//! the ledger (once per period, however often this runs); clones whose owner cannot pay
//! are paused, and resume on the first run after the balance covers the fee.

use std::time::Duration;

use super::{CronJob, JobContext};

pub struct BillClones;

impl CronJob for BillClones {
    const NAME: &'static str = "bill_clones";
    const TIMEOUT: Duration = Duration::from_secs(30 * 60);

    fn schedule(_svc: &shared::Services) -> String {
        // Daily at 03:17 (server time), away from the full hour.
        "0 17 3 * * *".into()
    }

    async fn run(ctx: &JobContext) -> shared::Result<()> {
        let run = shared::use_cases::cloning::fees::charge_due(&ctx.svc.pool).await?;
        if run.charged > 0 || run.paused > 0 {
            tracing::info!(charged = run.charged, paused = run.paused, "clone fees");
        }
        Ok(())
    }
}
