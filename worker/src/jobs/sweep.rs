//! The sweep (every `worker.sweep_every_secs`): asks every queued job kind to recover its
//! lost and stuck rows, and forgets the kind's finished tasks in Redis. Every step is a
//! conditional update or an atomic pop, so several worker processes sweeping at once do
//! no harm.

use std::time::Duration;

use super::{CronJob, JobContext};

pub struct Sweep;

/// Finished tasks forgotten per set and round; a sweep runs up to `FORGET_ROUNDS` rounds,
/// so Redis keeps up with far more jobs/s than a worker finishes.
const FORGET_BATCH: usize = 1000;
const FORGET_ROUNDS: usize = 10;

impl CronJob for Sweep {
    const NAME: &'static str = "sweep";
    const TIMEOUT: Duration = Duration::from_secs(55);

    fn schedule(svc: &shared::Services) -> String {
        every(svc.settings.worker.sweep_every_secs)
    }

    async fn run(ctx: &JobContext) -> shared::Result<()> {
        for recovery in ctx.recoveries.iter() {
            // One kind's trouble must not keep the others from being swept.
            match (recovery.recover)(&ctx.svc).await {
                Ok(0) => {}
                Ok(recovered) => tracing::info!(job = recovery.name, recovered, "sweep recovered jobs"),
                Err(e) => tracing::error!(job = recovery.name, error = %e, "sweep failed"),
            }
            for _ in 0..FORGET_ROUNDS {
                match (recovery.forget_finished)(&ctx.svc.queue, FORGET_BATCH).await {
                    Ok(n) if (n as usize) < FORGET_BATCH => break,
                    Ok(_) => {}
                    Err(e) => {
                        tracing::warn!(job = recovery.name, error = %e, "finished tasks not forgotten");
                        break;
                    }
                }
            }
        }
        Ok(())
    }
}

/// A cron expression (with seconds) firing every `secs` seconds: a divisor of 60 fires
/// within each minute, anything else on whole minutes.
pub(crate) fn every(secs: u64) -> String {
    match secs {
        0 | 1 => "* * * * * *".into(),
        s if s < 60 && 60 % s == 0 => format!("*/{s} * * * * *"),
        s => format!("0 */{} * * * *", s.div_ceil(60).clamp(1, 59)),
    }
}

#[cfg(test)]
mod tests {
    use super::every;

    #[test]
    fn the_sweep_interval_becomes_a_cron_expression() {
        assert_eq!(every(60), "0 */1 * * * *");
        assert_eq!(every(5), "*/5 * * * * *");
        assert_eq!(every(300), "0 */5 * * * *");
        assert_eq!(every(7), "0 */1 * * * *");
    }
}
