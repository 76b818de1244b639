//! The monthly fee of active clones (spec: 1 € per month): charged through the ledger for
//! each 30-day period, once per clone and period however often the daily job runs. The
//! first period is charged when the owner activates the trained clone, after hearing it;
//! the daily job charges only clones activated before. A clone whose owner cannot pay is
//! paused (not usable, never a negative balance) and resumes when paid, by the next run
//! or by "Jetzt bezahlen".

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use crate::db::{clones, ledger, users};
use crate::domain::clone_lifecycle::{MONTHLY_FEE_CENT, due_period, period_end};
use crate::domain::kinds::TrainingStatus;
use crate::error::Result;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FeeResult {
    /// The period starting at `period_start` is paid.
    Charged { period_start: DateTime<Utc>, balance_cent: i64 },
    /// The balance does not cover the fee: the clone is paused.
    Short { balance_cent: i64 },
    /// Paid already (or not a trained clone).
    NotDue,
}

/// Charges the fee due for one clone, if any, in one transaction with the clone's row
/// locked, so two runs at once charge it once.
pub async fn charge(pool: &PgPool, voice_id: Uuid) -> Result<FeeResult> {
    let mut tx = pool.begin().await?;
    let Some(state) = clones::lock_fee_state(&mut tx, voice_id).await? else {
        return Ok(FeeResult::NotDue);
    };
    if state.training_status != TrainingStatus::Completed {
        return Ok(FeeResult::NotDue);
    }
    let now = Utc::now();
    let Some(period_start) = due_period(state.paid_until, state.fee_paused, now) else {
        return Ok(FeeResult::NotDue);
    };
    let result = match ledger::clone_fee(&mut tx, state.owner_id, MONTHLY_FEE_CENT, voice_id, period_start).await? {
        Some(balance_cent) => {
            clones::set_paid(&mut tx, voice_id, period_end(period_start)).await?;
            FeeResult::Charged { period_start, balance_cent }
        }
        None => {
            clones::pause_for_fee(&mut tx, voice_id).await?;
            let balance_cent = users::balance(&mut *tx, state.owner_id).await?;
            FeeResult::Short { balance_cent }
        }
    };
    tx.commit().await?;
    Ok(result)
}

/// What one run of the daily job did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct FeeRun {
    pub charged: u32,
    pub paused: u32,
}

/// Charges every clone whose fee is due or open.
pub async fn charge_due(pool: &PgPool) -> Result<FeeRun> {
    let mut run = FeeRun::default();
    for voice_id in clones::fee_due(pool).await? {
        match charge(pool, voice_id).await {
            Ok(FeeResult::Charged { .. }) => run.charged += 1,
            Ok(FeeResult::Short { .. }) => run.paused += 1,
            Ok(FeeResult::NotDue) => {}
            // One clone's trouble must not stop the others'.
            Err(e) => tracing::error!(%voice_id, error = %e, "charging a clone fee failed"),
        }
    }
    Ok(run)
}
