//! /api/admin/*: engine and service settings. Admins only, and only after re-entering
//! the password (the spec's client-held gate password, done properly on the server).

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::keyring;
use shared::providers::services;
use shared::use_cases::admin_settings;
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

/// A service as the admin settings page shows it.
#[derive(Serialize, ToSchema)]
#[schema(as = ServiceInfo)]
struct ServiceInfo {
    id: &'static str,
    name: &'static str,
    /// "AI/ML", "Cloud", "Payment" or "Database".
    category: &'static str,
    description: &'static str,
    /// The environment variable that carries the key.
    secret_name: String,
    docs_url: &'static str,
    key_url: &'static str,
    /// False for Postgres and Redis: their address is configuration, not a stored key.
    can_store_key: bool,
}

impl From<&services::ServiceInfo> for ServiceInfo {
    fn from(info: &services::ServiceInfo) -> Self {
        let services::ServiceInfo { id, name, category, description, secret_name, docs_url, key_url, can_store_key } =
            info;
        ServiceInfo {
            id,
            name,
            category,
            description,
            secret_name: secret_name.clone(),
            docs_url,
            key_url,
            can_store_key: *can_store_key,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = KeySource)]
#[serde(rename_all = "lowercase")]
enum KeySource {
    Environment,
    Database,
}

#[derive(Serialize, ToSchema)]
#[schema(as = KeyStatus)]
#[serde(rename_all = "lowercase")]
enum KeyStatus {
    Configured,
    Missing,
}

/// A service as the admin page shows it: its catalogue entry plus where its key is.
#[derive(Serialize, ToSchema)]
#[schema(as = ServiceStatus)]
struct ServiceStatus {
    #[serde(flatten)]
    info: ServiceInfo,
    can_test: bool,
    status: KeyStatus,
    source: Option<KeySource>,
    key_last4: Option<String>,
}

impl From<keyring::ServiceStatus> for ServiceStatus {
    fn from(s: keyring::ServiceStatus) -> Self {
        ServiceStatus {
            info: s.info.into(),
            can_test: s.can_test,
            status: match s.status {
                keyring::KeyStatus::Configured => KeyStatus::Configured,
                keyring::KeyStatus::Missing => KeyStatus::Missing,
            },
            source: s.source.map(|source| match source {
                keyring::KeySource::Environment => KeySource::Environment,
                keyring::KeySource::Database => KeySource::Database,
            }),
            key_last4: s.key_last4,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = ServiceList)]
struct ServiceList {
    configured: usize,
    total: usize,
    services: Vec<ServiceStatus>,
}

/// Every service with where its key comes from.
#[utoipa::path(get, path = "/api/admin/services", tag = "admin", responses(
    (status = 200, body = ServiceList),
    (status = 403, description = "Keine Berechtigung, oder `reauth_required`", body = ErrorBody),
))]
async fn list(State(state): State<AppState>, AdminCaller(caller): AdminCaller) -> ApiResult<Json<ServiceList>> {
    let admin_settings::ServiceList { configured, total, services } = admin_settings::list(&state.svc, &caller).await?;
    Ok(Json(ServiceList { configured, total, services: services.into_iter().map(ServiceStatus::from).collect() }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = KeyBody)]
struct KeyBody {
    #[serde(default)]
    key: String,
    /// Store the key although its connection test failed (or no test exists): the admin
    /// confirmed the warning that it goes live for every customer at once.
    #[serde(default)]
    confirm_untested: bool,
}

/// Tests the key, then stores it, encrypted; it is never returned. A key that fails its
/// connection test is refused (422) unless `confirm_untested` is set.
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
    let untested =
        if body.confirm_untested { admin_settings::Untested::Confirmed } else { admin_settings::Untested::Refuse };
    Ok(Json(admin_settings::store_key(&state.svc, &caller, &id, &body.key, untested).await?.into()))
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
    Ok(Json(admin_settings::remove_key(&state.svc, &caller, &id).await?.into()))
}

#[derive(Serialize, ToSchema)]
#[schema(as = ConnectionTest)]
struct ConnectionTest {
    ok: bool,
    /// German: "Verbindung erfolgreich." or what went wrong.
    message: String,
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
    let admin_settings::ConnectionTest { ok, message } =
        admin_settings::test_connection(&state.svc, &caller, &id).await?;
    Ok(Json(ConnectionTest { ok, message }))
}
