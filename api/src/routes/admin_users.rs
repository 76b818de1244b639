//! /api/admin/users and /api/admin/audit: user management for admins (an admin session
//! that proved the second factor, checked on the server for every request; everyone else
//! gets 403). Every change also needs a password re-entry within ten minutes
//! (`POST /api/admin/reauth`, else 403 `reauth_required`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use shared::db::audit::Entry;
use shared::db::users::AdminUser;
use shared::use_cases::admin_users::{
    self, AuditQuery, BalanceAdjustment, NewUserInput, UserOverview, UserQuery, UserUpdate,
};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{AdminCaller, ApiJson, ApiPath, ApiQuery};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(update, delete))
        .routes(routes!(adjust_balance))
        .routes(routes!(audit_log))
}

/// The four figures and the accounts, searched and sorted.
#[utoipa::path(get, path = "/api/admin/users", tag = "admin", params(UserQuery), responses(
    (status = 200, body = UserOverview),
    (status = 403, body = ErrorBody),
))]
async fn list(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiQuery(query): ApiQuery<UserQuery>,
) -> ApiResult<Json<UserOverview>> {
    Ok(Json(admin_users::list(&state.svc, &caller, &query).await?))
}

/// "Neuen Benutzer hinzufügen": a confirmed account.
#[utoipa::path(post, path = "/api/admin/users", tag = "admin", request_body = NewUserInput, responses(
    (status = 201, body = AdminUser),
    (status = 403, description = "Keine Berechtigung, oder `reauth_required` (Passwort erneut eingeben)", body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn create(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiJson(body): ApiJson<NewUserInput>,
) -> ApiResult<(StatusCode, Json<AdminUser>)> {
    Ok((StatusCode::CREATED, Json(admin_users::create(&state.svc, &caller, body).await?)))
}

/// Changes name, organisation, role or whether the account may sign in.
#[utoipa::path(patch, path = "/api/admin/users/{id}", tag = "admin", params(("id" = Uuid, Path)), request_body = UserUpdate,
    responses(
        (status = 200, body = AdminUser),
        (status = 403, description = "Keine Berechtigung, oder `reauth_required` (Passwort erneut eingeben)", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Die eigene Rolle oder Anmeldung, oder das letzte aktive Administratorkonto", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn update(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<UserUpdate>,
) -> ApiResult<Json<AdminUser>> {
    Ok(Json(admin_users::update(&state.svc, &caller, id, body).await?))
}

/// Deletes the account with everything it owns (its bookings stay, anonymous).
#[utoipa::path(delete, path = "/api/admin/users/{id}", tag = "admin", params(("id" = Uuid, Path)), responses(
    (status = 204),
    (status = 403, description = "Keine Berechtigung, oder `reauth_required` (Passwort erneut eingeben)", body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Das eigene Konto, oder das letzte aktive Administratorkonto", body = ErrorBody),
))]
async fn delete(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    admin_users::delete(&state.svc, &caller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Corrects the balance with a reason (a ledger row `admin_adjustment`).
#[utoipa::path(post, path = "/api/admin/users/{id}/balance", tag = "admin", params(("id" = Uuid, Path)),
    request_body = BalanceAdjustment, responses(
        (status = 200, body = AdminUser),
        (status = 403, description = "Keine Berechtigung, oder `reauth_required` (Passwort erneut eingeben)", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn adjust_balance(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<BalanceAdjustment>,
) -> ApiResult<Json<AdminUser>> {
    Ok(Json(admin_users::adjust_balance(&state.svc, &caller, id, body).await?))
}

/// Every admin action with who, when, before and after; newest first, 50 a page.
#[utoipa::path(get, path = "/api/admin/audit", tag = "admin", params(AuditQuery), responses(
    (status = 200, body = Vec<Entry>),
    (status = 403, body = ErrorBody),
))]
async fn audit_log(
    State(state): State<AppState>,
    AdminCaller(caller): AdminCaller,
    ApiQuery(query): ApiQuery<AuditQuery>,
) -> ApiResult<Json<Vec<Entry>>> {
    Ok(Json(admin_users::audit_log(&state.svc, &caller, &query).await?))
}
