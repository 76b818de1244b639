//! GET /api/voices: languages, provider filter options and the voices this user may
//! pick, each with its availability; GET /api/voices/{id}/preview: a voice's "Hörprobe".

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Serialize;
use shared::catalogue;
use shared::domain::kinds::{ProviderId, VoiceType};
use shared::providers;
use shared::use_cases::{voice_previews, voices};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiPath, Caller};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(preview))
}

#[derive(Serialize, ToSchema)]
#[schema(as = Language)]
pub struct Language {
    code: String,
    name: String,
    flag: String,
}

impl From<catalogue::Language> for Language {
    fn from(language: catalogue::Language) -> Self {
        let catalogue::Language { code, name, flag } = language;
        Language { code, name, flag }
    }
}

/// A value of the voice filter (`all`, or a provider id) with its label.
#[derive(Serialize, ToSchema)]
#[schema(as = ProviderOption)]
pub struct ProviderOption {
    value: &'static str,
    label: &'static str,
}

impl From<providers::ProviderOption> for ProviderOption {
    fn from(option: providers::ProviderOption) -> Self {
        let providers::ProviderOption { value, label } = option;
        ProviderOption { value, label }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = VoiceView)]
pub struct VoiceView {
    id: Uuid,
    key: Option<String>,
    name: String,
    description: Option<String>,
    language: String,
    provider: ProviderId,
    /// The provider's own voice name (e.g. `de-DE-Neural2-G`, `nova`, `de+m3`).
    api_name: Option<String>,
    gender: Option<String>,
    avatar: Option<String>,
    #[serde(rename = "type")]
    voice_type: VoiceType,
    available: bool,
    /// Why the voice cannot be used now: the cause for admins, "Derzeit nicht verfügbar."
    /// for everyone else.
    unavailable_reason: Option<&'static str>,
    is_demo: bool,
    supports_rate: bool,
    /// Whether a project paragraph read by this voice can change its speed (0.7-1.3).
    supports_speed: bool,
    /// Whether a project paragraph read by this voice can change its pitch (semitones).
    supports_pitch: bool,
}

impl From<voices::VoiceChoice> for VoiceView {
    fn from(choice: voices::VoiceChoice) -> Self {
        let available = choice.available();
        let v = choice.voice;
        VoiceView {
            id: v.id,
            key: v.catalogue_key,
            name: v.name,
            description: v.description,
            language: v.language,
            provider: v.provider,
            api_name: v.api_name,
            gender: v.gender,
            avatar: v.avatar,
            voice_type: v.voice_type,
            available,
            unavailable_reason: choice.unavailable_reason,
            is_demo: v.is_demo,
            supports_rate: choice.supports_rate,
            supports_speed: shared::providers::of(v.provider).delivery.speed,
            supports_pitch: shared::providers::of(v.provider).delivery.pitch,
        }
    }
}

/// Languages, provider filter options and voices.
#[derive(Serialize, ToSchema)]
#[schema(as = VoiceList)]
pub struct VoiceList {
    languages: Vec<Language>,
    providers: Vec<ProviderOption>,
    voices: Vec<VoiceView>,
}

impl From<voices::VoiceList> for VoiceList {
    fn from(list: voices::VoiceList) -> Self {
        VoiceList {
            languages: list.languages.into_iter().map(Language::from).collect(),
            providers: list.providers.into_iter().map(ProviderOption::from).collect(),
            voices: list.voices.into_iter().map(VoiceView::from).collect(),
        }
    }
}

/// The voices the signed-in user may pick, usable ones first.
#[utoipa::path(get, path = "/api/voices", tag = "voices", responses(
    (status = 200, body = VoiceList),
    (status = 401, body = ErrorBody),
))]
async fn list(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<VoiceList>> {
    Ok(Json(voices::list(&state.svc, &caller).await?.into()))
}

/// A voice's "Hörprobe" as MP3: one sentence in its language, rendered once and free of
/// charge. Visitors hear the demo voices, users the voices they may use and their own
/// finished clone, admins every voice.
#[utoipa::path(get, path = "/api/voices/{id}/preview", tag = "voices", params(("id" = Uuid, Path)), responses(
    (status = 200, description = "Die Hörprobe", content_type = "audio/mpeg"),
    (status = 302, description = "Mit S3-Speicher: Weiterleitung zu einem signierten Link"),
    (status = 404, body = ErrorBody),
    (status = 502, description = "Die Stimme konnte die Hörprobe nicht sprechen", body = ErrorBody),
    (status = 409, description = "Der Anbieter der Stimme ist nicht eingerichtet, oder die Hörprobe entsteht gerade", body = ErrorBody),
))]
async fn preview(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let preview = voice_previews::preview(&state.svc, &caller, id).await?;
    let key = &preview.storage_key;
    crate::stored::object(&state.svc, &headers, key, "audio/mpeg", "inline", "Hörprobe nicht gefunden.").await
}
