//! The worker's own address for operators (`worker.metrics_address`): `/metrics`
//! (Prometheus: job latency and duration per kind, engine requests, refunds, queue depth,
//! pool use), `/healthz` (the process answers) and `/readyz` (Postgres, Redis and the
//! audio store answer). A worker has no other HTTP surface.

use axum::Json;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use shared::Services;
use shared::use_cases::health;

pub fn router(svc: Services) -> axum::Router {
    axum::Router::new()
        .route("/metrics", get(metrics))
        .route("/healthz", get(|| async { "ok" }))
        .route("/readyz", get(readyz))
        .with_state(svc)
}

async fn metrics(State(svc): State<Services>) -> Response {
    let body = health::metrics(&svc).await;
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], body).into_response()
}

async fn readyz(State(svc): State<Services>) -> Response {
    let readiness = health::readiness(&svc).await;
    let status = if readiness.ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, Json(readiness)).into_response()
}

/// Serves the router on `address` until the process ends.
pub async fn serve(address: &str, svc: Services) -> anyhow::Result<()> {
    let listener = tokio::net::TcpListener::bind(address).await?;
    tracing::info!("metrics on http://{address}/metrics");
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, router(svc)).await {
            tracing::error!(error = %e, "metrics server stopped");
        }
    });
    Ok(())
}
