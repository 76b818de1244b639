//! GET /api/voices: languages, provider filter options and the voices this user may
//! pick, each with its availability.

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::routing::get;
use serde::Serialize;
use shared::catalogue::{Language, ProviderOption};
use shared::db::voices::Voice;
use uuid::Uuid;

use crate::AppState;
use crate::error::ApiResult;
use crate::extract::CurrentUser;

pub fn router() -> Router<AppState> {
    Router::new().route("/api/voices", get(list))
}

#[derive(Serialize)]
struct VoiceDto {
    id: Uuid,
    key: Option<String>,
    name: String,
    description: Option<String>,
    language: String,
    provider: String,
    /// The provider's own voice name (e.g. `de-DE-Neural2-G`, `nova`, `de+m3`).
    api_name: Option<String>,
    gender: Option<String>,
    avatar: Option<String>,
    #[serde(rename = "type")]
    voice_type: String,
    available: bool,
    unavailable_reason: Option<&'static str>,
    is_demo: bool,
    supports_rate: bool,
}

#[derive(Serialize)]
pub struct VoicesDto {
    languages: Vec<Language>,
    providers: Vec<ProviderOption>,
    voices: Vec<VoiceDto>,
}

async fn list(State(state): State<AppState>, CurrentUser(user): CurrentUser) -> ApiResult<Json<VoicesDto>> {
    let voices = shared::db::voices::list_usable(&state.pool, user.id).await?;
    Ok(Json(voices_response(&state, voices)))
}

/// Languages, provider filter options and the given voices with their availability.
pub fn voices_response(state: &AppState, voices: Vec<Voice>) -> VoicesDto {
    let engines = state.engines.current();
    let voices = voices
        .into_iter()
        .map(|v| {
            let unavailable_reason = engines.unavailable_reason(&v.provider);
            let supports_rate = v.supports_rate();
            VoiceDto {
                id: v.id,
                key: v.catalogue_key,
                name: v.name,
                description: v.description,
                language: v.language,
                supports_rate,
                provider: v.provider,
                api_name: v.api_name,
                gender: v.gender,
                avatar: v.avatar,
                voice_type: v.voice_type,
                available: unavailable_reason.is_none(),
                unavailable_reason,
                is_demo: v.is_demo,
            }
        })
        .collect();
    VoicesDto {
        languages: state.catalogue.languages.clone(),
        providers: state.catalogue.providers.clone(),
        voices,
    }
}
