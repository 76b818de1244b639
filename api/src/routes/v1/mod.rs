//! The developer API under `/v1`, for programs holding an API key
//! (`Authorization: Bearer sw_…`): jobs, audio, voices, balance and usage with the
//! project's error shape, plus the OpenAI-compatible speech routes with OpenAI's.
//! [`authenticate`] runs before every handler: it resolves the key (401 otherwise),
//! counts the request against the key's per-minute limit (429 with `Retry-After`), and
//! puts `X-RateLimit-*` headers on every answer.

pub mod account;
pub mod jobs;
pub mod projects;
pub mod speech;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use shared::rate_limit::Quota;
use shared::use_cases::api_keys::{self, Refusal};
use utoipa_axum::router::OpenApiRouter;

use crate::AppState;
use crate::error::{ApiError, OpenAiError};

pub const PREFIX: &str = "/v1";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(jobs::router())
        .merge(projects::router())
        .merge(account::router())
        .merge(speech::router())
}

/// The OpenAI-compatible routes answer errors in OpenAI's shape.
pub fn speaks_openai(path: &str) -> bool {
    path.starts_with("/v1/audio/") || path == "/v1/models"
}

/// An error in the shape the route's clients expect.
pub fn error_response(path: &str, error: shared::Error) -> Response {
    if speaks_openai(path) { OpenAiError(error).into_response() } else { ApiError(error).into_response() }
}

/// The caller of a `/v1` request, as [`authenticate`] found it.
#[derive(Clone)]
pub struct KeyCaller(pub shared::Caller);

impl<S: Send + Sync> FromRequestParts<S> for KeyCaller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        parts.extensions.get::<KeyCaller>().cloned().ok_or(ApiError(shared::Error::Unauthenticated))
    }
}

pub async fn authenticate(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let ip = crate::extract::ClientIp::of(request.extensions());
    let path = request.uri().path().to_owned();
    let authorization = request.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).map(str::to_owned);
    match api_keys::authenticate(&state.svc, ip, authorization.as_deref()).await {
        Ok((caller, quota)) => {
            request.extensions_mut().insert(KeyCaller(caller));
            let mut response = next.run(request).await;
            quota_headers(response.headers_mut(), quota);
            response
        }
        Err(Refusal::Unauthenticated(message)) => {
            let mut response = error_response(&path, shared::Error::InvalidApiKey(message));
            response.headers_mut().insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
            response
        }
        Err(Refusal::Limited(quota)) => {
            let mut response = error_response(&path, shared::Error::RateLimited { retry_after_secs: quota.reset_secs });
            quota_headers(response.headers_mut(), quota);
            response
        }
        Err(Refusal::Failed(error)) => error_response(&path, error),
    }
}

fn quota_headers(headers: &mut HeaderMap, quota: Quota) {
    headers.insert("x-ratelimit-limit", HeaderValue::from(quota.limit));
    headers.insert("x-ratelimit-remaining", HeaderValue::from(quota.remaining));
    headers.insert("x-ratelimit-reset", HeaderValue::from(quota.reset_secs));
}

/// Unknown `/v1` addresses.
pub async fn not_found(request: Request) -> Response {
    error_response(request.uri().path(), shared::Error::NotFound("Diese API-Adresse gibt es nicht."))
}
