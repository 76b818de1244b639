//! The cron sweep (every minute): re-enqueues committed jobs that never reached Redis
//! and recovers jobs stuck in `processing`. Every step is a conditional update, so
//! several worker processes sweeping at once do no harm. It also deletes expired
//! sessions and confirmation links.

use apalis::prelude::{BoxDynError, Data};
use apalis_cron::Tick;
use shared::generation::{self, SweepSettings};
use shared::queue::JobQueue;

use crate::WorkerState;

pub async fn handle(_tick: Tick, state: Data<WorkerState>, queue: Data<JobQueue>) -> Result<(), BoxDynError> {
    let recovered = generation::sweep(&state.pool, &queue, &SweepSettings::from(&state.settings), None).await?;
    if recovered > 0 {
        tracing::info!(recovered, "sweep recovered jobs");
    }
    shared::auth::purge_expired(&state.pool).await?;
    Ok(())
}
