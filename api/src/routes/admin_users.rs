//! /api/admin/users and /api/admin/audit: user management for admins (an admin session
//! that proved the second factor, checked on the server for every request; everyone else
//! gets 403). Every change also needs a password re-entry within ten minutes
//! (`POST /api/admin/reauth`, else 403 `reauth_required`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::db::{audit, users};
use shared::domain::kinds::{AuditAction, Role};
use shared::use_cases::admin_users;
use utoipa::{IntoParams, ToSchema};
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

/// Columns the list sorts by (the spec's names).
#[derive(Clone, Copy, Deserialize, ToSchema)]
#[schema(as = UserSort)]
#[serde(rename_all = "snake_case")]
enum UserSort {
    Organization,
    Name,
    GuthabenCent,
    CreatedAt,
}

impl From<UserSort> for admin_users::UserSort {
    fn from(sort: UserSort) -> Self {
        match sort {
            UserSort::Organization => admin_users::UserSort::Organization,
            UserSort::Name => admin_users::UserSort::Name,
            UserSort::GuthabenCent => admin_users::UserSort::GuthabenCent,
            UserSort::CreatedAt => admin_users::UserSort::CreatedAt,
        }
    }
}

#[derive(Clone, Copy, Deserialize, ToSchema)]
#[schema(as = Direction)]
#[serde(rename_all = "snake_case")]
enum Direction {
    Asc,
    Desc,
}

impl From<Direction> for admin_users::Direction {
    fn from(direction: Direction) -> Self {
        match direction {
            Direction::Asc => admin_users::Direction::Asc,
            Direction::Desc => admin_users::Direction::Desc,
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct UserQuery {
    /// Part of a name, e-mail address or organisation.
    search: Option<String>,
    /// Default `created_at`.
    #[param(inline)]
    sort: Option<UserSort>,
    /// Default: descending for `created_at`, ascending for the others.
    #[param(inline)]
    direction: Option<Direction>,
}

/// An account as the admin user list shows it.
#[derive(Serialize, ToSchema)]
#[schema(as = AdminUser)]
struct AdminUser {
    id: Uuid,
    name: String,
    email: String,
    organization: String,
    role: Role,
    balance_cent: i64,
    created_at: DateTime<Utc>,
    confirmed: bool,
    disabled: bool,
}

impl From<users::AdminUser> for AdminUser {
    fn from(user: users::AdminUser) -> Self {
        let users::AdminUser { id, name, email, organization, role, balance_cent, created_at, confirmed, disabled } =
            user;
        AdminUser { id, name, email, organization, role, balance_cent, created_at, confirmed, disabled }
    }
}

/// The admin page's four figures.
#[derive(Serialize, ToSchema)]
#[schema(as = UserStats)]
struct UserStats {
    total_users: i64,
    /// Sum of every balance (the spec's "Gesamtumsatz").
    total_balance_cent: i64,
    organizations: i64,
    new_this_month: i64,
}

#[derive(Serialize, ToSchema)]
#[schema(as = UserOverview)]
struct UserOverview {
    stats: UserStats,
    users: Vec<AdminUser>,
}

impl From<admin_users::UserOverview> for UserOverview {
    fn from(overview: admin_users::UserOverview) -> Self {
        let users::UserStats { total_users, total_balance_cent, organizations, new_this_month } = overview.stats;
        UserOverview {
            stats: UserStats { total_users, total_balance_cent, organizations, new_this_month },
            users: overview.users.into_iter().map(AdminUser::from).collect(),
        }
    }
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
    let UserQuery { search, sort, direction } = query;
    let overview =
        admin_users::list(&state.svc, &caller, search.as_deref(), sort.map(Into::into), direction.map(Into::into))
            .await?;
    Ok(Json(overview.into()))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = NewUserInput)]
struct NewUserInput {
    #[serde(default)]
    name: String,
    #[serde(default)]
    email: String,
    #[serde(default)]
    organization: String,
    #[serde(default)]
    password: String,
    /// Default `user`.
    role: Option<Role>,
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
    let NewUserInput { name, email, organization, password, role } = body;
    let input = admin_users::NewUserInput { name, email, organization, password, role };
    Ok((StatusCode::CREATED, Json(admin_users::create(&state.svc, &caller, input).await?.into())))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = UserUpdate)]
struct UserUpdate {
    name: Option<String>,
    organization: Option<String>,
    role: Option<Role>,
    /// True: the account cannot sign in, and its sessions end.
    disabled: Option<bool>,
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
    let UserUpdate { name, organization, role, disabled } = body;
    let change = admin_users::UserUpdate { name, organization, role, disabled };
    Ok(Json(admin_users::update(&state.svc, &caller, id, change).await?.into()))
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

#[derive(Deserialize, ToSchema)]
#[schema(as = BalanceAdjustment)]
struct BalanceAdjustment {
    /// Cents to add (negative: to take away).
    amount_cent: i64,
    #[serde(default)]
    reason: String,
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
    Ok(Json(admin_users::adjust_balance(&state.svc, &caller, id, body.amount_cent, &body.reason).await?.into()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct AuditQuery {
    #[param(inline)]
    action: Option<AuditAction>,
    user_id: Option<Uuid>,
    /// 1-based, 50 entries a page.
    page: Option<i64>,
}

/// Any JSON value; named, so the contract keeps it as the schema `Value`.
type JsonValue = serde_json::Value;

#[derive(Serialize, ToSchema)]
#[schema(as = Entry)]
struct Entry {
    id: i64,
    created_at: DateTime<Utc>,
    actor_email: String,
    action: AuditAction,
    target_user_id: Option<Uuid>,
    target_email: Option<String>,
    /// What the entry is about when that is not an account (a voice, a service, a term,
    /// a label).
    subject: Option<String>,
    before: Option<JsonValue>,
    after: Option<JsonValue>,
    reason: Option<String>,
}

impl From<audit::Entry> for Entry {
    fn from(entry: audit::Entry) -> Self {
        Entry {
            id: entry.id,
            created_at: entry.created_at,
            actor_email: entry.actor_email,
            action: entry.action,
            target_user_id: entry.target_user_id,
            target_email: entry.target_email,
            subject: entry.subject,
            before: entry.before,
            after: entry.after,
            reason: entry.reason,
        }
    }
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
    let AuditQuery { action, user_id, page } = query;
    let entries = admin_users::audit_log(&state.svc, &caller, action, user_id, page).await?;
    Ok(Json(entries.into_iter().map(Entry::from).collect()))
}
