//! /api/admin/*: engine and service settings. Admins only, and only after re-entering
//! the password (the spec's client-held gate password, done properly on the server).

use std::net::SocketAddr;

use axum::Json;
use axum::Router;
use axum::extract::{ConnectInfo, State};
use axum::routing::{get, post, put};
use axum_extra::extract::CookieJar;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use shared::providers::{self, ServiceStatus};
use shared::synthesis::{self, Speech};

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::{AdminUser, ApiJson, ApiPath, REAUTH_WINDOW_MINUTES, ReauthenticatedAdmin};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/admin/reauth", post(reauthenticate))
        .route("/api/admin/services", get(list))
        .route("/api/admin/services/{id}/key", put(store_key).delete(remove_key))
        .route("/api/admin/services/{id}/test", post(test_connection))
}

#[derive(Deserialize)]
struct ReauthBody {
    #[serde(default)]
    password: String,
}

#[derive(Serialize)]
struct Reauthenticated {
    valid_until: DateTime<Utc>,
}

async fn reauthenticate(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    AdminUser(admin): AdminUser,
    jar: CookieJar,
    ApiJson(body): ApiJson<ReauthBody>,
) -> ApiResult<Json<Reauthenticated>> {
    // Same failure counters as sign-in: the gate is no way around them.
    state.login_limiter.check(peer.ip(), &admin.email).await?;
    match shared::auth::verify_user_password(&state.pool, admin.id, &body.password).await? {
        true => state.login_limiter.record_success(peer.ip(), &admin.email).await?,
        false => {
            state.login_limiter.record_failure(peer.ip(), &admin.email).await?;
            return Err(ApiError::WrongPassword);
        }
    }
    let token = jar.get(state.cookies.name()).ok_or(ApiError::Unauthenticated)?;
    let at = shared::db::sessions::mark_reauthenticated(&state.pool, &shared::token::hash_token(token.value()))
        .await?
        .ok_or(ApiError::Unauthenticated)?;
    Ok(Json(Reauthenticated { valid_until: at + chrono::Duration::minutes(REAUTH_WINDOW_MINUTES) }))
}

async fn list(State(state): State<AppState>, _: ReauthenticatedAdmin) -> ApiResult<Json<Value>> {
    let services = providers::statuses(&state.pool, &state.settings).await?;
    let configured = services.iter().filter(|s| s.status == "configured").count();
    Ok(Json(json!({ "configured": configured, "total": services.len(), "services": services })))
}

async fn status_of(state: &AppState, id: &str) -> ApiResult<Json<ServiceStatus>> {
    let status = providers::statuses(&state.pool, &state.settings)
        .await?
        .into_iter()
        .find(|s| s.info.id == id)
        .ok_or(shared::Error::NotFound("Diesen Dienst gibt es nicht."))?;
    Ok(Json(status))
}

#[derive(Deserialize)]
struct KeyBody {
    #[serde(default)]
    key: String,
}

async fn store_key(
    State(state): State<AppState>,
    ReauthenticatedAdmin(admin): ReauthenticatedAdmin,
    ApiPath(id): ApiPath<String>,
    ApiJson(body): ApiJson<KeyBody>,
) -> ApiResult<Json<ServiceStatus>> {
    providers::store_key(&state.pool, &state.settings, &id, &body.key, admin.id).await?;
    state.engines.refresh(&state.pool, &state.settings).await?;
    tracing::info!(service = %id, admin = %admin.id, "provider key stored");
    status_of(&state, &id).await
}

async fn remove_key(
    State(state): State<AppState>,
    ReauthenticatedAdmin(admin): ReauthenticatedAdmin,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<ServiceStatus>> {
    providers::remove_key(&state.pool, &id).await?;
    state.engines.refresh(&state.pool, &state.settings).await?;
    tracing::info!(service = %id, admin = %admin.id, "provider key removed");
    status_of(&state, &id).await
}

/// Checks a service for real: a short synthesis with one of its voices, a query, a PING.
async fn test_connection(
    State(state): State<AppState>,
    _: ReauthenticatedAdmin,
    ApiPath(id): ApiPath<String>,
) -> ApiResult<Json<Value>> {
    let outcome: Result<(), String> = match providers::service(&id)?.id {
        "postgres" => sqlx::query("SELECT 1").execute(&state.pool).await.map(drop).map_err(|e| e.to_string()),
        "redis" => state.queue.ping().await.map_err(|e| e.to_string()),
        "stripe" => Err("Für Stripe gibt es noch keinen Verbindungstest.".into()),
        provider => test_engine(&state, provider).await,
    };
    Ok(Json(match outcome {
        Ok(()) => json!({ "ok": true, "message": "Verbindung erfolgreich." }),
        Err(message) => json!({ "ok": false, "message": message }),
    }))
}

async fn test_engine(state: &AppState, provider: &str) -> Result<(), String> {
    let engine = state.engines.current().usable(provider)?;
    let voice = state
        .catalogue
        .voices
        .iter()
        .find(|v| v.provider == provider)
        .ok_or("Für diesen Anbieter ist keine Stimme im Katalog.")?;
    let speech = Speech { text: "Verbindungstest.", voice: &voice.api_name, language: &voice.language, rate: None };
    synthesis::render(engine.as_ref(), speech, 1).await.map(drop).map_err(|e| e.to_string())
}
