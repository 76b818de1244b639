//! `/v1/voices`, `/v1/balance`, `/v1/usage`: what a program needs besides its jobs.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use shared::use_cases::library;
use shared::use_cases::voices;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::KeyCaller;
use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::routes::library::Stats;
use crate::routes::voices::VoiceList;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_voices)).routes(routes!(balance)).routes(routes!(usage))
}

/// Die Stimmen des Kontos
///
/// Alle Stimmen, die der Inhaber des Schlüssels nutzen kann; den `key` einer Stimme
/// übergeben Sie als `voice`.
#[utoipa::path(get, path = "/v1/voices", tag = "v1", security(("api_key" = [])),
    responses((status = 200, body = VoiceList), (status = 401, body = ErrorBody)))]
async fn list_voices(State(state): State<AppState>, KeyCaller(caller): KeyCaller) -> ApiResult<Json<VoiceList>> {
    Ok(Json(voices::list(&state.svc, &caller).await?.into()))
}

#[derive(Serialize, ToSchema)]
#[schema(as = Balance)]
struct Balance {
    /// Guthaben in Euro-Cent.
    balance_cent: i64,
    currency: &'static str,
}

/// Das Guthaben
///
/// Das vorausbezahlte Guthaben des Kontos in Cent.
#[utoipa::path(get, path = "/v1/balance", tag = "v1", security(("api_key" = [])),
    responses((status = 200, body = Balance), (status = 401, body = ErrorBody)))]
async fn balance(State(state): State<AppState>, KeyCaller(caller): KeyCaller) -> ApiResult<Json<Balance>> {
    let balance_cent = shared::db::users::balance(&state.svc.pool, caller.user()?.id).await?;
    Ok(Json(Balance { balance_cent, currency: "EUR" }))
}

/// Die Nutzung
///
/// API-Anfragen (insgesamt und heute), Audios, Kosten und die letzten 30 Tage.
#[utoipa::path(get, path = "/v1/usage", tag = "v1", security(("api_key" = [])),
    responses((status = 200, body = Stats), (status = 401, body = ErrorBody)))]
async fn usage(State(state): State<AppState>, KeyCaller(caller): KeyCaller) -> ApiResult<Json<Stats>> {
    Ok(Json(library::stats(&state.svc, &caller).await?.into()))
}
