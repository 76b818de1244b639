//! /api/admin/voices: every voice with its owner, global share of clones, stock voices
//! on and off, and deleting a clone with everything that hangs on it (admins only; every
//! change also needs a password re-entry within ten minutes, else 403 `reauth_required`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use shared::use_cases::admin_voices::{self, AdminVoice, AdminVoiceChange, AdminVoiceList, AdminVoiceQuery};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AdminCaller, ApiJson, ApiPath, ApiQuery};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(update, delete))
}

/// Stat cards and the voices, filtered.
#[utoipa::path(get, path = "/api/admin/voices", tag = "admin", params(AdminVoiceQuery), responses(
    (status = 200, body = AdminVoiceList),
    (status = 403, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn list(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiQuery(query): ApiQuery<AdminVoiceQuery>,
) -> ApiResult<Json<AdminVoiceList>> {
    Ok(Json(admin_voices::list(&state.svc, &caller, query).await?))
}

/// Shares a clone with everyone (or not), switches a voice on or off.
#[utoipa::path(patch, path = "/api/admin/voices/{id}", tag = "admin", params(("id" = Uuid, Path)),
    request_body = AdminVoiceChange, responses(
        (status = 200, body = AdminVoice),
        (status = 403, description = "Keine Berechtigung, oder `reauth_required` (Passwort erneut eingeben)", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<AdminVoiceChange>,
) -> ApiResult<Json<AdminVoice>> {
    Ok(Json(admin_voices::update(&state.svc, &caller, id, body).await?))
}

/// Deletes a clone with its samples, usage records, shares, quality metrics and files.
#[utoipa::path(delete, path = "/api/admin/voices/{id}", tag = "admin", params(("id" = Uuid, Path)), responses(
    (status = 204),
    (status = 403, description = "Keine Berechtigung, oder `reauth_required` (Passwort erneut eingeben)", body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Katalogstimmen können nur deaktiviert werden", body = ErrorBody),
))]
async fn delete(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    admin_voices::delete(&state.svc, &caller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}
