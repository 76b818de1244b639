//! The anonymous live demo: demo voices only, 100 characters, 3 successful tries a day
//! per browser and per IP address, answered synchronously with the MP3.

use std::net::SocketAddr;
use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::{Cookie, SameSite};
use serde::{Deserialize, Serialize};
use shared::demo::{self, DEMO_MAX_CHARS};
use shared::synthesis::{self, Speech};
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::ApiJson;
use crate::routes::voices::{VoicesDto, voices_response};

const BROWSER_COOKIE: &str = "stimmwerk_demo";

pub fn router() -> Router<AppState> {
    Router::new().route("/api/demo", get(overview)).route("/api/demo/speech", post(speak))
}

/// The browser's demo id, created on first contact.
fn browser_id(jar: CookieJar) -> (CookieJar, String) {
    if let Some(id) = jar.get(BROWSER_COOKIE).map(|c| c.value().to_owned()).filter(|v| v.len() == 64) {
        return (jar, id);
    }
    let id = shared::token::random_token();
    let cookie = Cookie::build((BROWSER_COOKIE, id.clone()))
        .http_only(true)
        .same_site(SameSite::Lax)
        .path("/api/demo")
        .max_age(time::Duration::days(2))
        .build();
    (jar.add(cookie), id)
}

#[derive(Serialize)]
struct Overview {
    tries_per_day: u32,
    remaining: u32,
    max_chars: usize,
    #[serde(flatten)]
    voices: VoicesDto,
}

async fn overview(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    jar: CookieJar,
) -> ApiResult<(CookieJar, Json<Overview>)> {
    let (jar, browser) = browser_id(jar);
    let remaining = state.demo_limiter.remaining(&browser, peer.ip()).await?;
    let voices = shared::db::voices::list_demo(&state.pool).await?;
    Ok((
        jar,
        Json(Overview {
            tries_per_day: state.demo_limiter.tries(),
            remaining,
            max_chars: DEMO_MAX_CHARS,
            voices: voices_response(&state, voices),
        }),
    ))
}

#[derive(Deserialize)]
struct SpeakBody {
    #[serde(default)]
    text: String,
    voice_id: Option<Uuid>,
    rate: Option<f32>,
}

async fn speak(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    jar: CookieJar,
    ApiJson(body): ApiJson<SpeakBody>,
) -> ApiResult<(CookieJar, Response)> {
    let (jar, browser) = browser_id(jar);
    let text = demo::parse_text(&body.text)?;
    let voice_id = body.voice_id.ok_or_else(shared::domain::text::incomplete_input)?;
    let voice = shared::db::voices::list_demo(&state.pool)
        .await?
        .into_iter()
        .find(|v| v.id == voice_id)
        .ok_or_else(|| shared::Error::field("voice_id", "Diese Stimme gibt es in der Demo nicht."))?;
    let engine = state.engines.current().usable(&voice.provider).map_err(|reason| shared::Error::field("voice_id", reason))?;
    let rate = shared::generation::speech_rate(&voice, body.rate)?;

    let Some(attempt) = state.demo_limiter.reserve(&browser, peer.ip()).await? else {
        return Err(ApiError::DemoLimit(demo::limit_reached_message(state.demo_limiter.tries())));
    };
    let permit = tokio::time::timeout(Duration::from_secs(20), state.demo_slots.clone().acquire_owned()).await;
    let Ok(Ok(_permit)) = permit else {
        state.demo_limiter.release(attempt).await?;
        return Err(ApiError::Busy);
    };
    let speech = Speech { text: &text, voice: voice.api_name.as_deref().unwrap_or_default(), language: &voice.language, rate };
    let mp3 = match synthesis::render(engine.as_ref(), speech, 1).await {
        Ok(mp3) => mp3,
        Err(e) => {
            state.demo_limiter.release(attempt).await?;
            return Err(ApiError::Engine(e.to_string()));
        }
    };
    let response = (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("audio/mpeg")),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
            (header::HeaderName::from_static("x-demo-remaining"), HeaderValue::from(attempt.remaining)),
        ],
        mp3.bytes,
    )
        .into_response();
    Ok((jar, response))
}
