//! What operators ask a process: is it ready (Postgres, Redis and the audio store
//! answer), and its metrics with the gauges read now. The API serves `/metrics` on its
//! metrics address, the worker on its own; both serve `/healthz` and `/readyz`.

use std::time::Duration;

use serde::Serialize;

use crate::queue::{Job, Synthesize, TrainVoice};
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
    let limit = Duration::from_secs(2);
    let within = |what: &'static str| move |_| format!("{what}: keine Antwort innerhalb von 2 Sekunden");
    let postgres = tokio::time::timeout(limit, sqlx::query("SELECT 1").execute(&svc.pool))
        .await
        .map_err(within("Postgres"))
        .and_then(|r| r.map(|_| ()).map_err(|e| format!("Postgres: {e}")));
    let redis = tokio::time::timeout(limit, svc.queue.ping())
        .await
        .map_err(within("Redis"))
        .and_then(|r| r.map_err(|e| format!("Redis: {e}")));
    let storage = tokio::time::timeout(limit, svc.storage.check())
        .await
        .map_err(within("Speicher"))
        .and_then(|r| r.map_err(|e| format!("Speicher: {e}")));
    let text = |r: &Result<(), String>| r.as_ref().err().cloned().unwrap_or_else(|| "ok".into());
    Readiness {
        ready: postgres.is_ok() && redis.is_ok() && storage.is_ok(),
        postgres: text(&postgres),
        redis: text(&redis),
        storage: text(&storage),
    }
}
