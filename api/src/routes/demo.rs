//! The anonymous live demo: demo voices only, 100 characters, 3 successful tries a day
//! per browser and per client address, answered with the MP3 while the visitor waits.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};
use shared::use_cases::demo;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, Caller, DEMO_COOKIE};
use crate::routes::voices::VoiceList;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(overview)).routes(routes!(speak))
}

/// Gives the browser its demo id on first contact (Secure in secure mode, like every
/// cookie of ours: `crate::cookies`).
fn with_browser_id(state: &AppState, mut caller: shared::Caller, jar: CookieJar) -> (shared::Caller, CookieJar) {
    if caller.demo_browser.is_some() {
        return (caller, jar);
    }
    let id = shared::token::random_token();
    let cookie = state.cookies.demo(DEMO_COOKIE, id.clone());
    caller.demo_browser = Some(id);
    (caller, jar.add(cookie))
}

/// What the demo page shows: today's tries, the text limit and the voices.
#[derive(Serialize, ToSchema)]
#[schema(as = Overview)]
struct Overview {
    tries_per_day: u32,
    remaining: u32,
    max_chars: usize,
    #[serde(flatten)]
    voices: VoiceList,
}

#[derive(Deserialize, ToSchema)]
#[schema(as = SpeakRequest)]
struct SpeakRequest {
    #[serde(default)]
    text: String,
    voice_id: Option<Uuid>,
    rate: Option<f32>,
}

/// Today's tries, the text limit and the demo voices that can speak now.
#[utoipa::path(get, path = "/api/demo", tag = "demo", responses((status = 200, body = Overview)))]
async fn overview(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
) -> ApiResult<(CookieJar, Json<Overview>)> {
    let (caller, jar) = with_browser_id(&state, caller, jar);
    let demo::Overview { tries_per_day, remaining, max_chars, voices } = demo::overview(&state.svc, &caller).await?;
    Ok((jar, Json(Overview { tries_per_day, remaining, max_chars, voices: voices.into() })))
}

/// One demo synthesis: the MP3, and `X-Demo-Remaining` tries left today.
#[utoipa::path(post, path = "/api/demo/speech", tag = "demo", request_body = SpeakRequest, responses(
    (status = 200, description = "Die MP3-Datei; Kopfzeile `X-Demo-Remaining`", content_type = "audio/mpeg"),
    (status = 422, body = ErrorBody),
    (status = 429, description = "Demo-Limit erreicht", body = ErrorBody),
    (status = 502, description = "Fehler des Sprachdienstes", body = ErrorBody),
    (status = 503, description = "Demo ausgelastet", body = ErrorBody),
))]
async fn speak(
    State(state): State<AppState>,
    Caller(caller): Caller,
    jar: CookieJar,
    ApiJson(body): ApiJson<SpeakRequest>,
) -> ApiResult<(CookieJar, Response)> {
    let (caller, jar) = with_browser_id(&state, caller, jar);
    let spoken = demo::speak(&state.svc, &caller, &body.text, body.voice_id, body.rate).await?;
    let response = (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("audio/mpeg")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (header::HeaderName::from_static("x-demo-remaining"), HeaderValue::from(spoken.remaining)),
        ],
        spoken.mp3.bytes,
    )
        .into_response();
    Ok((jar, response))
}
