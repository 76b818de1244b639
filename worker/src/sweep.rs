//! The cron sweep (every minute): re-enqueues committed jobs that never reached Redis
//! and recovers jobs stuck in `processing`. Every step is a conditional update, so
//! several worker processes sweeping at once do no harm.

use apalis::prelude::{BoxDynError, Data};
use apalis_cron::Tick;
use shared::generation::{self, SweepSettings};
use shared::queue::JobQueue;

use crate::WorkerState;

pub fn settings(state: &WorkerState) -> SweepSettings {
    SweepSettings {
        max_attempts: state.settings.max_attempts,
        stuck_after_secs: state.settings.stuck_after_secs,
        requeue_after_secs: state.settings.requeue_after_secs,
    }
}

pub async fn handle(_tick: Tick, state: Data<WorkerState>, queue: Data<JobQueue>) -> Result<(), BoxDynError> {
    let recovered = generation::sweep(&state.pool, &queue, &settings(&state), None).await?;
    if recovered > 0 {
        tracing::info!(recovered, "sweep recovered jobs");
    }
    Ok(())
}
