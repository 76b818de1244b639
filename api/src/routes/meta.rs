//! What the web app reads about the service itself: the limits and prices it shows, and
//! this API's OpenAPI document.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use shared::domain::money::{CHARS_PER_CENT, generation_cost_cent};
use shared::domain::text::MAX_GENERATION_CHARS;
use shared::use_cases::demo::DEMO_MAX_CHARS;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(limits)).routes(routes!(openapi))
}

/// The limits and prices the web app shows, stated once, here.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Limits)]
struct Limits {
    /// Longest text of one generation, in Unicode characters of the trimmed text.
    text_max_chars: usize,
    /// Price: one cent per this many characters, rounded up ...
    chars_per_cent: i64,
    /// ... and at least this many cents.
    min_cost_cent: i64,
    demo_max_chars: usize,
    demo_tries_per_day: u32,
    /// Credit of a new account.
    signup_bonus_cent: i64,
    /// How often a generation job is tried before it fails and is refunded.
    job_max_attempts: i32,
    /// Finished exports a project keeps per format; a newer one pushes the oldest out (its
    /// file and its audio in the library).
    exports_kept_per_format: i64,
}

/// Limits and prices (text length, cents per characters, demo tries).
#[utoipa::path(get, path = "/api/limits", tag = "meta", responses((status = 200, body = Limits)))]
async fn limits(State(state): State<AppState>) -> Json<Limits> {
    let settings = &state.svc.settings;
    Json(Limits {
        text_max_chars: MAX_GENERATION_CHARS,
        chars_per_cent: CHARS_PER_CENT,
        min_cost_cent: generation_cost_cent(0),
        demo_max_chars: DEMO_MAX_CHARS,
        demo_tries_per_day: settings.demo.tries_per_browser,
        signup_bonus_cent: settings.auth.signup_bonus_cent,
        job_max_attempts: settings.worker.max_attempts.max(1),
        exports_kept_per_format: shared::domain::project::EXPORTS_KEPT_PER_FORMAT,
    })
}

/// This document (OpenAPI 3.1).
#[utoipa::path(get, path = "/api/openapi.json", tag = "meta", responses(
    (status = 200, description = "Das OpenAPI-Dokument", content_type = "application/json"),
))]
async fn openapi() -> Json<utoipa::openapi::OpenApi> {
    Json(super::document())
}
