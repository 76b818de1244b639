//! /api/jobs: create (charge + enqueue), list (ETag for cheap polling), delete for good,
//! audio playback and download, and the user's "clean up stuck jobs".

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use shared::db::jobs::JobRow;
use shared::domain::kinds::{JobSource, JobStatus, VoiceType};
use shared::domain::text::download_file_name;
use shared::generation::{self, SubmitRequest};
use shared::providers::ProviderId;
use tokio_util::io::ReaderStream;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
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
struct VoiceRef {
    id: Option<Uuid>,
    name: String,
    language: String,
    #[serde(rename = "type")]
    voice_type: VoiceType,
    provider: ProviderId,
}

#[derive(Serialize, ToSchema)]
struct Job {
    id: Uuid,
    text: String,
    status: JobStatus,
    cost_cent: i64,
    duration_seconds: Option<f64>,
    error_message: Option<String>,
    created_at: DateTime<Utc>,
    completed_at: Option<DateTime<Utc>>,
    voice: VoiceRef,
    /// `/api/jobs/{id}/audio` once completed.
    audio_url: Option<String>,
}

impl From<JobRow> for Job {
    fn from(job: JobRow) -> Self {
        let audio_url = (job.status == JobStatus::Completed).then(|| format!("/api/jobs/{}/audio", job.id));
        Job {
            id: job.id,
            text: job.text,
            status: job.status,
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
        }
    }
}

#[derive(Serialize, ToSchema)]
struct JobList {
    jobs: Vec<Job>,
}

/// The user's most recent jobs, newest first. Carries an `ETag`; `If-None-Match` with it
/// answers 304 while nothing changed, so polling is cheap.
#[utoipa::path(get, path = "/api/jobs", tag = "jobs", responses(
    (status = 200, body = JobList),
    (status = 304, description = "Unverändert"),
    (status = 401, body = ErrorBody),
))]
async fn list(State(state): State<AppState>, Caller(caller): Caller, headers: HeaderMap) -> ApiResult<Response> {
    let jobs = generation::list(&state.svc, &caller).await?.into_iter().map(Job::from).collect();
    let body = serde_json::to_vec(&JobList { jobs }).map_err(|e| shared::Error::Internal(e.into()))?;
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(&body)[..16]));
    let etag_header = HeaderValue::from_str(&etag).expect("hex is a valid header value");
    if headers.get(header::IF_NONE_MATCH).is_some_and(|v| v.as_bytes() == etag.as_bytes()) {
        return Ok((StatusCode::NOT_MODIFIED, [(header::ETAG, etag_header)]).into_response());
    }
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("application/json")), (header::ETAG, etag_header)], body)
        .into_response())
}

#[derive(Deserialize, ToSchema)]
struct CreateBody {
    #[serde(default)]
    text: String,
    voice_id: Option<Uuid>,
    /// Speech rate 0.7 - 1.3, only for voices with `supports_rate`.
    rate: Option<f32>,
}

#[derive(Serialize, ToSchema)]
struct Created {
    job: Job,
    balance_cent: i64,
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
    let idempotency_key =
        headers.get("idempotency-key").map(|v| v.to_str().map(str::to_owned)).transpose().map_err(|_| {
            ApiError(shared::Error::BadRequest(
                "Der Idempotency-Key darf nur sichtbare ASCII-Zeichen enthalten.".into(),
            ))
        })?;
    let request = SubmitRequest {
        text: body.text,
        voice_id: body.voice_id,
        rate: body.rate,
        source: JobSource::Manual,
        idempotency_key,
    };
    let submitted = generation::submit(&state.svc, &caller, request).await?;
    let status = if submitted.replayed { StatusCode::OK } else { StatusCode::CREATED };
    Ok((status, Json(Created { job: Job::from(submitted.job), balance_cent: submitted.balance_cent })))
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
struct AudioQuery {
    /// `1`: as a download with a file name from the text.
    download: Option<String>,
}

/// The MP3 of a completed job.
#[utoipa::path(get, path = "/api/jobs/{id}/audio", tag = "jobs", params(("id" = Uuid, Path), AudioQuery), responses(
    (status = 200, description = "Die MP3-Datei", content_type = "audio/mpeg"),
    (status = 404, body = ErrorBody),
))]
async fn audio(
    State(state): State<AppState>,
    Caller(caller): Caller,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(query): ApiQuery<AudioQuery>,
) -> ApiResult<Response> {
    let (job, key) = generation::audio(&state.svc, &caller, id).await?;
    let (file, len) = state.svc.storage.open(&key).await.map_err(|e| {
        tracing::error!(job_id = %id, error = %e, "audio file missing");
        ApiError(shared::Error::NotFound("Audio nicht gefunden."))
    })?;
    let disposition = match query.download.as_deref() {
        Some("1" | "true") => format!("attachment; filename=\"{}\"", download_file_name(&job.text)),
        _ => "inline".to_owned(),
    };
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("audio/mpeg")),
            (header::CONTENT_LENGTH, HeaderValue::from(len)),
            (header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=3600")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).expect("sanitized file name")),
        ],
        Body::from_stream(ReaderStream::new(file)),
    )
        .into_response())
}

#[derive(Serialize, ToSchema)]
struct Cleaned {
    cleaned_jobs: u64,
}

/// "Hängende Jobs bereinigen": re-queues the user's lost or stuck jobs, or fails and
/// refunds those out of attempts.
#[utoipa::path(post, path = "/api/jobs/cleanup", tag = "jobs", responses((status = 200, body = Cleaned)))]
async fn cleanup(State(state): State<AppState>, Caller(caller): Caller) -> ApiResult<Json<Cleaned>> {
    Ok(Json(Cleaned { cleaned_jobs: generation::cleanup(&state.svc, &caller).await? }))
}
