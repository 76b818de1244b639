//! /api/site-gate: the optional site password (see `shared::use_cases::site_gate`), and the guard
//! that keeps every other API route shut for browsers without the gate cookie.

use axum::Json;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};
use shared::use_cases::site_gate;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, Caller};

pub const GATE_PATH: &str = "/api/site-gate";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(gate_state, unlock))
}

/// What the gate screen shows.
#[derive(Serialize, ToSchema)]
#[schema(as = GateState)]
struct GateState {
    /// The site has a password.
    required: bool,
    /// This browser entered it (or the site is open).
    unlocked: bool,
    /// Wrong tries of this client so far, of `max_failures`.
    failures: u32,
    max_failures: u32,
    /// Seconds this client still waits after too many wrong tries; 0 when it may try.
    locked_secs: u64,
}

/// Whether the site asks for a password, whether this browser entered it, and this
/// client's wrong tries.
#[utoipa::path(get, path = "/api/site-gate", tag = "meta", responses((status = 200, body = GateState)))]
async fn gate_state(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
) -> ApiResult<Json<GateState>> {
    let cookie = jar.get(state.cookies.gate_name()).map(|c| c.value());
    let site_gate::GateState { required, unlocked, failures, max_failures, locked_secs } =
        site_gate::state(&state.svc, &caller, cookie).await?;
    Ok(Json(GateState { required, unlocked, failures, max_failures, locked_secs }))
}

#[derive(Deserialize, ToSchema)]
#[schema(as = GateBody)]
struct GateBody {
    #[serde(default)]
    password: String,
}

/// Enters the site password; sets the gate cookie for this browser session.
#[utoipa::path(post, path = "/api/site-gate", tag = "meta", request_body = GateBody, responses(
    (status = 204, description = "Richtig: Cookie gesetzt"),
    (status = 422, description = "Falsches Passwort", body = ErrorBody),
    (status = 429, description = "Drei Fehlversuche: 30 Sekunden warten (`Retry-After`)", body = ErrorBody),
))]
async fn unlock(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
    ApiJson(body): ApiJson<GateBody>,
) -> ApiResult<(StatusCode, CookieJar)> {
    let pass = site_gate::unlock(&state.svc, &caller, &body.password).await?;
    Ok((StatusCode::NO_CONTENT, jar.add(state.cookies.gate(pass))))
}

/// Lets through only browsers that entered the site password (when one is set). Open:
/// the gate itself and Stripe's webhook (which proves itself by its signature). A mail
/// link opened in a locked browser goes to the gate screen and on from there.
pub async fn guard(State(state): State<AppState>, jar: CookieJar, request: Request, next: Next) -> Response {
    let path = request.uri().path();
    let open = path == GATE_PATH || path == super::billing::WEBHOOK_PATH;
    if open || site_gate::admits(&state.svc, jar.get(state.cookies.gate_name()).map(|c| c.value())) {
        return next.run(request).await;
    }
    let navigation = request.method() == Method::GET
        && request.headers().get(header::ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|a| a.contains("text/html"));
    if navigation {
        let target = request.uri().path_and_query().map_or(path, |p| p.as_str());
        let next: String = form_urlencoded::byte_serialize(target.as_bytes()).collect();
        return Redirect::to(&format!("/?next={next}")).into_response();
    }
    ApiError(shared::Error::SiteLocked).into_response()
}
