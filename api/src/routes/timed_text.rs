//! Timed text of a job's audio: `/api/jobs/{id}/timestamps` (JSON) for the player's
//! highlighting, `/api/jobs/{id}/subtitles?format=srt|vtt` for the download. `/v1` serves
//! the same through [`timestamps_of`] and [`subtitles_of`].

use axum::Json;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use shared::domain::download_name::DownloadName;
use shared::domain::timed_text::{SubtitleFormat, TimedText};
use shared::use_cases::generation;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiPath, ApiQuery, Caller};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(timestamps)).routes(routes!(subtitles))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SubtitleQuery {
    /// `srt` (SubRip, Standard) oder `vtt` (WebVTT).
    #[param(inline)]
    format: Option<SubtitleFormat>,
}

impl SubtitleQuery {
    /// SRT unless asked otherwise.
    pub fn format(&self) -> SubtitleFormat {
        self.format.unwrap_or(SubtitleFormat::Srt)
    }
}

/// When each sentence of a completed job is spoken (and each word where the engine tells).
#[utoipa::path(get, path = "/api/jobs/{id}/timestamps", tag = "jobs", params(("id" = Uuid, Path)), responses(
    (status = 200, body = TimedText),
    (status = 404, body = ErrorBody),
    (status = 410, body = ErrorBody),
))]
async fn timestamps(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<TimedText>> {
    timestamps_of(&state.svc, &caller, id).await
}

/// The job's subtitles as a file (SRT or WebVTT).
#[utoipa::path(get, path = "/api/jobs/{id}/subtitles", tag = "jobs", params(("id" = Uuid, Path), SubtitleQuery),
    responses(
        (status = 200, description = "Untertitel", content_type = "text/vtt"),
        (status = 404, body = ErrorBody),
        (status = 410, body = ErrorBody),
        (status = 400, body = ErrorBody),
    ))]
async fn subtitles(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(query): ApiQuery<SubtitleQuery>,
) -> ApiResult<Response> {
    subtitles_of(&state.svc, &caller, id, query).await
}

pub async fn timestamps_of(svc: &shared::Services, caller: &shared::Caller, id: Uuid) -> ApiResult<Json<TimedText>> {
    Ok(Json(generation::timed_text(svc, caller, id).await?.1))
}

pub async fn subtitles_of(
    svc: &shared::Services,
    caller: &shared::Caller,
    id: Uuid,
    query: SubtitleQuery,
) -> ApiResult<Response> {
    let format = query.format();
    let (job, timed) = generation::timed_text(svc, caller, id).await?;
    let disposition = DownloadName::from_title(&job.text).attachment(format.extension());
    Ok((
        [(header::CONTENT_TYPE, format.content_type().to_owned()), (header::CONTENT_DISPOSITION, disposition)],
        format.render(&timed),
    )
        .into_response())
}
