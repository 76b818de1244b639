//! What the web app reads about the service itself: the limits and prices it shows, and
//! this API's OpenAPI document.

use axum::Json;
use axum::extract::State;
use shared::use_cases::limits::Limits;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(limits)).routes(routes!(openapi))
}

/// Limits and prices (text length, cents per characters, demo tries).
#[utoipa::path(get, path = "/api/limits", tag = "meta", responses((status = 200, body = Limits)))]
async fn limits(State(state): State<AppState>) -> Json<Limits> {
    Json(shared::use_cases::limits::limits(&state.svc.settings))
}

/// This document (OpenAPI 3.1).
#[utoipa::path(get, path = "/api/openapi.json", tag = "meta", responses(
    (status = 200, description = "Das OpenAPI-Dokument", content_type = "application/json"),
))]
async fn openapi() -> Json<utoipa::openapi::OpenApi> {
    Json(super::document())
}
