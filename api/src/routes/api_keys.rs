//! /api/api-keys: the signed-in user's keys for the developer API. The full key is
//! answered once, on creation; lists show its prefix.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use shared::use_cases::api_keys::{self, ApiKeyView, CreatedKey};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, Caller};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, create)).routes(routes!(rename, revoke))
}

/// The user's keys, newest first, revoked ones included (marked by `revoked_at`).
#[utoipa::path(get, path = "/api/api-keys", tag = "api-keys",
    responses((status = 200, body = Vec<ApiKeyView>), (status = 401, body = ErrorBody)))]
async fn list(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Vec<ApiKeyView>>> {
    Ok(Json(api_keys::list(&state.svc, &caller).await?))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = KeyName)]
struct KeyName {
    /// 1 - 80 characters, e.g. "Produktion" or "CMS-Plugin".
    #[serde(default)]
    name: String,
}

/// Creates a key. `secret` is the full key: shown this once, never stored.
#[utoipa::path(post, path = "/api/api-keys", tag = "api-keys", request_body = KeyName, responses(
    (status = 201, body = CreatedKey),
    (status = 409, description = "Zu viele aktive Schlüssel", body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn create(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiJson(body): ApiJson<KeyName>,
) -> ApiResult<(StatusCode, Json<CreatedKey>)> {
    Ok((StatusCode::CREATED, Json(api_keys::create(&state.svc, &caller, &body.name).await?)))
}

#[utoipa::path(patch, path = "/api/api-keys/{id}", tag = "api-keys", params(("id" = Uuid, Path)), request_body = KeyName,
    responses((status = 204), (status = 404, body = ErrorBody), (status = 422, body = ErrorBody)))]
async fn rename(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<KeyName>,
) -> ApiResult<StatusCode> {
    api_keys::rename(&state.svc, &caller, id, &body.name).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Revokes the key for good: requests with it get 401 from now on.
#[utoipa::path(delete, path = "/api/api-keys/{id}", tag = "api-keys", params(("id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorBody)))]
async fn revoke(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    api_keys::revoke(&state.svc, &caller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
