//! /api/api-keys: the signed-in user's keys for the developer API. The full key is
//! answered once, on creation; lists show its prefix.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::db::api_keys::ApiKeyRow;
use shared::use_cases::api_keys;
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

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ApiKeyView)]
pub struct ApiKeyView {
    pub id: Uuid,
    pub name: String,
    /// The key's first characters, e.g. `sw_3f9a1c2b7`.
    pub prefix: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
}

impl From<ApiKeyRow> for ApiKeyView {
    fn from(row: ApiKeyRow) -> Self {
        let ApiKeyRow { id, name, prefix, created_at, last_used_at, revoked_at } = row;
        ApiKeyView { id, name, prefix, created_at, last_used_at, revoked_at }
    }
}

/// A new key: the only time the full key is told.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = CreatedKey)]
pub struct CreatedKey {
    pub key: ApiKeyView,
    /// The full key (`sw_…`). It is not stored and cannot be shown again.
    pub secret: String,
}

/// The user's keys, newest first, revoked ones included (marked by `revoked_at`).
#[utoipa::path(get, path = "/api/api-keys", tag = "api-keys",
    responses((status = 200, body = Vec<ApiKeyView>), (status = 401, body = ErrorBody)))]
async fn list(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Vec<ApiKeyView>>> {
    Ok(Json(api_keys::list(&state.svc, &caller).await?.into_iter().map(ApiKeyView::from).collect()))
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
    let created = api_keys::create(&state.svc, &caller, &body.name).await?;
    Ok((StatusCode::CREATED, Json(CreatedKey { key: created.key.into(), secret: created.secret })))
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
