//! /api/admin/*: engine and service settings. Admins only, and only after re-entering
//! the password (the spec's client-held gate password, done properly on the server).

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::providers::ServiceStatus;
use shared::use_cases::admin_settings::{self, ConnectionTest, ServiceList};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AdminCaller, ApiJson, ApiPath};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(reauthenticate))
        .routes(routes!(list))
        .routes(routes!(store_key, remove_key))
        .routes(routes!(test_connection))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = ReauthBody)]
struct ReauthBody {
    #[serde(default)]
    password: String,
}

#[derive(Serialize, ToSchema)]
#[schema(as = Reauthenticated)]
struct Reauthenticated {
    valid_until: DateTime<Utc>,
}

/// Re-enter the password: unlocks the admin changes (settings, users, voices) for 10 minutes.
#[utoipa::path(post, path = "/api/admin/reauth", tag = "admin", request_body = ReauthBody, responses(
    (status = 200, body = Reauthenticated),
    (status = 401, description = "Das Passwort ist falsch", body = ErrorBody),
    (status = 403, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
async fn reauthenticate(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiJson(body): ApiJson<ReauthBody>,
) -> ApiResult<Json<Reauthenticated>> {
    let valid_until = shared::use_cases::auth::reauthenticate(&state.svc, &caller, &body.password).await?;
    Ok(Json(Reauthenticated { valid_until }))
}

/// Every service with where its key comes from.
#[utoipa::path(get, path = "/api/admin/services", tag = "admin", responses(
    (status = 200, body = ServiceList),
    (status = 403, description = "Keine Berechtigung, oder `reauth_required`", body = ErrorBody),
))]
async fn list(State(state): State<AppState>, AdminCaller(caller): AdminCaller) -> ApiResult<Json<ServiceList>> {
    Ok(Json(admin_settings::list(&state.svc, &caller).await?))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = KeyBody)]
struct KeyBody {
    #[serde(default)]
    key: String,
}

/// Stores a key, encrypted; it is never returned.
#[utoipa::path(put, path = "/api/admin/services/{id}/key", tag = "admin", params(("id" = String, Path)),
    request_body = KeyBody, responses(
        (status = 200, body = ServiceStatus),
        (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Kein Verschlüsselungsschlüssel auf dem Server", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn store_key(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<KeyBody>,
) -> ApiResult<Json<ServiceStatus>> {
    Ok(Json(admin_settings::store_key(&state.svc, &caller, &id, &body.key).await?))
}

/// Removes a stored key (a key from the environment stays).
#[utoipa::path(delete, path = "/api/admin/services/{id}/key", tag = "admin", params(("id" = String, Path)), responses(
    (status = 200, body = ServiceStatus),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
async fn remove_key(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<ServiceStatus>> {
    Ok(Json(admin_settings::remove_key(&state.svc, &caller, &id).await?))
}

/// A real check: a short synthesis, a query or a PING.
#[utoipa::path(post, path = "/api/admin/services/{id}/test", tag = "admin", params(("id" = String, Path)), responses(
    (status = 200, body = ConnectionTest),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
async fn test_connection(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<ConnectionTest>> {
    Ok(Json(admin_settings::test_connection(&state.svc, &caller, &id).await?))
}
