//! `stimmwerk-worker`: runs the background jobs until SIGTERM, then finishes the jobs in
//! flight before it exits.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use shared::Services;
use shared::config::Settings;
use tokio_util::sync::CancellationToken;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    shared::cpu::keep_memory_small();
    let settings = Settings::load().context("invalid configuration")?;
    // symphonia says at info level that an MP3 without a Xing header has an estimated
    // duration: true of every file we make, and we count frames instead.
    shared::telemetry::init_logging(&settings.log, "info,symphonia_bundle_mp3=warn,symphonia_core=warn");
    let pool = shared::db::connect(&settings.database).await.context("connecting to Postgres")?;
    let svc = Services::new(settings, pool).await.context("connecting to Redis, loading speech engines")?;
    // Keys an admin stores reach this process within seconds.
    svc.engines.spawn_refresh(svc.pool.clone(), Arc::clone(&svc.settings), Duration::from_secs(5));
    if !svc.settings.worker.metrics_address.is_empty() {
        let address = svc.settings.worker.metrics_address.clone();
        worker::ops::serve(&address, svc.clone()).await.with_context(|| format!("binding {address}"))?;
    }
    let shutdown = CancellationToken::new();
    tokio::spawn({
        let shutdown = shutdown.clone();
        async move {
            if let Err(e) = shutdown_signal().await {
                tracing::error!(error = %e, "cannot listen for signals");
            }
            shutdown.cancel();
        }
    });
    worker::run(svc, shutdown).await;
    tracing::info!("worker stopped");
    Ok(())
}

/// SIGTERM (docker, systemd) or Ctrl+C.
async fn shutdown_signal() -> std::io::Result<()> {
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        _ = term.recv() => {}
        result = tokio::signal::ctrl_c() => result?,
    }
    tracing::info!("shutdown requested: finishing jobs in flight");
    Ok(())
}
