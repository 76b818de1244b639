//! /api/jobs: create (charge + enqueue), the one filtered and paged list of a user's
//! audios (TTS screen, dashboard, knowledge base; ETag for cheap polling), delete for
//! good, audio playback and download, and the user's "clean up stuck jobs".

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use shared::domain::download_name::DownloadName;
use shared::domain::kinds::{ExportFormat, JobSource, JobStatus, SaveCategory, SortOrder, TrashView, VoiceType};
use shared::providers::ProviderId;
use shared::use_cases::generation::{self, Delivery, SubmitRequest};
use shared::use_cases::library::{self, Item, ListQuery};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, ApiQuery, Caller};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(cleanup))
        .routes(routes!(delete))
        .routes(routes!(audio))
}

/// The voice a job was made with, as it was then.
#[derive(Serialize, ToSchema)]
#[schema(as = VoiceRef)]
struct VoiceRef {
    id: Option<Uuid>,
    name: String,
    language: String,
    #[serde(rename = "type")]
    voice_type: VoiceType,
    provider: ProviderId,
}

/// A category or tag as an audio carries it.
#[derive(Serialize, ToSchema)]
#[schema(as = LabelRef)]
struct LabelRef {
    id: Uuid,
    name: String,
    /// Categories only: the parent category.
    #[serde(skip_serializing_if = "Option::is_none")]
    parent_id: Option<Uuid>,
}

impl From<library::LabelRef> for LabelRef {
    fn from(label: library::LabelRef) -> Self {
        let library::LabelRef { id, name, parent_id } = label;
        LabelRef { id, name, parent_id }
    }
}

/// An audio of the user's library (a generation job).
#[derive(Serialize, ToSchema)]
#[schema(as = Job)]
pub struct Job {
    id: Uuid,
    text: String,
    status: JobStatus,
    /// Attempts started so far. A `pending` job with attempts waits for its retry
    /// (attempt `attempts + 1` of `/api/limits`' `job_max_attempts`).
    attempts: i32,
    cost_cent: i64,
    duration_seconds: Option<f64>,
    error_message: Option<String>,
    created_at: DateTime<Utc>,
    completed_at: Option<DateTime<Utc>>,
    voice: VoiceRef,
    /// `/api/jobs/{id}/audio` while it can be played (completed, not expired).
    audio_url: Option<String>,
    source: JobSource,
    /// When the audio is deleted unless saved permanently.
    expires_at: Option<DateTime<Utc>>,
    /// The time ran out: the file is gone.
    is_expired: bool,
    saved_at: Option<DateTime<Utc>>,
    save_category: Option<SaveCategory>,
    /// In the trash since.
    deleted_at: Option<DateTime<Utc>>,
    categories: Vec<LabelRef>,
    tags: Vec<LabelRef>,
    /// What `audio_url` serves: `mp3` for every generated audio; a project export
    /// (`source` `export`) may be an `m4b` audiobook or a `zip` of its chapters.
    file_format: ExportFormat,
}

impl From<Item> for Job {
    fn from(item: Item) -> Self {
        Job::with_audio_under(item, "/api/jobs")
    }
}

impl Job {
    /// `audio_url` is `{base}/{id}/audio` (`/api/jobs` for the web app, `/v1/jobs` for
    /// the developer API).
    pub fn with_audio_under(Item { job, categories, tags }: Item, base: &str) -> Self {
        let playable = job.status == JobStatus::Completed && !job.is_expired;
        let audio_url = playable.then(|| format!("{base}/{}/audio", job.id));
        Job {
            id: job.id,
            text: job.text,
            status: job.status,
            attempts: job.attempts,
            cost_cent: job.cost_cent,
            duration_seconds: job.duration_seconds,
            error_message: job.error_message,
            created_at: job.created_at,
            completed_at: job.completed_at,
            voice: VoiceRef {
                id: job.voice_id,
                name: job.voice_name,
                language: job.voice_language,
                voice_type: job.voice_type,
                provider: job.voice_provider,
            },
            audio_url,
            source: job.source,
            expires_at: job.expires_at,
            is_expired: job.is_expired,
            saved_at: job.saved_at,
            save_category: job.save_category,
            deleted_at: job.deleted_at,
            categories: categories.into_iter().map(LabelRef::from).collect(),
            tags: tags.into_iter().map(LabelRef::from).collect(),
            file_format: job.file_format,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[schema(as = JobList)]
pub struct JobList {
    pub jobs: Vec<Job>,
    /// Pass as `cursor` for the next page; absent on the last page.
    pub next_cursor: Option<String>,
    /// How many audios match the filters in all.
    pub total: i64,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ListParams {
    /// Case-insensitive part of the text.
    q: Option<String>,
    /// Case-insensitive part of the voice's name.
    speaker: Option<String>,
    /// Audios filed under this category or one below it.
    category: Option<Uuid>,
    tag: Option<Uuid>,
    #[param(inline)]
    source: Option<JobSource>,
    #[param(inline)]
    voice_type: Option<VoiceType>,
    voice: Option<Uuid>,
    #[param(inline)]
    status: Option<JobStatus>,
    /// `active` (default): not in the trash; `deleted`: the trash; `all`.
    #[param(inline)]
    trash: Option<TrashView>,
    /// One day (Berlin time), `YYYY-MM-DD`.
    date: Option<String>,
    /// `newest` (default) or `oldest` first.
    #[param(inline)]
    sort: Option<SortOrder>,
    /// `next_cursor` of the previous page.
    cursor: Option<String>,
    /// 1 - 200, default 50.
    limit: Option<i64>,
}

/// The user's audios, filtered, sorted and paged (keyset on creation time). Carries an
/// `ETag`; `If-None-Match` with it answers 304 while nothing changed, so polling is cheap.
#[utoipa::path(get, path = "/api/jobs", tag = "jobs", params(ListParams), responses(
    (status = 200, body = JobList),
    (status = 304, description = "Unverändert"),
    (status = 401, body = ErrorBody),
    (status = 422, body = ErrorBody),
))]
async fn list(
    State(state): State<AppState>,
    Caller(caller): Caller,
    headers: HeaderMap,
    ApiQuery(p): ApiQuery<ListParams>,
) -> ApiResult<Response> {
    let query = ListQuery {
        text: p.q,
        speaker: p.speaker,
        category: p.category,
        tag: p.tag,
        source: p.source,
        voice_type: p.voice_type,
        voice: p.voice,
        status: p.status,
        trash: p.trash,
        date: p.date,
        sort: p.sort,
        cursor: p.cursor,
        limit: p.limit,
    };
    let page = library::list(&state.svc, &caller, query).await?;
    let list = JobList {
        jobs: page.items.into_iter().map(Job::from).collect(),
        next_cursor: page.next_cursor,
        total: page.total,
    };
    let body = serde_json::to_vec(&list).map_err(|e| shared::Error::Internal(e.into()))?;
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&body)[..16]));
    let etag_header = HeaderValue::from_str(&etag).expect("hex is a valid header value");
    if headers.get(header::IF_NONE_MATCH).is_some_and(|v| v.as_bytes() == etag.as_bytes()) {
        return Ok((StatusCode::NOT_MODIFIED, [(header::ETAG, etag_header)]).into_response());
    }
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("application/json")), (header::ETAG, etag_header)], body)
        .into_response())
}

#[derive(Deserialize, ToSchema)]
#[schema(as = NewJob)]
struct CreateBody {
    #[serde(default)]
    text: String,
    voice_id: Option<Uuid>,
    /// Speech rate 0.7 - 1.3, only for voices with `supports_rate`.
    rate: Option<f32>,
    /// File the audio under this category (own or global).
    category_id: Option<Uuid>,
    /// Tag names (comma-separated allowed); existing ones are reused in any case.
    #[serde(default)]
    tags: Vec<String>,
}

#[derive(Serialize, ToSchema)]
#[schema(as = Created)]
pub struct Created {
    pub job: Job,
    pub balance_cent: i64,
}

/// Charges max(1, ceil(chars / 10)) cents and queues the job. With an
/// `Idempotency-Key` header a repeated request returns the first job (200) instead of
/// charging again.
#[utoipa::path(post, path = "/api/jobs", tag = "jobs", request_body = CreateBody,
    params(("Idempotency-Key" = Option<String>, Header, description = "Höchstens 255 Zeichen")),
    responses(
        (status = 201, body = Created),
        (status = 200, description = "Wiederholung mit demselben Idempotency-Key", body = Created),
        (status = 402, body = ErrorBody),
        (status = 409, description = "Idempotency-Key für eine andere Anfrage verwendet", body = ErrorBody),
        (status = 422, body = ErrorBody),
    ))]
async fn create(
    State(state): State<AppState>,
    Caller(caller): Caller,
    headers: HeaderMap,
    ApiJson(body): ApiJson<CreateBody>,
) -> ApiResult<(StatusCode, Json<Created>)> {
    let idempotency_key = idempotency_key(&headers)?;
    let request = SubmitRequest {
        text: body.text,
        voice_id: body.voice_id,
        rate: body.rate,
        source: JobSource::Manual,
        idempotency_key,
        category_id: body.category_id,
        tags: body.tags,
        instructions: None,
        delivery: Delivery::Queue,
    };
    let submitted = generation::submit(&state.svc, &caller, request).await?;
    let status = if submitted.replayed { StatusCode::OK } else { StatusCode::CREATED };
    let item = submitted.item(&state.svc).await?;
    Ok((status, Json(Created { job: Job::from(item), balance_cent: submitted.balance_cent })))
}

/// The `Idempotency-Key` header, if any.
pub fn idempotency_key(headers: &HeaderMap) -> Result<Option<String>, shared::Error> {
    headers.get("idempotency-key").map(|v| v.to_str().map(str::to_owned)).transpose().map_err(|_| {
        shared::Error::BadRequest("Der Idempotency-Key darf nur sichtbare ASCII-Zeichen enthalten.".into())
    })
}

/// Deletes the job and its audio for good; an unfinished job is refunded.
#[utoipa::path(delete, path = "/api/jobs/{id}", tag = "jobs", params(("id" = Uuid, Path)), responses(
    (status = 204),
    (status = 404, body = ErrorBody),
))]
async fn delete(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    generation::delete(&state.svc, &caller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AudioQuery {
    /// `1`: as a download with a file name from the text.
    download: Option<String>,
}

impl AudioQuery {
    pub fn download(&self) -> bool {
        matches!(self.download.as_deref(), Some("1" | "true"))
    }
}

/// The file of a completed audio: an MP3, or for a project export its M4B or ZIP (`file_format`).
#[utoipa::path(get, path = "/api/jobs/{id}/audio", tag = "jobs", params(("id" = Uuid, Path), AudioQuery), responses(
    (status = 200, description = "Die Audiodatei: MP3, bei einem Projekt-Export M4B oder ZIP (siehe `file_format`)",
        content(("audio/mpeg"), ("audio/mp4"), ("application/zip"))),
    (status = 302, description = "Mit S3-Speicher: Weiterleitung zu einem signierten Link (eine Stunde gültig)"),
    (status = 503, description = "Der Audiospeicher ist nicht erreichbar", body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
async fn audio(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(query): ApiQuery<AudioQuery>,
    headers: axum::http::HeaderMap,
) -> ApiResult<Response> {
    serve_audio(&state.svc, &caller, id, query.download(), &headers).await
}

/// The job's MP3 after the ownership check, inline or as a download (or the byte range
/// the request asks for).
pub async fn serve_audio(
    svc: &shared::Services,
    caller: &shared::Caller,
    id: Uuid,
    download: bool,
    request: &axum::http::HeaderMap,
) -> ApiResult<Response> {
    let (job, key) = generation::audio(svc, caller, id).await?;
    let format = job.file_format;
    let disposition = match download {
        true => DownloadName::from_title(&job.text).attachment(format.as_str()),
        false => "inline".to_owned(),
    };
    crate::stored::object(svc, request, &key, format.content_type(), &disposition, "Audio nicht gefunden.").await
}

#[derive(Serialize, ToSchema)]
#[schema(as = Cleaned)]
struct Cleaned {
    cleaned_jobs: u64,
}

/// "Hängende Jobs bereinigen": re-queues the user's lost or stuck jobs, or fails and
/// refunds those out of attempts.
#[utoipa::path(post, path = "/api/jobs/cleanup", tag = "jobs", responses((status = 200, body = Cleaned)))]
async fn cleanup(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Cleaned>> {
    Ok(Json(Cleaned { cleaned_jobs: generation::cleanup(&state.svc, &caller).await? }))
}
