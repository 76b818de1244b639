//! What operators ask a process: is it ready (Postgres, Redis and the audio store
//! answer), and its metrics with the gauges read now. The API serves `/metrics` on its
//! metrics address, the worker on its own; both serve `/healthz` and `/readyz`.

use std::time::Duration;

use serde::Serialize;

use crate::queue::{DemoSpeech, Job, Synthesize, TrainVoice};
use crate::services::Services;
use crate::telemetry::{self, PoolUse};

/// The metrics in Prometheus' text format: queue depths and pool use read now, the rest
/// as recorded.
pub async fn metrics(svc: &Services) -> String {
    let mut depths = Vec::new();
    // An unreachable Redis leaves the last value; /readyz tells that it is down.
    if let Ok(depth) = svc.queue.depth::<Synthesize>().await {
        depths.push((Synthesize::QUEUE, depth));
    }
    if let Ok(depth) = svc.queue.depth::<TrainVoice>().await {
        depths.push((TrainVoice::QUEUE, depth));
    }
    if let Ok(depth) = svc.queue.depth::<DemoSpeech>().await {
        depths.push((DemoSpeech::QUEUE, depth));
    }
    let pool =
        PoolUse { size: svc.pool.size(), idle: svc.pool.num_idle() as u32, max: svc.settings.database.max_connections };
    telemetry::render(&depths, pool)
}

/// What `/readyz` reports: each dependency "ok" or why not.
#[derive(Debug, Serialize)]
pub struct Readiness {
    pub ready: bool,
    pub postgres: String,
    pub redis: String,
    pub storage: String,
}

/// Asks Postgres, Redis and the audio store, each within two seconds.
pub async fn readiness(svc: &Services) -> Readiness {
    let (postgres, redis, storage) = tokio::join!(
        probe("Postgres", async { sqlx::query("SELECT 1").execute(&svc.pool).await.map(drop) }),
        probe("Redis", svc.queue.ping()),
        probe("Speicher", svc.storage.check()),
    );
    Readiness { ready: [&postgres, &redis, &storage].iter().all(|r| *r == "ok"), postgres, redis, storage }
}

/// "ok", or what went wrong with `what`.
async fn probe<E: std::fmt::Display>(what: &str, check: impl Future<Output = Result<(), E>>) -> String {
    match tokio::time::timeout(Duration::from_secs(2), check).await {
        Ok(Ok(())) => "ok".into(),
        Ok(Err(e)) => format!("{what}: {e}"),
        Err(_) => format!("{what}: keine Antwort innerhalb von 2 Sekunden"),
    }
}
