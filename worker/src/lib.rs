//! The worker: the background jobs (`jobs/`, one file per kind), the registration list
//! below, and the runner that keeps their apalis workers alive.

pub mod jobs;
pub mod ops;
pub mod runner;
pub mod wake;

use shared::Services;
use tokio_util::sync::CancellationToken;

use crate::jobs::{
    bill_clones, deliver_webhooks, demo_speech, expire_audios, project_work, purge_expired, reconcile_top_ups, sweep,
    synthesize, train_voice,
};
use crate::runner::Registry;

/// Every job kind this worker runs: a new kind is one file in `jobs/` and one line here.
pub fn registry() -> Registry {
    Registry::default()
        .queued::<demo_speech::DemoSpeechJob>()
        .queued::<synthesize::SynthesizeJob>()
        .queued::<train_voice::TrainVoiceJob>()
        .queued::<project_work::AssembleChapterJob>()
        .queued::<project_work::ExportProjectJob>()
        .cron::<sweep::Sweep>()
        .cron::<purge_expired::PurgeExpired>()
        .cron::<expire_audios::ExpireAudios>()
        .cron::<reconcile_top_ups::ReconcileTopUps>()
        .cron::<deliver_webhooks::DeliverWebhooks>()
        .cron::<bill_clones::BillClones>()
}

/// Runs every registered job kind until `shutdown` is cancelled, then lets jobs in
/// flight finish (up to `worker.shutdown_grace_secs`) and hands the rest back to the
/// queue before it returns.
pub async fn run(svc: Services, shutdown: CancellationToken) {
    runner::run(svc.clone(), registry(), shutdown).await;
    let handed = shared::run::hand_back_held(&svc).await;
    if handed > 0 {
        tracing::info!(handed, "runs handed back to the queue");
    }
}
