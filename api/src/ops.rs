//! For operators and load balancers, outside `/api`: `/healthz` (the process answers),
//! `/readyz` (Postgres, Redis and the audio store answer; 503 with the reason if not),
//! and `/metrics` (Prometheus), which is served on its own address only
//! (`http.metrics_address`), never to the public.

use std::time::Instant;

use axum::Json;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use shared::telemetry;
use shared::use_cases::health;

use crate::AppState;

/// `/healthz` and `/readyz`, for the public router.
pub fn probes() -> axum::Router<AppState> {
    axum::Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz))
}

/// The router of the metrics address.
pub fn metrics_router(state: AppState) -> axum::Router {
    axum::Router::new().route("/metrics", get(metrics)).merge(probes()).with_state(state)
}

async fn healthz() -> &'static str {
    "ok"
}

async fn readyz(State(state): State<AppState>) -> Response {
    let readiness = health::readiness(&state.svc).await;
    let status = if readiness.ready { StatusCode::OK } else { StatusCode::SERVICE_UNAVAILABLE };
    (status, [(header::CACHE_CONTROL, "no-store")], Json(readiness)).into_response()
}

async fn metrics(State(state): State<AppState>) -> Response {
    let body = health::metrics(&state.svc).await;
    ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], body).into_response()
}

/// Middleware: counts every answer by route (the pattern, not the address, so ids do not
/// make new series) and measures how long it took.
pub async fn track(request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().as_str().to_owned();
    let route = request.extensions().get::<MatchedPath>().map(|p| p.as_str().to_owned());
    let response = next.run(request).await;
    let route = route.unwrap_or_else(|| "(andere)".into());
    telemetry::http_request(&method, &route, response.status().as_u16(), started.elapsed());
    response
}
