//! The rules of a cloned voice's life: which training action is allowed in which state,
//! what the user sees (a trained clone waits for its owner to hear it and activate it; a
//! clone whose fee is open is paused), when a training counts as stuck, and which fee
//! period is due. Pure functions, tested here; the use cases in
//! `crate::use_cases::cloning` apply them inside their transactions.

use chrono::{DateTime, Duration, Utc};

use super::kinds::TrainingStatus;

/// Days one monthly fee pays for.
pub const FEE_PERIOD_DAYS: i64 = 30;
/// The monthly fee of an active clone (spec: 1 euro).
pub const MONTHLY_FEE_CENT: i64 = 100;

/// What a clone shows: its training state, or paused while its fee is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = CloneState))]
#[serde(rename_all = "snake_case")]
pub enum CloneState {
    TrainingNeeded,
    TrainingInProgress,
    /// Trained and heard by its owner, not yet activated: no fee taken, not usable. The
    /// owner activates it (the first month is charged then) or deletes it for free.
    AwaitingActivation,
    Completed,
    Failed,
    /// Trained, but the monthly fee could not be taken: not usable until paid.
    Paused,
}

impl CloneState {
    /// `ever_paid`: a fee period was paid once (the clone was activated).
    pub fn of(status: TrainingStatus, fee_paused: bool, ever_paid: bool) -> Self {
        match status {
            TrainingStatus::TrainingNeeded => CloneState::TrainingNeeded,
            TrainingStatus::Training | TrainingStatus::TrainingInProgress => CloneState::TrainingInProgress,
            TrainingStatus::Completed if !ever_paid => CloneState::AwaitingActivation,
            TrainingStatus::Completed if fee_paused => CloneState::Paused,
            TrainingStatus::Completed => CloneState::Completed,
            TrainingStatus::Failed => CloneState::Failed,
        }
    }
}

/// What the user asks of a clone's training (spec: start_training, check_status,
/// cancel_training; and the reset of a stuck training).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = TrainingAction))]
#[serde(rename_all = "snake_case")]
pub enum TrainingAction {
    Start,
    CheckStatus,
    Cancel,
    Reset,
}

/// Why an action does not fit the clone's state (German, shown as it is).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TrainingRefusal {
    #[error("Das Training läuft bereits.")]
    AlreadyRunning,
    #[error("Die Stimme ist bereits fertig trainiert.")]
    AlreadyTrained,
    #[error("Es läuft gerade kein Training.")]
    NotRunning,
}

/// The status an action leads to: `Ok(None)` changes nothing (checking the status, or
/// resetting a clone that waits for its start anyway).
pub fn next_status(status: TrainingStatus, action: TrainingAction) -> Result<Option<TrainingStatus>, TrainingRefusal> {
    use TrainingStatus::*;
    let running = matches!(status, Training | TrainingInProgress);
    match action {
        TrainingAction::CheckStatus => Ok(None),
        TrainingAction::Start if running => Err(TrainingRefusal::AlreadyRunning),
        TrainingAction::Start if status == Completed => Err(TrainingRefusal::AlreadyTrained),
        TrainingAction::Start => Ok(Some(TrainingInProgress)),
        TrainingAction::Cancel if running => Ok(Some(TrainingNeeded)),
        TrainingAction::Cancel => Err(TrainingRefusal::NotRunning),
        // The spec's reset marks the voice completed; here it goes back to the start, so a
        // voice without a trained model can never be used.
        TrainingAction::Reset if running || status == Failed => Ok(Some(TrainingNeeded)),
        TrainingAction::Reset if status == Completed => Err(TrainingRefusal::AlreadyTrained),
        TrainingAction::Reset => Ok(None),
    }
}

/// A training running longer than `expected` is shown as stuck (with its reset).
pub fn is_stuck(
    status: TrainingStatus,
    started_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    expected: Duration,
) -> bool {
    matches!(status, TrainingStatus::Training | TrainingStatus::TrainingInProgress)
        && started_at.is_some_and(|started| now - started > expected)
}

/// The start of the fee period due now, or `None` while the fee is paid. The first period
/// starts when the owner activates the clone (now); each next one where the last ended. A paused clone
/// that is paid again starts a fresh period now: months it could not be used are not
/// charged afterwards.
pub fn due_period(paid_until: Option<DateTime<Utc>>, fee_paused: bool, now: DateTime<Utc>) -> Option<DateTime<Utc>> {
    if fee_paused {
        return Some(now);
    }
    match paid_until {
        None => Some(now),
        Some(until) if until <= now => Some(until),
        Some(_) => None,
    }
}

/// Where a period that starts at `start` ends.
pub fn period_end(start: DateTime<Utc>) -> DateTime<Utc> {
    start + Duration::days(FEE_PERIOD_DAYS)
}

#[cfg(test)]
mod tests {
    use super::TrainingStatus::*;
    use super::*;

    #[test]
    fn start_is_allowed_before_training_and_after_a_failure_only() {
        assert_eq!(next_status(TrainingNeeded, TrainingAction::Start), Ok(Some(TrainingInProgress)));
        assert_eq!(next_status(Failed, TrainingAction::Start), Ok(Some(TrainingInProgress)));
        assert_eq!(next_status(TrainingInProgress, TrainingAction::Start), Err(TrainingRefusal::AlreadyRunning));
        assert_eq!(next_status(Completed, TrainingAction::Start), Err(TrainingRefusal::AlreadyTrained));
    }

    #[test]
    fn cancel_and_reset_lead_back_to_the_start_never_to_completed() {
        assert_eq!(next_status(TrainingInProgress, TrainingAction::Cancel), Ok(Some(TrainingNeeded)));
        assert_eq!(next_status(Training, TrainingAction::Cancel), Ok(Some(TrainingNeeded)));
        assert_eq!(next_status(Completed, TrainingAction::Cancel), Err(TrainingRefusal::NotRunning));
        assert_eq!(next_status(TrainingInProgress, TrainingAction::Reset), Ok(Some(TrainingNeeded)));
        assert_eq!(next_status(Failed, TrainingAction::Reset), Ok(Some(TrainingNeeded)));
        assert_eq!(next_status(TrainingNeeded, TrainingAction::Reset), Ok(None));
        assert_eq!(next_status(Completed, TrainingAction::Reset), Err(TrainingRefusal::AlreadyTrained));
        for status in TrainingStatus::ALL {
            assert_eq!(next_status(*status, TrainingAction::CheckStatus), Ok(None));
        }
    }

    #[test]
    fn a_completed_clone_with_an_open_fee_shows_as_paused() {
        assert_eq!(CloneState::of(Completed, true, true), CloneState::Paused);
        assert_eq!(CloneState::of(Completed, false, true), CloneState::Completed);
        assert_eq!(CloneState::of(Completed, false, false), CloneState::AwaitingActivation);
        assert_eq!(CloneState::of(Completed, true, false), CloneState::AwaitingActivation);
        assert_eq!(CloneState::of(Training, false, false), CloneState::TrainingInProgress);
        assert_eq!(serde_json::to_value(CloneState::TrainingNeeded).unwrap(), "training_needed");
    }

    #[test]
    fn a_training_is_stuck_only_while_running_and_past_the_expected_time() {
        let now = Utc::now();
        let expected = Duration::minutes(45);
        let long_ago = Some(now - Duration::minutes(50));
        assert!(is_stuck(TrainingInProgress, long_ago, now, expected));
        assert!(!is_stuck(TrainingInProgress, Some(now - Duration::minutes(5)), now, expected));
        assert!(!is_stuck(Failed, long_ago, now, expected));
        assert!(!is_stuck(TrainingInProgress, None, now, expected));
    }

    #[test]
    fn fee_periods_follow_each_other_and_a_paused_clone_restarts_now() {
        let completed = Utc::now() - Duration::days(3);
        let now = Utc::now();
        assert_eq!(due_period(None, false, now), Some(now), "the first month starts on activation");
        let paid = period_end(completed);
        assert_eq!(due_period(Some(paid), false, now), None);
        assert_eq!(due_period(Some(paid), false, paid), Some(paid));
        assert_eq!(due_period(Some(paid), true, now), Some(now));
        assert_eq!(period_end(completed) - completed, Duration::days(30));
    }
}
